"""The games of the Wordle family the app plays: one board, several boards at once, or Absurdle."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from ...core.rules.variant import FAMILY, Variant
from ..host import HostDialog


class GameList(OptionList):
    """The games, a line each: the footer offers Enter to play the one highlighted."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "select", "Play")]


class GamesScreen(HostDialog[Variant]):
    """Which game play, watch and the coach are about: chosen with the arrows and Enter, or its number.
    `current` is the game on screen (which may be a number of boards the list does not name, from the
    command line)."""

    DEFAULT_CSS = """
    #games-dialog {
        width: 64;
    }

    #games {
        height: auto;
        border: none;
        padding: 0;
        margin-bottom: 1;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss", "Close"),
        *(Binding(str(n), f"choose({n - 1})", game.name, show=False) for n, game in enumerate(FAMILY, start=1)),
    ]
    KEY_HELP = ("↑ ↓ choose, Enter plays it",)

    def __init__(self, current: Variant):
        super().__init__()
        self.current = current

    def compose(self) -> ComposeResult:
        options = [
            Option(f"{n}  {game.name}{' (now)' if game == self.current else ''} · {game.describe()}", id=game.name)
            for n, game in enumerate(FAMILY, start=1)
        ]
        with Vertical(id="games-dialog", classes="dialog"):
            yield Static("GAMES", classes="dialog-title")
            yield GameList(*options, id="games")
            yield Static("The coach mirrors one board, or several; Absurdle has none to mirror.", classes="dialog-note")
            yield Static("↑ ↓ Enter, or 1-5 · Esc closes", classes="dialog-keys")
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        games = self.query_one(OptionList)
        games.highlighted = FAMILY.index(self.current) if self.current in FAMILY else 0
        games.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_choose(event.option_index)

    def action_choose(self, index: int) -> None:
        self.dismiss(FAMILY[index])
