"""Analysis of a played game: for each guess, how good it was (skill) and how kind its feedback was (luck)."""

from __future__ import annotations

from dataclasses import asdict, dataclass

import numpy as np

from ..position.model import CandidateModel, NoCandidatesError, State, accepted_model, uniform_model
from ..rules.feedback import solved_pattern
from ..rules.game import Difficulty, GuessError, History, check_guess, over
from ..rules.words import WordLists, capitals
from .openers import known_opener, opener_value
from .search import EXACT_LIMIT, PROOF_BUDGET, at_risk, guesses_of, search_position
from .trees import tree_for

SKILL = (
    "Skill compares your guess with the best one. Both are measured by the expected number of "
    "guesses still needed, your guess included, if every answer still possible is equally likely "
    "and every later guess is optimal. A guess as good as the best scores 99; each hundredth of a "
    "guess more than the best costs one point, down to 0 (a guess that wastes a whole turn). A game "
    "lost counts as seven guesses, and a guess that puts answers at risk of taking more than six "
    "guesses, when the best guess puts fewer at risk, scores at most 49, however good its average "
    "(where the search is exact)."
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
    at_risk: int  # answers optimal play after the guess cannot be sure to find within six guesses
    best_at_risk: int  # the same after the best guess (both upper bounds where `exact` is False)
    exact: bool  # False where a bounded search gave the figures (upper bounds) instead of the exact one
    judged_against: str = "answers"  # "answers" (the answer list), "accepted" (every accepted word) or LEFT_LIST

    @property
    def safe(self) -> bool:
        """Whether optimal play after this guess is known to find every possible answer within six guesses."""
        return self.at_risk == 0

    def as_dict(self) -> dict:
        return asdict(self) | {
            "expected_guesses": round(self.expected_guesses, 4),
            "best_expected_guesses": round(self.best_expected_guesses, 4),
            "safe": self.safe,
        }


GAMBLE_SKILL = 49  # the most a guess scores that puts answers at risk the best guess keeps safe


def skill_score(expected: float, best: float, at_risk: int = 0, best_at_risk: int = 0) -> int:
    """99 for the best guess, one point less per hundredth of a guess lost, never below 0; at most
    GAMBLE_SKILL for a guess that puts more answers at risk than the best."""
    skill = int(max(0, 99 - round(100 * max(0.0, expected - best))))
    return min(skill, GAMBLE_SKILL) if at_risk > best_at_risk else skill


def luck_score(remaining: np.ndarray, mine: int) -> int:
    """`remaining[k]`: the answers answer k would have left (0 if it is the guess); `mine`: what yours left."""
    share = (np.count_nonzero(remaining > mine) + 0.5 * np.count_nonzero(remaining == mine)) / len(remaining)
    return round(99 * float(share))


def analyze(
    model: CandidateModel, history: History, hard_mode: Difficulty = Difficulty.NORMAL, last_only: bool = False
) -> list[GuessAnalysis]:
    """Judge every guess of `history` (only the last, if `last_only`) against the answer list, every
    answer equally likely (whatever `model` weighs).

    A game whose feedback no listed answer fits is judged against the list up to the guess whose
    feedback rules out the last listed answer (whose luck is judged among every accepted word), and
    after it against every accepted word that fits. Raises NoCandidatesError for feedback no
    accepted word fits, GuessError for a guess the game refuses.
    """
    lists = model.lists
    for place, (guess, _) in enumerate(history):
        check_guess(guess, lists, tuple(history[:place]), hard_mode)
    listed = model if model.answers_only else uniform_model(lists)
    try:
        listed.candidates(tuple(history))
        leaves_list = len(history)
    except NoCandidatesError as error:
        leaves_list = error.row  # the guess whose feedback fits no listed answer
    accepted = accepted_model(lists) if leaves_list < len(history) else None
    if accepted is not None:
        accepted.candidates(tuple(history))  # NoCandidatesError if no accepted word fits either
    rows = []
    for place, (guess, pattern) in enumerate(history):
        if last_only and place < len(history) - 1:
            continue
        before = tuple(history[:place])
        if accepted is not None and place > leaves_list:  # off the list: judged among every accepted word
            state = State(accepted, before, hard_mode)
            rows.append(_judged(state, guess, pattern, _figures(state, guess), "accepted"))
        elif accepted is not None and place == leaves_list:  # skill by the list, luck among every word
            figures = _figures(State(listed, before, hard_mode), guess)
            rows.append(_judged(State(accepted, before, hard_mode), guess, pattern, figures, LEFT_LIST))
        else:
            state = State(listed, before, hard_mode)
            rows.append(_judged(state, guess, pattern, _figures(state, guess), "answers"))
        if over(tuple(history[: place + 1])):
            break  # nothing is played after the game ends
    return rows


LEFT_LIST = "answers, then accepted"  # the guess whose feedback fits no listed answer: its luck is among every word


def _judged(
    state: State, guess: str, pattern: int, figures: tuple[int, str, int, int, bool], judged_against: str
) -> GuessAnalysis:
    """The row of one guess: its figures, and its luck among the candidates of `state`."""
    value, best, best_value, n, exact = figures
    expected, best_expected = guesses_of(value) / n, guesses_of(best_value) / n
    model, candidates = state.model, state.candidates
    done = solved_pattern(model.lists.length)
    patterns = model.table.row(model.lists.guess_index[guess], candidates)
    remaining = np.where(patterns == done, 0, _bucket_sizes(patterns))
    after = 0 if pattern == done else int(np.count_nonzero(patterns == pattern))
    return GuessAnalysis(
        guess=guess,
        pattern=pattern,
        remaining_before=len(candidates),
        remaining_after=after,
        expected_guesses=expected,
        best_guess=best,
        best_expected_guesses=best_expected,
        skill=skill_score(expected, best_expected, *((at_risk(value), at_risk(best_value)) if exact else (0, 0))),
        luck=luck_score(remaining, after),
        at_risk=at_risk(value),
        best_at_risk=at_risk(best_value),
        exact=exact,
        judged_against=judged_against,
    )


def judged_note(rows: list[GuessAnalysis], lists: WordLists) -> str:
    """One sentence: which answers the guesses were judged against."""
    answers = f"the {len(lists.answers):,} answers of the {lists.name} list"
    left = next((place for place, row in enumerate(rows, start=1) if row.judged_against == LEFT_LIST), None)
    if left is None:
        return f"Judged against {answers}."
    judged = "its luck and the guesses after it are" if left < len(rows) else "its luck is"
    return (
        f"Judged against {answers}; the feedback of guess {left} fits none of them, "
        f"so {judged} judged against every accepted word that fits."
    )


def _bucket_sizes(patterns: np.ndarray) -> np.ndarray:
    """For each answer, how many answers share its pattern."""
    _, inverse, counts = np.unique(patterns, return_inverse=True, return_counts=True)
    return counts[inverse.ravel()]


def _figures(state: State, guess: str) -> tuple[int, str, int, int, bool]:
    """(the search's total after `guess`, the best guess, its total, answers, exact?) at `state`.

    A total counts answers at risk first (see optimal.AT_RISK).
    """
    lists = state.model.lists
    n = len(state.candidates)
    opening = not state.history and state.model.answers_only
    # Up to EXACT_LIMIT answers the search below is exact and quick; above, the tree and the tables answer.
    if opening and n > EXACT_LIMIT and (start := known_opener(lists, state.hard_mode)) is not None:
        tree = tree_for(state.model, state.hard_mode, start)
        opener = opener_value(state.model, guess, state.hard_mode)
        best, best_total = (guess, opener.value) if opener.value < tree.value else (tree.start, tree.value)
        return opener.value, best, best_total, n, opener.exact
    search, node, exhaustive = search_position(state)
    best_row, best_total = search.best_guess(node)
    yours = search.evaluate(node, search.row_of_guess[lists.guess_index[guess]], PROOF_BUDGET)
    best = lists.guesses[search.guess_ids[best_row]]
    if yours < best_total:  # better than a bounded search found: yours is the best known
        best, best_total = guess, yours
    return yours, best, best_total, n, exhaustive and not search.gave_up


def unsafe(rows: list[GuessAnalysis]) -> GuessAnalysis | None:
    """The first guess proved to leave answers at risk of taking more than six guesses, if any."""
    return next((row for row in rows if row.exact and not row.safe), None)


def need_luck(row: GuessAnalysis) -> str:
    """One sentence for a guess after which six guesses are no longer sure."""
    answers = "answer" if row.at_risk == 1 else "answers"
    better = f" ({capitals(row.best_guess)} kept every answer safe)" if row.best_at_risk == 0 else ""
    return f"after {capitals(row.guess)}, {row.at_risk} possible {answers} may take more than six guesses{better}."


def analysis_text(rows: list[GuessAnalysis]) -> list[str]:
    """One plain line a guess, to share: `1. SALET  3158→50  skill 99  luck 50  (best TARSE)`."""
    lines = []
    for place, row in enumerate(rows, start=1):
        best = "" if row.best_guess == row.guess else f"  (best {capitals(row.best_guess)})"
        answers = f"{row.remaining_before}→{row.remaining_after}"
        lines.append(f"{place}. {capitals(row.guess)}  {answers}  skill {row.skill}  luck {row.luck}{best}")
    return lines


RECENT = 16  # analyses a process remembers: a game just finished is asked for by its dialog and by the history
_recent: dict[tuple, list[GuessAnalysis] | str] = {}


def analysis_or_problem(
    model: CandidateModel, history: History, hard_mode: Difficulty = Difficulty.NORMAL, last_only: bool = False
) -> list[GuessAnalysis] | str:
    """`analyze` as a pool job: the rows, or one sentence saying why the game cannot be analysed.

    The last few are remembered, so that the same game asked for twice is worked out once.
    """
    key = (model.lists.digest, model.name, tuple(history), int(hard_mode), last_only)
    if (known := _recent.pop(key, None)) is not None:
        _recent[key] = known  # the most recent now
        return known
    try:
        result: list[GuessAnalysis] | str = analyze(model, tuple(history), hard_mode, last_only)
    except NoCandidatesError as error:
        result = f"No accepted word fits the feedback of row {error.row + 1}, so the game cannot be analysed."
    except GuessError as error:
        result = f"The game cannot be analysed: {error}."
    _recent[key] = result
    while len(_recent) > RECENT:
        del _recent[next(iter(_recent))]
    return result
