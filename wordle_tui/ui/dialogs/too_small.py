"""What the app shows instead of a broken layout when the terminal is too small."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.events import Resize
from textual.screen import ModalScreen
from textual.widgets import Static

MIN_WIDTH, MIN_HEIGHT = 44, 18  # the board, the keyboard and a line for messages
NARROW = 80  # below this many columns the ranking beside the board folds away
SHORT = 24  # below this many rows the tiles are two rows high rather than three


class TooSmallScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    #too-small {
        width: 100%;
        height: 100%;
        content-align: center middle;
        text-align: center;
        background: $background;
    }
    """

    def compose(self) -> ComposeResult:
        yield Static(id="too-small")

    def on_mount(self) -> None:
        self.describe(self.app.size.width, self.app.size.height)

    def on_resize(self, event: Resize) -> None:
        self.describe(event.size.width, event.size.height)

    def describe(self, width: int, height: int) -> None:
        self.query_one("#too-small", Static).update(
            f"The terminal is {width}x{height}.\nWordle needs at least {MIN_WIDTH}x{MIN_HEIGHT}: "
            "make the window larger, or press Ctrl+Q to quit."
        )
