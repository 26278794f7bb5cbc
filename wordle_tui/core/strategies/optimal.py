"""The fewest guesses in total: follow the exact decision tree, or search where a game has left it."""

from __future__ import annotations

import numpy as np

from ..exact.openers import best_opener, known_opener, known_values
from ..exact.risk import answers_view
from ..exact.search import EXACT_LIMIT, PROOF_BUDGET, Search, Subproblem, at_risk, guesses_of, search_position
from ..exact.trees import DecisionTree, stored_tree
from ..position.figures import Figures
from ..position.model import CandidateModel, State
from ..rules.game import Difficulty, History
from ..workers.jobs import Runner
from .base import Strategy, is_candidate

EXACT_ROWS = 10  # guesses scored exactly besides the best, those with the most buckets first


def followed_tree(state: State) -> DecisionTree | None:
    """The exact tree the game is on, if it needs no search: the tree after the game's first guess,
    shipped or cached; None before the first guess, for models that weigh other words, or where
    the tree is neither (the position is searched instead, a fraction of the whole tree's work)."""
    if not state.model.answers_only or not state.history:
        return None
    stored = stored_tree(state.model.lists, state.hard_mode, state.history[0][0])
    return None if stored is None else stored[0]


def search(state: State) -> tuple[Search, Subproblem]:
    found, node, _ = search_position(state)
    return found, node


NOT_SCORED = -1  # answers at risk not known: the guess was not evaluated, or only by a bounded search


def optimal_scores(
    model: CandidateModel, history: History, hard_mode: Difficulty, start: str | None, figures: Figures
) -> tuple[np.ndarray, np.ndarray, int]:
    """(the score of each guess in `figures`, the answers each puts at risk, the guess the search plays).

    A job for the pool (see Optimal); a guess not evaluated scores infinity and NOT_SCORED answers at risk.
    """
    state = answers_view(State(model, history, hard_mode))
    n = len(state.candidates)
    scores = np.full(len(figures.guesses), np.inf)
    risks = np.full(len(figures.guesses), NOT_SCORED)
    position = {int(g): k for k, g in enumerate(figures.guesses)}
    if state.model.answers_only and not history:  # the openers whose exact value is known: shipped or computed before
        for known in known_values(state.model, hard_mode):
            k = position[int(state.model.lists.guess_index[known.word])]
            scores[k], risks[k] = guesses_of(known.value) / n, known.at_risk
        if n > EXACT_LIMIT:  # more would take a full search each
            opener = start or best_opener(state.model, hard_mode)
            return scores, risks, int(state.model.lists.guess_index[opener])
    found, node, exhaustive = search_position(state)
    best, _ = found.best_guess(node)
    candidate = is_candidate(state, figures)
    bounds = 3 * n - figures.patterns - candidate
    picks = [int(k) for k in np.lexsort((~candidate, bounds))[:EXACT_ROWS]]
    picks.append(position[int(found.guess_ids[best])])
    for k in picks:
        total = found.evaluate(node, found.row_of_guess[int(figures.guesses[k])], PROOF_BUDGET)
        scores[k], risks[k] = guesses_of(total) / n, at_risk(total)
    if not exhaustive or found.gave_up:  # a bounded search proves a guarantee, never a risk
        risks[risks > 0] = NOT_SCORED
    return scores, risks, int(found.guess_ids[best])


class Optimal(Strategy):
    """Minimises the answers at risk of taking more than six guesses, then the total number of guesses.

    The score is the expected number of guesses still to play, this one included, with optimal play
    afterwards (an answer at risk counted as seven); guesses are ranked by the answers they put at
    risk first (`risk`), then by score. It is exact for the best guess and for the EXACT_ROWS
    guesses with the most buckets (the most promising by the search's lower bound); every other
    guess scores infinity (not evaluated) and is ranked after them. Before the first guess the
    openers whose exact value is known (the tree's, the shipped table's, those computed before) are
    scored. Off the tree, with more than EXACT_LIMIT answers left, the search tries
    only the BOUNDED_TOP most promising guesses at each position, so its figures are upper bounds
    there (usually exact). The search runs as one job handed to `run`: in a worker of the pool,
    where the caller has one.
    """

    name = "optimal"
    higher_is_better = False
    expensive = True
    # Its rankings put the offensive words last, as every strategy's do: a player is never shown one to play.
    # Optimal play itself (choose: the trees, bench, solve) counts every accepted guess, as the published optima
    # do; a few positions of the shipped trees are reached by an offensive word (FUGLY after SALET).

    def __init__(self, start: str | None = None):
        self.start = start  # None: the optimal opener (see openers.best_opener)
        self._preferred: dict[tuple, int] = {}  # the guess each scored position would play
        self._risks: dict[tuple, np.ndarray] = {}  # the answers each guess of a scored position puts at risk

    def scores(self, state: State, figures: Figures, run: Runner) -> np.ndarray:
        scores, risks, preferred = run(optimal_scores, [(state.history, state.hard_mode, self.start, figures)])[0]
        self._preferred[(state.history, state.hard_mode)] = preferred
        self._risks[(state.history, state.hard_mode)] = risks
        return scores

    def risk(self, state: State, figures: Figures) -> np.ndarray | None:
        return self._risks.get((state.history, state.hard_mode))

    def long_search(self, state: State) -> str | None:
        """The opening of lists whose optimal opener is neither shipped nor found before: above
        EXACT_LIMIT answers, it is searched for (see optimal_scores and openers.best_opener)."""
        lists = state.model.lists
        if state.history or self.start or len(lists.answers) <= EXACT_LIMIT:
            return None
        if known_opener(lists, state.hard_mode) is not None:
            return None
        return (
            f"Searching for the optimal opener of these lists ({len(lists.answers):,} answers): nothing ships "
            "for them, so this can take minutes; what is found is kept for next time. Play on meanwhile."
        )

    def ordering(self, state: State, figures: Figures, scores: np.ndarray) -> np.ndarray:
        """Fewest answers at risk first, then as every strategy, except that among equal scores the
        search's choice (smaller worst case) leads."""
        order = super().ordering(state, figures, scores)
        risks = self.risk(state, figures)
        if risks is not None:  # a guess not evaluated (NOT_SCORED) goes after every guess that was
            known = np.where(risks == NOT_SCORED, np.iinfo(risks.dtype).max, risks)
            order = order[np.argsort(known[order], kind="stable")]
        preferred = self._preferred.get((state.history, state.hard_mode))
        if preferred is None or not len(found := np.flatnonzero(figures.guesses[order] == preferred)):
            return order
        at = int(found[0])
        first = int(np.flatnonzero(np.round(scores[order], 9) == np.round(scores[order[at]], 9))[0])
        return np.concatenate((order[:first], order[at : at + 1], order[first:at], order[at + 1 :]))

    def choose(self, state: State, run: Runner | None = None, parts: int = 1) -> str:
        state = answers_view(state)
        if state.model.answers_only and not state.history:
            return self.start or best_opener(state.model, state.hard_mode)
        tree = followed_tree(state)
        if tree is not None and (guess := tree.next_guess(state.history)):
            return guess
        found, node = search(state)
        row, _ = found.best_guess(node)
        return state.model.lists.guesses[found.guess_ids[row]]
