"""What is played: the word lists (and so the length and the letters), the game of the family and the
difficulty, made once where the player chooses them (a command's flags, the Games dialog, the settings)
and handed to each screen when it is made."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from .game import Difficulty
from .variant import WORDLE, Variant
from .words import WordLists


def chosen_or(difficulty: Difficulty | None, settings: Difficulty) -> Difficulty:
    """The difficulty of a new game: the one chosen for it, else the settings' (`settings`)."""
    return settings if difficulty is None else difficulty


@dataclass(frozen=True)
class Setup:
    """The lists, the game and the difficulty of the games a screen plays, coaches or watches. Two setups are
    the same when their lists hold the same words (compared by their digest, not word by word)."""

    lists: WordLists = field(compare=False)
    variant: Variant = WORDLE
    difficulty: Difficulty | None = None  # None: as the settings say when each game starts
    words: str = field(init=False, repr=False)  # the lists' digest, which the comparison uses

    def __post_init__(self) -> None:
        object.__setattr__(self, "words", f"{self.lists.name} {self.lists.digest}")

    @property
    def length(self) -> int:
        return self.lists.length

    def difficulty_or(self, settings: Difficulty) -> Difficulty:
        """The difficulty of a new game: the one chosen, else the settings' (`settings`)."""
        return chosen_or(self.difficulty, settings)

    def mirrored(self) -> Setup:
        """What the coach mirrors of it: the same game, but one board for Absurdle, which holds no answer, and
        the difficulty the coach's own (the NYT's game is set on its own site)."""
        return replace(self, variant=self.variant if self.variant.has_answer else WORDLE, difficulty=None)
