"""Other packages' private parts, all in wordle_tui/compat.py: they work on the releases installed here, which
are those checked; on any other release the package falls back to public behaviour or says, in one sentence,
which release to use."""

from __future__ import annotations

import ast
import os
import signal
import subprocess
import sys
import time
import tomllib
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest
from helpers import CHECKOUT
from processes import ENDED_SECONDS, alive, descendants, left_alive, wait_for
from textual.app import App
from textual.notifications import Notification, Notify

import wordle_tui
from wordle_tui import compat
from wordle_tui.cli.common import is_user_error
from wordle_tui.core.workers.processes import worker_context

PACKAGE = Path(wordle_tui.__file__).parent
UNCHECKED = ((1, 0), (1, 1))  # a range no installed release is in


def eventually(condition, seconds: float = 20.0) -> bool:
    """Whether `condition` holds within a generous deadline: a guard against hanging, not a measure of time."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def test_the_releases_installed_here_are_those_checked_and_the_package_declares_those_pythons():
    declared = tomllib.loads((CHECKOUT / "pyproject.toml").read_text())["project"]["requires-python"]
    (first, beyond) = compat.CHECKED["python"]
    assert declared == f">={first[0]}.{first[1]},<{beyond[0]}.{beyond[1]}"  # pip installs on no other
    unchecked = {package: compat.release(package) for package in compat.CHECKED if not compat.checked(package)}
    assert not unchecked, f"read compat.py's uses of {unchecked} in their source, test them, then widen CHECKED"


def test_terminating_an_executor_ends_its_workers_in_the_middle_of_their_jobs():
    executor = ProcessPoolExecutor(2, mp_context=worker_context())
    jobs = [executor.submit(time.sleep, 120) for _ in range(2)]
    workers = compat.executor_workers(executor)
    assert eventually(lambda: len(workers) == 2 and all(worker.is_alive() for worker in workers.values()))
    started = list(workers.values())
    ending = compat.terminate_workers(executor)
    ending.join(timeout=60)
    assert not ending.is_alive() and not any(worker.is_alive() for worker in started)  # not after two minutes
    assert all(job.done() for job in jobs)


# A command whose pool's workers run as on a Python that compat.py was not checked on (the fork server
# imports `unchecked_python` first): it says when its workers are up, and waits to be killed.
UNCHECKED_COMMAND = """
import time
import tomllib
import unchecked_python
from wordle_tui.core.position.model import uniform_model
from wordle_tui.core.rules.words import WordLists
from wordle_tui.core.workers import processes
from wordle_tui.core.workers.pool import RankingPool

processes.PRELOAD.insert(0, "unchecked_python")
pool = RankingPool(workers=2)
pool.start(uniform_model(WordLists(("cabin", "cable", "caper"), ("cabin", "cable", "caper"))))
print("up", flush=True)
time.sleep(600)
"""


def test_on_a_python_not_checked_nothing_a_command_started_outlives_it_killed_outright(tmp_path):
    (tmp_path / "unchecked_python.py").write_text(
        f"from wordle_tui import compat\ncompat.CHECKED['python'] = {UNCHECKED}\n"
    )
    environment = {**os.environ, "PYTHONPATH": str(tmp_path)}
    command = subprocess.Popen(
        [sys.executable, "-c", UNCHECKED_COMMAND], stdout=subprocess.PIPE, text=True, env=environment
    )
    try:
        assert command.stdout.readline() == "up\n"
        started = descendants(command.pid)  # the fork server, the resource tracker, two workers
        assert len(started) == 4
        os.kill(command.pid, signal.SIGKILL)
        command.wait()
        assert wait_for(lambda: not any(alive(pid) for pid in started), ENDED_SECONDS), left_alive(started)
    finally:
        command.kill()
        for pid in descendants(command.pid) | started:
            if alive(pid):  # a failure: nothing is left running all the same
                os.kill(pid, signal.SIGKILL)


STOPPED = """
import os
from wordle_tui.compat import stop_fork_server
from wordle_tui.core.workers.processes import start_server

def children():
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = open(f"/proc/{entry}/stat").read()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == os.getpid():
                found.append(entry)
    return found

start_server()
started = len(children())
stop_fork_server()
print(started, len(children()))
"""


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads the processes from /proc")
def test_stopping_the_fork_server_ends_it_and_the_resource_tracker_and_reaps_both():
    done = subprocess.run([sys.executable, "-c", STOPPED], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["2", "0"]  # the server and the tracker, then neither, not even unreaped


class Notices(App):
    """Two notices, one of which is taken off the screen before its time."""

    def on_mount(self) -> None:
        self.preparing = Notification("Preparing", timeout=3600)
        self.post_message(Notify(self.preparing))
        self.notify("Kept", timeout=3600)


async def shown_after_withdrawing() -> str:
    app = Notices()
    async with app.run_test(size=(60, 12), notifications=True) as pilot:
        await pilot.pause()
        assert "Preparing" in app.export_screenshot()
        compat.withdraw_notification(app, app.preparing)
        await pilot.pause()
        return app.export_screenshot()


async def test_a_notice_withdrawn_leaves_the_screen_and_the_others_stay():
    shown = await shown_after_withdrawing()
    assert "Preparing" not in shown and "Kept" in shown


async def test_on_a_textual_not_checked_withdrawing_a_notice_clears_every_notice(monkeypatch):
    monkeypatch.setitem(compat.CHECKED, "textual", UNCHECKED)
    shown = await shown_after_withdrawing()
    assert "Preparing" not in shown and "Kept" not in shown


def test_serving_with_a_textual_serve_not_checked_says_which_release_to_install(monkeypatch):
    monkeypatch.setitem(compat.CHECKED, "textual-serve", UNCHECKED)
    with pytest.raises(compat.UncheckedRelease) as raised:
        compat.around_each_tab(type("Server", (), {}))
    found = ".".join(map(str, compat.release("textual-serve")))
    assert str(raised.value) == (
        f"wordle-tui works with textual-serve 1.0 up to, not including, 1.1; this is {found}:"
        " install textual-serve>=1.0,<1.1."
    )
    assert is_user_error(raised.value)  # said as that one sentence, without a traceback


# Attributes whose underscore only keeps them apart from a named tuple's fields, and os._exit: all public.
PUBLIC = {"_make", "_replace", "_asdict", "_fields", "_exit"}


def private_names(tree: ast.AST) -> dict[str, int]:
    """The private names (`_x`, not `__x__`) that a module reads off an object (in its code or its type hints),
    or asks getattr for, by line."""
    found: dict[str, int] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            name = node.attr
        elif isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("getattr", "hasattr", "setattr"):
            name = node.args[1].value if isinstance(node.args[1], ast.Constant) else ""
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            name = next((alias.name for alias in node.names if alias.name.startswith("_")), "")
        else:
            continue
        if isinstance(name, str) and name.startswith("_") and not name.endswith("__") and name not in PUBLIC:
            found.setdefault(name, node.lineno)
    return found


def own_names(tree: ast.AST) -> set[str]:
    """The names a module defines: its functions, classes, attributes and variables."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Name | ast.arg):
            names.add(node.id if isinstance(node, ast.Name) else node.arg)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            names.add(node.attr)
    return names


def test_no_module_but_compat_reaches_into_another_packages_private_parts():
    trees = {path: ast.parse(path.read_text()) for path in sorted(PACKAGE.rglob("*.py"))}
    ours = set().union(*(own_names(tree) for path, tree in trees.items() if path.name != "compat.py"))
    reached = {
        f"{path.relative_to(PACKAGE)}:{line} {name}"
        for path, tree in trees.items()
        if path.name != "compat.py"
        for name, line in private_names(tree).items()
        if name not in ours
    }
    assert reached == set()
    assert {"_unnotify", "_processes", "_process", "_make_app"} <= set(private_names(trees[PACKAGE / "compat.py"]))
