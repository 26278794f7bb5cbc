"""Every use of another package's private parts, in one place, each behind a function that says what it relies on.

Each was read in the source of the releases in CHECKED and is tested on them (tests/test_compat.py, which CI
runs on the oldest and the newest Python the package declares). On any
other release a function does not guess: it falls back to public behaviour, said in its docstring, or, where
there is none, raises UncheckedRelease, which says which release to use.

Only the standard library is imported here: the worker processes and the app import this module, and it must
not load what they load only when they need it (Textual, aiohttp).
"""

from __future__ import annotations

import os
import re
import sys
import threading
from collections.abc import Awaitable, Callable
from contextlib import suppress
from functools import cache, partial
from multiprocessing import forkserver, resource_tracker
from typing import TYPE_CHECKING, Any, TypeVar, cast

if TYPE_CHECKING:
    from asyncio.subprocess import Process
    from concurrent.futures import ProcessPoolExecutor
    from multiprocessing.process import BaseProcess

    from aiohttp import web
    from textual.app import App
    from textual.notifications import Notification
    from textual_serve.app_service import AppService
    from textual_serve.server import Server

# From the first release read and tested to the first one not: Python's as `requires-python` bounds it.
CHECKED = {
    "python": ((3, 11), (3, 14)),
    "textual": ((8, 0), (9, 0)),
    "textual-serve": ((1, 1), (2, 0)),
}

ServerClass = TypeVar("ServerClass", bound=type)


class UncheckedRelease(RuntimeError):
    """A package's private parts are needed on a release they were not checked on, and nothing public does instead."""


@cache
def release(package: str) -> tuple[int, int]:
    """The (major, minor) release of `package` installed here ("python": the running interpreter)."""
    if package == "python":
        return sys.version_info[:2]
    from importlib import metadata  # not at start-up: it loads the email and zip packages

    major, minor, *_ = [*re.findall(r"\d+", metadata.version(package)), "0"]  # 9.0rc1: (9, 0)
    return int(major), int(minor)


def checked(package: str) -> bool:
    """Whether the installed release of `package` is one whose private parts this module was checked on."""
    first, beyond = CHECKED[package]
    return first <= release(package) < beyond


def require(package: str) -> None:
    """Raise UncheckedRelease, in one sentence, unless `package`'s release is one this module was checked on."""
    if not checked(package):
        first, beyond = CHECKED[package]
        found = ".".join(map(str, release(package)))
        raise UncheckedRelease(
            f"wordle-tui works with {package} {first[0]}.{first[1]} up to, not including, {beyond[0]}.{beyond[1]};"
            f" this is {found}: install {package}>={first[0]}.{first[1]},<{beyond[0]}.{beyond[1]}."
        )


# -- Python: concurrent.futures and multiprocessing -------------------------------------------------------------


def quiet_executor_race() -> None:
    """On Python 3.11, hide the traceback its executor's thread prints when it fails a future already cancelled
    (a race fixed in 3.12), which terminating the workers of cancelled jobs would show.

    Relies on that thread's class being named `_ExecutorManagerThread` (3.11). Nothing to do on later releases.
    """
    if release("python") >= (3, 12):
        return
    from concurrent.futures import InvalidStateError

    hook = threading.excepthook

    def ignore_cancelled_future_breakage(args: threading.ExceptHookArgs) -> None:
        if isinstance(args.exc_value, InvalidStateError) and type(args.thread).__name__ == "_ExecutorManagerThread":
            return
        hook(args)

    threading.excepthook = ignore_cancelled_future_breakage


def executor_workers(executor: ProcessPoolExecutor) -> dict[int, BaseProcess]:
    """The executor's worker processes by pid: the table itself, which gets the workers that start later.

    Relies on `_processes` (3.11-3.13), which shutting down sets to None, not emptying the table.
    Elsewhere: no table (the workers cannot be reached, and end after their jobs).
    """
    table = getattr(executor, "_processes", None) if checked("python") else None
    return {} if table is None else table


def terminate_workers(executor: ProcessPoolExecutor) -> threading.Thread:
    """Stop the executor's workers now, abandoning their jobs (Python 3.14 has this in public as
    `terminate_workers`); returns the thread, already started, that sees them and the executor to their end.

    The workers already started are signalled at once. Shutting the executor down waits for a worker still
    being started (the executor holds a lock meanwhile), so that, and the rest, happens in that thread: not a
    daemon, so that no worker outlives this process. Relies on `_processes`, `_result_queue`, `_call_queue`,
    `_executor_manager_thread` and the `call_queue` of that thread, and on the `_reader` and `_writer` pipes
    of multiprocessing's queues (3.11-3.13). Elsewhere: the executor is shut down without waiting, and its
    workers end once their jobs are done.
    """
    table = executor_workers(executor)
    for process in list(table.values()):
        process.terminate()
    queues = (executor._result_queue, executor._call_queue) if checked("python") else None  # type: ignore[attr-defined]
    ending = threading.Thread(target=_shut_down, args=(executor, table, queues), name="pool shutdown")
    ending.start()
    return ending


def _shut_down(executor: ProcessPoolExecutor, table: dict[int, BaseProcess], queues: tuple[Any, Any] | None) -> None:
    if queues is None:
        executor.shutdown(wait=False, cancel_futures=True)
        return
    results, calls = queues
    manager = cast("threading.Thread | None", executor._executor_manager_thread)  # typeshed has it as its wakeup
    executor.shutdown(wait=False, cancel_futures=True)  # once a worker being started is in the table; no more after
    processes = list(table.values())
    for process in processes:
        process.terminate()
    for process in processes:
        process.join(timeout=1)
        if process.is_alive():
            process.kill()
            process.join()
    # A worker killed while it wrote a result leaves half a message, which the executor's thread would
    # wait to read forever (and the interpreter with it, on exit). With every worker gone, closing this
    # process's end of the pipe for results makes that read end, as the thread expects of a broken pool.
    if results is not None:
        with suppress(OSError):
            results._writer.close()
    # The executor's thread, found by its queue of calls if it started after `manager` was read.
    managers = [manager] if manager is not None else []
    managers += [thread for thread in threading.enumerate() if getattr(thread, "call_queue", 0) is calls]
    for thread in managers:
        thread.join(timeout=2)
    # That thread closes the queue of calls on its way out, unless it ended some other way (or never
    # started): then the queue's feeder thread would hold its semaphores until exit, past the resource
    # tracker (see stop_fork_server). No worker reads the queue any more: its reading end
    # closed, the feeder cannot block on a full pipe.
    if calls is not None and not any(thread.is_alive() for thread in managers):
        with suppress(OSError):
            calls._reader.close()
        calls.close()
        calls.join_thread()


def stop_fork_server() -> None:
    """Stop multiprocessing's fork server and resource tracker, if running, and wait for both to end.

    Relies on the `_stop` methods of `forkserver._forkserver` and `resource_tracker._resource_tracker`
    (3.11-3.13). Elsewhere: nothing is done, and the two end with this process.
    """
    if checked("python"):
        forkserver._forkserver._stop()  # type: ignore[attr-defined]
        resource_tracker._resource_tracker._stop()  # type: ignore[attr-defined]


def fork_server_started() -> bool:
    """Whether multiprocessing's fork server or resource tracker was started and not stopped since.

    Relies on their `_forkserver_pid` and `_pid` (3.11-3.13: None until started, and once stopped).
    Elsewhere: True, as if they were (stopping what never started costs a moment, no more).
    """
    if not checked("python"):
        return True
    server = forkserver._forkserver._forkserver_pid  # type: ignore[attr-defined]
    tracker = resource_tracker._resource_tracker._pid  # type: ignore[attr-defined]
    return server is not None or tracker is not None


def release_fork_server() -> bool:
    """In a process the fork server started: close its copy of the server's pipe of life, so that the server
    ends once the command that started it has, whatever this process is doing. False where it cannot.

    Relies on `forkserver._forkserver._forkserver_alive_fd`, inherited by every process forked (3.11-3.13).
    Elsewhere: nothing is done, and the server ends only once this process has (see processes.worker_started).
    """
    if not checked("python"):
        return False
    server = forkserver._forkserver
    if (alive := server._forkserver_alive_fd) is not None:  # type: ignore[attr-defined]
        os.close(alive)
        server._forkserver_alive_fd = None  # type: ignore[attr-defined]
    return True


# -- Textual --------------------------------------------------------------------------------------------------


def withdraw_notification(app: App, notification: Notification) -> None:
    """Take one notification off the screen before its time is up (Textual has no public way).

    Relies on `App._unnotify(notification)` (Textual 8). Elsewhere: every notification is cleared
    (`App.clear_notifications`), this one with the others.
    """
    if checked("textual"):
        app._unnotify(notification)
    else:
        app.clear_notifications()


# -- textual-serve ----------------------------------------------------------------------------------------------


def web_application(server: Server) -> Awaitable[web.Application]:
    """The aiohttp application of textual-serve's server, for a caller that runs it on its own terms.

    Relies on `Server._make_app()` (textual-serve 1.1), which `Server.serve` runs with no say over signals.
    """
    require("textual-serve")
    return server._make_app()


def around_each_tab(server_class: ServerClass) -> ServerClass:
    """Have textual-serve's server call `server_class.tab(websocket, service, relay)` for each tab once its app has
    started, `relay()` relaying the tab's messages to the app until the tab closes, which stops the app.

    Relies on `Server.handle_websocket` awaiting `self._process_messages(websocket, app_service)` so (textual-serve
    1.1). Applied to a class: its module is loaded only by `serve`.
    """
    require("textual-serve")
    relay: Callable[[Any, Any, Any], Awaitable[None]] = server_class._process_messages  # type: ignore[attr-defined]

    async def process_messages(server: Any, websocket: Any, service: Any) -> None:
        await server.tab(websocket, service, partial(relay, server, websocket, service))

    server_class._process_messages = process_messages  # type: ignore[attr-defined]
    return server_class


def app_process(service: AppService) -> Process | None:
    """The app's process that a textual-serve service started, None before it has (it keeps no public handle).

    Relies on `AppService._process` (textual-serve 1.1).
    """
    require("textual-serve")
    return service._process
