"""Work that can be superseded stops: each request carries a ticket, and long work checks it as it goes.

A consumer of the pool (a ranking panel, the bot, an analysis) has a channel; each request it makes
on the channel takes the next ticket, and the channel's newest ticket number is written to an
array shared with the worker processes. A job checks, between blocks of work, that its ticket is
still its channel's newest, and raises Cancelled when it is not: a newer request (or closing the
pool) stops the older one inside the workers, not just in the caller.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import NamedTuple, Protocol


class Cancelled(Exception):
    """The work was superseded by a newer request, or its caller went away."""


class Ticket(NamedTuple):
    channel: int
    number: int


class Live(Protocol):
    """Each channel's newest ticket number: an array shared with the worker processes."""

    def __getitem__(self, channel: int) -> int: ...

    def __setitem__(self, channel: int, number: int) -> None: ...


_shared: Live | None = None  # a worker process's view of its pool's array
_working = threading.local()  # the ticket of the job this thread runs, and the array to check it against


def share(live: Live) -> None:
    """In a worker process: check tickets against `live` from now on."""
    global _shared
    _shared = live


def superseded(ticket: Ticket | None, live: Live | None = None) -> bool:
    live = live if live is not None else _shared
    return ticket is not None and live is not None and live[ticket.channel] != ticket.number


@contextmanager
def working_for(ticket: Ticket | None, live: Live | None = None) -> Iterator[None]:
    """Run the block on behalf of `ticket` (checked against `live`, or the array shared with this worker)."""
    before = getattr(_working, "job", None)
    _working.job = (ticket, live)
    try:
        yield
    finally:
        _working.job = before


def checkpoint() -> None:
    """Raise Cancelled if the job this thread runs was superseded; cheap enough to call every millisecond."""
    job = getattr(_working, "job", None)
    if job is not None and superseded(*job):
        raise Cancelled
