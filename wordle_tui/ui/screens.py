"""The screens of each game of the family, for play, coach and watch: ui's half of a game's one registration
(core's is rules/variant.py's GameType), from which the app makes its screens and the help lists their keys. The
screens a first frame seldom shows are loaded when first shown."""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING, Any

from ..core.rules.variant import ADVERSARY, ONE_BOARD, SEVERAL_BOARDS
from .keys import keys_of

if TYPE_CHECKING:
    from textual.screen import Screen

    from ..core.rules.setup import Setup
    from .host import CoachOptions, Means, PlayOptions, WatchOptions

ACTIVITIES = ("play", "coach", "watch")


@dataclass(frozen=True)
class ScreenOf:
    """One screen of one game: its heading in the help, and where it is (a module of ui/modes, its class)."""

    title: str
    module: str
    name: str
    asked: bool = False  # made with what the command line asked for (the first game's answer, the NYT puzzle...)

    def type(self) -> Any:
        """The screen's class (a ModeScreen's: made from a Setup and the Means, with what was asked where `asked`)."""
        return getattr(import_module(f".modes.{self.module}", __package__), self.name)

    def make(self, setup: Setup, means: Means, asked: PlayOptions | CoachOptions | WatchOptions) -> Screen:
        screen: Screen = self.type()(setup, means, asked) if self.asked else self.type()(setup, means)
        return screen


# Each game's screens, by activity; a game with no coach (Absurdle: no answer to mirror) is coached on one board.
SCREENS: dict[str, dict[str, ScreenOf]] = {
    ONE_BOARD.key: {
        "play": ScreenOf("Play", "play", "PlayScreen", asked=True),
        "coach": ScreenOf("Coach", "coach", "CoachScreen", asked=True),
        "watch": ScreenOf("Watch", "watch", "WatchScreen", asked=True),
    },
    SEVERAL_BOARDS.key: {
        "play": ScreenOf("Several boards", "play_boards", "PlayBoardsScreen"),
        "coach": ScreenOf("Coaching several boards", "coach_boards", "CoachBoardsScreen"),
        "watch": ScreenOf("Watching several boards", "watch_boards", "WatchBoardsScreen"),
    },
    ADVERSARY.key: {
        "play": ScreenOf("Absurdle", "play_absurdle", "PlayAbsurdleScreen"),
        "watch": ScreenOf("Watching Absurdle", "watch_absurdle", "WatchAbsurdleScreen"),
    },
}


def screen_of(activity: str, setup: Setup) -> ScreenOf:
    """The screen that plays, coaches or watches (`activity`) the game of `setup`."""
    return SCREENS[setup.variant.type.key][activity]


def key_sections(app: type) -> list[tuple[str, list[str]]]:
    """The keys of the app and of each screen, as the help lists them: from the bindings themselves, the screens
    of each activity in turn (the coach's analysis after the coach's), then the dialogs the app opens."""
    from .dialogs.analysis import AnalysisScreen
    from .dialogs.games import GamesScreen
    from .dialogs.history import HistoryScreen
    from .dialogs.settings import SettingsScreen
    from .dialogs.statistics import StatsScreen

    sections: list[tuple[str, type]] = []
    for activity in ACTIVITIES:
        sections += [(of[activity].title, of[activity].type()) for of in SCREENS.values() if activity in of]
        if activity == "coach":
            sections.append(("Analysis", AnalysisScreen))
    sections += [("Games", GamesScreen), ("Statistics", StatsScreen), ("History", HistoryScreen)]
    sections.append(("Settings", SettingsScreen))
    return [("Everywhere", keys_of(app)), *((where, keys_of(screen)) for where, screen in sections)]
