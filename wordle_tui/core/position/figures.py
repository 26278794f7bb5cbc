"""Figures of merit for guesses: how each one splits the remaining candidates into feedback buckets."""

from __future__ import annotations

import math
from dataclasses import dataclass, fields

import numpy as np

from ..cancel import checkpoint
from .curve import GuessCurve
from .table import CandidatePatterns, pattern_dtype

_ROWS_PER_BLOCK = 128  # guesses counted at once: measured here, 32 is 8-20% slower and 256 no faster
_SPARSE_BELOW = 60  # candidates; below this, counting runs in sorted rows beats one bucket per pattern
# Above it, one bucket per pattern while the patterns are few beside the candidates: always for five
# letters or fewer (3**5 = 243); for longer words while the patterns are at most this many times the
# candidates, equally likely or weighted (three sums per bucket). Past that, a block's buckets would be
# mostly empty (3**11 = 177,147) and sorted rows cost less (benchmarks/lengths.py measured both).
_FEW_PATTERNS = 3**5
_DENSE_SPAN = 2.0
_DENSE_SPAN_WEIGHTED = 0.5
# One process's time per guess and candidate, measured on a 2-core machine: counted one bucket per pattern
# (the opening of english-7, 30,447 words against 30,376: 17 ns; of 50,000 eight-letter words: 20 ns), or
# each row sorted, which costs by the bits of the candidates' count and the bytes of a pattern (english-9's,
# 37,000 words, 15 bits of two bytes: 42 ns; english-11's, 26,000 words, 15 bits of four: 73 ns).
_BUCKET_PAIR_SECONDS = 2.0e-8
_SORTED_PAIR_SECONDS_PER_BIT_BYTE = 1.3e-9


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
    patterns: CandidatePatterns,
    guesses: np.ndarray,
    weights: np.ndarray,
    curve: GuessCurve,
    tally: np.ndarray | None = None,
) -> Figures:
    """Figures for `guesses` against the candidates of `patterns`, with probabilities `weights`.

    The patterns are taken a block of guesses at a time, so that only a block's patterns against the
    candidates are ever in memory. `curve` gives the guesses still needed after a feedback from the
    uncertainty it leaves (a feedback that solves the game costs nothing more). `tally` says what
    each candidate counts for in the sizes of buckets (worst case, expected remaining, patterns);
    None counts each as one.
    """
    uniform = equally_likely(weights, tally)
    sums = _Weights(weights, tally, uniform)
    length = patterns.table.length
    solved = 3**length - 1
    n = len(patterns.columns)
    if n < _SPARSE_BELOW:
        return _measure_sparse(patterns.of(guesses), guesses, sums, curve, solved)
    dense = _in_buckets(length, n, uniform)
    by_size = _SizeTables(n, curve.bucket_cost(n)) if uniform and dense else None
    parts = []
    for start in range(0, len(guesses), _ROWS_PER_BLOCK):
        checkpoint()  # a few milliseconds a block: a superseded ranking stops here
        block = guesses[start : start + _ROWS_PER_BLOCK]
        sub = patterns.of(block)  # guesses x candidates
        if not dense:
            parts.append(_measure_sparse(sub, block, sums, curve, solved))
        elif by_size is not None:
            parts.append(_measure_uniform(sub, block, 3**length, by_size, solved))
        else:
            parts.append(_measure_weighted(sub, block, 3**length, sums, curve, solved))
    return Figures.concatenate(parts)


def equally_likely(weights: np.ndarray, tally: np.ndarray | None) -> bool:
    """Every candidate is as likely as any other and counts for one: the figures are the buckets' sizes'."""
    return tally is None and bool(np.all(weights == weights[0]))


def _in_buckets(length: int, candidates: int, uniform: bool) -> bool:
    """Whether a block of guesses is counted one bucket per pattern (else each row is sorted): see _FEW_PATTERNS."""
    span = _DENSE_SPAN if uniform else _DENSE_SPAN_WEIGHTED
    return candidates >= _SPARSE_BELOW and 3**length <= max(_FEW_PATTERNS, span * candidates)


def measuring_seconds(guesses: int, candidates: int, length: int, uniform: bool) -> float:
    """Roughly how long one process takes to measure `guesses` against `candidates` (see _BUCKET_PAIR_SECONDS)."""
    if _in_buckets(length, candidates, uniform):
        per_pair = _BUCKET_PAIR_SECONDS
    else:
        per_pair = _SORTED_PAIR_SECONDS_PER_BIT_BYTE * math.log2(max(candidates, 2)) * pattern_dtype(length).itemsize
    return guesses * candidates * per_pair


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
        self.single_cost = bucket_cost[1]


class _Weights:
    """The candidates' probabilities, with w log2 w for the uncertainty left in each bucket, and their tallies."""

    def __init__(self, weights: np.ndarray, tally: np.ndarray | None, uniform: bool):
        self.uniform = uniform
        self.weights = weights
        self.tally = tally
        with np.errstate(divide="ignore", invalid="ignore"):
            self.w_log_w = np.where(weights > 0, weights * np.log2(weights), 0.0)


def _bucket_keys(sub: np.ndarray, n_patterns: int) -> np.ndarray:
    """One key per (guess, pattern): the guess's place in the block times the patterns, plus the pattern."""
    return sub + (np.arange(len(sub), dtype=np.intp) * n_patterns)[:, None]


def _measure_uniform(sub: np.ndarray, block: np.ndarray, n_patterns: int, by_size: _SizeTables, solved: int) -> Figures:
    """Equally likely candidates: one count per possible pattern, then figures looked up by bucket size."""
    keys = _bucket_keys(sub, n_patterns)
    # np.add.at reads the keys once; bincount reads them twice (for their range, then to count).
    flat = np.zeros(len(block) * n_patterns, dtype=np.intp)
    np.add.at(flat, keys.ravel(order="K"), 1)
    counts = flat.reshape(len(block), n_patterns)
    n = by_size.n
    return Figures(
        guesses=block,
        entropy=np.log2(n) - by_size.c_log_c[counts].sum(axis=1) / n,
        worst_case=counts.max(axis=1),
        expected_remaining=np.einsum("ij,ij->i", counts, counts) / n,
        patterns=np.count_nonzero(counts, axis=1),
        expected_guesses=1 + (by_size.c_cost[counts].sum(axis=1) - counts[:, solved] * by_size.single_cost) / n,
    )


def _measure_weighted(
    sub: np.ndarray, block: np.ndarray, n_patterns: int, sums: _Weights, curve: GuessCurve, solved: int
) -> Figures:
    """Candidates of unequal weight: each bucket's probability, tally and uncertainty summed in one pass each."""
    keys = _bucket_keys(sub, n_patterns).ravel()  # C order, to pair with the tiled weights
    size = len(block) * n_patterns

    def per_bucket(values: np.ndarray | None) -> np.ndarray:
        out = np.zeros(size)
        np.add.at(out, keys, 1.0 if values is None else np.tile(values, len(block)))
        return out.reshape(len(block), n_patterns)

    probability = per_bucket(sums.weights)
    counts = per_bucket(sums.tally)
    return _bucket_figures(block, probability, counts, per_bucket(sums.w_log_w), curve, solved)


def _bucket_figures(
    guesses: np.ndarray,
    probability: np.ndarray,
    counts: np.ndarray,
    w_log_w: np.ndarray,
    curve: GuessCurve,
    solved: int,
) -> Figures:
    """Figures from per-bucket sums, one row of buckets per guess.

    A bucket of probability P whose candidates sum w log2 w to S leaves log2 P - S / P bits of
    uncertainty (log2 of its size when its candidates are equally likely).
    """
    information, cost = _information_and_cost(probability, w_log_w, curve)
    cost[:, solved] = 0.0
    return Figures(
        guesses=guesses,
        entropy=information.sum(axis=1),
        worst_case=counts.max(axis=1).astype(np.intp),
        expected_remaining=(probability * counts).sum(axis=1),
        patterns=np.count_nonzero(counts, axis=1),
        expected_guesses=1 + cost.sum(axis=1),
    )


def _information_and_cost(
    probability: np.ndarray, w_log_w: np.ndarray, curve: GuessCurve
) -> tuple[np.ndarray, np.ndarray]:
    """Per bucket: -P log2 P, and P times the guesses still needed after it (see _bucket_figures)."""
    with np.errstate(divide="ignore", invalid="ignore"):
        # 0.0 - x rather than -x: a certain feedback (P = 1) gives 0 bits, not -0.
        information = np.where(probability > 0, 0.0 - probability * np.log2(probability), 0.0)
        left = np.where(probability > 0, np.log2(probability) - w_log_w / probability, 0.0)
    return information, np.where(probability > 0, probability * curve(left), 0.0)


def _stable_order(sub: np.ndarray) -> np.ndarray:
    """np.argsort(sub, axis=1, kind="stable"): numpy sorts integers of two bytes or fewer by radix,
    four-byte ones (eleven letters' patterns) by merging, three times slower; those are sorted by
    radix too, by their low two bytes, then stably by their high ones."""
    if sub.dtype.itemsize <= 2:
        return np.argsort(sub, axis=1, kind="stable")
    low = np.argsort((sub & 0xFFFF).astype(np.uint16), axis=1, kind="stable")
    high = np.take_along_axis(sub >> 16, low, axis=1).astype(np.uint16)
    return np.take_along_axis(low, np.argsort(high, axis=1, kind="stable"), axis=1)


def _measure_sparse(sub: np.ndarray, guesses: np.ndarray, weights: _Weights, curve: GuessCurve, solved: int) -> Figures:
    """Sort each guess's patterns and count the runs: work in proportion to the candidates, not the patterns."""
    if weights.uniform:
        ordered = np.sort(sub, axis=1)
        order = None
    else:
        order = _stable_order(sub)
        ordered = np.take_along_axis(sub, order, axis=1)
    starts = np.ones(ordered.shape, dtype=bool)
    starts[:, 1:] = ordered[:, 1:] != ordered[:, :-1]
    run = np.cumsum(starts.ravel()) - 1
    first_run = np.concatenate(([0], np.cumsum(starts.sum(axis=1))[:-1]))
    counts: np.ndarray
    if order is None:
        counts = np.bincount(run).astype(np.float64)
        probability = counts / sub.shape[1]
        w_log_w = probability * np.log2(probability / np.maximum(counts, 1))
    else:
        probability = np.bincount(run, weights=weights.weights[order].ravel())
        tally = np.ones(sub.shape[1]) if weights.tally is None else weights.tally
        counts = np.bincount(run, weights=tally[order].ravel())
        w_log_w = np.bincount(run, weights=weights.w_log_w[order].ravel())
    information, cost = _information_and_cost(probability, w_log_w, curve)
    cost[ordered.ravel()[starts.ravel()] == solved] = 0.0
    return Figures(
        guesses=guesses,
        entropy=np.add.reduceat(information, first_run),
        worst_case=np.maximum.reduceat(counts, first_run).astype(np.intp),
        expected_remaining=np.add.reduceat(probability * counts, first_run),
        patterns=np.add.reduceat(counts > 0, first_run),
        expected_guesses=1 + np.add.reduceat(cost, first_run),
    )
