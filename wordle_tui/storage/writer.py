"""The app's changes to the games database, made on a thread of their own in the order they were asked for,
so that the screen never waits on the disk, nor on another program holding the database's lock.

A change that finds the database locked is tried again, every half second, until the lock is let go:
the ones behind it wait their turn, and a game in progress saved twice while it waits is saved once,
as it is last. A finished game is safe meanwhile: it was kept in the outbox before it was queued
(outbox.py). The player is told once that the games are waiting, and once that they are recorded.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

from .database import Busy, GameDatabase

RETRY_SECONDS = 0.5  # between two tries of a change that found the database locked
Tell = Callable[[str], None]


FINISHED = "the finished game"  # a change that records one: kept in the outbox, nothing is lost if it never runs


@dataclass
class Change:
    run: Callable[[], Any]
    what: str | None  # what it saves that is lost if it never runs ("the game in progress"), if anything
    key: Hashable | None = None  # a newer change with the same key takes the place of one still waiting
    game: str | None = None  # the game it is about


class Writer:
    """Runs the changes handed to `submit`, one at a time, on a thread of its own."""

    def __init__(self, games: GameDatabase, tell: Tell):
        self._games = games
        self._tell = tell
        self._queue: list[Change] = []
        self._lock = threading.Condition()
        self._closing = False
        self._busy = False  # a change is waiting for another program's lock
        self._running: Change | None = None
        self._thread = threading.Thread(target=self._work, name="games writer", daemon=True)

    def submit(
        self, run: Callable[[], Any], what: str | None, key: Hashable | None = None, game: str | None = None
    ) -> None:
        """Run `run`, which saves `what` (of `game`), after the changes already asked for (in place of the
        waiting one with the same `key`)."""
        with self._lock:
            if not self._thread.is_alive() and not self._closing:
                self._thread.start()  # the first change: a writer never asked for runs no thread
            if key is not None:
                self._queue = [change for change in self._queue if change.key != key]
            self._queue.append(Change(run, what, key, game))
            self._lock.notify()

    def close(self, wait: float) -> list[str]:
        """Finish the changes asked for, for at most `wait` seconds: what could not be saved, one phrase each
        (FINISHED for finished games, which the outbox keeps)."""
        deadline = time.monotonic() + wait
        with self._lock:
            while (self._queue or self._running) and (left := deadline - time.monotonic()) > 0:
                self._lock.wait(min(left, 0.05))
            self._closing = True
            self._lock.notify_all()
            undone = [*([self._running] if self._running else []), *self._queue]
        finished = {change.game for change in undone if change.what == FINISHED}
        # The state of a game that has finished since is of no use: the finished game is kept.
        lost = [
            change.what for change in undone if change.what and (change.what == FINISHED or change.game not in finished)
        ]
        return list(dict.fromkeys(lost))  # each said once

    def _work(self) -> None:
        while True:
            with self._lock:
                while not self._queue and not self._closing:
                    self._lock.wait()
                if self._closing:
                    return
                self._running = change = self._queue.pop(0)
            self._run(change)
            with self._lock:
                self._running = None
                self._lock.notify_all()

    def _run(self, change: Change) -> None:
        while True:
            try:
                with self._games.patient():
                    change.run()
            except Exception as error:
                if not isinstance(error, Busy):  # a fault of the change's own, told rather than ending the thread
                    self._tell(f"Could not save {change.what or 'a change to your games'} ({error}).")
                    return
                if not self._busy:
                    self._busy = True
                    self._tell(
                        f"Another program is using {self._games.path}: what you play is kept, and recorded "
                        "as soon as it lets go."
                    )
                with self._lock:
                    if self._closing or self._lock.wait_for(lambda: self._closing, RETRY_SECONDS):
                        return
                continue
            if self._busy:
                self._busy = False
                self._tell("Your games are recorded again: the other program has let go of them.")
            return
