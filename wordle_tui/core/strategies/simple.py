"""Strategies that score a guess from its own figures alone."""

from __future__ import annotations

import hashlib

import numpy as np

from ..position.figures import Figures
from ..position.model import State
from ..workers.jobs import Runner
from .base import Strategy, is_candidate


class Entropy(Strategy):
    name = "entropy"

    def scores(self, state: State, figures: Figures, run: Runner) -> np.ndarray:
        return figures.entropy


class Minimax(Strategy):
    name = "minimax"
    higher_is_better = False

    def scores(self, state: State, figures: Figures, run: Runner) -> np.ndarray:
        return figures.worst_case.astype(float)

    def ordering(self, state: State, figures: Figures, scores: np.ndarray) -> np.ndarray:
        """The smallest worst case first; among equal worst cases the most patterns (a finer split,
        3.51 guesses a game instead of 3.57 on nyt2022), then as every strategy."""
        order = super().ordering(state, figures, scores)
        return order[np.lexsort((-figures.patterns[order], scores[order]))]


class Parts(Strategy):
    name = "parts"

    def scores(self, state: State, figures: Figures, run: Runner) -> np.ndarray:
        return figures.patterns.astype(float)


class Frequency(Strategy):
    """Letter-frequency greedy: the guess whose distinct letters occur in the most remaining candidates."""

    name = "frequency"

    def scores(self, state: State, figures: Figures, run: Runner) -> np.ndarray:
        model = state.model
        candidate_rows = model.guess_of_target[state.candidates]
        has_letter = model.lists.guess_letter_counts[candidate_rows] > 0
        # A letter in every candidate (or in none) tells nothing; weight by how evenly it splits them.
        share = (has_letter * state.weights[:, None]).sum(axis=0)
        value = np.minimum(share, 1 - share)
        return (model.lists.guess_letter_counts[figures.guesses] > 0) @ value


class Random(Strategy):
    """A random word that can still be the answer, a likely one if any: the baseline, repeatable for a position."""

    name = "random"

    def scores(self, state: State, figures: Figures, run: Runner) -> np.ndarray:
        seed = int.from_bytes(hashlib.sha256(repr(state.history).encode()).digest()[:8], "little")
        draw = np.random.default_rng(seed).random(len(figures.guesses))
        return np.where(is_candidate(state, figures), draw + is_candidate(state, figures, likely=True), -1.0)
