"""Games in progress as they are kept between two starts: one value whatever the game, played here or coached.

The database keeps each as a JSON object of its kind's shape (a game of one board, several boards,
Absurdle, the coach's rows, the coach of several boards), as every earlier version kept it: a game
saved by one version is carried on by the next. Those shapes are read and written here alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.rules.game import Difficulty
from ..core.rules.variant import ABSURDLE as ABSURDLE_GAME
from ..core.rules.variant import WORDLE, Variant
from ..core.rules.words import DEFAULT_PRESET
from .kinds import Kind, kind_of
from .records import LISTS_BEFORE_PRESETS, mode_or_normal, puzzle_number

Colours = tuple[int | None, ...]  # one guess's colours, one a board (None: that board was solved before)


@dataclass(frozen=True)
class InProgress:
    """A game in progress, kept between two starts: played here, or coached (mirrored from elsewhere).

    Several boards keep their answers, guesses, lists and hints only, Absurdle its guesses and lists; the
    coach of several boards its guesses, their colours and its lists."""

    id: str
    variant: Variant
    lists: str = DEFAULT_PRESET
    coached: bool = False
    answers: tuple[str, ...] = ()  # played: its answer, or one a board; none for Absurdle, none when coached
    guesses: tuple[str, ...] = ()
    patterns: tuple[Colours, ...] = ()  # coached: each guess's colours, one a board (None: that board solved before)
    hard_mode: Difficulty = Difficulty.NORMAL
    hints: bool = False  # the coach's ranking was shown during the game
    daily: bool = False
    nyt: int | None = None  # the NYT puzzle played, or the one the coach mirrors
    code: str | None = None  # the challenge code of a coded game

    def __post_init__(self) -> None:
        """ValueError if the answers or the colours do not fit the game (a damaged state, or a slip)."""
        boards = self.variant.boards
        answers = 0 if self.coached or self.variant.absurdle else boards
        if len(self.answers) != answers:
            how = "coached" if self.coached else "played"
            raise ValueError(
                f"{self.variant.name} {how} keeps {answers} answer{'s' * (answers != 1)}, not {len(self.answers)}"
            )
        colours = len(self.guesses) if self.coached else 0
        if len(self.patterns) != colours or any(len(row) != boards for row in self.patterns):
            raise ValueError("the colours kept do not fit the guesses and the boards")
        if boards == 1 and any(row[0] is None for row in self.patterns):  # None: solved before, and it is over then
            raise ValueError("the colours kept leave a row of the only board out")
        kind_of(self.variant, self.coached)

    @property
    def kind(self) -> Kind:
        return kind_of(self.variant, self.coached)

    @classmethod
    def from_state(cls, kind: Kind, game_id: str, state: dict[str, Any]) -> InProgress:
        """The game kept as `state` under `game_id`, in `kind`'s shape; KeyError, TypeError or ValueError if it
        cannot be read. A mode that cannot be read is normal: the game is kept rather than lost."""
        lists = str(state.get("lists", LISTS_BEFORE_PRESETS))  # kept before files named their lists
        guesses = tuple(str(guess) for guess in state.get("guesses", ()))
        if kind is Kind.PLAYED:
            game = cls(
                game_id,
                WORDLE,
                lists,
                answers=(str(state["answer"]),),
                guesses=guesses,
                hard_mode=mode_or_normal(state.get("hard_mode")),
                hints=bool(state.get("hints", False)),
                daily=bool(state.get("daily", False)),
                nyt=puzzle_number(state.get("nyt")),
                code=str(state["code"]) if state.get("code") else None,
            )
        elif kind is Kind.BOARDS:
            answers = tuple(str(answer) for answer in state["answers"])
            hints = bool(state.get("hints", False))  # kept from this version on
            game = cls(game_id, Variant(len(answers)), lists, answers=answers, guesses=guesses, hints=hints)
        elif kind is Kind.ABSURDLE:
            game = cls(game_id, ABSURDLE_GAME, lists, guesses=guesses)
        elif kind is Kind.COACHED:
            guesses, patterns = _split([(guess, (int(pattern),)) for guess, pattern in state.get("rows", [])])
            mode, nyt = mode_or_normal(state.get("hard_mode")), puzzle_number(state.get("nyt"))
            game = cls(game_id, WORDLE, lists, True, guesses=guesses, patterns=patterns, hard_mode=mode, nyt=nyt)
        else:  # Kind.BOARDS_COACHED
            guesses, patterns = _split([(guess, tuple(map(_colour, colours))) for guess, colours in state["rows"]])
            game = cls(game_id, Variant(int(state["boards"])), lists, True, guesses=guesses, patterns=patterns)
        if game.kind is not kind:
            raise ValueError(f"a {game.variant.name} is not kept as {kind.kept_as!r}")
        return game

    def state(self) -> dict[str, Any]:
        """The JSON object the database keeps it as: its kind's shape, which every version reads."""
        guesses, lists, kind = list(self.guesses), self.lists, self.kind
        if kind is Kind.PLAYED:
            return {
                "id": self.id,
                "answer": self.answers[0],
                "guesses": guesses,
                "hard_mode": int(self.hard_mode),
                "hints": self.hints,
                "daily": self.daily,
                "nyt": self.nyt,
                "lists": lists,
                "code": self.code,
            }
        if kind is Kind.BOARDS:  # the shape of the versions before hints were kept, where there are none
            kept = {"id": self.id, "answers": list(self.answers), "guesses": guesses, "lists": lists}
            return kept | ({"hints": True} if self.hints else {})
        if kind is Kind.ABSURDLE:
            return {"id": self.id, "guesses": guesses, "lists": lists}
        rows: list[list[Any]] = [  # the coach's: a guess and its colours each
            [guess, colours[0] if kind is Kind.COACHED else list(colours)]
            for guess, colours in zip(guesses, self.patterns, strict=True)
        ]
        if kind is Kind.COACHED:
            return {"id": self.id, "rows": rows, "hard_mode": int(self.hard_mode), "nyt": self.nyt, "lists": lists}
        return {"id": self.id, "boards": self.variant.boards, "rows": rows, "lists": lists}


def _split(rows: list[tuple[Any, Colours]]) -> tuple[tuple[str, ...], tuple[Colours, ...]]:
    """The coach's rows, (guess, colours) each, as its guesses and their colours."""
    return tuple(str(guess) for guess, _ in rows), tuple(colours for _, colours in rows)


def _colour(pattern: Any) -> int | None:
    return None if pattern is None else int(pattern)
