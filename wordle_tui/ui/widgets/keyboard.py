"""The on-screen keyboard: each letter coloured with the best that is known of it; clicking types."""

from __future__ import annotations

from dataclasses import dataclass

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.events import Click
from textual.message import Message
from textual.widgets import Static

from .board import COLOUR_CLASS

ROWS = ("qwertyuiop", "asdfghjkl", "+zxcvbnm-")  # + is Enter, - is Backspace
SPECIAL = {"+": ("enter", "ENTER"), "-": ("backspace", "⌫")}


class Key(Static):
    def __init__(self, key: str, label: str):
        super().__init__(label, classes="key" + (" -wide" if len(label) > 1 else ""))
        self.key = key

    def on_click(self, event: Click) -> None:
        self.post_message(Keyboard.Pressed(self.key))


class Keyboard(Vertical):
    @dataclass
    class Pressed(Message):
        key: str  # a letter, "enter" or "backspace"

    def compose(self) -> ComposeResult:
        for row in ROWS:
            with Horizontal(classes="keyboard-row"):
                for char in row:
                    key, label = SPECIAL.get(char, (char, char.upper()))
                    yield Key(key, label)

    def show(self, states: dict[str, int]) -> None:
        """Colour the letters: `states` maps a letter to its best colour so far."""
        for key in self.query(Key):
            key.remove_class(*COLOUR_CLASS.values())
            if key.key in states:
                key.add_class(COLOUR_CLASS[states[key.key]])
