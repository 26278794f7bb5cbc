"""A switch with its state written beside it, so that it reads the same without colour."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Static, Switch


def state_word(on: bool) -> str:
    return "on" if on else "off"


class OnOff(Horizontal):
    """A Switch (with the given id) and the word `on` or `off`; its Changed message goes on to the screen."""

    def __init__(self, value: bool, id: str):
        super().__init__(classes="on-off")
        self._value = value
        self._switch_id = id

    def compose(self) -> ComposeResult:
        yield Switch(self._value, id=self._switch_id, animate=False)
        yield Static(state_word(self._value), classes="on-off-state")

    def on_switch_changed(self, event: Switch.Changed) -> None:
        self.query_one(".on-off-state", Static).update(state_word(event.value))
