"""Compute the exact total of common first guesses and write a preset's openers-normal.tsv or -hard.tsv.

Usage: python scripts/opener_totals.py [--lists NAME] [--hard] [--workers N] [WORD ...]
(default: the nyt lists and the openers below). Each opener is a full exhaustive search (seconds
to an hour); the file is rewritten after each one, so an interrupted run keeps what it finished.
"""

from __future__ import annotations

import argparse
import time

from wordle_tui.core.files import write_text_atomically
from wordle_tui.core.model import uniform_model
from wordle_tui.core.openers import openers_name, read_totals, totals_text
from wordle_tui.core.pool import RankingPool
from wordle_tui.core.tree import compute_tree
from wordle_tui.core.words import DEFAULT_PRESET, PRESETS, load_preset

COMMON = (
    "crane",
    "slate",
    "trace",
    "crate",
    "stare",
    "raise",
    "arise",
    "soare",
    "roate",
    "adieu",
    "audio",
    "irate",
    "least",
    "later",
    "alert",
    "slant",
    "carte",
    "reast",
    "tares",
    "caret",
    "train",
    "react",
    "plate",
    "lance",
    "parse",
    "heart",
    "stone",
    "house",
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lists", default=DEFAULT_PRESET, choices=list(PRESETS))
    parser.add_argument("--hard", action="store_true")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("words", nargs="*", default=COMMON)
    args = parser.parse_args()
    lists = load_preset(args.lists)
    model = uniform_model(lists)
    path = PRESETS[args.lists].folder / openers_name(args.hard)
    totals = read_totals(path, lists.digest)
    for word in args.words:
        if word in totals:
            continue
        began = time.perf_counter()
        with RankingPool(args.workers) as pool:
            totals[word] = compute_tree(model, word, args.hard, run=pool.runner(model)).total
        write_text_atomically(path, totals_text(totals, lists.digest, args.hard))
        print(f"{word}\t{totals[word]}\t{time.perf_counter() - began:.0f} s", flush=True)


if __name__ == "__main__":
    main()
