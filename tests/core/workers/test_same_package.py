"""Every process of a command imports the package the command imported, whatever folder it starts in: run
from a clone's folder, the installed command's workers, fork server and `serve`'s apps import the installed
package, not the clone's source; a command that imports a clone (PYTHONPATH, `python -m` in it) has it
imported by all of them.

Each test starts real commands from a folder holding another copy of the source, which says which processes
import it (processes.another_copy). PYTHONSAFEPATH, which the test session sets (see conftest), is unset for
them, as it is on a user's machine.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import write_words
from processes import (
    ENDED_SECONDS,
    Terminal,
    another_copy,
    children,
    descendants,
    free_port,
    imported_by,
    installed_command,
    wait_for,
)
from small_lists import ILLS, ILLS_GUESSES

import wordle_tui

# A command of its own, with a pool of two workers: what it imported, what its workers imported, and its and
# its fork server's pids.
POOL_COMMAND = """
import json, os
from multiprocessing import forkserver

import wordle_tui
from wordle_tui.core.position.model import uniform_model
from wordle_tui.core.rules.words import WordLists
from wordle_tui.core.workers.pool import RankingPool


def imported(model, job):
    return wordle_tui.__file__


if __name__ == "__main__":
    answers = ("bills", "fills", "hills", "kills")
    with RankingPool(2) as pool:
        found = pool.runner(uniform_model(WordLists(answers, answers)))(imported, [(job,) for job in range(8)])
        server = forkserver._forkserver._forkserver_pid
    print(json.dumps({"command": wordle_tui.__file__, "workers": sorted(set(found)), "pids": [os.getpid(), server]}))
"""


@pytest.fixture
def clone(tmp_path, monkeypatch) -> Path:
    """A folder holding another copy of the source, as a clone does; PYTHONSAFEPATH unset, as for a user."""
    monkeypatch.delenv("PYTHONSAFEPATH")
    return another_copy(tmp_path / "clone")


@pytest.mark.parametrize("started", ["installed", "PYTHONPATH", "python -m in the clone"])
def test_the_workers_and_their_server_import_the_package_their_command_imported(tmp_path, clone, started):
    """Installed: the clone whose folder the command starts in is imported by none. From another copy on
    PYTHONPATH, or from the clone itself as `python -m`: that copy, by the command and its fork server."""
    environment = dict(os.environ)
    if started == "python -m in the clone":
        (clone / "pool_command.py").write_text(POOL_COMMAND)
        argv, imported = [sys.executable, "-m", "pool_command"], clone
    else:
        script = tmp_path / "command" / "pool_command.py"
        script.parent.mkdir()
        script.write_text(POOL_COMMAND)
        argv, imported = [sys.executable, str(script)], None
        if started == "PYTHONPATH":
            imported = another_copy(tmp_path / "other")
            environment["PYTHONPATH"] = str(imported)
    done = subprocess.run(argv, cwd=clone, env=environment, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    said = json.loads(done.stdout)
    expected = wordle_tui.__file__ if imported is None else str(imported / "wordle_tui" / "__init__.py")
    assert said["command"] == expected
    assert said["workers"] == [expected]
    if imported is None:
        assert imported_by(clone) == set()
    else:
        assert imported_by(imported) == set(said["pids"])  # the command and its fork server, each once
        assert imported is clone or imported_by(clone) == set()


def test_the_app_run_from_a_clone_ranks_with_the_installed_package(tmp_path, clone):
    """The bot plays in the watch mode, ranked by the workers; none of the app's processes imported the clone."""
    answers = write_words(tmp_path / "answers.txt", ILLS)
    guesses = write_words(tmp_path / "guesses.txt", ILLS_GUESSES)
    argv = ("watch", "--answers", str(answers), "--guesses", str(guesses))
    with Terminal(*argv, run=installed_command, cwd=clone) as terminal:
        app = terminal.process
        assert wait_for(lambda: terminal.shows(b"ranked first") and len(descendants(app.pid)) >= 3), "no bot"
        (server,) = (pid for pid in children()[app.pid] if b"forkserver" in Path(f"/proc/{pid}/cmdline").read_bytes())
        assert children().get(server), "the workers never started"
        assert imported_by(clone) == set()


def test_the_apps_that_serve_starts_from_a_clone_import_the_installed_package(clone):
    import aiohttp

    port = free_port()
    server = subprocess.Popen(
        installed_command("serve", "--port", str(port)), cwd=clone, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )

    async def open_app() -> None:
        async with aiohttp.ClientSession() as session:
            socket = await session.ws_connect(f"ws://127.0.0.1:{port}/ws?width=100&height=32")
            assert (await socket.receive(timeout=60)).type == aiohttp.WSMsgType.BINARY  # the app's first frame
            # The app, its fork server and resource tracker
            assert wait_for(lambda: len(descendants(server.pid)) >= 3, ENDED_SECONDS), "no app with its workers"

    try:
        assert server.stdout is not None and b"wordle-tui is served at" in server.stdout.readline()
        asyncio.run(open_app())
        assert imported_by(clone) == set()
    finally:
        server.send_signal(signal.SIGTERM)
        server.communicate(timeout=60)
