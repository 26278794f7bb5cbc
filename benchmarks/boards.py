"""Several boards at once, beside doddle's `benchmark --simul N`: average guesses until every board is solved.

`wordle-tui bench --boards N --lists original --seed 13` plays the very sets doddle 1.6.0's benchmark
plays (1,000 sets of N answers of the original 2,315, drawn with `random.seed(13)`, an answer
possibly twice in a set; its guesses are the original 12,972). With `--doddle EXE` (the `doddle`
command of a virtual environment of its own: `pip install doddle==1.6.0 'numpy<2'`), doddle's own
benchmark runs too and its mean is printed beside ours; it takes minutes (Octordle, most of an hour).

Usage: python benchmarks/boards.py [--boards 2 4 8] [--strategies boards entropy minimax] [--doddle EXE]
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import time

from wordle_tui.core.rules.boards import game_name, guess_limit


def ours(boards: int, strategy: str) -> dict:
    argv = [sys.executable, "-m", "wordle_tui", "bench", "--boards", str(boards), "--lists", "original"]
    argv += ["--seed", "13", "--sample", "1000", "--strategy", strategy, "--json"]
    return json.loads(subprocess.run(argv, capture_output=True, text=True, check=True).stdout)


def doddle(executable: str, boards: int) -> tuple[float, float]:
    """(doddle's mean, its wall seconds) for `benchmark --simul boards`, its default solver (minimax)."""
    began = time.perf_counter()
    said = subprocess.run([executable, "benchmark", "--simul", str(boards)], capture_output=True, text=True, check=True)
    found = re.search(r"Mean:\s+([0-9.]+)", said.stdout)
    if found is None:
        sys.exit(f"doddle printed no mean:\n{said.stdout}")
    return float(found.group(1)), time.perf_counter() - began


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--boards", nargs="*", type=int, default=[2, 4, 8])
    parser.add_argument("--strategies", nargs="*", default=["boards", "entropy", "minimax"])
    parser.add_argument("--doddle", metavar="EXE", help="doddle's command, to run its benchmark beside ours")
    args = parser.parse_args()
    print(
        "| game | strategy | average | not solved in time | max | seconds |"
        + (" doddle | doddle s |" * bool(args.doddle))
    )
    print("| --- | --- | --- | --- | --- | --- |" + (" --- | --- |" * bool(args.doddle)))
    for boards in args.boards:
        theirs = doddle(args.doddle, boards) if args.doddle else None
        for strategy in args.strategies:
            result = ours(boards, strategy)
            row = f"| {game_name(boards)} ({guess_limit(boards)}) | {strategy} | {result['average']:.3f} | "
            row += f"{len(result['failed'])} | {result['max']} | {result['seconds']:.0f} |"
            if theirs is not None:
                row += f" {theirs[0]:.3f} | {theirs[1]:.0f} |"
            print(row, flush=True)


if __name__ == "__main__":
    main()
