"""How a command ends when it is told to: the exception a signal raises, light enough to import first."""

from __future__ import annotations


class Terminated(BaseException):
    """SIGTERM (or SIGHUP, the terminal closed): unwound like Ctrl+C, so that every pool closes on the way out."""

    def __init__(self, signal_number: int):
        super().__init__(signal_number)
        self.status = 128 + signal_number
