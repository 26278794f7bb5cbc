"""What the app does about its terminal and its ending: the signals that end it, a terminal that has closed,
and what leaving could not save."""

from __future__ import annotations

import asyncio
import errno
import os
import signal
import sys
import termios
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from ..storage.writer import FINISHED

# Asked to end, or interrupted (kill -INT: in the app, Ctrl+C comes as a key, not this signal; see
# WordleApp.action_copy_or_quit). SIGHUP, the terminal closed, is handled apart (see ending_on_signals).
ENDINGS = (signal.SIGTERM, signal.SIGINT)


def unsaved(undone: list[str], path: Path) -> str:
    """What leaving could not save, in one sentence: a finished game is kept all the same (see outbox.py)."""
    kept = "the finished game is kept, and recorded the next time wordle-tui starts"
    lost = [what for what in undone if what != FINISHED]
    said = ([kept] if len(lost) < len(undone) else []) + [f"{what} could not be saved" for what in lost]
    return f"Another program was still using {path}: {'; '.join(said)}."


def terminal_gone() -> bool:
    """Whether the app's terminal has closed (hung up): it then fails whatever is asked of it (EIO)."""
    terminal = sys.__stdin__  # where Textual reads keys and sets the terminal's modes
    if terminal is None:
        return False
    try:
        termios.tcgetattr(terminal.fileno())
    except termios.error as error:
        return error.args[0] == errno.EIO
    except (ValueError, OSError):  # closed by the app itself
        return False
    return False


@contextmanager
def ending_on_signals(loop: asyncio.AbstractEventLoop, end: Callable[[signal.Signals], None]) -> Iterator[None]:
    """While it lasts, SIGTERM and SIGINT `end` the app as Ctrl+Q does (the terminal restored, the workers gone),
    and so does SIGHUP sent while the terminal is still there; a SIGHUP of a terminal closed ends the process
    there and then, in whatever it was doing, without waiting for a busy event loop: that terminal has nothing
    to restore and shows nothing more (the worker processes end with it, see processes.worker_started)."""

    def hung_up(*_: object) -> None:
        if terminal_gone():
            os._exit(128 + signal.SIGHUP)
        loop.call_soon_threadsafe(end, signal.SIGHUP)

    for ending in ENDINGS:
        loop.add_signal_handler(ending, end, ending)
    # Not through the event loop, which may be busy, or blocked writing to a terminal that is gone.
    before = signal.signal(signal.SIGHUP, hung_up)
    try:
        yield
    finally:
        for ending in ENDINGS:
            loop.remove_signal_handler(ending)
        signal.signal(signal.SIGHUP, before)
