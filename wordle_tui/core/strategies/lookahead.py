"""Strategies that look past the figures: expected guesses to finish, and a two-step lookahead."""

from __future__ import annotations

import numpy as np

from ..position.figures import Figures
from ..position.model import CandidateModel, State
from ..rules.feedback import solved_pattern
from ..rules.game import Difficulty, History
from ..workers.jobs import Runner
from .base import Strategy, answer_probability, is_candidate, measure_guesses


def uncertainty(state: State) -> float:
    """Bits of uncertainty about the answer."""
    weights = state.weights
    return float(-(weights * np.log2(weights)).sum())


class Expected(Strategy):
    """Lowest expected number of guesses to finish: P(w) + (1 - P(w)) * (1 + f(H')), with H' per feedback."""

    name = "expected"
    higher_is_better = False

    def scores(self, state: State, figures: Figures, run: Runner) -> np.ndarray:
        return figures.expected_guesses


LOOKAHEAD_TOP = 8  # guesses given the two-step search, the best by entropy
FOLLOW_UPS = 250  # second guesses tried in each bucket, the best by entropy here (plus the bucket's own words)


def lookahead_value(
    model: CandidateModel, history: History, hard_mode: Difficulty, guess: int, follow_ups: np.ndarray
) -> float:
    """Expected answers still unfound after `guess` and the best second guess for its feedback."""
    state = State(model, history, hard_mode)
    word = model.lists.guesses[guess]
    patterns = model.table.row(guess, state.candidates)
    solved = solved_pattern(model.lists.length)
    total = 0.0
    for pattern in np.unique(patterns):
        inside = patterns == pattern
        if pattern == solved or inside.sum() == 1:
            continue  # found now, or certain to be found by the next guess
        after = state.then(word, int(pattern))
        options = np.union1d(follow_ups, model.guess_of_target[after.candidates])
        if hard_mode:
            options = np.intersect1d(options, after.allowed)
        figures = measure_guesses(model, after.history, hard_mode, options)
        # Guessing a counted answer finds it: it is not left unfound (the likely ones, when the sizes count only them).
        counted = is_candidate(after, figures, likely=after.tally is not None)
        unfound = figures.expected_remaining - np.where(counted, answer_probability(after, figures), 0.0)
        total += state.weights[inside].sum() * unfound.min()
    return total


class Lookahead(Strategy):
    """Two steps deep: of the best guesses by entropy, the one leaving fewest answers after the best follow-up."""

    name = "lookahead"
    higher_is_better = False
    expensive = True

    def scores(self, state: State, figures: Figures, run: Runner) -> np.ndarray:
        by_entropy = np.lexsort((~is_candidate(state, figures), -np.round(figures.entropy, 9)))
        shortlist = by_entropy[:LOOKAHEAD_TOP]
        follow_ups = figures.guesses[by_entropy[:FOLLOW_UPS]]
        jobs = [(state.history, state.hard_mode, int(figures.guesses[k]), follow_ups) for k in shortlist]
        values = run(lookahead_value, jobs)
        scores = np.full(len(figures.guesses), np.inf)
        scores[shortlist] = values
        return scores
