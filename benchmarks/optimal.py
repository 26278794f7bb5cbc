"""Seconds for the exact tree after each preset's opener, normal and hard, with 1 and 2 workers.

Usage: python benchmarks/optimal.py [--lists NAME ...]   (default: nyt2022 and nyt)
"""

from __future__ import annotations

import argparse
import os
import sys
import time

from wordle_tui.core.exact.openers import known_opener
from wordle_tui.core.exact.trees import compute_tree
from wordle_tui.core.position.model import uniform_model
from wordle_tui.core.rules.game import Difficulty
from wordle_tui.core.rules.words import PRESETS, load_preset
from wordle_tui.core.workers.pool import RankingPool


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--lists", nargs="*", default=["nyt2022", "nyt"], choices=list(PRESETS))
    parser.add_argument("--workers", nargs="*", type=int, default=[1, 2])
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    print("| lists | mode | opener | workers | total | max | seconds |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for name in args.lists:
        lists = load_preset(name)
        model = uniform_model(lists)
        for hard_mode in (Difficulty.NORMAL, Difficulty.HARD):
            opener = known_opener(lists, hard_mode)
            if opener is None:  # a preset ships its trees' openers: none here means no tree to time
                sys.exit(f"No opener is known for {name}, {hard_mode.word}: `wordle-tui openers` finds it.")
            for workers in args.workers:
                start = time.perf_counter()
                with RankingPool(workers) as pool:
                    tree = compute_tree(model, opener, hard_mode, run=pool.runner(model))
                seconds = time.perf_counter() - start
                row = f"| {name} | {hard_mode.word} | {opener} | {workers} | {tree.total} | {tree.worst_case} |"
                print(f"{row} {seconds:.1f} |", flush=True)


if __name__ == "__main__":
    main()
