"""Whether a guess keeps the win within six guesses sure: the figure behind the mark every suggestion
carries (marks.py writes it).

After a guess, optimal play may still be unable to find every possible answer within six guesses
(in hard mode, mostly): those answers are at risk. The figure comes from the exact search where it
is affordable, and from a bounded one (an upper bound) past a budget of positions; a bound of zero
still proves the guarantee, since the bounded search found a tree that wins every game.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ..position.model import CandidateModel, NoCandidatesError, State, uniform_model
from ..rules.game import MAX_GUESSES, Difficulty, History
from .openers import stored_value
from .search import BOUNDED_TOP, EXACT_LIMIT, PROOF_BUDGET, at_risk, search_for

_answer_models: dict[str, CandidateModel] = {}  # per process: the search's model of each lists


class Risk(NamedTuple):
    """The answers a guess puts at risk with optimal play after it; an upper bound unless `exact`."""

    at_risk: int
    exact: bool


def answers_view(state: State) -> State:
    """The position as the search sees it: every word of the answer list equally likely.

    A model that weighs other words too is played as if the answer were on the list, until no
    word of the list fits the feedback; from there the model's own candidates are searched.
    """
    if state.model.answers_only:
        return state
    lists = state.model.lists
    if lists.digest not in _answer_models:
        _answer_models[lists.digest] = uniform_model(lists)
    view = State(_answer_models[lists.digest], state.history, state.hard_mode)
    try:
        view.candidates  # noqa: B018 - raises when no answer fits
    except NoCandidatesError:
        return state
    return view


def guess_risks(model: CandidateModel, history: History, hard_mode: Difficulty, words: list[str]) -> list[Risk | None]:
    """The risk after each of `words` (allowed guesses) at the position `history` leads to; None where
    it is not known (an opener whose value has never been computed). A job for the pool.

    The guesses share one search and one budget of PROOF_BUDGET positions: past it, the search tries
    only the most promising guesses at each position, and the figures after that are upper bounds.
    """
    state = answers_view(State(model, history, hard_mode))
    lists, n = state.model.lists, len(state.candidates)
    depth = MAX_GUESSES - len(history)
    if depth < 1:
        return [None] * len(words)  # the game is over: nothing is at risk any more
    if not history and n > EXACT_LIMIT:  # the opening: the openers' values, shipped or cached
        values = [stored_value(state.model, word, hard_mode) for word in words]
        return [None if value is None else Risk(value.at_risk, value.exact) for value in values]
    exhaustive = n <= EXACT_LIMIT
    search, node = search_for(
        state.model.table, lists, state.candidates, state.allowed, hard_mode, None if exhaustive else BOUNDED_TOP, depth
    )
    risks: list[Risk | None] = []
    budget = PROOF_BUDGET
    for word in words:
        row = search.row_of_guess[lists.guess_index[word]]
        patterns = search.matrix[row, node.answers]
        sizes = np.unique(patterns[patterns != search.solved], return_counts=True)[1]
        if (sizes <= depth - 1).all():  # every bucket can be tried answer by answer in the guesses left
            risks.append(Risk(0, True))
            continue
        before = search.nodes
        found = at_risk(search.evaluate(node, row, max(budget, 0)))
        budget -= search.nodes - before
        risks.append(Risk(found, found == 0 or (exhaustive and not search.gave_up)))
    return risks
