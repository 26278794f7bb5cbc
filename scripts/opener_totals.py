"""Compute the exact value of common first guesses and write a preset's openers-normal.tsv, -hard.tsv or -ultra.tsv.

Usage: python scripts/opener_totals.py [--lists NAME] [--hard | --ultra] [--workers N] [--top K] [--known] [WORD ...]
(default: the nyt lists and, for five-letter lists, the common openers below; other lengths have
none, so name the words, or give --known or --buckets K, the K openers of most buckets, those a
proof tries first). Each opener is a full exhaustive search (seconds
to an hour) of the answers at risk, then the total, unless its exact value is in the cache (from
an earlier run, or a proof: `wordle-tui openers --all`); the file is rewritten after each one, so
an interrupted run keeps what it finished. --known adds every opener whose exact value is known,
for example the 100 best after `wordle-tui openers --all --top 100`. With --top K each is a
bounded search instead (seconds: an upper bound, marked as such in the table), which a later
exact run replaces.
"""

from __future__ import annotations

import argparse
import time

from wordle_tui.core.exact.opener_records import OpenerValue, openers_name, read_values, remember_exact, values_text
from wordle_tui.core.exact.openers import known_opener, known_value, known_values
from wordle_tui.core.exact.proof import most_buckets
from wordle_tui.core.exact.trees import compute_tree
from wordle_tui.core.files import write_text_atomically
from wordle_tui.core.position.model import uniform_model
from wordle_tui.core.rules.game import Difficulty
from wordle_tui.core.rules.words import DEFAULT_PRESET, PRESETS, load_preset
from wordle_tui.core.workers.pool import RankingPool

COMMON = (
    "salet",
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
    modes = parser.add_mutually_exclusive_group()
    modes.add_argument("--hard", dest="mode", action="store_const", const=Difficulty.HARD, default=Difficulty.NORMAL)
    modes.add_argument("--ultra", dest="mode", action="store_const", const=Difficulty.ULTRA)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--top", type=int, help="a bounded search (the K most promising guesses a position)")
    parser.add_argument("--known", action="store_true", help="also every opener whose exact value is known")
    parser.add_argument("--buckets", type=int, default=0, metavar="K", help="also the K openers of most buckets")
    parser.add_argument("words", nargs="*")
    args = parser.parse_args()
    lists = load_preset(args.lists)
    model = uniform_model(lists)
    path = PRESETS[args.lists].folder / openers_name(args.mode)
    values = read_values(path, lists.digest)
    words = list(args.words or (COMMON if lists.length == len(COMMON[0]) else []))
    if unknown := [word for word in words if word not in lists.guess_index]:
        parser.error(f"{', '.join(unknown)}: not accepted guesses of the {args.lists} lists.")
    if args.buckets:
        words += [word for word in most_buckets(model, args.mode)[: args.buckets] if word not in words]
    if args.known:
        words += [value.word for value in known_values(model, args.mode) if value.word not in words]
    start = known_opener(lists, args.mode)  # its value comes with its shipped tree
    words = [word for word in words if word != start]
    if not words:
        parser.error(f"no openers to evaluate for the {args.lists} lists: name them, or give --known or --buckets.")
    for word in words:
        if word in values and (values[word].exact or args.top):
            continue  # an exact value replaces a bound, never the other way round
        began = time.perf_counter()
        if args.top is None and (known := known_value(model, word, args.mode)) is not None:
            values[word] = known  # cached by an earlier run, or by a proof (wordle-tui openers --all)
        else:
            with RankingPool(args.workers) as pool:
                tree = compute_tree(model, word, args.mode, top=args.top, run=pool.runner(model))
            values[word] = OpenerValue(word, tree.value, exact=args.top is None)
            if args.top is None:
                remember_exact(lists, args.mode, values[word])
        write_text_atomically(path, values_text(values, lists.digest, args.mode))
        value = values[word]
        print(f"{word}\t{value.total}\tat risk {value.at_risk}\t{time.perf_counter() - began:.0f} s", flush=True)


if __name__ == "__main__":
    main()
