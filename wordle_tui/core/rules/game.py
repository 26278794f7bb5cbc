"""The rules of a game: valid guesses, NYT hard mode and ultra hard mode, win and loss, the keyboard's colours.

A game's `hard_mode` is its level of difficulty, a Difficulty: NORMAL, HARD or ULTRA (0, 1, 2 in the
files and the database, where false and true stood for the first two). Ultra hard is hello wordl's
rule on top of the NYT's: a letter never goes back where it was yellow or grey, and a grey letter
tells how often the word holds it, so every guess must fit every colour shown so far, as an answer
would."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from enum import IntEnum

from .feedback import GREEN, GREY, YELLOW, digits_of, score, solved_pattern
from .words import WordLists, capitals, normal_form

MAX_GUESSES = 6

Feedback = tuple[str, int]  # a guess and the pattern it got
History = tuple[Feedback, ...]


class GuessError(ValueError):
    """A guess the game refuses; the message is the NYT's own."""


def won(history: History) -> bool:
    """The last guess found the answer."""
    return bool(history) and history[-1][1] == solved_pattern(len(history[-1][0]))


def over(history: History) -> bool:
    """The game has ended: won, or six guesses played."""
    return won(history) or len(history) >= MAX_GUESSES


class Difficulty(IntEnum):
    """A game's level of difficulty, kept as 0, 1, 2 in the files and the database (False and True before ULTRA)."""

    NORMAL = 0
    HARD = 1  # the NYT's: greens stay in place, revealed letters are reused
    ULTRA = 2  # hello wordl's: hard, and every guess fits every colour shown

    @property
    def word(self) -> str:
        """The mode in one word, as file names, headers and `--json` outputs say it: "normal", "hard", "ultra"."""
        return ("normal", "hard", "ultra")[self]

    @property
    def title(self) -> str:
        """How a player names the mode: "normal", "hard", "ultra hard"."""
        return ("normal", "hard", "ultra hard")[self]


NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def revealed(guess: str, pattern: int) -> tuple[dict[int, str], Counter[str]]:
    """What one row reveals: the green letters by position, and how often each letter is known to occur."""
    colours = digits_of(pattern, len(guess))
    greens = {position: letter for position, (letter, c) in enumerate(zip(guess, colours)) if c == GREEN}
    counts = Counter(letter for letter, c in zip(guess, colours) if c in (GREEN, YELLOW))
    return greens, counts


def hard_mode_violation(guess: str, history: History) -> str | None:
    """The NYT hard-mode message for `guess` after `history`, or None if it is allowed.

    Every green letter stays in its place and every revealed letter is reused as often as it
    was revealed; greens are checked before the letter counts, as the NYT does.
    """
    for earlier, pattern in history:
        greens, _ = revealed(earlier, pattern)
        for position, letter in sorted(greens.items()):
            if guess[position] != letter:
                return f"{ordinal(position + 1)} letter must be {capitals(letter)}"
    have = Counter(guess)
    for earlier, pattern in history:
        _, counts = revealed(earlier, pattern)
        for letter in earlier:  # in the order the letters were played
            if have[letter] < counts[letter]:
                return f"Guess must contain {capitals(letter)}"
    return None


def ultra_hard_violation(guess: str, history: History) -> str | None:
    """The message for `guess` after `history` in ultra hard mode, or None if it is allowed.

    The NYT's hard-mode rules come first; then, row by row and letter by letter, a letter may not
    stand where it was yellow or grey, and a letter shown grey must occur exactly as often as it
    was shown green or yellow in that row (hello wordl's rule and wording).
    """
    if message := hard_mode_violation(guess, history):
        return message
    have = Counter(guess)
    for earlier, pattern in history:
        _, counts = revealed(earlier, pattern)
        for position, (letter, colour) in enumerate(zip(earlier, digits_of(pattern, len(earlier)))):
            if colour != GREEN and guess[position] == letter:
                return f"{ordinal(position + 1)} letter can't be {capitals(letter)}"
            if colour == GREY and have[letter] != counts[letter]:
                if not counts[letter]:
                    return f"Guess can't contain {capitals(letter)}"
                times = NUMBER_WORDS[counts[letter]] if counts[letter] < len(NUMBER_WORDS) else str(counts[letter])
                return f"Guess must contain exactly {times} {capitals(letter)}{'s' * (counts[letter] > 1)}"
    return None


def mode_violation(guess: str, history: History, hard_mode: Difficulty) -> str | None:
    """The message for `guess` after `history` under the mode's rules, or None if it is allowed."""
    if hard_mode == Difficulty.ULTRA:
        return ultra_hard_violation(guess, history)
    return hard_mode_violation(guess, history) if hard_mode else None


def check_guess(word: str, lists: WordLists, history: History = (), hard_mode: Difficulty = Difficulty.NORMAL) -> str:
    """The guess as the game will play it, or GuessError with the NYT's message (hello wordl's in ultra hard)."""
    word = normal_form(word)
    if len(word) < lists.length:
        raise GuessError("Not enough letters")
    if len(word) > lists.length or not lists.is_allowed(word):
        raise GuessError("Not in word list")
    if message := mode_violation(word, history, hard_mode):
        raise GuessError(message)
    return word


@dataclass
class Game:
    """One game against a known answer."""

    answer: str
    lists: WordLists
    hard_mode: Difficulty = Difficulty.NORMAL
    history: list[Feedback] = field(default_factory=list)

    @property
    def guesses(self) -> list[str]:
        return [guess for guess, _ in self.history]

    @property
    def won(self) -> bool:
        return won(tuple(self.history))

    @property
    def lost(self) -> bool:
        return over(tuple(self.history)) and not self.won

    @property
    def over(self) -> bool:
        return over(tuple(self.history))

    def guess(self, word: str) -> int:
        """Play a guess and return its pattern; GuessError leaves the game unchanged."""
        if self.over:
            raise GuessError("The game is over")
        word = check_guess(word, self.lists, tuple(self.history), self.hard_mode)
        pattern = score(word, self.answer)
        self.history.append((word, pattern))
        return pattern

    def letter_states(self) -> dict[str, int]:
        """The best-known colour of every letter played (for the keyboard)."""
        return letter_states(tuple(self.history))


def letter_states(history: History) -> dict[str, int]:
    states: dict[str, int] = {}
    for guess, pattern in history:
        for letter, colour in zip(guess, digits_of(pattern, len(guess))):
            states[letter] = max(states.get(letter, colour), colour)
    return states
