"""Times said to a person: how long something took, and roughly how long it will take."""

from __future__ import annotations

import math


def duration(seconds: float) -> str:
    """`45 s`, `3 min 20 s`, `2 h 5 min`: as precise as a person reads a time."""
    if seconds < 1:
        return "under a second"
    seconds = round(seconds)
    if seconds < 60:
        return f"{seconds} s"
    if seconds < 3600:
        return f"{seconds // 60} min" + (f" {seconds % 60} s" if seconds < 600 and seconds % 60 else "")
    return f"{seconds // 3600} h" + (f" {seconds % 3600 // 60} min" if seconds % 3600 // 60 else "")


def roughly(low: float, high: float) -> str:
    """A range of time, said as coarsely as the rough figure it is."""

    def coarse(seconds: float) -> str:
        return duration(seconds if seconds < 60 else 60 * max(1, round(seconds / 60)))

    if math.isinf(high):
        return f"more than {coarse(low)}, how much more no short probe tells"
    low_text, high_text = coarse(low), coarse(high)
    return f"roughly {low_text}" if low_text == high_text else f"roughly {low_text} to {high_text}"
