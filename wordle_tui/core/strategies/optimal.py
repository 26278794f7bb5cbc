"""The fewest guesses in total: follow the exact decision tree, or search where a game has left it."""

from __future__ import annotations

import numpy as np

from ..figures import Figures
from ..model import CandidateModel, NoCandidatesError, State, uniform_model
from ..optimal import INFEASIBLE, PROOF_BUDGET, Search, Subproblem, search_position
from ..tree import DecisionTree, default_opener, tree_for
from .base import Runner, Strategy, is_candidate

EXACT_ROWS = 10  # guesses scored exactly besides the best, those with the most buckets first


class Optimal(Strategy):
    """Minimises the total number of guesses over every answer still possible, within six guesses.

    The score is the expected number of guesses still to play, this one included, with optimal play
    afterwards. It is exact for the best guess and for the EXACT_ROWS guesses with the most buckets
    (the most promising by the search's lower bound); every other guess scores infinity (not
    evaluated) and is ranked after them. Before the first guess only the tree's opener is scored.
    Off the tree, with more than EXACT_LIMIT answers left, the search tries only the BOUNDED_TOP most
    promising guesses at each position, so its figures are upper bounds there (usually exact).
    """

    name = "optimal"
    description = "fewest guesses in total over every answer (exact search)"
    score_label = "exp. guesses"
    higher_is_better = False
    expensive = True

    def __init__(self, start: str | None = None):
        self.start = start  # None: the opener of the lists' optimal tree (see default_opener)
        self._trees: dict[tuple[str, bool], DecisionTree] = {}
        self._uniform: dict[str, CandidateModel] = {}
        self._preferred: dict[tuple, int] = {}  # the guess each scored position would play

    def answers_view(self, state: State) -> State:
        """The position as the search sees it: every word of the answer list equally likely.

        A model that weighs other words too is played as if the answer were on the list, until no
        word of the list fits the feedback; from there the model's own candidates are searched.
        """
        if state.model.answers_only:
            return state
        lists = state.model.lists
        if lists.digest not in self._uniform:
            self._uniform[lists.digest] = uniform_model(lists)
        model = self._uniform[lists.digest]
        view = State(model, state.history, state.hard_mode)
        try:
            view.candidates  # noqa: B018 - raises when no answer fits
        except NoCandidatesError:
            return state
        return view

    def tree(self, model: CandidateModel, hard_mode: bool) -> DecisionTree | None:
        """The exact tree for the model's lists (None for other models, or lists with no opener known)."""
        start = self.start or default_opener(model.lists, hard_mode)
        if not model.answers_only or start not in model.lists.guess_index:
            return None
        key = (model.lists.digest, hard_mode)
        if key not in self._trees:
            self._trees[key] = tree_for(model, hard_mode, start)
        return self._trees[key]

    def scores(self, state: State, figures: Figures, run: Runner) -> np.ndarray:
        state = self.answers_view(state)
        n = len(state.candidates)
        scores = np.full(len(figures.guesses), np.inf)
        position = {int(g): k for k, g in enumerate(figures.guesses)}
        tree = self.tree(state.model, state.hard_mode)
        if tree is not None and not state.history:
            scores[position[state.model.lists.guess_index[tree.start]]] = tree.total / n
            self._preferred[(state.history, state.hard_mode)] = int(state.model.lists.guess_index[tree.start])
            return scores
        search, node = self.search(state)
        best, _ = search.best_guess(node)
        self._preferred[(state.history, state.hard_mode)] = int(search.guess_ids[best])
        bounds = 3 * n - figures.patterns - is_candidate(state, figures)
        picks = [int(k) for k in np.lexsort((~is_candidate(state, figures), bounds))[:EXACT_ROWS]]
        picks.append(position[int(search.guess_ids[best])])
        for k in picks:
            total = search.evaluate(node, search.row_of_guess[int(figures.guesses[k])], PROOF_BUDGET)
            scores[k] = total / n if total < INFEASIBLE else np.inf
        return scores

    def ordering(self, state: State, figures: Figures, scores: np.ndarray) -> np.ndarray:
        """As every strategy, except that among equal scores the search's choice (smaller worst case) leads."""
        order = super().ordering(state, figures, scores)
        preferred = self._preferred.get((state.history, state.hard_mode))
        found = np.flatnonzero(figures.guesses[order] == preferred) if preferred is not None else ()
        if not len(found):
            return order
        at = int(found[0])
        first = int(np.flatnonzero(np.round(scores[order], 9) == np.round(scores[order[at]], 9))[0])
        return np.concatenate((order[:first], order[at : at + 1], order[first:at], order[at + 1 :]))

    def choose(self, state: State, run: Runner | None = None, parts: int = 1) -> str:
        state = self.answers_view(state)
        tree = self.tree(state.model, state.hard_mode)
        if tree is not None and (guess := tree.next_guess(state.history)):
            return guess
        search, node = self.search(state)
        row, _ = search.best_guess(node)
        return state.model.lists.guesses[search.guess_ids[row]]

    @staticmethod
    def search(state: State) -> tuple[Search, Subproblem]:
        search, node, _ = search_position(state)
        return search, node
