"""How long the pattern tables take to build, and to load from the cache: `python benchmarks/table.py`.

Two tables: the nyt2022 guesses against their answer list, and the nyt guesses against every
accepted word (the table of the default answer model, where any accepted word may be the answer:
a ranking builds the parts it needs, and the whole is built and cached only when asked for, as here).
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from wordle_tui.core.position.table import PatternTable, build_patterns
from wordle_tui.core.rules.words import load_preset

REPEATS = 5


def best_and_median(run) -> tuple[float, float]:
    times = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times), statistics.median(times)


def main() -> None:
    for name, every_word in (("nyt2022", False), ("nyt", True)):
        lists = load_preset(name)
        targets = lists.guesses if every_word else lists.answers
        cached = PatternTable.for_all_words if every_word else PatternTable.for_answers
        build = best_and_median(lambda lists=lists, targets=targets: build_patterns(lists.guesses, targets))
        with tempfile.TemporaryDirectory() as folder:
            cached(lists, Path(folder)).matrix  # noqa: B018 - the cache written once
            load = best_and_median(lambda lists=lists, cached=cached: cached(lists, Path(folder)).matrix)
        print(f"{name}: pattern table {len(lists.guesses)} x {len(targets)}, best / median of {REPEATS}")
        print(f"  build (numpy, no cache):     {build[0]:.3f} s / {build[1]:.3f} s")
        print(f"  load (memory-mapped cache):  {load[0]:.4f} s / {load[1]:.4f} s")


if __name__ == "__main__":
    main()
