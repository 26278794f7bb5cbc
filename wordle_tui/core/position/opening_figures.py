"""The figures of the opening position: shipped for the presets, else cached, as every game on the same lists
and model starts there.

Ranking the opening against every accepted word as a possible answer takes seconds to a minute, so its
figures ship for each preset and curve (`data/<preset>/opening-normal.npz`, `-hard.npz`: ultra hard mode
shares hard mode's curve, and at the opening every guess is allowed in every mode; made by
`scripts/openings.py`), and for other lists are kept under the user cache folder once measured. Each file
holds its key, a hash of everything the figures depend on (the lists, the model's targets and prior, the
curve and this file's format): a file whose key is not the position's is never read.
"""

from __future__ import annotations

import hashlib
import zipfile
from dataclasses import fields
from pathlib import Path
from typing import Any

import numpy as np

from ..files import clear_entry, keep_in_cache, tell_cache_news
from ..rules.game import Difficulty
from ..rules.words import PRESETS
from .curve import curve_for
from .figures import Figures, equally_likely, measuring_seconds
from .model import State
from .table import cache_dir

FORMAT_VERSION = 2
SAID_FROM = 15.0  # seconds: a first ranking of the opening expected to take longer is said, with how long, first


def opening_key(state: State) -> str:
    """What the opening's figures depend on, hashed (the mode only through its curve)."""
    model = state.model
    curve = curve_for(model.lists, state.hard_mode)
    key = hashlib.sha256()
    key.update(f"{FORMAT_VERSION} {model.lists.digest} {model.name} {curve.slope!r} {curve.bend!r}".encode())
    key.update("\n".join(model.targets).encode())  # the words that may be the answer (the offensive ones left out)
    key.update(np.ascontiguousarray(model.prior).tobytes())
    return key.hexdigest()[:20]


def opening_path(state: State, key: str | None = None) -> Path:
    """Where the cache keeps the opening's figures of lists that ship none (`key`: opening_key's, if known)."""
    key = key or opening_key(state)
    return cache_dir() / f"{state.model.lists.digest}-opening-{state.hard_mode.word}-{key}.npz"


def shipped_opening_path(state: State) -> Path | None:
    """Where the opening's figures ship, for a preset's lists (None for others)."""
    lists = state.model.lists
    if lists.name not in PRESETS:
        return None
    return PRESETS[lists.name].folder / f"opening-{min(state.hard_mode, Difficulty.HARD).word}.npz"


def opening_seconds(state: State, workers: int = 1) -> float | None:
    """Roughly how long ranking `state` takes on `workers` processes, where that is long enough to say before it
    starts (SAID_FROM or more): the opening of many words (every guess against every possible answer: lists of
    six letters or more, or large ones of one's own), not kept yet. None elsewhere."""
    if state.history:
        return None
    uniform = equally_likely(state.weights, state.tally)
    lists = state.model.lists
    seconds = measuring_seconds(len(state.allowed), len(state.candidates), lists.length, uniform) / max(1, workers)
    return None if seconds < SAID_FROM or cached_opening(state) is not None else seconds


def cached_opening(state: State) -> Figures | None:
    """Every allowed guess's figures at the opening, shipped or kept (None elsewhere: measure them)."""
    if state.history:
        return None
    key = opening_key(state)
    shipped = shipped_opening_path(state)
    if shipped is not None and (figures := _read(shipped, state, key)) is not None:
        return figures
    return _read(opening_path(state, key), state, key, kept=True)


def _read(path: Path, state: State, key: str, kept: bool = False) -> Figures | None:
    """The figures in `path` if they are the position's; a damaged cache entry (`kept`) is said and cleared."""
    try:
        with np.load(path, allow_pickle=False) as saved:
            columns = {item.name: saved[item.name] for item in fields(Figures)}
            theirs = str(saved["key"])
    except FileNotFoundError:
        return None
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile) as error:
        if kept:  # damaged (whatever it has become; each array's CRC-32 is checked as it is read)
            clear_entry(path)
            what = (error.strerror if isinstance(error, OSError) else None) or str(error)
            tell_cache_news(f"The opening's figures cached in {path} were damaged ({what}): they are measured again.")
        return None
    guesses = columns["guesses"]
    if (
        theirs != key
        or not np.array_equal(guesses, state.allowed)
        or any(len(c) != len(guesses) for c in columns.values())
    ):
        return None
    if not all(np.isfinite(c).all() for c in columns.values()):
        return None
    return Figures(**columns)


def opening_columns(state: State, figures: Figures) -> dict[str, Any]:
    """What a file of the opening's figures holds: each figure by guess, in the allowed guesses' order, and the key."""
    order = np.argsort(figures.guesses, kind="stable")
    columns = {item.name: getattr(figures, item.name)[order] for item in fields(Figures)}
    return columns | {"key": np.array(opening_key(state))}


def keep_opening(state: State, figures: Figures) -> None:
    """Keep the opening's figures for the next ranking, where none ship (nothing happens elsewhere, or if the
    cache is not writable: that costs time on the next opening, nothing else)."""
    if state.history or len(figures.guesses) != len(state.allowed):
        return
    columns = opening_columns(state, figures)
    keep_in_cache(opening_path(state), lambda handle: np.savez(handle, **columns), binary=True)
