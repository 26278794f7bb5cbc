"""What the three mode screens share: a title bar, a message line, the board and the footer of keys."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Center
from textual.timer import Timer
from textual.widgets import Footer, Static

from ..typed import AppScreen
from ..widgets.board import Board

MODES = (("F1", "Play"), ("F2", "Coach"), ("F3", "Watch"))
MESSAGE_SECONDS = 1.6  # how long a refusal such as "Not in word list" stays up


class ModeScreen(AppScreen):
    MODE_TITLE = ""

    _message_timer: Timer | None = None

    def title_bar(self) -> ComposeResult:
        yield Static(id="title", classes="title-bar")
        with Center(classes="message-line"):
            yield Static(id="message", classes="message")

    def footer(self) -> ComposeResult:
        yield Footer(compact=True, show_command_palette=False)

    @property
    def board(self) -> Board:
        return self.query_one("#board", Board)

    def set_title(self, detail: str = "") -> None:
        """The title bar: the three modes with this one lit, then what is special about this one."""
        modes = []
        for key, title in MODES:
            modes.append(f"[reverse] {key} {title} [/]" if title == self.MODE_TITLE else f" [dim]{key}[/] {title} ")
        text = "[b]WORDLE[/b]  " + " ".join(modes) + (f"  · {detail}" if detail else "")
        self.query_one("#title", Static).update(text)

    def say(self, text: str, seconds: float | None = MESSAGE_SECONDS, error: bool = False) -> None:
        """Show a message above the board; None seconds keeps it until the next one."""
        message = self.query_one("#message", Static)
        message.update(text)
        message.set_class(error, "-error")
        message.set_class(bool(text), "-shown")
        if self._message_timer is not None:
            self._message_timer.stop()
            self._message_timer = None
        if text and seconds is not None:
            self._message_timer = self.set_timer(seconds, lambda: self.say(""))

    @property
    def message(self) -> str:
        return str(self.query_one("#message", Static).content)
