"""1 worker against 2: the opening ranking and a full benchmark. `python benchmarks/workers.py`."""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time

from wordle_tui.core.model import State, uniform_model
from wordle_tui.core.pool import RankingPool
from wordle_tui.core.strategies import strategy_named
from wordle_tui.core.words import load_word_lists

REPEATS = 15
BENCH_REPEATS = 3
TOP = 20  # rows a caller asks for; the ranking itself orders every guess


def opening_ranking(workers: int) -> float:
    """Median seconds to rank all guesses against all answers by entropy, workers already started."""
    model = uniform_model(load_word_lists())
    with RankingPool(workers) as pool:
        pool.start(model)
        pool.rank(State(model), strategy_named("entropy"), top=TOP)
        times = []
        for _ in range(REPEATS):
            start = time.perf_counter()
            pool.rank(State(model), strategy_named("entropy"), top=TOP)
            times.append(time.perf_counter() - start)
    return statistics.median(times)


def full_bench(workers: int, strategy: str) -> float:
    """Median seconds of a few `bench` runs (the wall time bench itself reports)."""
    command = [sys.executable, "-m", "wordle_tui", "bench", "--json", "--strategy", strategy, "--workers", str(workers)]
    runs = [subprocess.run(command, check=True, capture_output=True, text=True).stdout for _ in range(BENCH_REPEATS)]
    return statistics.median(json.loads(out)["seconds"] for out in runs)


def main() -> None:
    print("| work | 1 worker | 2 workers | speed-up |")
    print("| --- | --- | --- | --- |")
    one, two = opening_ranking(1), opening_ranking(2)
    print(
        f"| opening ranking by entropy, 12953 guesses x 2309 answers, top {TOP} rows (median of {REPEATS}) "
        f"| {one:.3f} s | {two:.3f} s | {one / two:.2f}x |"
    )
    for strategy in ("entropy", "lookahead"):
        one, two = full_bench(1, strategy), full_bench(2, strategy)
        print(
            f"| `bench --strategy {strategy}`, 2309 games (median of {BENCH_REPEATS}) "
            f"| {one:.2f} s | {two:.2f} s | {one / two:.2f}x |",
            flush=True,
        )


if __name__ == "__main__":
    main()
