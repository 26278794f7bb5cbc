"""How long the pattern table takes to build, and to load from the cache: `python benchmarks/table.py`."""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from wordle_tui.core.table import PatternTable, build_patterns
from wordle_tui.core.words import load_word_lists

REPEATS = 5


def best_and_median(run) -> tuple[float, float]:
    times = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times), statistics.median(times)


def main() -> None:
    lists = load_word_lists()
    shape = f"{len(lists.guesses)} x {len(lists.answers)}"
    build = best_and_median(lambda: build_patterns(lists.guesses, lists.answers))
    with tempfile.TemporaryDirectory() as folder:
        PatternTable.for_answers(lists, Path(folder))  # write the cache once
        load = best_and_median(lambda: PatternTable.for_answers(lists, Path(folder)))
    print(f"pattern table {shape}, best / median of {REPEATS}")
    print(f"  build (numpy, no cache):     {build[0]:.3f} s / {build[1]:.3f} s")
    print(f"  load (memory-mapped cache):  {load[0]:.4f} s / {load[1]:.4f} s")


if __name__ == "__main__":
    main()
