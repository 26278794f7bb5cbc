"""How worker processes start: forked from a server that has imported the package once (spawned where there is none).

This module imports nothing heavy, so that a command can start the server first thing and let it
import the package while the command does the same.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
from multiprocessing import forkserver, resource_tracker

PRELOAD = ["wordle_tui.core.workers.pool"]  # what every worker needs, imported once in the server
MOST_WORKERS = 4 * (os.cpu_count() or 1)  # more processes than this only compete for the same cores


def worker_context() -> multiprocessing.context.BaseContext:
    """forkserver where there is one, with the package preloaded in the server; else spawn."""
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(PRELOAD)
    return context


def start_server() -> None:
    """Start the fork server (and the resource tracker workers report to) without waiting for it."""
    resource_tracker.ensure_running()
    if worker_context().get_start_method() == "forkserver":
        forkserver.ensure_running()


def stop_server() -> None:
    """Stop the fork server and the resource tracker, and wait for both to end: a process that is
    about to exit leaves no child of its own behind, not even one dead and unreaped.

    Only once no worker is left (see pool.finish_closing): the fork server serves every worker, and
    ends only when the last of them has. Both are started again by the next worker, if any.
    """
    if multiprocessing.active_children():
        return  # a pool still open: its workers need the server
    gc.collect()  # the closed pools' semaphores are unregistered now, while the tracker is there to hear it
    # Their own stop methods: the only way to wait for them (Python 3.11 to 3.13 have them; a Python
    # without them leaves the two to end with this process, as before).
    for server in (forkserver._forkserver, resource_tracker._resource_tracker):
        if callable(stop := getattr(server, "_stop", None)):
            stop()
