"""Feedback: the colours a guess gets against an answer, by the NYT rules.

A pattern is an int in base 3, one digit a letter, the first letter least significant:
0 grey (absent), 1 yellow (present elsewhere), 2 green (correct).
"""

from __future__ import annotations

from collections import Counter

from ..echo import echoed

GREY, YELLOW, GREEN = 0, 1, 2

_LETTER_NOTATIONS = {
    "b": GREY,
    "y": YELLOW,
    "g": GREEN,
    "_": GREY,
    "o": YELLOW,
    "x": GREEN,
    "0": GREY,
    "1": YELLOW,
    "2": GREEN,
}
EMOJI = {GREY: "⬛", YELLOW: "🟨", GREEN: "🟩"}
HIGH_CONTRAST_EMOJI = {GREY: "⬛", YELLOW: "🟦", GREEN: "🟧"}


class PatternError(ValueError):
    """Feedback text that cannot be read as a pattern."""


def score(guess: str, answer: str) -> int:
    """The NYT feedback: greens first, then yellows left to right while unmatched copies remain."""
    unmatched = Counter(a for g, a in zip(guess, answer, strict=True) if g != a)
    pattern = 0
    for position, (g, a) in enumerate(zip(guess, answer)):
        if g == a:
            digit = GREEN
        elif unmatched[g] > 0:
            unmatched[g] -= 1
            digit = YELLOW
        else:
            digit = GREY
        pattern += digit * 3**position
    return pattern


def digits_of(pattern: int, length: int) -> list[int]:
    """The colour of each letter, first letter first."""
    return [(pattern // 3**position) % 3 for position in range(length)]


def from_digits(colours: list[int] | tuple[int, ...]) -> int:
    return sum(colour * 3**position for position, colour in enumerate(colours))


def solved_pattern(length: int) -> int:
    return 3**length - 1


def format_pattern(pattern: int, length: int) -> str:
    """Five digits for humans: `01220`."""
    return "".join(str(d) for d in digits_of(pattern, length))


def emoji_row(pattern: int, length: int, high_contrast: bool = False) -> str:
    squares = HIGH_CONTRAST_EMOJI if high_contrast else EMOJI
    return "".join(squares[d] for d in digits_of(pattern, length))


def shared_title(title: str, length: int) -> str:
    """A shared result's title, `Wordle`, says the letters of its words where they are not Wordle's five:
    `Wordle (7 letters)`."""
    return title if length == 5 else f"{title} ({length} letters)"


def parse_pattern(text: str, length: int) -> int:
    """Read `01220`, `bygbb` or `_ox__` (any case) as a pattern."""
    cleaned = text.strip().lower()
    if len(cleaned) != length:
        raise PatternError(f"Feedback {echoed(text)!r} must have {length} marks, one per letter.")
    try:
        return from_digits([_LETTER_NOTATIONS[mark] for mark in cleaned])
    except KeyError:
        raise PatternError(f"Feedback {echoed(text)!r} must use 0/1/2, b/y/g or _/o/x for grey/yellow/green.") from None
