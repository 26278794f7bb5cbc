"""How many more guesses a position needs, as a function of its uncertainty: fitted from self-play."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np

from ..files import write_text_atomically
from ..rules.game import Difficulty
from ..rules.words import DEFAULT_PRESET, PRESETS, WordLists
from .table import cache_dir

FIT_FILE = "expected_fit.json"
FORMAT = "wordle-tui curve v1"


@dataclass(frozen=True)
class GuessCurve:
    """f(bits) = 1 + slope * bits + bend * log2(1 + bits): guesses still needed with `bits` of uncertainty left."""

    slope: float
    bend: float

    def __call__(self, bits: np.ndarray) -> np.ndarray:
        bits = np.maximum(bits, 0.0)
        return 1 + self.slope * bits + self.bend * np.log2(1 + bits)

    def bucket_cost(self, largest: int) -> np.ndarray:
        """cost[n]: guesses still needed after a feedback that leaves n equally likely answers."""
        sizes = np.arange(largest + 1)
        return self(np.log2(np.maximum(sizes, 1)))

    @staticmethod
    def fit(bits: np.ndarray, guesses_left: np.ndarray) -> GuessCurve:
        """Least squares through (bits, guesses to finish) pairs, pinned at f(0) = 1."""
        basis = np.column_stack([bits, np.log2(1 + bits)])
        (slope, bend), *_ = np.linalg.lstsq(basis, guesses_left - 1.0, rcond=None)
        return GuessCurve(float(slope), float(bend))


Curves = dict[str, GuessCurve]  # by mode name


def read_curves(path: Path, digest: str | None) -> Curves | None:
    """The curves in `path` if it holds both modes' and names the lists `digest` (any lists if None)."""
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
        if raw.get("format") != FORMAT or (digest is not None and raw.get("lists") != digest):
            return None
        curves = {mode: GuessCurve(float(raw[mode]["slope"]), float(raw[mode]["bend"])) for mode in ("normal", "hard")}
    except (OSError, ValueError, KeyError, TypeError, AttributeError, RecursionError):
        return None
    finite = all(np.isfinite([curve.slope, curve.bend]).all() for curve in curves.values())
    return curves if finite else None


def curves_text(curves: Curves, lists: WordLists) -> str:
    data = {"format": FORMAT, "lists": lists.digest, "name": lists.name}
    return json.dumps(data | {mode: asdict(curve) for mode, curve in curves.items()}, indent=2) + "\n"


_LOADED: dict[str, Curves] = {}  # the curves of each lists, once read in this process


def save_curves(curves: Curves, lists: WordLists, path: Path) -> None:
    write_text_atomically(path, curves_text(curves, lists))
    _LOADED.pop(lists.digest, None)  # read again on the next use, from wherever they now are


def cached_curves_path(lists: WordLists) -> Path:
    """Where `wordle-tui fit` keeps the curves it fits for these lists."""
    return cache_dir() / f"{lists.digest}-{FIT_FILE}"


def curves_for(lists: WordLists) -> Curves:
    """The curves fitted for these lists (by `fit`, else shipped with their preset), else the default preset's."""
    if lists.digest not in _LOADED:
        places = [cached_curves_path(lists)]
        if lists.name in PRESETS:
            places.append(PRESETS[lists.name].folder / FIT_FILE)
        found = next((curves for path in places if (curves := read_curves(path, lists.digest))), None)
        fallback = PRESETS[DEFAULT_PRESET].folder / FIT_FILE
        found = found or read_curves(fallback, None)
        if found is None:
            raise RuntimeError(f"The shipped curve {fallback} cannot be read: reinstall wordle-tui.")
        _LOADED[lists.digest] = found
    return _LOADED[lists.digest]


def curve_for(lists: WordLists, hard_mode: Difficulty) -> GuessCurve:
    """The curve of the mode; ultra hard mode, which has none fitted, takes hard mode's."""
    return curves_for(lists)[min(hard_mode, Difficulty.HARD).word]
