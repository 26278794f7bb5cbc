"""A compact list of values whose keys the footer offers while it has the focus."""

from __future__ import annotations

from typing import ClassVar, TypeVar

from textual.binding import Binding, BindingType
from textual.widgets import Select

Value = TypeVar("Value")


class Choice(Select[Value]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter,down,space,up", "show_overlay", "Choose")]
