"""The total number of guesses after each first guess, with optimal play afterwards.

A full search after one opener takes seconds to minutes, so the totals of common openers ship in
each preset's folder as `openers-normal.tsv` and `openers-hard.tsv` (exact, for those lists). Any
other opener gets a bounded search (the most promising guesses only at each position: an upper
bound, usually exact) whose result is cached per word list.
"""

from __future__ import annotations

from contextlib import suppress
from pathlib import Path

from .files import write_text_atomically
from .game import mode_name
from .model import CandidateModel
from .optimal import BOUNDED_TOP
from .table import cache_dir
from .tree import compute_tree, shipped_folder, tree_for

FORMAT = "wordle-tui openers v1"


def openers_name(hard_mode: bool) -> str:
    return f"openers-{mode_name(hard_mode)}.tsv"


def read_totals(path: Path, digest: str) -> dict[str, int]:
    """`word<TAB>total` lines after a header naming the lists; empty if missing or for other lists."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return {}
    if not lines or f"lists={digest}" not in lines[0].split():
        return {}
    totals = {}
    for line in lines[1:]:
        word, _, total = line.partition("\t")
        with suppress(ValueError):
            totals[word.strip()] = int(total)
    return totals


def totals_text(totals: dict[str, int], digest: str, hard_mode: bool) -> str:
    lines = [f"# {FORMAT} lists={digest} mode={mode_name(hard_mode)}"]
    lines += [f"{word}\t{total}" for word, total in sorted(totals.items(), key=lambda item: (item[1], item[0]))]
    return "\n".join(lines) + "\n"


def _bounded_path(digest: str, hard_mode: bool, guess: str) -> Path:
    """One file an opener, so that two processes computing two openers never write the same file."""
    return cache_dir() / f"{digest}-bounded-opener-{mode_name(hard_mode)}-{guess}.txt"


def opener_total(model: CandidateModel, guess: str, hard_mode: bool) -> tuple[int, bool]:
    """(total guesses over every answer after `guess`, whether that total is exact)."""
    lists = model.lists
    best = tree_for(model, hard_mode)
    if guess == best.start:
        return best.total, True
    folder = shipped_folder(lists)
    exact = read_totals(folder / openers_name(hard_mode), lists.digest) if folder else {}
    if guess in exact:
        return exact[guess], True
    path = _bounded_path(lists.digest, hard_mode, guess)
    try:
        return int(path.read_text(encoding="utf-8")), False
    except (OSError, ValueError):
        pass  # not computed yet, or damaged: computed again
    # In this process: the app runs analyses inside a pool worker, which must not start a pool.
    total = compute_tree(model, guess, hard_mode, top=BOUNDED_TOP).total
    with suppress(OSError):
        write_text_atomically(path, str(total))
    return total, False
