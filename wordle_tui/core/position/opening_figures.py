"""The figures of the opening position, cached: every game on the same lists and model starts there.

Ranking the opening against every accepted word as a possible answer takes a second or more, so its
figures are kept under the user cache folder, keyed by everything they depend on: the lists, the
model's targets and prior, the mode's fitted curve and this file's format.
"""

from __future__ import annotations

import hashlib
import zipfile
from dataclasses import fields
from pathlib import Path

import numpy as np

from ..files import clear_entry, keep_in_cache
from .curve import curve_for
from .figures import Figures
from .model import State
from .table import cache_dir

FORMAT_VERSION = 1
LONG_OPENING = 500_000_000  # guesses x possible answers: an opening that takes a minute or more to rank


def opening_path(state: State) -> Path:
    model = state.model
    curve = curve_for(model.lists, state.hard_mode)
    key = hashlib.sha256()
    key.update(f"{FORMAT_VERSION} {model.lists.digest} {model.name} {curve.slope!r} {curve.bend!r}".encode())
    key.update("\n".join(model.targets).encode())  # the words that may be the answer (the offensive ones left out)
    key.update(np.ascontiguousarray(model.prior).tobytes())
    return cache_dir() / f"opening-{state.hard_mode.word}-{key.hexdigest()[:20]}.npz"


def slow_opening(state: State) -> bool:
    """Whether ranking `state` takes a minute or more, to be said before it starts: the opening of many words
    (six letters or more: every guess against every possible answer), not kept yet."""
    if state.history or len(state.allowed) * len(state.candidates) < LONG_OPENING:
        return False
    return not opening_path(state).is_file()


def cached_opening(state: State) -> Figures | None:
    """Every allowed guess's figures at the opening, if they were kept (None elsewhere, or if damaged)."""
    if state.history:
        return None
    path = opening_path(state)
    try:
        with np.load(path, allow_pickle=False) as saved:
            columns = {item.name: saved[item.name] for item in fields(Figures)}
    except FileNotFoundError:
        return None
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile):
        clear_entry(path)  # damaged (whatever it has become): measured and kept again
        return None
    guesses = columns["guesses"]
    if not np.array_equal(guesses, state.allowed) or any(len(c) != len(guesses) for c in columns.values()):
        return None
    if not all(np.isfinite(c).all() for c in columns.values()):
        return None
    return Figures(**columns)


def keep_opening(state: State, figures: Figures) -> None:
    """Keep the opening's figures for the next ranking (nothing happens elsewhere, or if the cache is not writable)."""
    if state.history or len(figures.guesses) != len(state.allowed):
        return
    order = np.argsort(figures.guesses, kind="stable")
    columns = {item.name: getattr(figures, item.name)[order] for item in fields(Figures)}
    # An unwritable cache costs time on the next opening, nothing else.
    keep_in_cache(opening_path(state), lambda handle: np.savez(handle, **columns), binary=True)
