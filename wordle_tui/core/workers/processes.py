"""How worker processes start: forked from a server that has imported the package once (spawned where there is none),
the very package this process imported; and how a process of ours ends with the process that started it, however
that one ends.

This module imports nothing heavy, so that a command can start the server first thing and let it
import the package while the command does the same.
"""

from __future__ import annotations

import ctypes
import gc
import multiprocessing
import os
import signal
import site
import sys
import threading
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from multiprocessing import forkserver, resource_tracker

from ...compat import fork_server_started, release_fork_server, stop_fork_server

PRELOAD = ["wordle_tui.core.workers.pool"]  # what every worker needs, imported once in the server
MOST_WORKERS = 4 * (os.cpu_count() or 1)  # more processes than this only compete for the same cores
PR_SET_PDEATHSIG = 1  # Linux's prctl option: the signal this process gets when its parent ends
WATCH_SECONDS = 0.25  # where the kernel cannot watch the parent, how often a thread looks


def worker_context() -> multiprocessing.context.BaseContext:
    """forkserver where there is one, with the package preloaded in the server; else spawn."""
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(PRELOAD)
    return context


def start_tracker() -> None:
    """Start the resource tracker the workers report to (before the app takes stderr over: it is handed
    stderr's descriptor). Once the command ends, however it ends, the tracker frees what the workers
    held, as it should, without a warning on the terminal: a command killed outright left no trace
    (and a terminal not read at that moment would hold the warning, and the tracker, up)."""
    quiet = "ignore::UserWarning:multiprocessing.resource_tracker"  # handed to the processes it starts
    if quiet not in sys.warnoptions:
        sys.warnoptions.append(quiet)
    with _starting_this_package():
        resource_tracker.ensure_running()


def start_server() -> None:
    """Start the fork server (and the resource tracker workers report to) without waiting for it; the pool
    calls it before starting workers, so that the server is never started otherwise (see same_package)."""
    start_tracker()
    if worker_context().get_start_method() == "forkserver":
        with _starting_this_package():
            forkserver.ensure_running()


def package_folder() -> str:
    """The folder this package was imported from: site-packages, or a clone's folder (editable, PYTHONPATH, -m)."""
    package = sys.modules[__name__.partition(".")[0]]
    return os.path.dirname(os.path.dirname(os.path.abspath(str(package.__file__))))


def same_package(environ: Mapping[str, str]) -> dict[str, str]:
    """The variables a new Python of this interpreter needs, beside `environ`, to import this very package.

    `python -c` and `python -m` put the folder they start in first on the import path (the fork server
    is started as `python -c`, and Python 3.11's ignores the path it is handed): run from a folder that
    holds another copy of the source, they would import that. So the folder is left off the path
    (PYTHONSAFEPATH), and the package's own folder goes first unless it is one of the interpreter's
    site-packages, where every Python of it looks anyway (putting those first would put them before
    the standard library).
    """
    changes = {"PYTHONSAFEPATH": "1"}
    folder = package_folder()
    sites = site.getsitepackages() + ([site.getusersitepackages()] if site.ENABLE_USER_SITE else [])
    if os.path.realpath(folder) not in {os.path.realpath(entry) for entry in sites}:
        others = [entry for entry in environ.get("PYTHONPATH", "").split(os.pathsep) if entry and entry != folder]
        changes["PYTHONPATH"] = os.pathsep.join([folder, *others])
    return changes


_environment = threading.Lock()


@contextmanager
def _starting_this_package() -> Iterator[None]:
    """For the block, the processes this one starts get same_package's variables: only those started in
    it (the fork server, the resource tracker), not the others this process starts (an editor, a browser)."""
    with _environment:
        changes = same_package(os.environ)
        before = {name: os.environ.get(name) for name in changes}
        os.environ.update(changes)
        try:
            yield
        finally:
            for name, value in before.items():
                if value is None:
                    del os.environ[name]
                else:
                    os.environ[name] = value


def stop_server() -> None:
    """Stop the fork server and the resource tracker, and wait for both to end: a process that is
    about to exit leaves no child of its own behind, not even one dead and unreaped.

    Only once no worker is left (see pool.finish_closing): the fork server is every worker's parent,
    and they end with it (see worker_started). Both are started again by the next worker, if any.
    """
    if multiprocessing.active_children():
        return  # a pool still open: its workers need the server
    if not fork_server_started():
        return  # neither was started (one worker, in the process): a collection of every object would cost 0.01 s
    gc.collect()  # the closed pools' semaphores are unregistered now, while the tracker is there to hear it
    stop_fork_server()


def end_with_parent(parent: int, sentinel: int | None = None) -> None:
    """End this process (SIGKILL) as soon as `parent`, the process that started it, has ended: at once if it has.

    On Linux the kernel sends the signal (PR_SET_PDEATHSIG) when the parent's thread that started
    this process ends, so the parent must start it from a thread that lasts as long as the parent
    (its main thread; the fork server has no other). Elsewhere a thread of this process waits for
    `sentinel`, which becomes ready once the process this one works for has ended (the end of a
    pipe whose other end that process holds, or its handle), or else looks every quarter second
    for this process to have been handed to another parent.
    """
    if not _kernel_watches_parent():
        threading.Thread(target=_watch_parent, args=(parent, sentinel), name="parent watch", daemon=True).start()
    if os.getppid() != parent:  # it ended before the kernel was asked: this process was handed to another
        _end()


def worker_started() -> None:
    """In a worker, first thing: end with the process that started it, and never keep the fork server running.

    The fork server ends when the last holder of its pipe of life closes it: the command that started
    it, and every worker it forks, which inherits one. A worker closes its own, so that the server ends
    as soon as the command does, whatever the workers are doing, and the workers with the server.
    Until then the server cannot end, so it is surely the parent that this worker reads. Where the
    pipe cannot be reached (see compat.release_fork_server), the worker watches the command itself.
    """
    command = multiprocessing.parent_process()  # it holds the other end of this sentinel's pipe
    sentinel = command.sentinel if command is not None else None
    end_with_parent(os.getppid(), sentinel)
    if not release_fork_server() and sentinel is not None:  # the server outlives the command: watch the command
        threading.Thread(target=_watch_parent, args=(os.getppid(), sentinel), name="command watch", daemon=True).start()


def _kernel_watches_parent() -> bool:
    """Ask Linux to kill this process when its parent ends; False where it cannot be asked."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
    except OSError:
        return False
    return libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0


def _watch_parent(parent: int, sentinel: int | None) -> None:
    if sentinel is not None:
        from multiprocessing.connection import wait

        wait([sentinel])
    else:
        while os.getppid() == parent:
            time.sleep(WATCH_SECONDS)
    _end()


def _end() -> None:
    """End as the kernel would have ended this process: nothing it holds is worth finishing for a parent gone."""
    os.kill(os.getpid(), getattr(signal, "SIGKILL", signal.SIGTERM))
