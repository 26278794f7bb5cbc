"""The on-screen keyboard: each letter coloured with the best that is known of it (and marked, when asked for);
clicking types."""

from __future__ import annotations

from dataclasses import dataclass

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.events import Click
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import Static

from ...core.rules.words import ENGLISH_ALPHABET, capitals
from ..themes import MARK, STATE_CLASS

ROWS = ("qwertyuiop", "asdfghjkl", "+zxcvbnm-")  # + is Enter, - is Backspace
SPECIAL = {"+": ("enter", "ENTER"), "-": ("backspace", "⌫")}


def rows_for(alphabet: str) -> tuple[str, ...]:
    """The keyboard's rows for the lists' letters: English's three, then a fourth of the letters English
    lacks (ñ, ß, ...), in the alphabet's order."""
    others = "".join(letter for letter in alphabet if letter not in ENGLISH_ALPHABET)
    return (*ROWS, others) if others else ROWS


class Key(Static):
    DEFAULT_CSS = """
    Key {
        width: 5;
        height: 1;
        margin-right: 1;
        content-align: center middle;
        text-style: bold;
        background: $key;
        color: $key-text;
    }

    Key.-wide {
        width: 8;
    }

    Key:hover {
        background: $tile-typed;
    }

    Key.-grey {
        background: $key-grey;
        color: $key-grey-text;  /* at least 4.5:1 in every look (see themes.KEY_READABLE) */
    }

    Key.-yellow {
        background: $tile-yellow;
        color: $tile-yellow-text;
    }

    Key.-green {
        background: $tile-green;
        color: $tile-green-text;
    }
    """
    marked: reactive[bool] = reactive(False)

    def __init__(self, key: str, label: str):
        super().__init__(label, classes="-wide" if len(label) > 1 else "")
        self.key, self.label = key, label
        self.state: int | None = None

    def show(self, state: int | None) -> None:
        self.state = state
        self.remove_class(*STATE_CLASS.values())
        if state is not None:
            self.add_class(STATE_CLASS[state])
        self.watch_marked(self.marked)

    def watch_marked(self, marked: bool) -> None:
        self.update(f"{self.label}{MARK[self.state]}" if marked and self.state is not None else self.label)

    def on_click(self, event: Click) -> None:
        self.post_message(Keyboard.Pressed(self.key))


class Keyboard(Vertical):
    DEFAULT_CSS = """
    Keyboard {
        width: 100%;
        height: 3;
        align-horizontal: center;
    }

    Keyboard.-four-rows {
        height: 4;
    }

    Keyboard .keyboard-row {
        height: 1;
        width: auto;
        margin-bottom: 0;
    }
    """
    marked: reactive[bool] = reactive(False)

    @dataclass
    class Pressed(Message):
        key: str  # a letter, "enter" or "backspace"

    def __init__(self, alphabet: str = ENGLISH_ALPHABET, id: str | None = None):
        super().__init__(id=id)
        self.rows = rows_for(alphabet)
        self.set_class(len(self.rows) > len(ROWS), "-four-rows")

    def on_mount(self) -> None:
        self.watch(self.app, "marks", self._follow_marks)  # the app says whether marks are shown

    def _follow_marks(self, marks: bool) -> None:
        self.marked = marks

    def compose(self) -> ComposeResult:
        for row in self.rows:
            with Horizontal(classes="keyboard-row"):
                for char in row:
                    key, label = SPECIAL.get(char, (char, capitals(char)))
                    yield Key(key, label).data_bind(Keyboard.marked)

    def show(self, states: dict[str, int]) -> None:
        """Colour the letters: `states` maps a letter to its best colour so far."""
        for key in self.query(Key):
            key.show(states.get(key.key))
