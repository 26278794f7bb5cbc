"""Proving which first guess is best: cheap lower bounds rule out most openers, the rest are evaluated.

The bound of an opener counts one guess for every answer, then, for each of its buckets, the least
any second guess could achieve if every bucket it left cost its own least possible (a bucket of m
answers costs at least 2m - 1): 3m minus the most patterns (plus one if it is an answer) any
second guess gets. No play after the opener can do better, so an opener whose bound reaches the
best value found is ruled out without a search. The other openers (the contenders) are evaluated
exactly, best bound first, until the next bound reaches the best value: that value is then proved
the least of all (as in Alex Selby's proof of SALET).

Both steps keep their progress under the cache folder (the bounds a chunk at a time, each exact
value as it is found), so an interrupted proof resumes where it stopped.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from .files import write_atomically
from .game import MAX_GUESSES, mode_name
from .jobs import Runner, in_process
from .model import CandidateModel
from .openers import OpenerValue, exact_value, known_values
from .optimal import search_for
from .table import cache_dir
from .tree import default_opener, remember_opener, tree_for
from .words import WordLists

CHUNK = 256  # openers bounded in one job
Progress = Callable[[str, int, int], None]  # (step, done, total)


def opener_bounds(model: CandidateModel, hard_mode: bool, openers: np.ndarray) -> np.ndarray:
    """A lower bound on the total guesses after each opener (indices into the guess list)."""
    lists = model.lists
    every = np.arange(len(lists.guesses))
    search, node = search_for(model.table, lists, np.arange(len(lists.answers)), every, hard_mode, depth=MAX_GUESSES)
    n = len(node.answers)
    bounds = np.empty(len(openers), dtype=np.int64)
    for k, opener in enumerate(openers.tolist()):
        row = search.row_of_guess[opener]
        total = n
        for pattern, part in search.split(node.answers, search.matrix[row, node.answers]):
            m = len(part)
            if m <= 2:
                total += 2 * m - 1
                continue
            guesses = search.child_guesses(node.guesses, row, pattern)
            columns = search.columns[np.ix_(part, guesses)]
            best = (search.bucket_counts(columns) + search.is_answer(part)[guesses]).max()
            total += 3 * m - int(best)
        bounds[k] = total
    return bounds


@dataclass
class Proof:
    """Where a proof stands: every opener's bound, the exact values found, and the `top` best of them."""

    bounds: np.ndarray  # per guess, -1 where not bounded yet
    top: int = 1  # how many of the best openers the proof settles
    values: dict[str, OpenerValue] = field(default_factory=dict)  # the contenders evaluated exactly

    def ranked(self) -> list[OpenerValue]:
        """The openers evaluated, best first (fewest answers at risk, fewest guesses, then alphabetical)."""
        return sorted(self.values.values(), key=lambda value: (value.value, value.word))

    @property
    def best(self) -> OpenerValue:
        return self.ranked()[0]

    @property
    def threshold(self) -> int:
        """The value an opener must beat to be among the `top` best: the top-th best value found."""
        ranked = self.ranked()
        return ranked[self.top - 1].value if len(ranked) >= self.top else int(np.iinfo(np.int64).max)

    def contenders(self, lists: WordLists) -> list[str]:
        """The openers not yet ruled out by their bound nor evaluated, best bound first."""
        order = np.argsort(self.bounds, kind="stable")
        words = [lists.guesses[k] for k in order.tolist() if 0 <= self.bounds[k] < self.threshold]
        return [word for word in words if word not in self.values]

    def ruled_out(self, lists: WordLists) -> int:
        """How many openers their bound alone ruled out."""
        evaluated = [lists.guess_index[word] for word in self.values]
        return int(np.count_nonzero(self.bounds >= self.threshold)) - int(
            np.count_nonzero(self.bounds[evaluated] >= self.threshold)
        )


def _bounds_path(lists: WordLists, hard_mode: bool) -> Path:
    return cache_dir() / f"{lists.digest}-opener-bounds-v1-{mode_name(hard_mode)}.npy"


def _load_bounds(path: Path, size: int) -> np.ndarray:
    with suppress(OSError, ValueError, EOFError):
        bounds = np.load(path, allow_pickle=False)
        if bounds.shape == (size,) and bounds.dtype == np.int64:
            return bounds
    return np.full(size, -1, dtype=np.int64)


def _save_bounds(path: Path, bounds: np.ndarray) -> None:
    with suppress(OSError):  # an unwritable cache costs the bounds again next time, nothing else
        write_atomically(path, lambda handle: np.save(handle, bounds), binary=True)


def prove_best_opener(
    model: CandidateModel,
    hard_mode: bool,
    run: Runner | None = None,
    progress: Progress | None = None,
    top: int = 1,
) -> Proof:
    """Bound every opener (in CHUNK-sized jobs handed to `run`), then evaluate the contenders exactly:
    those whose bound is below the `top`-th best value found, until none is left."""
    lists = model.lists
    run = run or in_process(model)
    report = progress or (lambda step, done, total: None)
    path = _bounds_path(lists, hard_mode)
    bounds = _load_bounds(path, len(lists.guesses))
    missing = np.flatnonzero(bounds < 0)
    chunks = [missing[i : i + CHUNK] for i in range(0, len(missing), CHUNK)]
    done = len(lists.guesses) - len(missing)
    report("bounding", done, len(lists.guesses))
    for first in range(0, len(chunks), 8):  # a few chunks a round, saved after each round
        batch = chunks[first : first + 8]
        for chunk, found in zip(batch, run(opener_bounds, [(hard_mode, chunk) for chunk in batch])):
            bounds[chunk] = found
            done += len(chunk)
        _save_bounds(path, bounds)
        report("bounding", done, len(lists.guesses))
    proof = Proof(bounds, top)
    if (start := default_opener(lists, hard_mode)) is not None:  # the best known: shipped or found before
        proof.values[start] = OpenerValue(start, tree_for(model, hard_mode, start).value, True)
    for known in known_values(model, hard_mode):  # exact values known before (shipped, or from an earlier proof)
        proof.values[known.word] = known
    while contenders := proof.contenders(lists):
        report("evaluating", len(proof.values), len(proof.values) + len(contenders))
        word = contenders[0]
        proof.values[word] = exact_value(model, word, hard_mode, run=run)
    report("evaluating", len(proof.values), len(proof.values))
    if proof.best.word != start:
        remember_opener(lists, hard_mode, proof.best.word)  # optimal plays it from now on
    return proof
