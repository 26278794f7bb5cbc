"""Absurdle, qntm's adversary: it holds no answer, only every answer that fits the feedback so far, and
after each guess keeps the largest group of them that share one response (ties: the response with the
fewest greens, then the fewest yellows, then the first read letter by letter, grey before yellow
before green). The game is won when the guess is the one answer left."""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from .feedback import digits_of


@lru_cache(maxsize=4)
def response_rank(length: int) -> np.ndarray:
    """Each pattern's place in the adversary's preference among groups of one size (0 first)."""
    patterns = range(3**length)
    keys = sorted(
        patterns,
        key=lambda p: ((digits := digits_of(p, length)).count(2), digits.count(1), digits),
    )
    rank = np.empty(3**length, np.int64)
    rank[keys] = np.arange(3**length)
    return rank


def absurdle_response(patterns: np.ndarray, length: int) -> int:
    """The response the adversary gives, `patterns` being the guess's pattern against each answer left."""
    counts = np.bincount(patterns, minlength=3**length)
    largest = counts.max()
    return int(np.flatnonzero(counts == largest)[np.argmin(response_rank(length)[counts == largest])])
