"""What every strategy shares: ranked rows with the same figures, one tie-break, and a way to run work."""

from __future__ import annotations

from typing import ClassVar, NamedTuple

import numpy as np

from ..exact.risk import guess_risks
from ..position.curve import curve_for
from ..position.figures import Figures, measure
from ..position.model import CandidateModel, State
from ..position.opening_figures import cached_opening, keep_opening
from ..rules.game import Difficulty, History, won
from ..rules.words import WordLists, capitals
from ..workers.jobs import Runner, in_process


def measure_guesses(model: CandidateModel, history: History, hard_mode: Difficulty, guesses: np.ndarray) -> Figures:
    """Figures for some guesses (table rows) in a position: the unit of work the ranking pool hands out."""
    state = State(model, history, hard_mode)
    patterns = model.table.against(state.candidates)
    return measure(patterns, guesses, state.weights, curve_for(model.lists, hard_mode), state.tally)


def measure_all(state: State, run: Runner | None = None, parts: int = 1) -> Figures:
    """Figures for every allowed guess, measured in `parts` jobs handed to `run` (the opening's are cached)."""
    if (figures := cached_opening(state)) is not None:
        return figures
    run = run or in_process(state.model)
    chunks = np.array_split(state.allowed, max(1, min(parts, len(state.allowed))))
    figures = Figures.concatenate(run(measure_guesses, [(state.history, state.hard_mode, chunk) for chunk in chunks]))
    keep_opening(state, figures)
    return figures


def nothing_to_rank(state: State) -> str | None:
    """Why a position needs no ranking, as a player is told (the game is won, or one answer is left: it is
    named), or None where there is something to rank."""
    if won(state.history):
        return f"Solved: {capitals(state.history[-1][0])}, in {len(state.history)}."
    if (answer := state.remaining().only) is not None:
        return f"Only {capitals(answer)} is left: play it."
    return None


class Ranked(NamedTuple):
    """One guess in a ranking, with the figures every strategy reports."""

    word: str
    entropy: float
    worst_case: int
    expected_remaining: float
    patterns: int
    expected_guesses: float
    candidate: bool  # it can be the answer
    likely: bool  # it can be the answer and is on the answer list
    score: float  # the strategy's own figure, in its own units
    at_risk: int | None = None  # answers that may take more than six guesses after it, where known
    risk_exact: bool = True  # False: at_risk is an upper bound, from a bounded search

    def as_dict(self) -> dict:
        return {
            "word": self.word,
            "entropy": round(self.entropy, 4),
            "worst_case": self.worst_case,
            "expected_remaining": round(self.expected_remaining, 4),
            "patterns": self.patterns,
            "expected_guesses": round(self.expected_guesses, 4),
            "candidate": self.candidate,
            "likely": self.likely,
            "score": round(self.score, 4) if np.isfinite(self.score) else None,
            "at_risk": self.at_risk,
            "at_risk_exact": None if self.at_risk is None else self.risk_exact,
        }


def offensive_last(lists: WordLists, guesses: np.ndarray, order: np.ndarray) -> np.ndarray:
    """`order` (positions in `guesses`, guess rows) with the offensive words after every other guess, so that
    they are never suggested (see WordLists.offensive); the others' order is kept."""
    if not lists.offensive:
        return order
    flagged = lists.offensive_mask[guesses[order]]
    return np.concatenate((order[~flagged], order[flagged]))


class Strategy:
    """Ranks the allowed guesses of a state; subclasses say how to score them."""

    name: ClassVar[str]
    higher_is_better: ClassVar[bool] = True
    expensive: ClassVar[bool] = False  # scoring needs more than the figures: partial rankings use entropy

    def scores(self, state: State, figures: Figures, run: Runner) -> np.ndarray:
        """The strategy's own figure for each guess in `figures`; `run` takes any expensive extra work."""
        raise NotImplementedError

    def rank(self, state: State, run: Runner | None = None, top: int | None = None) -> list[Ranked]:
        """The allowed guesses, best first (the first `top` of them if given)."""
        run = run or in_process(state.model)
        figures = measure_all(state, run)
        return self.rows(state, figures, self.scores(state, figures, run), top=top)

    def choose(self, state: State, run: Runner | None = None, parts: int = 1) -> str:
        """The guess to play; the guesses are measured in `parts` jobs handed to `run`."""
        run = run or in_process(state.model)
        figures = measure_all(state, run, parts)
        best = self.ranked_order(state, figures, self.scores(state, figures, run))[0]
        return state.model.lists.guesses[figures.guesses[best]]

    def risk(self, state: State, figures: Figures) -> np.ndarray | None:
        """The answers each guess puts at risk of taking more than six guesses (negative: not known), if known."""
        return None

    def long_search(self, state: State) -> str | None:
        """What a ranking of `state` must first search for that takes long (minutes), said for the user;
        None if nothing."""
        return None

    def ordering(self, state: State, figures: Figures, scores: np.ndarray) -> np.ndarray:
        """Positions in `figures`, best first; ties go to the likeliest answer, then alphabetical order.

        With every answer equally likely, that is: a word that can be the answer wins a tie.
        """
        chance = np.round(answer_probability(state, figures), 12)
        alphabetical = state.model.lists.guess_alphabetical_rank[figures.guesses]
        primary = -scores if self.higher_is_better else scores
        return np.lexsort((alphabetical, -chance, np.round(primary, 9)))

    def ranked_order(self, state: State, figures: Figures, scores: np.ndarray) -> np.ndarray:
        """The ordering, with the offensive words last: never suggested (see offensive_last)."""
        return offensive_last(state.model.lists, figures.guesses, self.ordering(state, figures, scores))

    def rows(self, state: State, figures: Figures, scores: np.ndarray, top: int | None = None) -> list[Ranked]:
        """Ranked rows for `figures`, best first; with one answer left, that answer alone (every other guess
        learns nothing and costs a turn)."""
        order = self.ranked_order(state, figures, scores)
        if len(state.candidates) == 1:
            order = order[is_candidate(state, figures)[order]]
        order = order[:top]
        words = state.model.lists.guesses
        risks = self.risk(state, figures)
        at_risk = [None if r < 0 else r for r in risks[order].tolist()] if risks is not None else [None] * len(order)
        columns = zip(
            [words[i] for i in figures.guesses[order].tolist()],
            figures.entropy[order].tolist(),
            figures.worst_case[order].tolist(),
            figures.expected_remaining[order].tolist(),
            figures.patterns[order].tolist(),
            figures.expected_guesses[order].tolist(),
            is_candidate(state, figures)[order].tolist(),
            is_candidate(state, figures, likely=True)[order].tolist(),
            scores[order].astype(float).tolist(),
            at_risk,
        )
        return [Ranked(*row) for row in columns]


def with_risks(state: State, rows: list[Ranked], run: Runner | None = None) -> list[Ranked]:
    """`rows` with the answers each puts at risk filled in where the strategy did not know them (see
    risk.guess_risks: one job handed to `run`)."""
    unknown = [row.word for row in rows if row.at_risk is None]
    if not unknown:
        return rows
    run = run or in_process(state.model)
    found = dict(zip(unknown, run(guess_risks, [(state.history, state.hard_mode, unknown)])[0]))
    return [
        row._replace(at_risk=risk.at_risk, risk_exact=risk.exact) if (risk := found.get(row.word)) else row
        for row in rows
    ]


def answer_probability(state: State, figures: Figures) -> np.ndarray:
    """Each guess's probability of being the answer (0 where it cannot be)."""
    column = state.model.target_of_guess[figures.guesses]
    position = np.clip(np.searchsorted(state.candidates, column), 0, len(state.candidates) - 1)
    found = (column >= 0) & (state.candidates[position] == column)
    return np.where(found, state.weights[position], 0.0)


def is_candidate(state: State, figures: Figures, likely: bool = False) -> np.ndarray:
    """Which guesses in `figures` can still be the answer (and are on the answer list, if `likely`)."""
    alive = np.zeros(len(state.model.targets), dtype=bool)
    alive[state.candidates[state.likely] if likely else state.candidates] = True
    column = state.model.target_of_guess[figures.guesses]
    return (column >= 0) & alive[np.maximum(column, 0)]
