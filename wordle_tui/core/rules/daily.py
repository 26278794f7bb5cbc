"""Days and puzzles: the NYT's puzzle number of a date, and the private daily answer of `play --daily`."""

from __future__ import annotations

import datetime as dt
import random
import re

from ..echo import echoed
from .words import WordLists

EPOCH = dt.date(2021, 6, 19)  # puzzle #0, CIGAR
_SHUFFLE_SEED = 20210619


def day_number(date: dt.date) -> int:
    """The NYT's puzzle number of `date`: #0 was 19 June 2021."""
    return (date - EPOCH).days


def puzzle_date(number: int) -> dt.date:
    return EPOCH + dt.timedelta(days=number)


def puzzle_title(number: int) -> str:
    """`Wordle 1,983`, as the NYT heads a shared result."""
    return f"Wordle {number:,}"


def parse_day(text: str, today: dt.date | None = None) -> dt.date:
    """A date (`2026-11-23`, `today`, `yesterday`) or a puzzle number (`1983`, `#1,983`); ValueError in one sentence."""
    today = today or dt.date.today()
    cleaned = text.strip().lower()
    if cleaned in ("today", "yesterday"):
        return today - dt.timedelta(days=cleaned == "yesterday")
    if re.fullmatch(r"#?\d[\d,]*", cleaned):
        number = int(cleaned.lstrip("#").replace(",", ""))
        try:
            return puzzle_date(number)
        except OverflowError:
            raise ValueError(f"Puzzle #{number:,} is too far in the future to have a date.") from None
    try:
        date = dt.date.fromisoformat(cleaned)
    except ValueError:
        raise ValueError(f"{echoed(text)!r} is neither a date (YYYY-MM-DD) nor a puzzle number.") from None
    if date < EPOCH:
        raise ValueError(f"{date.isoformat()} is before the first Wordle, #0 on {EPOCH.isoformat()}.")
    return date


def daily_answer(lists: WordLists, date: dt.date | None = None) -> str:
    """A fixed shuffle of the answer list, walked one word a day; distinct words never repeat on consecutive days.

    A private word of this program, the same for everyone on a local date; not the NYT's.
    """
    order = sorted(lists.answers)
    random.Random(_SHUFFLE_SEED).shuffle(order)
    return order[day_number(date or dt.date.today()) % len(order)]
