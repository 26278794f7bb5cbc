"""The analysis of the rows entered in the coach, with what skill and luck mean."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ...core.analysis import LUCK, SKILL
from ...core.game import History
from ..widgets.analysis import AnalysisPanel


class AnalysisScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,ctrl+a", "dismiss", "Close"),
    ]

    def __init__(self, history: History, hard_mode: bool):
        super().__init__()
        self.history = tuple(history)
        self.hard_mode = hard_mode

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="analysis-dialog", classes="dialog"):
            count = len(self.history)
            mode = " · hard mode" if self.hard_mode else ""
            yield Static(f"ANALYSIS · {count} guess{'es' if count != 1 else ''}{mode}", classes="dialog-title")
            yield AnalysisPanel(id="analysis")
            yield Static(f"[b]Skill.[/b] {SKILL}", classes="definition")
            yield Static(f"[b]Luck.[/b] {LUCK}", classes="definition")
            yield Static("↑↓ scroll · esc close", classes="dialog-keys")

    def on_mount(self) -> None:
        self.query_one(AnalysisPanel).analyse(self.history, self.hard_mode)
