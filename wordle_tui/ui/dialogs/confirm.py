"""A question with a yes or no answer, asked before anything is lost."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Footer, Static

from ..host import HostDialog


class ConfirmScreen(HostDialog[bool]):
    DEFAULT_CSS = """
    #confirm-dialog {
        width: 60;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]

    def __init__(self, title: str, question: str):
        super().__init__()
        self.title_text = title
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-dialog", classes="dialog"):
            yield Static(self.title_text, classes="dialog-title")
            yield Static(self.question)
            yield Static("y yes · n no", classes="dialog-keys")
        yield Footer(compact=True, show_command_palette=False)

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
