"""Candidate models and game states: which words can still be the answer, and which guesses are allowed."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from .game import History, revealed
from .table import PatternTable
from .words import WordLists

NO_FIT = "No word in the list fits this feedback"


class NoCandidatesError(ValueError):
    """Feedback that no word in the list fits; `row` is the first row (0-based) that rules out the last one."""

    def __init__(self, row: int):
        super().__init__(f"{NO_FIT} (row {row + 1}).")
        self.row = row


class UnknownGuessError(ValueError):
    """A guess in the history that is not in the allowed list."""


@dataclass(frozen=True, eq=False)
class CandidateModel:
    """The words that can be the answer (the table's columns) and how likely each is a priori."""

    name: str
    lists: WordLists
    table: PatternTable
    prior: np.ndarray  # one weight per target, summing to 1

    @property
    def targets(self) -> tuple[str, ...]:
        return self.table.targets

    @property
    def uniform(self) -> bool:
        return self.name == "answers"

    @cached_property
    def guess_of_target(self) -> np.ndarray:
        """Each target's row in the table (targets are always allowed guesses)."""
        index = self.lists.guess_index
        return np.array([index[word] for word in self.targets], dtype=np.intp)

    @cached_property
    def target_of_guess(self) -> np.ndarray:
        """Each guess's column in the table, or -1 where the guess cannot be the answer."""
        column = np.full(len(self.lists.guesses), -1, dtype=np.intp)
        column[self.guess_of_target] = np.arange(len(self.targets))
        return column

    def candidates(self, history: History) -> np.ndarray:
        """Indices of the targets consistent with every row of feedback."""
        alive = np.arange(len(self.targets))
        for row, (guess, pattern) in enumerate(history):
            index = self.lists.guess_index.get(guess)
            if index is None:
                raise UnknownGuessError(f"{guess!r} is not in the word list.")
            alive = alive[self.table.matrix[index, alive] == pattern]
            if not len(alive):
                raise NoCandidatesError(row)
        return alive


def uniform_model(lists: WordLists) -> CandidateModel:
    """The player knows the answer list: every answer is equally likely."""
    table = PatternTable.for_answers(lists)
    prior = np.full(len(lists.answers), 1 / len(lists.answers))
    return CandidateModel("answers", lists, table, prior)


# The prior of `--candidates all`: a sigmoid over frequency rank, so that about this many of the
# most common words are likely answers and the rest are not.
COMMON_WORDS = 3000
SIGMOID_WIDTH = 250


def frequency_prior(lists: WordLists, words: tuple[str, ...]) -> np.ndarray:
    """Weights for `words`, from their frequency rank among all allowed words."""
    frequency = np.array([lists.frequencies.get(word, 0.0) for word in words])
    rank = np.empty(len(words))
    rank[np.argsort(-frequency, kind="stable")] = np.arange(len(words))
    weights = 1 / (1 + np.exp((rank - COMMON_WORDS) / SIGMOID_WIDTH))
    return weights / weights.sum()


def weighted_model(lists: WordLists) -> CandidateModel:
    """The player does not know the answer list: every allowed word may be the answer, common words likelier."""
    table = PatternTable.for_all_words(lists)
    return CandidateModel("all", lists, table, frequency_prior(lists, lists.guesses))


MODELS = {"answers": uniform_model, "all": weighted_model}


def model_named(lists: WordLists, name: str) -> CandidateModel:
    return MODELS[name](lists)


def hard_mode_allowed(lists: WordLists, history: History) -> np.ndarray:
    """Boolean mask of the guesses NYT hard mode allows after `history`."""
    allowed = np.ones(len(lists.guesses), dtype=bool)
    for guess, pattern in history:
        greens, counts = revealed(guess, pattern)
        for position, letter in greens.items():
            allowed &= lists.guess_codes[:, position] == ord(letter) - ord("a")
        for letter, count in counts.items():
            allowed &= lists.guess_letter_counts[:, ord(letter) - ord("a")] >= count
    return allowed


@dataclass(frozen=True)
class State:
    """A position in a game: the feedback so far, the mode and the candidate model."""

    model: CandidateModel
    history: History = ()
    hard_mode: bool = False

    @cached_property
    def candidates(self) -> np.ndarray:
        return self.model.candidates(self.history)

    @cached_property
    def allowed(self) -> np.ndarray:
        """Indices of the guesses that may be played."""
        if not self.hard_mode:
            return np.arange(len(self.model.lists.guesses))
        return np.flatnonzero(hard_mode_allowed(self.model.lists, self.history))

    @cached_property
    def weights(self) -> np.ndarray:
        """The candidates' probabilities, summing to 1."""
        weights = self.model.prior[self.candidates]
        return weights / weights.sum()

    def then(self, guess: str, pattern: int) -> State:
        return State(self.model, (*self.history, (guess, pattern)), self.hard_mode)
