"""Figures of merit for guesses: how each one splits the remaining candidates into feedback buckets."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

_ROWS_PER_BLOCK = 512  # guesses per bincount: keeps the keys in cache


@dataclass(frozen=True)
class Figures:
    """Per-guess figures, one array entry per guess in `guesses`."""

    guesses: np.ndarray  # row indices in the pattern table
    entropy: np.ndarray  # expected information, bits
    worst_case: np.ndarray  # the largest bucket
    expected_remaining: np.ndarray  # candidates left, on average over the feedback
    patterns: np.ndarray  # how many distinct feedbacks the guess can get

    @staticmethod
    def concatenate(parts: list[Figures]) -> Figures:
        return Figures(*(np.concatenate([getattr(p, name) for p in parts]) for name in Figures.__dataclass_fields__))

    def take(self, order: np.ndarray) -> Figures:
        return Figures(*(getattr(self, name)[order] for name in Figures.__dataclass_fields__))


def measure(
    matrix: np.ndarray, length: int, guesses: np.ndarray, candidates: np.ndarray, weights: np.ndarray
) -> Figures:
    """Figures for `guesses` (table rows) against `candidates` (table columns) with probabilities `weights`."""
    parts = []
    n_patterns = 3**length
    uniform = bool(np.all(weights == weights[0]))
    for start in range(0, len(guesses), _ROWS_PER_BLOCK):
        block = guesses[start : start + _ROWS_PER_BLOCK]
        sub = matrix[block][:, candidates] if len(candidates) < matrix.shape[1] else np.asarray(matrix[block])
        keys = (sub + (np.arange(len(block), dtype=np.intp) * n_patterns)[:, None]).ravel()
        size = len(block) * n_patterns
        counts = np.bincount(keys, minlength=size).reshape(len(block), n_patterns)
        if uniform:
            probability = counts / len(candidates)
        else:
            probability = np.bincount(keys, weights=np.tile(weights, len(block)), minlength=size).reshape(
                len(block), n_patterns
            )
        with np.errstate(divide="ignore", invalid="ignore"):
            information = np.where(probability > 0, -probability * np.log2(probability), 0.0)
        parts.append(
            Figures(
                guesses=block,
                entropy=information.sum(axis=1),
                worst_case=counts.max(axis=1),
                expected_remaining=(probability * counts).sum(axis=1),
                patterns=(counts > 0).sum(axis=1),
            )
        )
    return Figures.concatenate(parts)
