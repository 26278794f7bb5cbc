"""A game's statistics and, once it is over, its result to share, shown as text to select (`c` copies it):
Absurdle's, and that of the several boards the coach mirrors (which counts in no statistics)."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Footer, Static

from ..host import HostDialog, read_aside
from ..widgets.dialog_frame import DialogFrame
from .statistics import COUNTING


class ResultScreen(HostDialog[str]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss", "Close"),
        Binding("c", "copy", "Copy result"),
        Binding("n", "new_game", "New game"),
    ]

    def __init__(
        self,
        verdict: str,
        share: str | None,
        statistics: tuple[str, Callable[[], str]] | None = None,
        new: bool = False,
    ):
        """`share` is None before the game is over; `statistics` a heading and what reads its figures (off the
        app's thread: the games' database may be held by another program a while), if any are kept; `new`
        offers a new game (the dialog then returns "new")."""
        super().__init__()
        self.verdict, self.share, self.statistics, self.new = verdict, share, statistics, new

    def compose(self) -> ComposeResult:
        with DialogFrame(id="result-dialog", classes="dialog"):
            yield Static(self.verdict, classes="dialog-title verdict")
            if self.statistics:
                heading, _ = self.statistics
                yield Static(heading, classes="dialog-heading")
                yield Static(Text(COUNTING, style="dim italic"), id="result-figures")
            if self.share is not None:
                yield Static("TO SHARE · c copies it, or select it", classes="dialog-heading")
                yield Static(self.share, id="share-text", classes="share-text")
            keys = ("c copy", self.share is not None), ("n new game", self.new), ("Esc close", True)
            yield Static(" · ".join(key for key, offered in keys if offered), classes="dialog-keys")
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        if self.statistics:
            _, figures = self.statistics
            read_aside(self, figures, self.query_one("#result-figures", Static).update)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return {"copy": self.share is not None, "new_game": self.new}.get(action, True)

    def action_copy(self) -> None:
        if self.share is not None:
            self.app.share(self.share, "the result")

    def action_new_game(self) -> None:
        self.dismiss("new")
