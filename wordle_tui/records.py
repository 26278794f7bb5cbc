"""Finished games and what they add up to: the statistics of the games played here, and the history of all.

Games played here count in the statistics (played, win %, streaks, the distribution); games
mirrored in the coach, the NYT's own puzzles played on the NYT's site, are recorded as coached,
apart from them. Both are listed in the history, with the skill and luck of their analysis and
the averages of the last 14 and 90 days.
"""

from __future__ import annotations

import datetime as dt
import statistics
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .core.game import MAX_GUESSES
from .core.words import DEFAULT_PRESET

LISTS_BEFORE_PRESETS = "nyt2022"  # the lists of games saved before files named theirs
PLAYED, COACHED = "played", "coached"
WINDOWS = (14, 90)  # days over which the history averages


@dataclass(frozen=True)
class GameRecord:
    """A finished game, as the statistics and the history count it."""

    id: str
    answer: str  # "" for a coached game lost: the coach never learns the answer
    guesses: tuple[str, ...]
    won: bool
    hard_mode: bool = False
    hints: bool = False  # the coach's ranking was shown during the game
    nyt: int | None = None  # the NYT puzzle number, for a game of the NYT's puzzle
    lists: str = DEFAULT_PRESET
    kind: str = PLAYED  # PLAYED here, or COACHED: mirrored from the NYT's site
    finished_on: str | None = None  # the local date, YYYY-MM-DD (unknown for games recorded before it was kept)
    skill: float | None = None  # the averages of the game's analysis, once it has one
    luck: float | None = None

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameRecord:
        kind = str(data.get("kind", PLAYED))
        if kind not in (PLAYED, COACHED):
            raise ValueError(f"{kind!r} is not a kind of game")
        finished_on = data.get("finished_on")
        if finished_on is not None:
            dt.date.fromisoformat(str(finished_on))  # ValueError if it is no date
        return cls(
            id=str(data["id"]),
            answer=str(data["answer"]),
            guesses=tuple(str(g) for g in data["guesses"]),
            won=bool(data["won"]),
            hard_mode=bool(data.get("hard_mode", False)),
            hints=bool(data.get("hints", False)),
            nyt=puzzle_number(data.get("nyt")),
            lists=str(data.get("lists", LISTS_BEFORE_PRESETS)),
            kind=kind,
            finished_on=None if finished_on is None else str(finished_on),
            skill=_score(data.get("skill")),
            luck=_score(data.get("luck")),
        )

    @property
    def date(self) -> dt.date | None:
        return None if self.finished_on is None else dt.date.fromisoformat(self.finished_on)


def puzzle_number(value: Any) -> int | None:
    if value is None:
        return None
    if type(value) is not int or value < 0:
        raise ValueError(f"{value!r} is not a puzzle number")
    return value


def _score(value: Any) -> float | None:
    if value is None:
        return None
    if type(value) not in (int, float) or not 0 <= value <= 99:
        raise ValueError(f"{value!r} is not a score from 0 to 99")
    return float(value)


@dataclass(frozen=True)
class Stats:
    played: int = 0
    wins: int = 0
    current_streak: int = 0
    max_streak: int = 0
    distribution: tuple[int, ...] = (0,) * MAX_GUESSES  # wins in 1, 2, ... 6 guesses

    @property
    def win_percent(self) -> int:
        return round(100 * self.wins / self.played) if self.played else 0

    @property
    def average(self) -> float:
        """Guesses per won game."""
        return sum(n * count for n, count in enumerate(self.distribution, start=1)) / self.wins if self.wins else 0.0


def stats_of(records: list[GameRecord], hard_mode: bool, lists: str | None = None) -> Stats:
    """The statistics of the games played here in one mode on one preset's lists (on any if None).

    Coached games are not counted; nor are games on other lists: a six-letter word list, or the
    2022 one, is another game.
    """
    games = [
        record
        for record in records
        if record.hard_mode == hard_mode and record.kind == PLAYED and lists in (None, record.lists)
    ]
    distribution = [0] * MAX_GUESSES
    streak = best = 0
    for game in games:
        if game.won:
            distribution[min(len(game.guesses), MAX_GUESSES) - 1] += 1
            streak += 1
            best = max(best, streak)
        else:
            streak = 0
    wins = sum(distribution)
    return Stats(len(games), wins, streak, best, tuple(distribution))


@dataclass(frozen=True)
class Averages:
    """What the games of a span of days add up to; None where no game of the span has the figure."""

    days: int
    games: int
    wins: int
    guesses: float | None  # per game won
    skill: float | None  # per game analysed
    luck: float | None


def averages(records: Iterable[GameRecord], days: int, today: dt.date | None = None) -> Averages:
    """The averages of the games finished in the last `days` days, today included."""
    today = today or dt.date.today()
    first = today - dt.timedelta(days=days - 1)
    games = [record for record in records if record.date is not None and first <= record.date <= today]
    won = [len(record.guesses) for record in games if record.won]

    def mean(values: list[float]) -> float | None:
        return statistics.fmean(values) if values else None

    return Averages(
        days=days,
        games=len(games),
        wins=len(won),
        guesses=mean([float(n) for n in won]),
        skill=mean([record.skill for record in games if record.skill is not None]),
        luck=mean([record.luck for record in games if record.luck is not None]),
    )
