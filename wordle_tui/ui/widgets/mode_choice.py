"""A list of the modes a game is played in: normal, hard, ultra hard."""

from __future__ import annotations

from ...core.rules.game import Difficulty, mode_title
from .choice import Choice


def mode_choice(hard_mode: int, name: str) -> Choice[int]:
    """The modes, `hard_mode` chosen, as a compact list with the id `name`."""
    modes = [(mode_title(level), int(level)) for level in Difficulty]
    return Choice(modes, value=int(hard_mode), allow_blank=False, id=name, compact=True)
