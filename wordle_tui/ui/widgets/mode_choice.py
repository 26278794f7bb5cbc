"""A list of the modes a game is played in: normal, hard, ultra hard."""

from __future__ import annotations

from ...core.rules.game import Difficulty
from .choice import Choice


def mode_choice(hard_mode: Difficulty, name: str) -> Choice[Difficulty]:
    """The modes, `hard_mode` chosen, as a compact list with the id `name`."""
    modes = [(level.title, level) for level in Difficulty]
    return Choice(modes, value=hard_mode, id=name)
