"""Finished games and what they add up to: the statistics of the games played here, and the history of all.

Games played here count in the statistics (played, win %, one streak across every mode, as the
NYT keeps it, and the distribution), with the NYT web game's own statistics when they were
imported; games mirrored in the coach, the NYT's own puzzles played on the NYT's site, are recorded
as coached, apart from them. Both are listed in the history, with the skill and luck of their
analysis and the averages of the last 14 and 90 days.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..core.echo import echoed
from ..core.rules.feedback import format_pattern, parse_pattern, score
from ..core.rules.game import MAX_GUESSES, Difficulty, History
from ..core.rules.variant import WORDLE, Variant
from ..core.rules.words import DEFAULT_PRESET
from .kinds import Kind

LISTS_BEFORE_PRESETS = "nyt2022"  # the lists of games saved before files named theirs
NYT_GAME_LISTS = "nyt"  # the lists of the NYT's web game, whose statistics can be imported


WINDOWS = (14, 90)  # days over which the history averages


def finished_now() -> str:
    """The present moment as a game's finish time: ISO 8601, local time with its offset, to the millisecond."""
    return dt.datetime.now().astimezone().isoformat(timespec="milliseconds")


def moment_of(finished: str) -> dt.datetime:
    """A finish time as an aware datetime; a date alone (games recorded before times were kept) is its midnight."""
    moment = dt.datetime.fromisoformat(finished)
    return moment if moment.tzinfo is not None else moment.astimezone()


@dataclass(frozen=True)
class GameRecord:
    """A finished game, as the statistics and the history count it."""

    id: str
    answer: str  # "" for a coached game lost: the coach never learns the answer
    guesses: tuple[str, ...]
    won: bool
    hard_mode: Difficulty = Difficulty.NORMAL
    hints: bool = False  # the coach's ranking was shown during the game
    nyt: int | None = None  # the NYT puzzle number, for a game of the NYT's puzzle
    lists: str = DEFAULT_PRESET
    kind: Kind = Kind.PLAYED  # see kinds.kind_of: which game, played here or coached
    finished: str | None = None  # ISO 8601 (a date alone for games recorded before times were kept; None before that)
    skill: float | None = None  # the averages of the game's analysis, once it has one
    luck: float | None = None
    patterns: tuple[int, ...] | None = None  # the colours of each guess; None where they are not known

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", Kind.of_record(self.kind))  # ValueError for a kind never recorded
        if self.patterns is None and self.answer and not self.variant.several:  # one answer gives every guess's colours
            object.__setattr__(self, "patterns", tuple(score(guess, self.answer) for guess in self.guesses))

    @classmethod
    def from_json(cls, data: Any) -> GameRecord:
        """A record from its JSON object (as exported, or as the statistics file kept it); ValueError if it is none."""
        if not isinstance(data, dict):
            raise ValueError("a game must be a JSON object")
        kind = Kind.of_record(str(data.get("kind", Kind.PLAYED)))
        finished = data.get("finished", data.get("finished_on"))
        if finished is not None:
            moment_of(str(finished))  # ValueError if it is no time
        guesses = data["guesses"]
        if not isinstance(guesses, list) or not all(isinstance(guess, str) and guess.isalpha() for guess in guesses):
            raise ValueError("its guesses must be a list of words")
        return cls(
            id=str(data.get("id") or f"{data['answer']}-{finished}"),
            answer=str(data["answer"]).lower(),
            guesses=tuple(guess.lower() for guess in guesses),
            won=_flag(data["won"]),
            hard_mode=mode_of(data.get("hard_mode", False)),
            hints=_flag(data.get("hints", False)),
            nyt=puzzle_number(data.get("nyt")),
            lists=str(data.get("lists", LISTS_BEFORE_PRESETS)),
            kind=kind,
            finished=None if finished is None else str(finished),
            skill=_score(data.get("skill")),
            luck=_score(data.get("luck")),
            patterns=_patterns(data.get("patterns"), guesses),
        )

    def as_json(self) -> dict[str, Any]:
        patterns = None if self.patterns is None else [format_pattern(p, len(self.guesses[0])) for p in self.patterns]
        return {
            "id": self.id,
            "answer": self.answer,
            "guesses": list(self.guesses),
            "patterns": patterns,
            "won": self.won,
            "hard_mode": self.hard_mode,
            "hints": self.hints,
            "nyt": self.nyt,
            "lists": self.lists,
            "kind": self.kind.value,
            "finished": self.finished,
            "skill": self.skill,
            "luck": self.luck,
        }

    @property
    def identity(self) -> str:
        """What makes two records the same game: the answer, the guesses and the finish time (else the id)."""
        if self.finished is None:
            return f"id:{self.id}"
        return f"{self.answer}|{','.join(self.guesses)}|{self.finished}"

    @property
    def boards(self) -> int:
        """How many boards the game had: its answers."""
        return len(self.answer.split()) if self.kind is Kind.BOARDS else 1

    @property
    def variant(self) -> Variant:
        return self.kind.variant(self.boards)

    @property
    def analysable(self) -> bool:
        """Whether the game has an analysis to be had: Wordle itself, its colours known."""
        return self.variant == WORDLE and self.patterns is not None

    @property
    def date(self) -> dt.date | None:
        """The local date the game finished on."""
        return None if self.finished is None else dt.datetime.fromisoformat(self.finished).date()

    @property
    def history(self) -> History | None:
        """The guesses with their colours, if the colours are known."""
        return None if self.patterns is None else tuple(zip(self.guesses, self.patterns))


def mode_of(value: Any) -> Difficulty:
    """A game's mode as saved: 0 normal, 1 hard, 2 ultra hard (true and false before ultra hard)."""
    if type(value) is not bool and value not in (0, 1, 2):
        raise ValueError(f"{_brief(value)} is not a mode (0 normal, 1 hard, 2 ultra hard)")
    return Difficulty(int(value))


def mode_or_normal(value: Any) -> Difficulty:
    """A saved game's mode, or normal if it cannot be read (the game is kept rather than lost)."""
    try:
        return mode_of(value)
    except ValueError:
        return Difficulty.NORMAL


def _flag(value: Any) -> bool:
    if type(value) is not bool and value not in (0, 1):
        raise ValueError(f"{_brief(value)} is neither true nor false")
    return bool(value)


LAST_PUZZLE = 1 << 31  # far past the NYT's last puzzle in this millennium (number 1,000 fell in 2024)


def puzzle_number(value: Any) -> int | None:
    if value is None:
        return None
    if type(value) is not int or not 0 <= value < LAST_PUZZLE:
        raise ValueError(f"{_brief(value)} is not a puzzle number")
    return value


def _brief(value: Any) -> str:
    """A value as a sentence may quote it: a long one cut short."""
    return echoed(repr(value), 24)


def _score(value: Any) -> float | None:
    if value is None:
        return None
    if type(value) not in (int, float) or not 0 <= value <= 99:
        raise ValueError(f"{_brief(value)} is not a score from 0 to 99")
    return float(value)


def _patterns(value: Any, guesses: list[str]) -> tuple[int, ...] | None:
    if value is None:
        return None
    if not isinstance(value, list) or len(value) != len(guesses):
        raise ValueError("its patterns must be a list, one a guess")
    return tuple(parse_pattern(str(pattern), len(guess)) for pattern, guess in zip(value, guesses))


@dataclass(frozen=True)
class NytStatistics:
    """The NYT web game's own statistics, imported: totals without the games behind them."""

    played: int
    won: int
    current_streak: int
    max_streak: int
    distribution: tuple[int, ...]  # wins in 1, 2, ... 6 guesses
    imported: str  # when (ISO 8601): games recorded here after it carry its streak on

    @classmethod
    def from_json(cls, data: Any) -> NytStatistics:
        """The NYT's statistics object (`gamesPlayed`, `gamesWon`, `currentStreak`, `maxStreak`, `guesses`
        {"1": ..., "6": ..., "fail": ...}), or this class's own JSON; ValueError if the figures do not add up."""
        if not isinstance(data, dict):
            raise ValueError("the statistics must be a JSON object")
        if "gamesPlayed" in data:
            guesses = data.get("guesses")
            if not isinstance(guesses, dict):
                raise ValueError("its guesses must be an object of counts")
            figures = [data["gamesPlayed"], data["gamesWon"], data["currentStreak"], data["maxStreak"]]
            distribution = [guesses.get(str(n), 0) for n in range(1, MAX_GUESSES + 1)]
            imported = finished_now()
        else:
            figures = [data["played"], data["won"], data["current_streak"], data["max_streak"]]
            distribution, imported = data["distribution"], str(data["imported"])
            moment_of(imported)
        if not all(type(n) is int and n >= 0 for n in [*figures, *distribution]) or len(distribution) != MAX_GUESSES:
            raise ValueError("its figures must be counts")
        played, won, current, most = figures
        if sum(distribution) != won or won > played or current > most or most > played:
            raise ValueError("its figures do not add up")
        return cls(played, won, current, most, tuple(distribution), imported)

    def as_json(self) -> dict[str, Any]:
        return {
            "played": self.played,
            "won": self.won,
            "current_streak": self.current_streak,
            "max_streak": self.max_streak,
            "distribution": list(self.distribution),
            "imported": self.imported,
        }

    def summary(self) -> str:
        """`341 played, 338 won, streaks 12 (current) and 45 (best), 1-6 guesses: 1, 30, 120, 130, 47, 10`."""
        return (
            f"{self.played:,} played, {self.won:,} won, streaks {self.current_streak} (current) and "
            f"{self.max_streak} (best), 1-6 guesses: {', '.join(str(n) for n in self.distribution)}"
        )


@dataclass(frozen=True)
class Stats:
    """The statistics of one game of the family (counting.stats): the games played and won, the streak, and
    the wins by guesses, 1 to the game's limit. Absurdle, played until it is beaten, counts only wins: the
    games beaten, by guesses up to the most one took, and so the fewest and the average."""

    played: int = 0
    wins: int = 0
    current_streak: int = 0
    max_streak: int = 0
    distribution: tuple[int, ...] = (0,) * MAX_GUESSES  # wins in 1, 2, ... guesses
    imported: NytStatistics | None = None  # the NYT's own statistics, counted in (Wordle's only)
    variant: Variant = WORDLE  # the game counted

    @property
    def win_percent(self) -> int:
        return round(100 * self.wins / self.played) if self.played else 0

    @property
    def average(self) -> float:
        """Guesses per won game."""
        return sum(n * count for n, count in enumerate(self.distribution, start=1)) / self.wins if self.wins else 0.0

    @property
    def best(self) -> int | None:
        """The fewest guesses a game was won in; None if none was."""
        return next((n for n, count in enumerate(self.distribution, start=1) if count), None)

    def summary(self) -> str:
        """`2 played · 100% won · streak 2 (best 2) · 2.50 guesses a win` (`—` guesses with no game won); for
        a game played until it is beaten (Absurdle) `beaten 3 times · best 4 · average 4.67`."""
        if self.variant.guess_limit is None:
            if not self.wins:
                return "not beaten yet"
            return f"beaten {self.wins:,} time{'s' * (self.wins > 1)} · best {self.best} · average {self.average:.2f}"
        average = f"{self.average:.2f}" if self.wins else "—"
        return (
            f"{self.played:,} played · {self.win_percent}% won · streak {self.current_streak} "
            f"(best {self.max_streak}) · {average} guesses a win"
        )


def streaks(runs: dict[int, int], start: int = 0) -> tuple[int, int]:
    """(the streak after a run of games, the longest on the way), from a streak of `start` before them.

    `runs[k]` is how many games were won after the k-th loss and before the next (`runs[0]`: before
    the first loss; a key is missing where no game is), as SQLite counts them (counting.py).
    """
    if not runs:
        return start, start
    first = start + runs.get(0, 0)
    return (first if max(runs) == 0 else runs[max(runs)]), max(first, *runs.values())


@dataclass(frozen=True)
class Averages:
    """What the games of a span of days add up to; None where no game of the span has the figure."""

    days: int
    games: int  # of one board: what the other figures average
    wins: int
    guesses: float | None  # per game won
    skill: float | None  # per game analysed
    luck: float | None
    others: int = 0  # games of several boards and of Absurdle, which the history lists but cannot average


@dataclass(frozen=True)
class DayTotals:
    """What the games of one board finished on one day add up to (counting.day_totals), and how many others
    (several boards, Absurdle) finished then."""

    day: dt.date
    games: int = 0
    wins: int = 0
    won_guesses: int = 0  # the guesses of the games won
    skill: float = 0.0  # the sum over the `skilled` games that have a skill
    skilled: int = 0
    luck: float = 0.0  # the sum over the `lucked` games that have a luck
    lucked: int = 0
    others: int = 0  # games of several boards or of Absurdle

    def __add__(self, other: DayTotals) -> DayTotals:
        return DayTotals(
            max(self.day, other.day),
            self.games + other.games,
            self.wins + other.wins,
            self.won_guesses + other.won_guesses,
            self.skill + other.skill,
            self.skilled + other.skilled,
            self.luck + other.luck,
            self.lucked + other.lucked,
            self.others + other.others,
        )


def averages(totals: Iterable[DayTotals], days: int, today: dt.date) -> Averages:
    """The averages of the games finished in the last `days` days, today included."""
    first = today - dt.timedelta(days=days - 1)
    span = sum((day for day in totals if first <= day.day <= today), DayTotals(first))
    return Averages(
        days=days,
        games=span.games,
        wins=span.wins,
        guesses=span.won_guesses / span.wins if span.wins else None,
        skill=span.skill / span.skilled if span.skilled else None,
        luck=span.luck / span.lucked if span.lucked else None,
        others=span.others,
    )


def trend(totals: Iterable[DayTotals], days: int, span: int, today: dt.date) -> list[Averages]:
    """The `days`-day averages as they stood at the end of each of the last `span` days, oldest first."""
    first = today - dt.timedelta(days=span + days - 2)
    recent = [day for day in totals if first <= day.day <= today]
    return [averages(recent, days, today - dt.timedelta(days=back)) for back in range(span - 1, -1, -1)]
