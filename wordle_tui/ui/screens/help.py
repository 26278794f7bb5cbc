"""The rules, the colours (with repeated letters), hard mode, skill and luck, and every key."""

from __future__ import annotations

from typing import ClassVar

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Static

from ...core.analysis import LUCK, SKILL
from ...core.feedback import digits_of, score
from ..typed import AppDialog
from ..widgets.board import COLOUR_CLASS

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
EXAMPLE = ("shoes", "class")  # guess, answer
EXAMPLE_TEXT = (
    "SHOES against CLASS: the first S is yellow (CLASS has an S elsewhere), the last S is green; H, O and E are grey."
)
ANALYSIS = (
    "After a game, the statistics show each guess against the optimal one: the answers still possible "
    "before and after it, the guesses still needed on average after yours and after the best (marked * "
    "where a bounded search gives an upper bound), the best guess, and two scores:"
)

KEYS = (
    ("Everywhere", "F1 play · F2 coach · F3 watch · ? help · F4 settings · F5 history · Ctrl+Q quit"),
    ("Play", "letters type · Enter guesses · Backspace deletes · Ctrl+N new game · Ctrl+S statistics"),
    ("", "Ctrl+T the coach's hints (recorded with the game) · click the keyboard to type"),
    ("Coach", "type the word you played · 0 1 2 set the selected tile grey/yellow/green · Space cycles it"),
    ("", "← → select a tile · click a tile to cycle it · Enter adds the row · Ctrl+Z undoes a row"),
    ("", "Ctrl+R starts again · Ctrl+A analyses the rows (also when a row is all green)"),
    ("", "in the analysis of a finished game, C copies the result and the analysis"),
    ("", "choose the strategy and hard mode in the panel"),
    ("Watch", "Space pause/resume · S one step · + faster · - slower · C continuous · N next game"),
    ("Statistics", "shows the analysis of the game just played · C copies the share grid"),
    ("", "N new game · ↑ ↓ scroll · Esc closes"),
)


def keys_table() -> Table:
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold")
    table.add_column()
    for where, keys in KEYS:
        table.add_row(where, keys)
    return table


class HelpScreen(AppDialog[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,question_mark,q", "dismiss", "Close"),
    ]

    def compose(self) -> ComposeResult:
        guess, answer = EXAMPLE
        with VerticalScroll(id="help-dialog", classes="dialog"):
            yield Static("HOW TO PLAY", classes="dialog-title")
            yield Static(RULES)
            yield Static(COLOURS, classes="help-colours")
            with Horizontal(classes="example-row"):
                for letter, colour in zip(guess, digits_of(score(guess, answer), len(guess))):
                    yield Static(letter.upper(), classes=f"tile {COLOUR_CLASS[colour]}")
                yield Static(EXAMPLE_TEXT, classes="example-text")
            yield Static(HARD_MODE)
            yield Static("SKILL AND LUCK", classes="dialog-heading")
            yield Static(ANALYSIS)
            yield Static(f"[b]Skill.[/b] {SKILL}", classes="definition")
            yield Static(f"[b]Luck.[/b] {LUCK}", classes="definition")
            yield Static("KEYS", classes="dialog-heading")
            yield Static(keys_table())
            yield Static("esc close", classes="dialog-keys")
