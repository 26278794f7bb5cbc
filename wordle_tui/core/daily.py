"""The daily answer: the same word for everyone on a local date, never the same two days running."""

from __future__ import annotations

import datetime as dt
import random

from .words import WordLists

EPOCH = dt.date(2021, 6, 19)
_SHUFFLE_SEED = 20210619


def day_number(date: dt.date) -> int:
    return (date - EPOCH).days


def daily_answer(lists: WordLists, date: dt.date | None = None) -> str:
    """A fixed shuffle of the answer list, walked one word a day; distinct words never repeat on consecutive days."""
    order = sorted(lists.answers)
    random.Random(_SHUFFLE_SEED).shuffle(order)
    return order[day_number(date or dt.date.today()) % len(order)]
