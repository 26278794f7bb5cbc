"""A switch with its state written beside it, so that it reads the same without colour."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.widgets import Static, Switch


def state_word(on: bool) -> str:
    return "on" if on else "off"


class OnOffSwitch(Switch):
    """A switch whose keys the footer offers while it has the focus."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("space,enter", "toggle_switch", "On/off")]


class OnOff(Horizontal):
    """A Switch (with the given id) and the word `on` or `off`; its Changed message goes on to the screen."""

    DEFAULT_CSS = """
    OnOff {
        width: auto;
        height: 1;
    }

    OnOff Switch {
        height: 1;
        width: 6;
        border: none;
        padding: 0;
    }

    OnOff Switch:focus {
        border: none;
        background-tint: $foreground 10%;
    }

    .on-off-state {
        width: 4;
        padding-left: 1;
    }
    """

    def __init__(self, value: bool, id: str):
        super().__init__()
        self._value = value
        self._switch_id = id

    def compose(self) -> ComposeResult:
        yield OnOffSwitch(self._value, id=self._switch_id, animate=False)
        yield Static(state_word(self._value), classes="on-off-state")

    def on_switch_changed(self, event: Switch.Changed) -> None:
        self.query_one(".on-off-state", Static).update(state_word(event.value))
