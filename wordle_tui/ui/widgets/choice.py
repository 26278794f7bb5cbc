"""A compact list of values, one always chosen, whose keys the footer offers while it has the focus."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar, TypeVar

from textual.binding import Binding, BindingType
from textual.widgets import Select

Value = TypeVar("Value")


class Choice(Select[Value]):
    """A Select with no blank row: a setting always has a value (a blank would send Select.NULL)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter,down,space,up", "show_overlay", "Choose")]

    def __init__(self, options: Iterable[tuple[str, Value]], value: Value, id: str) -> None:
        super().__init__(options, value=value, allow_blank=False, id=id, compact=True)
