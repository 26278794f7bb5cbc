"""How a command ends when it is told to, or when `serve`, which started it, has ended: light enough to import first."""

from __future__ import annotations

import os

SERVER_PID = "WORDLE_TUI_SERVER_PID"  # `serve` sets it, to its own pid, in the environment of each app it starts


class Terminated(BaseException):
    """SIGTERM (or SIGHUP, the terminal closed): unwound like Ctrl+C, so that every pool closes on the way out."""

    def __init__(self, signal_number: int):
        super().__init__(signal_number)
        self.status = 128 + signal_number


def end_with_server() -> None:
    """An app that `serve` started ends with the server, however the server ends (even killed): once the
    server is gone, no page can reach the app, and nothing else would end it."""
    server = os.environ.pop(SERVER_PID, "")  # not handed down to this app's own processes
    if server.isdigit():
        from ..core.workers.processes import end_with_parent

        end_with_parent(int(server))
