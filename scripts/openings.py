"""Measure the opening's figures of the presets and write each `data/<preset>/opening-normal.npz` and `-hard.npz`.

Usage: python scripts/openings.py [--lists NAME ...] [--workers N]
(default: every preset). The figures of every accepted guess at the opening, every accepted word a
possible answer (the coach's model): what the first ranking of each game on those lists reads
instead of measuring them (seconds to a minute at six letters and more). Hard mode's file serves
ultra hard mode too, which has its curve; at the opening every guess is allowed in every mode. Each
file holds the key of what it was measured from (see core/position/opening_figures.py): after a
change of the lists, the model or the curves, it is not read, and this script makes it again. About
four minutes for every preset on two cores.
"""

from __future__ import annotations

import argparse
import time
from functools import partial

import numpy as np

from wordle_tui.core.files import write_atomically
from wordle_tui.core.position.figures import Figures
from wordle_tui.core.position.model import State, weighted_model
from wordle_tui.core.position.opening_figures import opening_columns, shipped_opening_path
from wordle_tui.core.rules.game import Difficulty
from wordle_tui.core.rules.words import PRESETS, load_preset
from wordle_tui.core.strategies.base import measure_guesses
from wordle_tui.core.workers.pool import RankingPool


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lists", nargs="+", default=list(PRESETS), choices=list(PRESETS), help="presets")
    parser.add_argument("--workers", type=int, default=None, help="worker processes (default: one per core)")
    options = parser.parse_args()
    with RankingPool(options.workers) as pool:
        for name in options.lists:
            model = weighted_model(load_preset(name))
            for mode in (Difficulty.NORMAL, Difficulty.HARD):
                began = time.perf_counter()
                state = State(model, (), mode)
                # Measured, not measure_all's: that reads the figures this writes, where they ship already.
                chunks = np.array_split(state.allowed, 4 * pool.workers)
                parts = pool.runner(model)(measure_guesses, [((), mode, chunk) for chunk in chunks])
                figures = Figures.concatenate(parts)
                path = shipped_opening_path(state)
                assert path is not None
                write_atomically(path, partial(np.savez_compressed, **opening_columns(state, figures)), binary=True)
                seconds = time.perf_counter() - began
                print(f"{path}: {len(figures.guesses):,} guesses, {path.stat().st_size:,} bytes, {seconds:.1f} s")


if __name__ == "__main__":
    main()
