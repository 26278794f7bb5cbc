"""Games in progress as they are kept between two starts: a game played, several boards, the coach's rows."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core.rules.game import Difficulty
from ..core.rules.words import DEFAULT_PRESET
from .records import LISTS_BEFORE_PRESETS, mode_or_normal, puzzle_number


@dataclass
class SavedGame:
    """A game in progress, resumed on the next start."""

    id: str
    answer: str
    guesses: list[str] = field(default_factory=list)
    hard_mode: Difficulty = Difficulty.NORMAL
    hints: bool = False
    daily: bool = False
    nyt: int | None = None
    lists: str = DEFAULT_PRESET
    code: str | None = None  # the challenge code of a coded game

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SavedGame:
        return cls(
            id=str(data["id"]),
            answer=str(data["answer"]),
            guesses=[str(g) for g in data.get("guesses", [])],
            hard_mode=mode_or_normal(data.get("hard_mode")),
            hints=bool(data.get("hints", False)),
            daily=bool(data.get("daily", False)),
            nyt=puzzle_number(data.get("nyt")),
            lists=str(data.get("lists", LISTS_BEFORE_PRESETS)),
            code=str(data["code"]) if data.get("code") else None,
        )


@dataclass
class SavedBoards:
    """A game of several boards in progress, resumed on the next start of that many boards."""

    id: str
    answers: list[str]
    guesses: list[str] = field(default_factory=list)
    lists: str = DEFAULT_PRESET

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SavedBoards:
        return cls(
            id=str(data["id"]),
            answers=[str(a) for a in data["answers"]],
            guesses=[str(g) for g in data.get("guesses", [])],
            lists=str(data.get("lists", DEFAULT_PRESET)),
        )


@dataclass
class CoachedBoards:
    """The rows entered in the coach of several boards: each guess, and each board's colours (None on a
    board solved before)."""

    id: str
    boards: int
    rows: list[tuple[str, list[int | None]]] = field(default_factory=list)
    lists: str = DEFAULT_PRESET

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> CoachedBoards:
        boards = int(data["boards"])
        rows = [(str(guess), [None if p is None else int(p) for p in patterns]) for guess, patterns in data["rows"]]
        if any(len(patterns) != boards for _, patterns in rows):
            raise ValueError("a row has the colours of another number of boards")
        return cls(id=str(data["id"]), boards=boards, rows=rows, lists=str(data.get("lists", DEFAULT_PRESET)))


@dataclass
class CoachedRows:
    """The rows entered in the coach, kept across restarts until the coach starts again."""

    id: str
    rows: list[tuple[str, int]]
    hard_mode: Difficulty = Difficulty.NORMAL
    nyt: int | None = None
    lists: str = DEFAULT_PRESET

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> CoachedRows:
        rows = [(str(guess), int(pattern)) for guess, pattern in data.get("rows", [])]
        return cls(
            id=str(data["id"]),
            rows=rows,
            hard_mode=mode_or_normal(data.get("hard_mode")),
            nyt=puzzle_number(data.get("nyt")),
            lists=str(data.get("lists", DEFAULT_PRESET)),
        )
