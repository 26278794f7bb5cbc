"""The kinds of game storage tells apart: which game of the family was played (rules.variant) and whether it was
played here or coached (mirrored from the NYT's site), one value for the finished games and the games in progress.

The files name a kind by a word, a finished game's in its record (the database, the files exported) and a game
in progress's in its row, and for the same kind the two words differ ("played", "play"): they are the words
every earlier version wrote, left as they are so that a file written here reads in the versions before (one
may still be open in another window) and theirs here, with nothing to migrate. Both are read and written here
alone; the code names a Kind.
"""

from __future__ import annotations

from enum import StrEnum

from ..core.echo import echoed
from ..core.rules.variant import ABSURDLE as ABSURDLE_GAME
from ..core.rules.variant import ADVERSARY, ONE_BOARD, SEVERAL_BOARDS, WORDLE, Variant


class Kind(StrEnum):
    """A kind of game, its value the word its record is kept by (`kept_as`: the word of its game in progress)."""

    PLAYED = "played"  # one board, played here
    COACHED = "coached"  # one board, mirrored from the NYT's site: its answer "" when lost (the coach never learns it)
    BOARDS = "boards"  # several boards at once, played here: their answers spaced
    BOARDS_COACHED = "boards-coached"  # several boards, coached: kept in progress, never recorded
    ABSURDLE = "absurdle"  # Absurdle, played here; beaten, its answer the word it was left with

    @property
    def kept_as(self) -> str:
        """The word a game in progress of this kind is kept by."""
        return _KEPT_AS.get(self, self.value)

    @property
    def coached(self) -> bool:
        return self in (Kind.COACHED, Kind.BOARDS_COACHED)

    @property
    def recorded(self) -> bool:
        """Whether its finished games are recorded (the coach of several boards records none)."""
        return self is not Kind.BOARDS_COACHED

    @property
    def counted_apart(self) -> bool:
        """Whether its games are counted apart from one board's: several boards and Absurdle, whose averages are
        not those of a game of six guesses."""
        return self in (Kind.BOARDS, Kind.BOARDS_COACHED, Kind.ABSURDLE)

    def variant(self, boards: int = 1) -> Variant:
        """The game a game of this kind is, of `boards` boards (its answers, for several)."""
        if self is Kind.ABSURDLE:
            return ABSURDLE_GAME
        return Variant(boards) if self in (Kind.BOARDS, Kind.BOARDS_COACHED) else WORDLE

    @classmethod
    def of_record(cls, word: str) -> Kind:
        """The kind a record names by `word`; ValueError if it names none that is recorded."""
        kind = next((kind for kind in cls if kind.value == word), None)
        if kind is None or not kind.recorded:
            raise ValueError(f"{echoed(repr(word), 24)} is not a kind of game")
        return kind

    @classmethod
    def of_kept(cls, word: str) -> Kind:
        """The kind a game in progress is kept by as `word`; ValueError if none is."""
        for kind in cls:
            if kind.kept_as == word:
                return kind
        raise ValueError(f"no game in progress is kept as {word!r}")


_KEPT_AS = {Kind.PLAYED: "play", Kind.COACHED: "coach", Kind.BOARDS_COACHED: "boards-coach"}  # the others: as recorded
COUNTED_APART = tuple(kind for kind in Kind if kind.counted_apart)


# The kind of each game of the family (core/rules/variant.py's GameType), played here or coached.
KIND_OF = {
    (ONE_BOARD.key, False): Kind.PLAYED,
    (ONE_BOARD.key, True): Kind.COACHED,
    (SEVERAL_BOARDS.key, False): Kind.BOARDS,
    (SEVERAL_BOARDS.key, True): Kind.BOARDS_COACHED,
    (ADVERSARY.key, False): Kind.ABSURDLE,
}


def kind_of(variant: Variant, coached: bool = False) -> Kind:
    """The kind of a game of `variant`, played here or `coached`; ValueError for Absurdle coached: it holds no
    answer to mirror."""
    if (kind := KIND_OF.get((variant.type.key, coached))) is None:
        raise ValueError(f"{variant.name} holds no answer: there is no game of it to coach.")
    return kind
