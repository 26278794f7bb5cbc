"""Which game of the Wordle family is played: one board, several boards at once (Dordle, Quordle,
Octordle), or Absurdle. Each game is described once here, as a GameType (its name, its limits, whether it
holds an answer, how many boards it takes, the key the app's screens and the user's files know it by); a
Variant is one game of a type,
for the command line, the app, the games in progress and the games recorded alike."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .boards import check_boards, game_name, guess_limit
from .game import MAX_GUESSES


@dataclass(frozen=True)
class GameType:
    """A game of the family, described once: what the rest of the program asks of it, whatever the boards."""

    key: str  # what the app's screens (ui/screens.py) and the kinds of game kept (storage/kinds.py) know it by
    name: Callable[[int], str]  # its name for `boards` boards
    guess_limit: Callable[[int], int | None]  # the guesses it allows (None: played until it is beaten)
    description: Callable[[int], str]  # what the Games dialog says of it
    has_answer: bool = True  # holds an answer from its start: what the coach mirrors, what --answer names
    boards_allowed: Callable[[int], int] = lambda boards: boards  # `boards`, or ValueError in one sentence


def _one_board(boards: int) -> int:
    if boards != 1:
        raise ValueError("Absurdle is played on one board: leave out --boards.")
    return boards


ONE_BOARD = GameType(
    "wordle",
    name=lambda boards: "Wordle",
    guess_limit=lambda boards: MAX_GUESSES,
    description=lambda boards: "one board, six guesses",
)
SEVERAL_BOARDS = GameType(
    "boards",
    name=game_name,
    guess_limit=guess_limit,
    description=lambda boards: f"{boards} boards at once, {guess_limit(boards)} guesses",
    boards_allowed=check_boards,
)
ADVERSARY = GameType(  # Absurdle: no answer held, every answer that fits kept instead
    "absurdle",
    name=lambda boards: "Absurdle",
    guess_limit=lambda boards: None,
    description=lambda boards: "an adversary that dodges every guess",
    has_answer=False,
    boards_allowed=_one_board,
)
TYPES = {game.key: game for game in (ONE_BOARD, SEVERAL_BOARDS, ADVERSARY)}


@dataclass(frozen=True)
class Variant:
    """A game of the family: `boards` boards at once (1: Wordle itself), or Absurdle (one board, no answer
    held). ValueError, in one sentence, for a game that is not played."""

    boards: int = 1
    absurdle: bool = False

    def __post_init__(self) -> None:
        self.type.boards_allowed(self.boards)

    @property
    def type(self) -> GameType:
        if self.absurdle:
            return ADVERSARY
        return SEVERAL_BOARDS if self.boards != 1 else ONE_BOARD

    @property
    def several(self) -> bool:
        """Several boards at once."""
        return self.type is SEVERAL_BOARDS

    @property
    def name(self) -> str:
        return self.type.name(self.boards)

    @property
    def guess_limit(self) -> int | None:
        """The guesses a game allows: six for one board, five more than boards for several; None for
        Absurdle, which is played until it is beaten."""
        return self.type.guess_limit(self.boards)

    @property
    def has_answer(self) -> bool:
        """Whether the game holds an answer from its start (Absurdle keeps every answer it can instead):
        what the coach mirrors, and what --answer, --nyt and the daily puzzle name."""
        return self.type.has_answer

    def describe(self) -> str:
        return self.type.description(self.boards)


WORDLE = Variant()
ABSURDLE = Variant(absurdle=True)
FAMILY = (WORDLE, Variant(2), Variant(4), Variant(8), ABSURDLE)  # the games the Games dialog offers, in its order
