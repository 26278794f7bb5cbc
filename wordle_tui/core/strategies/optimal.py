"""The fewest guesses in total: follow the exact decision tree, or search where a game has left it."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from ..figures import Figures
from ..model import CandidateModel, State
from ..optimal import INFEASIBLE, Search, Subproblem, search_state
from ..tree import DEFAULT_START, DecisionTree, tree_for
from .base import Measure, Ranked, Strategy, measure_in_process

EXACT_ROWS = 10  # guesses that rank() scores exactly, best bounds first
EXACT_LIMIT = 400  # above this many answers left, off the tree, the search is bounded


class Optimal(Strategy):
    """Minimises the total number of guesses over every answer still possible, within six guesses.

    The score is the expected number of guesses still to play, this one included. rank() gives the
    exact figure for the best guess and the EXACT_ROWS guesses with the lowest bounds; every other
    row carries a lower bound, (3n - buckets - [the guess is an answer]) / n for n answers left
    (each bucket of m answers needs at least 2m - 1 guesses), and is listed after the exact rows.
    Off the tree, with more than EXACT_LIMIT answers left, the search tries only the EXACT_ROWS most
    promising guesses at each position, so its figures are upper bounds there (usually exact).
    """

    name = "optimal"
    description = "fewest guesses in total over every answer (exact search)"
    higher_is_better = False

    def __init__(self, start: str = DEFAULT_START):
        self.start = start
        self._trees: dict[tuple[str, bool], DecisionTree] = {}

    def tree(self, model: CandidateModel, hard_mode: bool) -> DecisionTree | None:
        """The exact tree for the model's lists (None for models that weigh answers unequally)."""
        if not model.uniform or self.start not in model.lists.guess_index:
            return None
        key = (model.lists.digest, hard_mode)
        if key not in self._trees:
            self._trees[key] = tree_for(model, hard_mode, self.start)
        return self._trees[key]

    def scores(self, state: State, figures: Figures) -> np.ndarray:
        n = len(state.candidates)
        return (3 * n - figures.patterns - self.is_candidate(state, figures)) / n

    def choose(self, state: State, measure: Measure = measure_in_process) -> str:
        tree = self.tree(state.model, state.hard_mode)
        if tree is not None and (guess := tree.next_guess(state.history)):
            return guess
        search, node = self.search(state)
        row, _ = search.best_guess(node)
        return state.model.lists.guesses[search.guess_ids[row]]

    def rank(self, state: State, measure: Measure = measure_in_process, top: int | None = None) -> list[Ranked]:
        figures = measure(state)
        bounds = self.scores(state, figures)
        n = len(state.candidates)
        exact = np.full(len(bounds), np.nan)
        tree = self.tree(state.model, state.hard_mode)
        on_tree = tree.next_guess(state.history) if tree is not None else None
        position = {int(g): k for k, g in enumerate(figures.guesses)}
        index = state.model.lists.guess_index
        if on_tree and not state.history:
            exact[position[index[on_tree]]] = tree.total / n
        if state.history or not on_tree:
            search, node = self.search(state)
            best, _ = search.best_guess(node)
            picks = [int(k) for k in self.ordering(state, figures, bounds)[:EXACT_ROWS]]
            for k in picks + [k for k, g in enumerate(figures.guesses) if search.row_of_guess[int(g)] == best][:1]:
                total = search.evaluate(node, search.row_of_guess[int(figures.guesses[k])])
                exact[k] = total / n if total < INFEASIBLE else np.inf
        known = ~np.isnan(exact)
        key = np.where(known, exact, bounds + 1e6)  # the exact rows first, then the bounds
        order = self.ordering(state, figures, key)[:top]
        rows = self.rows(state, figures, key, top=top)
        return [replace(row, score=float(exact[k] if known[k] else bounds[k])) for k, row in zip(order, rows)]

    @staticmethod
    def search(state: State) -> tuple[Search, Subproblem]:
        top = None if len(state.candidates) <= EXACT_LIMIT else EXACT_ROWS
        return search_state(state, top)
