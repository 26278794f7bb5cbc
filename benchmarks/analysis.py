"""Seconds to analyse typical games as the app does, on a preset's lists: `python benchmarks/analysis.py`.

Usage: python benchmarks/analysis.py [--lists NAME] [--games N] [--seed N]
A typical game: a common opener, then the entropy strategy's guesses (every accepted word a
possible answer, as in the coach), against an answer drawn from the answer list. Each game is
analysed in a fresh process, as the app's first analysis is, and again in the same process. The
cache starts empty (a temporary folder), as on a first start: what the analyses cache (the value
of an opener off the shipped tables) counts the first time it is computed.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor

from wordle_tui.core.exact.guess_analysis import analysis_or_problem
from wordle_tui.core.position.model import weighted_model
from wordle_tui.core.rules.game import Difficulty, History
from wordle_tui.core.rules.words import PRESETS, load_preset
from wordle_tui.core.strategies import strategy_named
from wordle_tui.core.strategies.selfplay import solve

OPENERS = ("crane", "slate", "trace", "stare", "adieu", "audio", "raise", "salet")


def timed(name: str, history: History, hard_mode: Difficulty) -> tuple[float, float]:
    """(seconds for the first analysis in a new process, seconds for the same analysis again)."""
    model = weighted_model(load_preset(name))
    times = []
    for _ in range(2):
        began = time.perf_counter()
        result = analysis_or_problem(model, history, hard_mode)
        times.append(time.perf_counter() - began)
        assert not isinstance(result, str), result
    return times[0], times[1]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--lists", default="nyt", choices=list(PRESETS))
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as cache:
        os.environ["XDG_CACHE_HOME"] = cache  # nothing computed before: a first start
        run(args)


def run(args: argparse.Namespace) -> None:
    lists = load_preset(args.lists)
    model = weighted_model(lists)
    draw = random.Random(args.seed)
    print(f"{args.lists} lists: {args.games} games a mode, each analysed in a new process, then again")
    print("| mode | game | guesses | first analysis, s | again, s |")
    print("| --- | --- | --- | --- | --- |")
    for hard_mode in (Difficulty.NORMAL, Difficulty.HARD):
        firsts, agains = [], []
        for n in range(args.games):
            answer, opener = draw.choice(lists.answers), OPENERS[n % len(OPENERS)]
            history = solve(answer, strategy_named("entropy"), model, hard_mode, start=opener).history
            with ProcessPoolExecutor(1) as fresh:
                first, again = fresh.submit(timed, args.lists, history, hard_mode).result()
            firsts.append(first)
            agains.append(again)
            game = " ".join(guess for guess, _ in history)
            print(f"| {hard_mode.word} | {game} | {len(history)} | {first:.2f} | {again:.2f} |", flush=True)
        print(
            f"| {hard_mode.word} | median of {args.games} | | {statistics.median(firsts):.2f} "
            f"(max {max(firsts):.2f}) | {statistics.median(agains):.2f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
