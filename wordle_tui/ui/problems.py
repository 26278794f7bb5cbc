"""What went wrong with the user's files, said as the app's notifications, from whichever thread found it."""

from __future__ import annotations

import asyncio
from contextlib import suppress
from functools import partial
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from textual.app import App

    from ..storage.store import Store

PROBLEM: dict[str, Any] = {"title": "Your files", "severity": "warning", "timeout": 10}


class Problems:
    """Said on `app` once it runs (see start); until then kept with the store's own, said then."""

    def __init__(self, app: App[object], store: Store):
        self.app, self.store = app, store
        self.loop: asyncio.AbstractEventLoop | None = None  # the app's, once it runs

    def tell(self, problem: str) -> None:
        if self.loop is None:  # not running yet: said once it is (see start)
            self.store.problems.append(problem)
            return
        with suppress(RuntimeError):  # the loop has closed: the app has ended
            self.loop.call_soon_threadsafe(partial(self.app.notify, problem, **PROBLEM))

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        """Say what could not be read before the app ran, and from now on say it as it happens."""
        self.loop = loop
        for problem in self.store.problems:
            self.tell(problem)
        self.store.problems.clear()
        self.store.report = self.tell
