"""The games of the Wordle family the app plays: one board, several boards at once, or Absurdle, of words of
4 to 11 letters."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from ...core.rules.variant import FAMILY, Variant
from ...core.rules.words import LENGTHS
from ..host import HostDialog


class GameList(OptionList):
    """The games, a line each: the footer offers Enter to play the one highlighted."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "select", "Play")]


class GamesScreen(HostDialog[tuple[Variant, int]]):
    """Which game play, watch and the coach are about, and of words of how many letters: the game chosen with
    ↑ ↓ and Enter, or its number, the letters with ← →. `current` is the game on screen (which may be a number
    of boards the list does not name, from the command line), of words of `length` letters."""

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

    #letters {
        margin-bottom: 1;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss", "Close"),
        Binding("left", "letters(-1)", "Fewer letters", key_display="←", priority=True),
        Binding("right", "letters(1)", "More letters", key_display="→", priority=True),
        *(Binding(str(n), f"choose({n - 1})", game.name, show=False) for n, game in enumerate(FAMILY, start=1)),
    ]
    KEY_HELP = ("↑ ↓ choose, Enter plays it",)

    def __init__(self, current: Variant, length: int):
        super().__init__()
        self.current, self.length, self.now = current, length, length

    def compose(self) -> ComposeResult:
        options = [
            Option(f"{n}  {game.name}{' (now)' if game == self.current else ''} · {game.describe()}", id=game.name)
            for n, game in enumerate(FAMILY, start=1)
        ]
        with Vertical(id="games-dialog", classes="dialog"):
            yield Static("GAMES", classes="dialog-title")
            yield GameList(*options, id="games")
            yield Static(id="letters")
            yield Static("The coach mirrors one board, or several; Absurdle has none to mirror.", classes="dialog-note")
            yield Static("↑ ↓ Enter, or 1-5 · ← → letters · Esc closes", classes="dialog-keys")
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        games = self.query_one(OptionList)
        games.highlighted = FAMILY.index(self.current) if self.current in FAMILY else 0
        games.focus()
        self.show_letters()

    def show_letters(self) -> None:
        """The letters of the words, and the arrows that change them where there are more or fewer."""
        left = "←" if self.length > LENGTHS[0] else " "
        right = "→" if self.length < LENGTHS[-1] else " "
        now = " (now)" if self.length == self.now else ""
        self.query_one("#letters", Static).update(f"Letters of each word  {left} [b]{self.length}[/b] {right}{now}")

    def action_letters(self, step: int) -> None:
        self.length = min(LENGTHS[-1], max(LENGTHS[0], self.length + step))
        self.show_letters()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_choose(event.option_index)

    def action_choose(self, index: int) -> None:
        self.dismiss((FAMILY[index], self.length))
