"""Absurdle, qntm's adversary: it holds no answer, only every answer that fits the feedback so far, and
after each guess keeps the largest group of them that share one response (ties: the response with the
fewest greens, then the fewest yellows, then the first read letter by letter, grey before yellow
before green). The game is won when the guess is the one answer left."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np

from .feedback import GREEN, YELLOW, emoji_row, score, shared_title
from .game import GuessError, check_guess
from .words import WordLists


@lru_cache(maxsize=4)
def response_rank(length: int) -> np.ndarray:
    """Each pattern's place in the adversary's preference among groups of one size (0 first): every
    pattern's digits at once, as 3**11 = 177,147 patterns of eleven letters are too many to sort one
    by one in Python."""
    patterns = np.arange(3**length)
    digits = [(patterns // 3**position) % 3 for position in range(length)]  # first letter first
    greens, yellows = sum(d == GREEN for d in digits), sum(d == YELLOW for d in digits)
    keys = np.lexsort((*digits[::-1], yellows, greens))  # the last key sorts first
    rank = np.empty(3**length, np.int64)
    rank[keys] = patterns
    return rank


def absurdle_response(patterns: np.ndarray, length: int) -> int:
    """The response the adversary gives, `patterns` being the guess's pattern against each answer left."""
    counts = np.bincount(patterns, minlength=3**length)
    largest = counts.max()
    return int(np.flatnonzero(counts == largest)[np.argmin(response_rank(length)[counts == largest])])


@dataclass
class AbsurdleGame:
    """A game against the adversary: every answer of the list that fits the responses so far is left."""

    lists: WordLists
    rows: list[tuple[str, int]] = field(default_factory=list)
    left: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not self.left:
            self.left = self.lists.answers

    @property
    def won(self) -> bool:
        return bool(self.rows) and self.rows[-1][1] == 3**self.lists.length - 1

    def guess(self, word: str) -> int:
        """Play `word` and return the adversary's response; GuessError leaves the game unchanged."""
        if self.won:
            raise GuessError("The game is over")
        word = check_guess(word, self.lists)
        patterns = np.array([score(word, answer) for answer in self.left])
        response = absurdle_response(patterns, self.lists.length)
        self.left = tuple(answer for answer, pattern in zip(self.left, patterns.tolist()) if pattern == response)
        self.rows.append((word, response))
        return response


def absurdle_share(rows: list[tuple[str, int]], high_contrast: bool = False) -> str:
    """`Absurdle 5/∞` over the emoji rows, as qntm's game shares a win."""
    length = len(rows[0][0]) if rows else 5
    return "\n".join(
        [
            f"{shared_title('Absurdle', length)} {len(rows)}/∞",
            "",
            *(emoji_row(p, length, high_contrast) for _, p in rows),
        ]
    )
