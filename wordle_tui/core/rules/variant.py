"""Which game of the Wordle family is played: one board, several boards at once (Dordle, Quordle,
Octordle), or Absurdle. One value for the command line, the app, the games in progress and the
games recorded alike, so that a new dimension of the game (the word's length) is added in one place."""

from __future__ import annotations

from dataclasses import dataclass

from .boards import check_boards, game_name, guess_limit
from .game import MAX_GUESSES


@dataclass(frozen=True)
class Variant:
    """A game of the family: `boards` boards at once (1: Wordle itself), or Absurdle (one board, no answer
    held). ValueError, in one sentence, for a game that is not played."""

    boards: int = 1
    absurdle: bool = False

    def __post_init__(self) -> None:
        if self.boards != 1:
            check_boards(self.boards)
            if self.absurdle:
                raise ValueError("Absurdle is played on one board: leave out --boards.")

    @property
    def several(self) -> bool:
        """Several boards at once."""
        return self.boards > 1

    @property
    def name(self) -> str:
        if self.absurdle:
            return "Absurdle"
        return game_name(self.boards) if self.several else "Wordle"

    @property
    def guess_limit(self) -> int | None:
        """The guesses a game allows: six for one board, five more than boards for several; None for
        Absurdle, which is played until it is beaten."""
        if self.absurdle:
            return None
        return guess_limit(self.boards) if self.several else MAX_GUESSES

    @property
    def has_answer(self) -> bool:
        """Whether the game holds an answer from its start (Absurdle keeps every answer it can instead):
        what the coach mirrors, and what --answer, --nyt and the daily puzzle name."""
        return not self.absurdle

    def describe(self) -> str:
        if self.absurdle:
            return "an adversary that dodges every guess"
        if self.several:
            return f"{self.boards} boards at once, {self.guess_limit} guesses"
        return "one board, six guesses"


WORDLE = Variant()
ABSURDLE = Variant(absurdle=True)
FAMILY = (WORDLE, Variant(2), Variant(4), Variant(8), ABSURDLE)  # the games the Games dialog offers, in its order
