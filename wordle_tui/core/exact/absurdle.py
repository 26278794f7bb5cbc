"""The fewest guesses that always beat Absurdle (see rules.absurdle) on a set of lists, and a line
that does: the adversary answers each guess the one way its rule allows, so a line is a list of
guesses, and the search looks for the shortest one after which a single answer is left.

Iterative deepening: with k guesses to go before the last, a set of answers is tried against every
guess, smallest kept group first, each group searched once per depth (the same group reached by
other guesses is not searched again). One guess to go needs a guess that tells every answer left
apart; the adversary then keeps one of them, and the last guess is that one."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ..position.model import CandidateModel, uniform_model
from ..rules.absurdle import response_rank
from .search import compiled_search

Progress = Callable[[int, int, int], None]  # (guesses in the lines tried, first guesses tried, first guesses in all)


@dataclass(frozen=True)
class AbsurdleLine:
    guesses: tuple[str, ...]  # the last one is the answer left
    responses: tuple[int, ...]  # the adversary's response to each
    left: tuple[int, ...]  # answers left after each


def fewest_guesses(model: CandidateModel, most: int = 8, progress: Progress | None = None) -> AbsurdleLine | None:
    """The shortest line that always wins (the adversary is deterministic, so one line is a proof that
    it wins, and the exhausted shorter depths that none is shorter); None if none of `most` guesses or
    fewer wins."""
    lists, table = model.lists, model.table
    kernel = compiled_search()
    matrix = np.ascontiguousarray(table.matrix)
    columns = np.ascontiguousarray(matrix.T)
    patterns = 3**lists.length
    rank = response_rank(lists.length)
    rows = np.arange(len(lists.guesses))
    everything = np.arange(len(table.targets))

    def to_one(answers: np.ndarray, k: int, seen: list[set[bytes]], depth: int) -> list[int] | None:
        """Guess rows after which one answer is left, k of them, or None."""
        if k == 0:
            return [] if len(answers) == 1 else None
        if k == 1:
            counts = kernel.bucket_counts(matrix, columns, answers, rows, patterns, len(answers))
            split = np.flatnonzero(counts == len(answers))
            return [int(split[0])] if split.size else None
        responses, sizes = kernel.adversary(matrix, answers, rows, rank, patterns)
        order = np.argsort(sizes, kind="stable")
        order = order[sizes[order] < len(answers)]  # a guess the adversary keeps everything against is no step
        for done, row in enumerate(order.tolist()):
            if depth == 0 and progress:
                progress(len(seen) + 1, done, len(order))
            kept = answers[matrix[row, answers] == responses[row]]
            key = kept.tobytes()
            if key in seen[k - 1]:
                continue
            seen[k - 1].add(key)
            rest = to_one(kept, k - 1, seen, depth + 1)
            if rest is not None:
                return [row, *rest]
        if depth == 0 and progress:
            progress(len(seen) + 1, len(order), len(order))  # every first guess tried: none of this length wins
        return None

    for k in range(most):
        found = to_one(everything, k, [set() for _ in range(k)], 0)
        if found is None:
            continue
        guesses, responses, left = [], [], []
        answers = everything
        for row in found:
            response = int(kernel.adversary(matrix, answers, np.array([row]), rank, patterns)[0][0])
            answers = answers[matrix[row, answers] == response]
            guesses.append(lists.guesses[row])
            responses.append(response)
            left.append(len(answers))
        last = table.targets[int(answers[0])]
        return AbsurdleLine((*guesses, last), (*responses, patterns - 1), (*left, 0))
    return None


def shortest_line(model: CandidateModel, most: int = 8) -> tuple[str, ...]:
    """The guesses of the shortest line that always wins on the lists of `model`, judged against the
    answer list (every answer alike, as the adversary keeps them); () if none of `most` guesses or
    fewer does. A job for the pool: the bot that watches plays it."""
    line = fewest_guesses(uniform_model(model.lists), most)
    return () if line is None else line.guesses
