"""What the compiled search shares with the Python around it: the slots of its counters and of
its params, and its memo's arrays. Apart from compiled.py, so that reading them loads no compiler."""

from __future__ import annotations

import numpy as np

# counters: what the search has done, and when to stop
NODES, LIMIT, STOPPED, USED, ROOT_DONE, ROOT_TOTAL = range(6)
COUNTERS = 6

# params: the shape of the lists
PATTERNS, SOLVED, HARD, TOP, LENGTH, MOST = range(6)
ULTRA = 2  # params[HARD]: 0 normal, 1 NYT hard, 2 ultra hard (rules.game.Difficulty)


def new_memo(capacity: int) -> tuple[np.ndarray, ...]:
    """An empty memo of `capacity` slots (a power of two)."""
    return (
        np.zeros(capacity, np.int64),  # first hash
        np.zeros(capacity, np.int64),  # second hash
        np.zeros(capacity, np.int64),  # value, or lower bound
        np.zeros(capacity, np.int64),  # best guess's row
        np.zeros(capacity, np.int8),  # EMPTY, BOUND or EXACT
        np.zeros(capacity, np.int32),  # answers in the position: the smallest gives way
    )
