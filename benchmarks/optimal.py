"""Seconds for the exact salet tree, normal and hard, with 1 and 2 workers. `python benchmarks/optimal.py`."""

from __future__ import annotations

import os
import time

from wordle_tui.core.model import uniform_model
from wordle_tui.core.tree import compute_tree
from wordle_tui.core.words import load_word_lists


def main() -> None:
    model = uniform_model(load_word_lists())
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    print("| mode | workers | total | max | seconds |")
    print("| --- | --- | --- | --- | --- |")
    for hard_mode in (False, True):
        for workers in (1, 2):
            start = time.perf_counter()
            tree = compute_tree(model, "salet", hard_mode, workers=workers)
            seconds = time.perf_counter() - start
            mode = "hard" if hard_mode else "normal"
            print(f"| {mode} | {workers} | {tree.total} | {tree.worst_case} | {seconds:.1f} |", flush=True)


if __name__ == "__main__":
    main()
