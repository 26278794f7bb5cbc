"""The settings: what a player sets, and how a file of them is read (one of an earlier version too)."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from ..core.rules.game import Difficulty
from ..core.rules.words import DEFAULT_PRESET, PRESETS
from ..core.strategies import STRATEGY_NAMES

THEMES = ("dark", "light", "high-contrast")
MARKS = ("auto", "on", "off")  # marks on tiles and keys besides their colour: auto means where colour is poor
SHARE_PALETTES = ("standard", "high-contrast")  # the squares of a shared result


@dataclass
class Settings:
    hard_mode: Difficulty = Difficulty.NORMAL  # for games played here (0, 1, 2 in the file)
    coach_hard_mode: Difficulty = Difficulty.NORMAL  # for the game mirrored in the coach: normal, as on the NYT
    strategy: str = "entropy"  # for hints, the coach and the bot
    workers: int = 0  # ranking processes; 0 means one per core
    theme: str = "dark"
    marks: str = "auto"
    share_palette: str = "standard"
    show_hints: bool = False  # at the start of each game
    lists: str = DEFAULT_PRESET  # the word lists of the app, unless the command line names others
    fetch_nyt: bool = False  # `play --nyt` may download the day's answer from the NYT without --fetch

    @property
    def high_contrast_squares(self) -> bool:
        """Whether shared results use the high-contrast squares (orange and blue)."""
        return self.share_palette == "high-contrast"

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Settings:
        """Known keys of the right type; anything else keeps its default."""
        from ..core.workers.processes import MOST_WORKERS  # multiprocessing: not for a command's --help

        settings = cls()
        for item in fields(cls):
            value = data.get(item.name)
            if type(value) is type(getattr(settings, item.name)):
                setattr(settings, item.name, value)
        choices = (
            ("strategy", STRATEGY_NAMES),
            ("theme", THEMES),
            ("marks", MARKS),
            ("share_palette", SHARE_PALETTES),
            ("lists", PRESETS),
        )
        for name, allowed in choices:
            if getattr(settings, name) not in allowed:
                setattr(settings, name, getattr(cls, name))
        settings.workers = min(MOST_WORKERS, max(0, settings.workers))
        for name in ("hard_mode", "coach_hard_mode"):  # true and false before ultra hard mode was a setting
            value = data.get(name)
            if not (isinstance(value, int) and 0 <= value < len(Difficulty)):
                value = Difficulty.NORMAL
            setattr(settings, name, Difficulty(value))
        return settings


def settings_of(data: dict[str, Any]) -> Settings:
    """The settings a file holds; a file of a version before the share palette was a setting of its own
    shares the squares its theme did."""
    settings = Settings.from_json(data)
    if "theme" in data and "share_palette" not in data and settings.theme == "high-contrast":
        settings.share_palette = "high-contrast"
    return settings
