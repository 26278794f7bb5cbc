"""How a command ends when it is told to, when the reader of its output has gone, or when `serve`, which started
it, has ended: light enough to import first."""

from __future__ import annotations

import os
import select
import signal
import stat
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager

SERVER_PID = "WORDLE_TUI_SERVER_PID"  # `serve` sets it, to its own pid, in the environment of each app it starts
READER_GONE = 128 + signal.SIGPIPE  # the status of a command whose output's reader has gone, as a shell has it


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


@contextmanager
def ending_when_the_reader_goes() -> Iterator[None]:
    """While the block runs, where the output goes to a pipe or a socket, end the command as SIGPIPE ends one
    that writes to a pipe nobody reads (Terminated, status READER_GONE, saying nothing) as soon as the reader
    has gone, not when it next writes: a search of minutes piped to `head -0`, or to a pager quit early, stops then.

    A thread waits for the pipe's error (which Linux raises on the writing end once no reader is left) and
    signals the main thread, whatever it waits for meanwhile (its workers, say). Outside the block SIGPIPE is
    ignored again, as Python has it: a write to a pipe with no reader fails (BrokenPipeError)."""
    try:
        output = sys.stdout.fileno()
        piped = stat.S_ISFIFO(os.fstat(output).st_mode) or stat.S_ISSOCK(os.fstat(output).st_mode)
    except (AttributeError, OSError, ValueError):  # no descriptor of its own (captured, say)
        piped = False
    if not piped:
        yield
        return
    watching = threading.Event()
    watching.set()
    before = signal.signal(signal.SIGPIPE, _reader_gone)
    main = threading.main_thread().ident
    threading.Thread(target=_watch, args=(output, watching, main), daemon=True, name="reader").start()
    try:
        yield
    finally:
        watching.clear()
        signal.signal(signal.SIGPIPE, before)


def _watch(output: int, watching: threading.Event, main: int | None) -> None:
    poller = select.poll()
    poller.register(output, 0)  # no event asked for: only the error, or a hang-up, or the descriptor closed
    poller.poll()
    if watching.is_set() and main is not None:
        signal.pthread_kill(main, signal.SIGPIPE)


def _reader_gone(signal_number: int, frame: object) -> None:
    raise Terminated(signal_number)
