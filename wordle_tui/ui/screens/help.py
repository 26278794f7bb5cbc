"""The rules, the colours (with repeated letters), hard mode, skill and luck, and every key."""

from __future__ import annotations

from typing import ClassVar

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.dom import DOMNode
from textual.widgets import Footer, Static

from ...core.exact.guess_analysis import LUCK, SKILL
from ...core.rules.feedback import digits_of, score
from ..themes import MARK
from ..typed import AppDialog
from ..widgets.board import Tile
from .analysis import AnalysisScreen
from .coach import CoachScreen
from .history import HistoryScreen
from .play import PlayScreen
from .settings import SettingsScreen
from .stats import StatsScreen
from .watch import WatchScreen

RULES = (
    "Guess the hidden word in 6 tries. Each guess must be a valid 5-letter word; "
    "after each one the tiles change colour to show how close it was."
)
COLOURS = (
    "Green: the letter is in the word and in that spot.  Yellow: it is in the word but in another spot.  "
    "Grey: it is not in the word — or not as many times as you typed it. Greens are given first, then "
    "yellows from left to right while copies of the letter remain unmatched:"
)
HARD_MODE = (
    "Hard mode: every revealed hint must be used in later guesses — a green letter stays in its "
    "spot and a yellow letter must appear. The share grid marks hard-mode games with *."
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

NAMED_KEYS = {"escape": "Esc", "space": "Space", "question_mark": "?", "plus": "+", "minus": "-"}


def key_name(binding: Binding) -> str:
    """How a binding's first key is written: `Ctrl+N`, `F1`, `Esc`, `C`."""
    if binding.key_display:
        return binding.key_display
    key = binding.key.split(",")[0]
    if key in NAMED_KEYS:
        return NAMED_KEYS[key]
    return "+".join(part.capitalize() if len(part) > 1 else part.upper() for part in key.split("+"))


def keys_of(screen: type[DOMNode]) -> list[str]:
    """Every key a screen (or the app) answers: the keys it handles itself, then its bindings."""
    bindings = [binding for binding in screen.BINDINGS if isinstance(binding, Binding)]
    described = [f"{key_name(binding)} {binding.description.lower()}" for binding in bindings]
    return list(getattr(screen, "KEY_HELP", ())) + described


def key_sections(app: type[DOMNode]) -> list[tuple[str, list[str]]]:
    """The keys of the app and of each screen, as the help lists them: from the bindings themselves."""
    return [
        ("Everywhere", keys_of(app)),
        ("Play", keys_of(PlayScreen)),
        ("Coach", keys_of(CoachScreen)),
        ("Analysis", keys_of(AnalysisScreen)),
        ("Watch", keys_of(WatchScreen)),
        ("Statistics", keys_of(StatsScreen)),
        ("History", keys_of(HistoryScreen)),
        ("Settings", keys_of(SettingsScreen)),
    ]


def keys_table(app: type[DOMNode]) -> Table:
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold")
    table.add_column()
    for where, keys in key_sections(app):
        table.add_row(where, " · ".join(keys))
    return table


class HelpScreen(AppDialog[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,question_mark,q", "dismiss", "Close"),
    ]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-dialog", classes="dialog"):
            yield Static("KEYS", classes="dialog-title")
            yield Static(keys_table(type(self.app)))
            yield Static("HOW TO PLAY", classes="dialog-heading")
            yield Static(RULES)
            yield Static(COLOURS, classes="help-colours")
            with Horizontal(classes="example-row"):
                for column in range(len(EXAMPLE[0])):
                    yield Tile(0, column)
                yield Static(EXAMPLE_TEXT, classes="example-text")
            yield Static(MARKS)
            yield Static(HARD_MODE, classes="help-colours")
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
