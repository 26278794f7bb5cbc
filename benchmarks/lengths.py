"""What the engine costs at each word length, on lists drawn from a dictionary file.

Usage: python benchmarks/lengths.py DICTIONARY [--lengths 4 5 ... 11] [--answers N] [--seed N] [--hard]

For each length the guesses are every word of that many lower-case letters a-z in DICTIONARY (one
word a line; Debian's wamerican-large, /usr/share/dict/american-english-large, say) and the answers a
random draw of N of them: throwaway lists, not the ones that ship. Each length prints the pattern
type and what the table against the answers takes in memory (as cached, memory-mapped), and the CPU
seconds (this process) to build it; to measure every guess against every answer as a ranking does,
each way of counting (sorted rows, or one count per pattern: position/figures.py picks one by the
patterns and the candidates, marked); and to compute the exact tree after the guess of most buckets,
with its total and average. Everything runs in this process, in an empty cache folder.
"""

from __future__ import annotations

import argparse
import os
import random
import tempfile
import time
from pathlib import Path

import numpy as np

from wordle_tui.core.rules.game import Difficulty

BLOCK_BYTES_AT_MOST = 5e8  # one count per pattern: a block's counts (128 guesses x 3**length) past this are not tried


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("dictionary", type=Path)
    parser.add_argument("--lengths", nargs="*", type=int, default=list(range(4, 12)))
    parser.add_argument("--answers", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--hard", dest="difficulty", action="store_const", const=Difficulty.HARD, default=Difficulty.NORMAL
    )
    args = parser.parse_args()
    words = args.dictionary.read_text(encoding="utf-8", errors="replace").split()
    with tempfile.TemporaryDirectory() as folder:
        os.environ["XDG_CACHE_HOME"] = folder  # nothing found before: every table and tree built here
        print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores, {args.difficulty.word} mode")
        print(
            "| letters | guesses | answers | pattern | table MiB | table s | figures s: sorted rows | "
            "one count per pattern | opener | total | average | tree s |"
        )
        print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
        for length in args.lengths:
            guesses = sorted({w for w in words if len(w) == length and w.isascii() and w.isalpha() and w.islower()})
            answers = sorted(random.Random(args.seed).sample(guesses, min(args.answers, len(guesses))))
            print(row(length, tuple(answers), tuple(guesses), Path(folder), args.difficulty), flush=True)


def row(length: int, answers: tuple[str, ...], guesses: tuple[str, ...], folder: Path, hard_mode: Difficulty) -> str:
    from wordle_tui.core.exact.trees import compute_tree
    from wordle_tui.core.position import figures
    from wordle_tui.core.position.curve import GuessCurve
    from wordle_tui.core.position.model import uniform_model
    from wordle_tui.core.position.table import PatternTable
    from wordle_tui.core.rules.words import WordLists

    lists = WordLists(answers, guesses)
    began = time.process_time()
    table = PatternTable.for_answers(lists, folder)
    table_seconds = time.process_time() - began
    matrix = table.matrix

    every, weights = np.arange(len(guesses)), np.full(len(answers), 1 / len(answers))
    curve = GuessCurve(0.3, 0.5)  # what the guesses still needed are does not change the counting's cost
    sorted_rows = 3**length > max(figures._FEW_PATTERNS, figures._DENSE_SPAN * len(answers))
    counted = {}
    for way, span in (("sorted rows", 0.0), ("one count per pattern", float("inf"))):
        if span and 128 * 3**length * 8 > BLOCK_BYTES_AT_MOST:
            counted[way] = "-"
            continue
        kept = figures._FEW_PATTERNS, figures._DENSE_SPAN
        figures._FEW_PATTERNS, figures._DENSE_SPAN = 0, span
        began = time.process_time()
        figures.measure(table.against(np.arange(len(answers))), every, weights, curve)
        counted[way] = f"{time.process_time() - began:.2f}" + (
            " (ranks)" if (way == "sorted rows") == sorted_rows else ""
        )
        figures._FEW_PATTERNS, figures._DENSE_SPAN = kept

    opener = guesses[int(np.argmax([len(np.unique(patterns)) for patterns in matrix]))]
    began = time.process_time()
    tree = compute_tree(uniform_model(lists, table), opener, hard_mode)
    tree_seconds = time.process_time() - began
    return (
        f"| {length} | {len(guesses):,} | {len(answers):,} | {matrix.dtype} | {matrix.nbytes / 2**20:.1f} | "
        f"{table_seconds:.2f} | {counted['sorted rows']} | {counted['one count per pattern']} | {opener} | "
        f"{tree.total:,} | {tree.average:.4f} | {tree_seconds:.2f} |"
    )


if __name__ == "__main__":
    main()
