"""What the engine costs at each word length: on lists drawn from a dictionary file, or on the shipped lists.

Usage: python benchmarks/lengths.py DICTIONARY [--lengths 4 5 ... 11] [--answers N] [--seed N] [--hard]
       python benchmarks/lengths.py --shipped [--lengths 4 5 ... 11] [--workers N]

With --shipped, the preset of each length (`nyt` for five letters, `english-N` for the others): its
lists; the entropy strategy's average over every answer in each mode (`wordle-tui bench`), and the
CPU seconds (the command and its workers) and wall seconds of the normal-mode run, first in an empty
cache folder (the pattern table and the opening's figures built) and then again with them kept;
then, from what ships alone (no search), each mode's best opener, whether its proof is finished,
and the optimal tree after it.

With a DICTIONARY, for each length the guesses are every word of that many lower-case letters a-z in DICTIONARY (one
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
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from wordle_tui.core.rules.game import Difficulty

BLOCK_BYTES_AT_MOST = 5e8  # one count per pattern: a block's counts (128 guesses x 3**length) past this are not tried


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("dictionary", type=Path, nargs="?")
    parser.add_argument("--shipped", action="store_true", help="the shipped lists of each length, not a dictionary's")
    parser.add_argument("--workers", type=int, default=1, help="with --shipped: the bench's worker processes")
    parser.add_argument("--lengths", nargs="*", type=int, default=list(range(4, 12)))
    parser.add_argument("--answers", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--hard", dest="difficulty", action="store_const", const=Difficulty.HARD, default=Difficulty.NORMAL
    )
    args = parser.parse_args()
    if args.shipped == (args.dictionary is not None):
        parser.error("give a DICTIONARY or --shipped, one of the two.")
    if args.shipped:
        shipped_tables(args.lengths, args.workers)
        return
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


MODES = (Difficulty.NORMAL, Difficulty.HARD, Difficulty.ULTRA)


def shipped_tables(lengths: list[int], workers: int) -> None:
    from wordle_tui.core.rules.words import load_preset, preset_for_length

    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores, bench with {workers} worker(s)")
    print("| letters | bench CPU s, empty cache | wall s | CPU s, cache kept | wall s |")
    print("| --- | --- | --- | --- | --- |")
    best = []
    for length in lengths:
        name = preset_for_length(length)
        lists = load_preset(name)
        with tempfile.TemporaryDirectory() as folder:
            cold = bench(name, Difficulty.NORMAL, workers, folder)
            warm = bench(name, Difficulty.NORMAL, workers, folder)
            averages = [warm[0], *(bench(name, mode, workers, folder)[0] for mode in MODES[1:])]
        print(f"| {length} | {cold[1]:.1f} | {cold[2]:.1f} | {warm[1]:.1f} | {warm[2]:.1f} |", flush=True)
        about = f"| {length} | `{name}` | {len(lists.answers):,} | {len(lists.guesses):,} |"
        best += [f"{about} {best_row(name, lists, mode)} {average:.4f} |" for mode, average in zip(MODES, averages)]
    print()
    print(
        "| letters | preset | answers | guesses | mode | best opener | proof | optimal total | average | max "
        "| entropy average |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    print("\n".join(best))


def bench(name: str, hard_mode: Difficulty, workers: int, cache: str) -> tuple[float, float, float]:
    """(the entropy strategy's average over every answer, the CPU seconds of the command and its
    workers, the wall seconds), the cache in `cache`."""
    flag = {Difficulty.NORMAL: [], Difficulty.HARD: ["--hard"], Difficulty.ULTRA: ["--ultra"]}[hard_mode]
    argv = [sys.executable, "-m", "wordle_tui", "bench", "--lists", name, "--strategy", "entropy", *flag, "--json"]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    began = time.perf_counter()
    done = subprocess.run(
        [*argv, "--workers", str(workers)],
        capture_output=True,
        text=True,
        check=True,
        env=os.environ | {"XDG_CACHE_HOME": cache},
    )
    wall = time.perf_counter() - began
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return json.loads(done.stdout)["average"], cpu, wall


def best_row(name: str, lists, hard_mode: Difficulty) -> str:
    """The best opener of `hard_mode` from what ships (no search), whether its proof is finished,
    and the optimal tree after it: the proof's best, or the opener of the tree that ships."""
    from wordle_tui.core.exact.openers import known_opener, shipped_values
    from wordle_tui.core.exact.proof import proof_name
    from wordle_tui.core.exact.search import AT_RISK
    from wordle_tui.core.exact.trees import stored_tree
    from wordle_tui.core.rules.words import PRESETS

    record = PRESETS[name].folder / proof_name(hard_mode)
    header = record.read_text(encoding="utf-8").split("\n", 1)[0].split() if record.exists() else []
    fields = dict(item.split("=", 1) for item in header[4:])
    if fields.get("unsettled") == "0":
        proof = "proved" + ("" if fields["top"] == "1" else f", the {fields['top']} best")
    elif fields:
        proof = f"not proved: best found ({int(fields['unsettled']):,} openers unsettled)"
    else:
        proof = "no proof ships: the shipped tree's"
    opener = known_opener(lists, hard_mode) or fields.get("best", "-")
    stored = stored_tree(lists, hard_mode, opener)
    if stored is not None:
        tree = stored[0]
        total = f"{tree.total:,}" if not tree.losses else f"{tree.losses} at risk"
        return f"{hard_mode.word} | {opener} | {proof} | {total} | {tree.average:.4f} | {tree.worst_case} |"
    if fields:
        value = int(fields["value"])
    elif table := shipped_values(lists, hard_mode):  # no proof, no tree: the best value known
        opener, value = min(((found.word, found.value) for found in table.values()), key=lambda found: found[::-1])
        proof = f"not proved: the best of {len(table)} evaluated"
    else:
        return f"{hard_mode.word} | - | nothing ships | - | - | - |"
    total = "-" if value < 0 else f"{value:,}" if value < AT_RISK else f"{value // AT_RISK} at risk"
    return f"{hard_mode.word} | {opener} | {proof} | {total} | - | - |"


if __name__ == "__main__":
    main()
