"""Candidate models and game states: which words can still be the answer, and which guesses are allowed."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from ..echo import echoed
from ..rules.feedback import GREEN, GREY, digits_of
from ..rules.game import Difficulty, History, revealed
from ..rules.words import WordLists
from .table import PatternTable


class NoCandidatesError(ValueError):
    """Feedback that no word fits; `row` is the first row (0-based) that rules out the last one."""

    def __init__(self, row: int, words: str = "accepted word"):
        super().__init__(f"No {words} fits this feedback (row {row + 1}).")
        self.row = row
        self.words = words

    def __reduce__(self):  # rebuilt from its own arguments when it crosses from a worker process
        return type(self), (self.row, self.words)


class UnknownGuessError(ValueError):
    """A guess in the history that is not in the allowed list."""


@dataclass(frozen=True, eq=False)
class CandidateModel:
    """The words that can be the answer (the table's columns) and how likely each is a priori."""

    name: str
    lists: WordLists
    table: PatternTable
    prior: np.ndarray  # one weight per target, summing to 1
    listed: np.ndarray  # one flag per target: on the answer list (a likely answer)

    @property
    def targets(self) -> tuple[str, ...]:
        return self.table.targets

    @property
    def answers_only(self) -> bool:
        """The targets are the answer list, every answer equally likely (the model of the exact search)."""
        return self.name == "answers"

    @property
    def words(self) -> str:
        """What the targets are, for messages: `No {words} fits this feedback`."""
        return "word of the answer list" if self.answers_only else "accepted word"

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
                raise UnknownGuessError(f"{echoed(guess)!r} is not in the word list.")
            alive = alive[self.table.row(index, alive) == pattern]
            if not len(alive):
                raise NoCandidatesError(row, self.words)
        return alive


def uniform_model(lists: WordLists, table: PatternTable | None = None) -> CandidateModel:
    """The player knows the answer list and the answer is on it: every answer is equally likely
    (the patterns from `table`, else from the cache, built and kept there if need be)."""
    table = table or PatternTable.for_answers(lists)
    prior = np.full(len(lists.answers), 1 / len(lists.answers))
    return CandidateModel("answers", lists, table, prior, np.ones(len(lists.answers), dtype=bool))


def accepted_model(lists: WordLists) -> CandidateModel:
    """Every accepted word equally likely (the offensive ones aside, as in every model: see WordLists.possible):
    what a game is judged against once no listed answer fits it."""
    table = PatternTable.for_all_words(lists)
    prior = np.full(len(table.targets), 1 / len(table.targets))
    return CandidateModel("accepted", lists, table, prior, np.zeros(len(table.targets), dtype=bool))


# The prior of the `all` model. The NYT's editor picks most answers from its curated list and, now
# and then, a word from outside it: we assume one answer in fifty. Outside the list a word is as
# likely as it is familiar (a sigmoid over its Zipf frequency, centred where the words the editor
# added to the list in 2023 have their median), and -s plurals, which the editor avoids, count a
# twentieth.
UNLISTED_SHARE = 0.02
FAMILIAR_ZIPF = 2.5
ZIPF_WIDTH = 0.5
PLURAL_FACTOR = 0.05


def looks_plural(word: str) -> bool:
    return word.endswith("s") and not word.endswith(("ss", "us", "is", "os"))


def unlisted_weights(lists: WordLists, words: tuple[str, ...]) -> np.ndarray:
    """How likely each word is to be picked from outside the answer list, relative to the others."""
    zipf = np.array([lists.frequencies.get(word, 0.0) for word in words])
    familiar = 1 / (1 + np.exp(-(zipf - FAMILIAR_ZIPF) / ZIPF_WIDTH))
    plural = np.array([looks_plural(word) for word in words], dtype=bool)
    return familiar * np.where(plural, PLURAL_FACTOR, 1.0)


def all_words_prior(lists: WordLists) -> tuple[np.ndarray, np.ndarray]:
    """(prior, listed) over every word that may be the answer (lists.possible): the answer list shares
    1 - UNLISTED_SHARE equally."""
    listed = np.array([word in lists.answer_index for word in lists.possible], dtype=bool)
    outside = np.where(listed, 0.0, unlisted_weights(lists, lists.possible))
    share = UNLISTED_SHARE if outside.sum() > 0 else 0.0
    prior = np.where(listed, (1 - share) / listed.sum(), share * outside / max(outside.sum(), 1e-300))
    return prior / prior.sum(), listed


def weighted_model(lists: WordLists) -> CandidateModel:
    """Every accepted word may be the answer but the offensive ones: the answer list's words are likely, the rest
    unlikely."""
    prior, listed = all_words_prior(lists)
    return CandidateModel("all", lists, PatternTable.for_all_words(lists), prior, listed)


MODELS = {"all": weighted_model, "answers": uniform_model}


def model_named(lists: WordLists, name: str) -> CandidateModel:
    return MODELS[name](lists)


def hard_mode_mask(lists: WordLists, guess: str, pattern: int) -> np.ndarray:
    """Which of the lists' guesses NYT hard mode allows after one row."""
    codes, letter_counts, alphabet = lists.guess_codes, lists.guess_letter_counts, lists.alphabet
    greens, counts = revealed(guess, pattern)
    allowed = np.ones(len(codes), dtype=bool)
    for position, letter in greens.items():
        allowed &= codes[:, position] == alphabet.index(letter)
    for letter, count in counts.items():
        allowed &= letter_counts[:, alphabet.index(letter)] >= count
    return allowed


def ultra_hard_mask(lists: WordLists, guess: str, pattern: int) -> np.ndarray:
    """Which of the lists' guesses ultra hard mode allows after one row: those NYT hard mode allows, with no
    letter where it was yellow or grey and each letter shown grey exactly as often as it was revealed."""
    codes, letter_counts = lists.guess_codes, lists.guess_letter_counts
    allowed = hard_mode_mask(lists, guess, pattern)
    _, counts = revealed(guess, pattern)
    for position, (letter, colour) in enumerate(zip(guess, digits_of(pattern, len(guess)))):
        code = lists.alphabet.index(letter)
        if colour != GREEN:
            allowed &= codes[:, position] != code
        if colour == GREY:
            allowed &= letter_counts[:, code] == counts[letter]
    return allowed


def mode_allowed(lists: WordLists, history: History, hard_mode: Difficulty) -> np.ndarray:
    """Boolean mask of the guesses the mode (Difficulty) allows after `history`."""
    mask = ultra_hard_mask if hard_mode == Difficulty.ULTRA else hard_mode_mask
    allowed = np.ones(len(lists.guesses), dtype=bool)
    for guess, pattern in history if hard_mode else ():
        allowed &= mask(lists, guess, pattern)
    return allowed


@dataclass(frozen=True)
class State:
    """A position in a game: the feedback so far, the mode and the candidate model."""

    model: CandidateModel
    history: History = ()
    hard_mode: Difficulty = Difficulty.NORMAL  # see rules.game.Difficulty

    @cached_property
    def candidates(self) -> np.ndarray:
        return self.model.candidates(self.history)

    @cached_property
    def allowed(self) -> np.ndarray:
        """Indices of the guesses that may be played."""
        if not self.hard_mode:
            return np.arange(len(self.model.lists.guesses))
        return np.flatnonzero(mode_allowed(self.model.lists, self.history, self.hard_mode))

    @cached_property
    def weights(self) -> np.ndarray:
        """The candidates' probabilities, summing to 1."""
        weights = self.model.prior[self.candidates]
        return weights / weights.sum()

    @cached_property
    def likely(self) -> np.ndarray:
        """Which candidates are on the answer list."""
        return self.model.listed[self.candidates]

    @cached_property
    def tally(self) -> np.ndarray | None:
        """What each candidate counts for in bucket sizes: the likely ones, while any remain (None: all alike)."""
        likely = self.likely
        if likely.all() or not likely.any():
            return None
        return likely.astype(np.float64)

    def then(self, guess: str, pattern: int) -> State:
        return State(self.model, (*self.history, (guess, pattern)), self.hard_mode)

    def remaining(self) -> Remaining:
        """The candidates by name: the likely ones alphabetically, then the unlikely ones likeliest first."""
        targets, candidates = self.model.targets, self.candidates
        likely = [targets[i] for i in candidates[self.likely]]
        others = candidates[~self.likely]
        order = np.argsort(-self.model.prior[others], kind="stable")
        return Remaining(likely, [targets[i] for i in others[order]], self.model.answers_only)


FEW_CANDIDATES = 20  # at most this many answers are named


@dataclass(frozen=True)
class Remaining:
    """The answers still possible, as a player is told of them."""

    likely: list[str]
    unlikely: list[str]
    answers_only: bool  # the model knows no unlikely answers: say "answers remain"

    @property
    def count(self) -> int:
        return len(self.likely) + len(self.unlikely)

    @property
    def only(self) -> str | None:
        """The answer, where just one is left: nothing to rank, but to play it."""
        return (self.likely + self.unlikely)[0] if self.count == 1 else None

    def summary(self) -> str:
        """`12 likely · 3 unlikely`, or `16 answers remain` where every answer is on the list."""
        if self.answers_only:
            return f"{self.count:,} answer{' remains' if self.count == 1 else 's remain'}"
        return f"{len(self.likely):,} likely · {len(self.unlikely):,} unlikely"

    def named(self) -> tuple[list[str], list[str]]:
        """The likely and unlikely answers worth naming: each group while the words named stay few."""
        likely = self.likely if len(self.likely) <= FEW_CANDIDATES else []
        unlikely = self.unlikely if self.count <= FEW_CANDIDATES else []
        return likely, unlikely
