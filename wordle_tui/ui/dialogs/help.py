"""The rules, the colours (with repeated letters), hard mode, every key, and skill and luck."""

from __future__ import annotations

from typing import ClassVar

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.widgets import Footer, Static

from ...core.exact.guess_analysis import LUCK, SKILL
from ...core.rules.feedback import digits_of, score
from ..host import HostDialog
from ..themes import MARK
from ..widgets.board import Tile
from ..widgets.dialog_frame import DialogFrame


def rules(length: int) -> str:
    return (
        f"Guess the hidden word in 6 tries. Each guess must be a valid {length}-letter word; "
        "after each one the tiles change colour to show how close it was."
    )


COLOURS = (
    "Green: the letter is in the word and in that spot.  Yellow: it is in the word but in another spot.  "
    "Grey: it is not in the word — or not as many times as you typed it. Greens are given first, then "
    "yellows from left to right while copies of the letter remain unmatched:"
)
HARD_MODE = (
    "Hard mode: every revealed hint must be used in later guesses — a green letter stays in its "
    "spot and a yellow letter must appear. Ultra hard mode (hello wordl's) asks more: a letter never "
    "goes back where it was yellow or grey, and a grey letter is used only as often as it was revealed, "
    "so every guess fits every colour shown. The share grid marks hard-mode games with *, ultra hard with **."
)
MARKS = (
    f"Marks tell the colours apart without colour: {MARK[2]} green, {MARK[1]} yellow, {MARK[0]} grey, under each "
    "tile and beside each key. They show where colour is poor (16 colours, NO_COLOR) unless the settings (F4) say "
    "otherwise."
)
EXAMPLE = ("shoes", "class")  # guess, answer
EXAMPLE_TEXT = (
    "SHOES against CLASS: the first S is yellow (CLASS has an S elsewhere), the last S is green; H, O and E are grey."
)
ANALYSIS = (
    "After a game, the statistics show each guess against the optimal one: the answers still possible "
    "before and after it, the guesses still needed on average after yours and after the best (marked * "
    "where a bounded search gives an upper bound), the best guess, and two scores:"
)


def keys_table(sections: list[tuple[str, list[str]]]) -> Table:
    """Where, and the keys it answers: a row each."""
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold")
    table.add_column()
    for where, keys in sections:
        table.add_row(where, " · ".join(keys))
    return table


class HelpScreen(HostDialog[None]):
    DEFAULT_CSS = """
    #help-dialog {
        width: 90%;
        max-width: 100;
        height: 90%;
    }

    .example-row {
        height: auto;
        margin: 1 0;
    }

    .example-text {
        width: 1fr;
        height: auto;
        min-height: 3;
        padding: 0 1;
        content-align: left middle;
    }

    .help-colours {
        margin-top: 1;
    }

    .definition {
        margin-top: 1;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,question_mark,q", "dismiss", "Close"),
    ]

    def __init__(self, length: int, keys: list[tuple[str, list[str]]]):
        """The rules of words of `length` letters, and `keys`: those of the app and of each screen."""
        super().__init__()
        self.length, self.keys = length, keys

    def compose(self) -> ComposeResult:
        with DialogFrame(id="help-dialog", classes="dialog"):
            # The rules first, in sight as the help opens; the keys, which the footers show too, after them.
            yield Static("HOW TO PLAY", classes="dialog-title")
            yield Static(rules(self.length))
            yield Static(COLOURS, classes="help-colours")
            with Horizontal(classes="example-row"):
                for column in range(len(EXAMPLE[0])):
                    yield Tile(0, column)
                yield Static(EXAMPLE_TEXT, classes="example-text")
            yield Static(MARKS)
            yield Static(HARD_MODE, classes="help-colours")
            yield Static("KEYS", classes="dialog-heading")
            yield Static(keys_table(self.keys))
            yield Static("SKILL AND LUCK", classes="dialog-heading")
            yield Static(ANALYSIS)
            yield Static(f"[b]Skill.[/b] {SKILL}", classes="definition")
            yield Static(f"[b]Luck.[/b] {LUCK}", classes="definition")
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        guess, answer = EXAMPLE
        for tile, letter, colour in zip(self.query(Tile), guess, digits_of(score(guess, answer), len(guess))):
            tile.marked = self.app.marks
            tile.show(letter, colour)
