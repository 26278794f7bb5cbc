"""What a finished game says about itself: the NYT's praise and the shareable emoji grid."""

from __future__ import annotations

from .feedback import emoji_row, shared_title
from .game import MAX_GUESSES, Difficulty, History

PRAISE = ("Genius", "Magnificent", "Impressive", "Splendid", "Great", "Phew")


def praise(guesses: int) -> str:
    """The NYT's word for a win in `guesses` guesses."""
    return PRAISE[min(guesses, len(PRAISE)) - 1]


def share_text(
    history: History,
    won: bool,
    hard_mode: Difficulty = Difficulty.NORMAL,
    high_contrast: bool = False,
    title: str = "Wordle",
) -> str:
    """`Wordle 3/6*` (the NYT's star for hard mode, two for ultra hard; X for a loss) over one emoji row per guess."""
    length = len(history[0][0]) if history else 5
    result = str(len(history)) if won else "X"
    header = f"{shared_title(title, length)} {result}/{MAX_GUESSES}{'*' * hard_mode}"
    rows = [emoji_row(pattern, length, high_contrast) for _, pattern in history]
    return "\n".join([header, "", *rows])
