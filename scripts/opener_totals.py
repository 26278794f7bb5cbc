"""Compute the exact total of common first guesses and write data/openers-normal.tsv and -hard.tsv.

Usage: python scripts/opener_totals.py [--hard] [WORD ...]   (default: the openers below)
Each opener is a full exhaustive search (seconds to minutes); the file is rewritten after each one,
so an interrupted run keeps what it finished.
"""

from __future__ import annotations

import argparse
import time

from wordle_tui.core.model import uniform_model
from wordle_tui.core.openers import openers_name, read_totals, totals_text
from wordle_tui.core.tree import compute_tree
from wordle_tui.core.words import data_dir, load_word_lists

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
    parser.add_argument("--hard", action="store_true")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("words", nargs="*", default=COMMON)
    args = parser.parse_args()
    lists = load_word_lists()
    model = uniform_model(lists)
    path = data_dir() / openers_name(args.hard)
    totals = read_totals(path, lists.digest)
    for word in args.words:
        if word in totals:
            continue
        began = time.perf_counter()
        totals[word] = compute_tree(model, word, args.hard, workers=args.workers).total
        path.write_text(totals_text(totals, lists.digest, args.hard), encoding="utf-8")
        print(f"{word}\t{totals[word]}\t{time.perf_counter() - began:.0f} s", flush=True)


if __name__ == "__main__":
    main()
