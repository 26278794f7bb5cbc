"""What every strategy shares: ranked rows with the same figures, and one tie-break."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

import numpy as np

from ..figures import Figures, measure
from ..model import State

Measure = Callable[[State], Figures]


def measure_in_process(state: State) -> Figures:
    """Figures for every allowed guess, computed in this process."""
    table = state.model.table
    return measure(table.matrix, table.length, state.allowed, state.candidates, state.weights)


@dataclass(frozen=True)
class Ranked:
    """One guess in a ranking, with the figures every strategy reports."""

    word: str
    entropy: float
    worst_case: int
    expected_remaining: float
    patterns: int
    candidate: bool
    score: float  # the strategy's own figure, in its own units

    def as_dict(self) -> dict:
        return {
            "word": self.word,
            "entropy": round(self.entropy, 4),
            "worst_case": self.worst_case,
            "expected_remaining": round(self.expected_remaining, 4),
            "patterns": self.patterns,
            "candidate": self.candidate,
            "score": round(self.score, 4),
        }


class Strategy:
    """Ranks the allowed guesses of a state; subclasses say how to score them."""

    name: ClassVar[str]
    description: ClassVar[str]
    higher_is_better: ClassVar[bool] = True

    def scores(self, state: State, figures: Figures) -> np.ndarray:
        """The strategy's own figure for each guess in `figures`."""
        raise NotImplementedError

    def rank(self, state: State, measure: Measure = measure_in_process, top: int | None = None) -> list[Ranked]:
        """The allowed guesses, best first (the first `top` of them if given)."""
        return self.rows(state, measure(state), top=top)

    def choose(self, state: State, measure: Measure = measure_in_process) -> str:
        """The guess to play."""
        figures = measure(state)
        best = self.ordering(state, figures, self.scores(state, figures))[0]
        return state.model.lists.guesses[figures.guesses[best]]

    def ordering(self, state: State, figures: Figures, scores: np.ndarray) -> np.ndarray:
        """Positions in `figures`, best first; ties go to a possible answer, then alphabetical order."""
        candidate = self.is_candidate(state, figures)
        alphabetical = state.model.lists.guess_alphabetical_rank[figures.guesses]
        primary = -scores if self.higher_is_better else scores
        return np.lexsort((alphabetical, ~candidate, np.round(primary, 9)))

    @staticmethod
    def is_candidate(state: State, figures: Figures) -> np.ndarray:
        is_target = np.zeros(len(state.model.targets), dtype=bool)
        is_target[state.candidates] = True
        column = state.model.target_of_guess[figures.guesses]
        return (column >= 0) & is_target[column]

    def rows(
        self, state: State, figures: Figures, scores: np.ndarray | None = None, top: int | None = None
    ) -> list[Ranked]:
        """Ranked rows for `figures`, best first."""
        if scores is None:
            scores = self.scores(state, figures)
        order = self.ordering(state, figures, scores)[:top]
        candidate = self.is_candidate(state, figures)
        words = state.model.lists.guesses
        return [
            Ranked(
                word=words[figures.guesses[k]],
                entropy=float(figures.entropy[k]),
                worst_case=int(figures.worst_case[k]),
                expected_remaining=float(figures.expected_remaining[k]),
                patterns=int(figures.patterns[k]),
                candidate=bool(candidate[k]),
                score=float(scores[k]),
            )
            for k in order
        ]
