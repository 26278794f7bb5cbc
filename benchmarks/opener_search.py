"""Seconds to search for the optimal opener of random subsets of the nyt2022 answers, every nyt2022 guess allowed.

Usage: python benchmarks/opener_search.py [--sizes 100 500 ...] [--hard] [--seed N]
Each search starts from an empty cache (a temporary one), in this process; building the pattern
table is not counted. Prints the opener, its total and the answers at risk with the seconds.
"""

from __future__ import annotations

import argparse
import os
import random
import tempfile
import time
from pathlib import Path

from wordle_tui.core.rules.game import Difficulty


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", nargs="*", type=int, default=[100, 500])
    parser.add_argument(
        "--hard", dest="difficulty", action="store_const", const=Difficulty.HARD, default=Difficulty.NORMAL
    )
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        os.environ["XDG_CACHE_HOME"] = folder  # nothing found before: every search runs in full
        from wordle_tui.core.exact.openers import best_opener
        from wordle_tui.core.exact.trees import tree_for
        from wordle_tui.core.position.model import uniform_model
        from wordle_tui.core.rules.words import PRESETS, load_preset, load_word_lists

        full = load_preset("nyt2022")
        print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores, {args.difficulty.word} mode")
        print("| answers | guesses | opener | total | at risk | seconds |")
        print("| --- | --- | --- | --- | --- | --- |")
        for size in args.sizes:
            answers = sorted(random.Random(args.seed).sample(full.answers, size))
            path = Path(folder) / f"answers-{size}.txt"
            path.write_text("\n".join(answers) + "\n", encoding="utf-8")
            model = uniform_model(load_word_lists(path, PRESETS["nyt2022"].folder / "guesses.txt"))
            model.table.matrix  # noqa: B018 - built before the clock starts
            began = time.perf_counter()
            opener = best_opener(model, args.difficulty)
            seconds = time.perf_counter() - began
            tree = tree_for(model, args.difficulty, opener)
            row = f"| {size} | {len(full.guesses)} | {opener} | {tree.total} | {tree.losses} |"
            print(f"{row} {seconds:.1f} |", flush=True)


if __name__ == "__main__":
    main()
