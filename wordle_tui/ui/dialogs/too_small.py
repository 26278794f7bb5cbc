"""What the app shows instead of a broken layout when the terminal is too small."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.events import Resize
from textual.screen import ModalScreen
from textual.widgets import Static

from ..widgets.keyboard import ROWS, rows_for

MIN_WIDTH, MIN_HEIGHT = 44, 18  # the board, the keyboard (a line more for a fourth row of keys) and a message
NARROW = 80  # below this many columns the ranking beside the board folds away
SHORT = 24  # below this many rows the tiles are two rows high rather than three
Breakpoints = list[tuple[int, str]]


def window_sizes(alphabet: str) -> tuple[Breakpoints, Breakpoints, tuple[int, int]]:
    """The app's breakpoints of width and height, and the smallest window it draws, for a keyboard of `alphabet`'s
    letters: big tiles and keys where the terminal has room for them, small ones and no side panel where it has
    little. A row of keys more for the letters English lacks (see keyboard.rows_for) takes a line at every size,
    two where keys stand a line apart."""
    more = len(rows_for(alphabet)) - len(ROWS)
    wide = [(0, "-narrow"), (NARROW, "-wide"), (110, "-roomy")]
    return wide, [(0, "-short"), (SHORT + more, "-medium"), (40 + 2 * more, "-tall")], (MIN_WIDTH, MIN_HEIGHT + more)


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

    def __init__(self, least: tuple[int, int] = (MIN_WIDTH, MIN_HEIGHT)):
        super().__init__()
        self.least = least  # the smallest window the app draws

    def compose(self) -> ComposeResult:
        yield Static(id="too-small")

    def on_mount(self) -> None:
        self.describe(self.app.size.width, self.app.size.height)

    def on_resize(self, event: Resize) -> None:
        self.describe(event.size.width, event.size.height)

    def describe(self, width: int, height: int) -> None:
        self.query_one("#too-small", Static).update(
            f"The terminal is {width}x{height}.\nWordle needs at least {self.least[0]}x{self.least[1]}: "
            "make the window larger, or press Ctrl+Q to quit."
        )
