"""1 worker against 2: the opening ranking and full benchmarks. `python benchmarks/workers.py [ROUNDS]`.

The two configurations alternate round by round, so that a slow spell of a shared machine falls on
both alike; each figure is a median over the rounds. A control row first measures what the machine
gives two processes at all: a pure-Python loop, run twice in one process against once in each of two.
On the nyt2022 lists, the answer list only; the opening's cached figures are removed before each
ranking, so that it is measured (and kept again: a few milliseconds of each figure).
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from multiprocessing import get_context

from wordle_tui.core.position.model import State, uniform_model
from wordle_tui.core.position.opening_figures import opening_path
from wordle_tui.core.rules.words import load_preset
from wordle_tui.core.strategies import strategy_named
from wordle_tui.core.strategies.ranking import Ranker
from wordle_tui.core.workers.pool import RankingPool

LISTS = "nyt2022"
ROUNDS = 9
OPENING_REPEATS = 5  # opening rankings per configuration per round
TOP = 20  # rows a caller asks for; the ranking itself orders every guess


def spin() -> float:
    """Seconds for a fixed pure-Python loop."""
    began = time.perf_counter()
    total = 0
    for i in range(3_000_000):
        total += i * i
    return time.perf_counter() - began


def control(rounds: int) -> tuple[float, float]:
    """Median seconds for the loop twice in one worker process, and once in each of two at the same time."""
    one, two = [], []
    with get_context("forkserver").Pool(2) as processes:
        processes.map(_spin, [0, 1], chunksize=1)  # both processes up
        for _ in range(rounds):
            one.append(processes.apply(_spin, (2,)))
            two.append(max(processes.map(_spin, [1, 1], chunksize=1)))
    return statistics.median(one), statistics.median(two)


def _spin(times: int) -> float:
    return sum(spin() for _ in range(times))


def opening(rounds: int) -> tuple[float, float]:
    """Median seconds to rank all guesses against all answers by entropy, with 1 and with 2 workers (started)."""
    model = uniform_model(load_preset(LISTS))
    entropy = strategy_named("entropy")
    cached = opening_path(State(model))
    times: dict[int, list[float]] = {1: [], 2: []}
    with RankingPool(1) as one, RankingPool(2) as two:
        rankers = {1: Ranker(one), 2: Ranker(two)}
        two.start(model)
        for ranker in rankers.values():
            ranker.rank(State(model), entropy, top=TOP)
        for _ in range(rounds):
            for workers, ranker in rankers.items():
                for _ in range(OPENING_REPEATS):
                    cached.unlink(missing_ok=True)
                    began = time.perf_counter()
                    ranker.rank(State(model), entropy, top=TOP)
                    times[workers].append(time.perf_counter() - began)
    return statistics.median(times[1]), statistics.median(times[2])


def bench(rounds: int, strategy: str) -> tuple[float, float]:
    """Median of the wall seconds `bench` reports, with 1 and with 2 workers."""
    seconds: dict[int, list[float]] = {1: [], 2: []}
    for _ in range(rounds):
        for workers in seconds:
            command = [sys.executable, "-m", "wordle_tui", "bench", "--json", "--strategy", strategy, "--lists", LISTS]
            out = subprocess.run([*command, "--workers", str(workers)], check=True, capture_output=True, text=True)
            seconds[workers].append(json.loads(out.stdout)["seconds"])
    return statistics.median(seconds[1]), statistics.median(seconds[2])


def row(work: str, measure: Callable[..., tuple[float, float]], *args, digits: int) -> None:
    one, two = measure(*args)
    print(f"| {work} | {one:.{digits}f} s | {two:.{digits}f} s | {one / two:.2f}x |", flush=True)


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else ROUNDS
    print(f"| work (median of {rounds} alternating rounds) | 1 worker | 2 workers | speed-up |")
    print("| --- | --- | --- | --- |")
    row("control: a pure-Python loop, twice in one process / once in each of two at once", control, rounds, digits=3)
    row(
        f"opening ranking by entropy, 12953 guesses x 2309 answers ({LISTS}), top {TOP} rows", opening, rounds, digits=3
    )
    for strategy in ("entropy", "lookahead"):
        row(f"`bench --strategy {strategy} --lists {LISTS}`, 2309 games", bench, rounds, strategy, digits=2)
    row("control again", control, rounds, digits=3)


if __name__ == "__main__":
    main()
