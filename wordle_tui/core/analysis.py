"""Analysis of a played game: for each guess, how good it was (skill) and how kind its feedback was (luck)."""

from __future__ import annotations

from dataclasses import asdict, dataclass

import numpy as np

from .feedback import solved_pattern
from .game import MAX_GUESSES, GuessError, History, check_guess
from .model import CandidateModel, NoCandidatesError, State, uniform_model
from .openers import opener_total
from .optimal import PROOF_BUDGET, search_position
from .tree import DEFAULT_START, tree_for

SKILL = (
    "Skill compares your guess with the best one. Both are measured by the expected number of "
    "guesses still needed, your guess included, if every answer still possible is equally likely "
    "and every later guess is optimal. A guess as good as the best scores 99; each hundredth of a "
    "guess more than the best costs one point, down to 0 (a guess that wastes a whole turn)."
)
LUCK = (
    "Luck compares the feedback you got with the feedback your guess could have got. Each answer "
    "still possible would have left some number of answers (none if it was your guess); luck is the "
    "share of those answers that would have left more than yours did, counting ties as half, "
    "scaled to 0-99. 50 is an average outcome, 99 the best possible, 0 the worst."
)


@dataclass(frozen=True)
class GuessAnalysis:
    """One guess of a game, judged against the optimal play from the same position."""

    guess: str
    pattern: int
    remaining_before: int  # answers possible before the guess
    remaining_after: int  # answers possible after its feedback
    expected_guesses: float  # guesses still needed on average after playing it, itself included
    best_guess: str  # what the optimal strategy plays here
    best_expected_guesses: float
    skill: int  # 0-99, see SKILL
    luck: int  # 0-99, see LUCK
    exact: bool  # False where a bounded search gave the figures (upper bounds) instead of the exact one

    def as_dict(self) -> dict:
        return asdict(self) | {
            "expected_guesses": round(self.expected_guesses, 4),
            "best_expected_guesses": round(self.best_expected_guesses, 4),
        }


def skill_score(expected: float, best: float) -> int:
    """99 for the best guess, one point less per hundredth of a guess lost, never below 0."""
    return int(max(0, 99 - round(100 * max(0.0, expected - best))))


def luck_score(remaining: np.ndarray, mine: int) -> int:
    """`remaining[k]`: the answers answer k would have left (0 if it is the guess); `mine`: what yours left."""
    share = (np.count_nonzero(remaining > mine) + 0.5 * np.count_nonzero(remaining == mine)) / len(remaining)
    return round(99 * float(share))


def analyze(model: CandidateModel, history: History, hard_mode: bool = False) -> list[GuessAnalysis]:
    """Judge every guess of `history`, every answer on the list equally likely (whatever `model` weighs).

    Raises NoCandidatesError for feedback no listed answer fits, GuessError for a guess the game refuses.
    """
    model = model if model.uniform else uniform_model(model.lists)
    done = solved_pattern(model.lists.length)
    rows = []
    for place, (guess, pattern) in enumerate(history):
        state = State(model, tuple(history[:place]), hard_mode)
        check_guess(guess, model.lists, state.history, hard_mode)
        candidates = state.candidates
        after = state.then(guess, pattern).candidates if pattern != done else candidates[:0]
        n = len(candidates)
        expected, best, best_expected, exact = _figures(state, guess)
        patterns = np.asarray(model.table.matrix[model.lists.guess_index[guess], candidates])
        remaining = np.where(patterns == done, 0, _bucket_sizes(patterns))
        mine = 0 if pattern == done else len(after)
        rows.append(
            GuessAnalysis(
                guess=guess,
                pattern=pattern,
                remaining_before=n,
                remaining_after=len(after),
                expected_guesses=expected,
                best_guess=best,
                best_expected_guesses=best_expected,
                skill=skill_score(expected, best_expected),
                luck=luck_score(remaining, mine),
                exact=exact,
            )
        )
        if place + 1 >= MAX_GUESSES and pattern != done:
            break
    return rows


def _bucket_sizes(patterns: np.ndarray) -> np.ndarray:
    """For each answer, how many answers share its pattern."""
    _, inverse, counts = np.unique(patterns, return_inverse=True, return_counts=True)
    return counts[inverse.ravel()]


def _figures(state: State, guess: str) -> tuple[float, str, float, bool]:
    """(expected guesses after `guess`, the best guess, its expected guesses, exact?) at `state`."""
    lists = state.model.lists
    n = len(state.candidates)
    if not state.history and n == len(lists.answers) and state.model.uniform and DEFAULT_START in lists.guess_index:
        tree = tree_for(state.model, state.hard_mode, DEFAULT_START)
        yours, exact = opener_total(state.model, guess, state.hard_mode)
        return yours / n, tree.start, tree.total / n, exact
    search, node, exhaustive = search_position(state)
    best_row, best_total = search.best_guess(node)
    yours = search.evaluate(node, search.row_of_guess[lists.guess_index[guess]], PROOF_BUDGET)
    best = lists.guesses[search.guess_ids[best_row]]
    if yours < best_total:  # better than a bounded search found: yours is the best known
        best, best_total = guess, yours
    return yours / n, best, best_total / n, exhaustive and not search.gave_up


def analysis_or_problem(model: CandidateModel, history: History, hard_mode: bool = False) -> list[GuessAnalysis] | str:
    """`analyze` as a pool job: the rows, or one sentence saying why the game cannot be analysed.

    Errors come back as text because some of them do not survive the trip between processes.
    """
    try:
        return analyze(model, tuple(history), hard_mode)
    except NoCandidatesError as error:
        return f"No word in the list fits the feedback of row {error.row + 1}, so the game cannot be analysed."
    except GuessError as error:
        return f"The game cannot be analysed: {error}."
