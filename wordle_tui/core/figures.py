"""Figures of merit for guesses: how each one splits the remaining candidates into feedback buckets."""

from __future__ import annotations

from dataclasses import dataclass, fields

import numpy as np

_ROWS_PER_BLOCK = 128  # guesses counted at once: measured here, 32 is 8-20% slower and 256 no faster
_SPARSE_BELOW = 60  # candidates; below this, counting runs in sorted rows beats one bucket per pattern


@dataclass(frozen=True)
class Figures:
    """Per-guess figures, one array entry per guess in `guesses`."""

    guesses: np.ndarray  # row indices in the pattern table
    entropy: np.ndarray  # expected information, bits
    worst_case: np.ndarray  # the largest bucket
    expected_remaining: np.ndarray  # candidates left, on average over the feedback
    patterns: np.ndarray  # how many distinct feedbacks the guess can get
    expected_guesses: np.ndarray  # guesses to finish, this one included, by the fitted curve

    @staticmethod
    def concatenate(parts: list[Figures]) -> Figures:
        return Figures(*(np.concatenate([getattr(p, f.name) for p in parts]) for f in fields(Figures)))

    def take(self, order: np.ndarray) -> Figures:
        return Figures(*(getattr(self, f.name)[order] for f in fields(Figures)))


def measure(
    by_guess: np.ndarray,
    by_target: np.ndarray,
    length: int,
    guesses: np.ndarray,
    candidates: np.ndarray,
    weights: np.ndarray,
    bucket_cost: np.ndarray,
) -> Figures:
    """Figures for `guesses` against `candidates`, with probabilities `weights`.

    The pattern table comes in both layouts, guess-major and target-major, so that whichever is
    read is read in whole rows: all targets by guess rows, a few candidates by their target rows.
    `bucket_cost[n]` is the number of guesses still needed after a feedback that leaves n
    candidates (a feedback that solves the game costs nothing more).
    """
    uniform = bool(np.all(weights == weights[0]))
    solved = 3**length - 1
    every_target = len(candidates) == by_target.shape[0]
    if len(candidates) < _SPARSE_BELOW:
        sub = np.ascontiguousarray(by_target[candidates][:, guesses].T)
        return _measure_sparse(sub, guesses, weights, uniform, bucket_cost, solved)
    rows = None if every_target else by_target[candidates]
    by_size = _SizeTables(len(candidates), bucket_cost) if uniform else None
    parts = []
    for start in range(0, len(guesses), _ROWS_PER_BLOCK):
        block = guesses[start : start + _ROWS_PER_BLOCK]
        # guesses x candidates, in whatever memory order: bincount does not care
        sub = np.asarray(by_guess[block]) if every_target else rows[:, block].T
        parts.append(_measure_dense(sub, block, 3**length, weights, by_size, bucket_cost, solved))
    return Figures.concatenate(parts)


class _SizeTables:
    """With equal weights every figure is a sum over buckets of a function of the bucket's size.

    Entropy is log2 n - sum(c log2 c) / n, expected remaining sum(c^2) / n, expected guesses
    1 + sum(c f(c)) / n over the unsolved buckets: these tables hold c log2 c and c f(c) by c.
    """

    def __init__(self, n: int, bucket_cost: np.ndarray):
        sizes = np.arange(n + 1)
        self.n = n
        self.c_log_c = sizes * np.log2(np.maximum(sizes, 1))
        self.c_cost = sizes * bucket_cost[: n + 1]


def _measure_dense(
    sub: np.ndarray,
    block: np.ndarray,
    n_patterns: int,
    weights: np.ndarray,
    by_size: _SizeTables | None,
    bucket_cost: np.ndarray,
    solved: int,
) -> Figures:
    """One bucket per possible pattern, counted in one pass over the block; `by_size` when weights are equal."""
    keys = sub + (np.arange(len(block), dtype=np.intp) * n_patterns)[:, None]
    size = len(block) * n_patterns
    # np.add.at reads the keys once; bincount reads them twice (for their range, then to count).
    counts = np.zeros(size, dtype=np.intp)
    np.add.at(counts, keys.ravel(order="K"), 1)
    counts = counts.reshape(len(block), n_patterns)
    if by_size is not None:
        return _uniform_figures(block, counts, by_size, bucket_cost, solved)
    # Weights must pair with keys element for element: both in C order here.
    probability = np.zeros(size)
    np.add.at(probability, keys.ravel(), np.tile(weights, len(block)))
    probability = probability.reshape(len(block), n_patterns)
    with np.errstate(divide="ignore", invalid="ignore"):
        information = np.where(probability > 0, -probability * np.log2(probability), 0.0)
    cost = bucket_cost[counts]
    cost[:, solved] = 0.0
    return Figures(
        guesses=block,
        entropy=information.sum(axis=1),
        worst_case=counts.max(axis=1),
        expected_remaining=(probability * counts).sum(axis=1),
        patterns=(counts > 0).sum(axis=1),
        expected_guesses=1 + (probability * cost).sum(axis=1),
    )


def _uniform_figures(
    block: np.ndarray, counts: np.ndarray, by_size: _SizeTables, bucket_cost: np.ndarray, solved: int
) -> Figures:
    """The figures of equally likely candidates, looked up by bucket size (see _SizeTables)."""
    n = by_size.n
    return Figures(
        guesses=block,
        entropy=np.log2(n) - by_size.c_log_c[counts].sum(axis=1) / n,
        worst_case=counts.max(axis=1),
        expected_remaining=np.einsum("ij,ij->i", counts, counts) / n,
        patterns=np.count_nonzero(counts, axis=1),
        expected_guesses=1 + (by_size.c_cost[counts].sum(axis=1) - counts[:, solved] * bucket_cost[1]) / n,
    )


def _measure_sparse(
    sub: np.ndarray, guesses: np.ndarray, weights: np.ndarray, uniform: bool, bucket_cost: np.ndarray, solved: int
) -> Figures:
    """Sort each guess's patterns and count the runs: work in proportion to the candidates, not the patterns."""
    if uniform:
        ordered = np.sort(sub, axis=1)
    else:
        order = np.argsort(sub, axis=1, kind="stable")
        ordered = np.take_along_axis(sub, order, axis=1)
    starts = np.ones(ordered.shape, dtype=bool)
    starts[:, 1:] = ordered[:, 1:] != ordered[:, :-1]
    patterns = starts.sum(axis=1)
    run = np.cumsum(starts.ravel()) - 1
    counts = np.bincount(run)
    first_run = np.concatenate(([0], np.cumsum(patterns)[:-1]))
    if uniform:
        probability = counts / sub.shape[1]
    else:
        probability = np.bincount(run, weights=weights[order].ravel())
    with np.errstate(divide="ignore", invalid="ignore"):
        information = np.where(probability > 0, -probability * np.log2(probability), 0.0)
    cost = np.where(ordered.ravel()[starts.ravel()] == solved, 0.0, bucket_cost[counts])
    return Figures(
        guesses=guesses,
        entropy=np.add.reduceat(information, first_run),
        worst_case=np.maximum.reduceat(counts, first_run),
        expected_remaining=np.add.reduceat(probability * counts, first_run),
        patterns=patterns,
        expected_guesses=1 + np.add.reduceat(probability * cost, first_run),
    )
