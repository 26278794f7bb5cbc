"""Processes as the tests watch them: a command's children from /proc, waiting, and a subreaper that tells what a
command left behind."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def children() -> dict[int, list[int]]:
    """Every process's children, from /proc."""
    tree: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            tree.setdefault(parent, []).append(int(entry.name))
    return tree


def descendants(pid: int) -> set[int]:
    tree, found, todo = children(), set(), [pid]
    while todo:
        for child in tree.get(todo.pop(), []):
            found.add(child)
            todo.append(child)
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"  # a zombie has ended; only its parent's bookkeeping is left


def wait_for(condition, seconds: float = 60) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return False


def command(*argv: str) -> list[str]:
    return [sys.executable, "-m", "wordle_tui", *argv]


# Runs a command as its only child, as a subreaper (PR_SET_CHILD_SUBREAPER): whatever the command
# leaves behind when it exits, alive or dead and unreaped, becomes this process's child rather than
# init's. It prints the pids and states of those, then reaps them.
ADOPTER = """
import ctypes, json, os, subprocess, sys
from pathlib import Path
ctypes.CDLL(None, use_errno=True).prctl(36, 1, 0, 0, 0)
status = subprocess.call(sys.argv[1:])
left = {}
for entry in Path("/proc").iterdir():
    try:
        state, parent = (entry / "stat").read_text().rsplit(")", 1)[1].split()[:2]
    except (OSError, ValueError):
        continue
    if parent == str(os.getpid()):
        left[entry.name] = state
print(json.dumps({"status": status, "left": left}))
while True:
    try:
        os.wait()
    except ChildProcessError:
        break
"""


# Another program on a games database: it takes the write lock and holds it until told to let go.
HOLDER = """
import sqlite3, sys
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("BEGIN IMMEDIATE")
print("locked", flush=True)
sys.stdin.readline()
db.execute("COMMIT")
"""


@contextmanager
def held_by_another_program(path: Path) -> Iterator[None]:
    """The SQLite database at `path` locked for writing by another process for the block."""
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    try:
        assert holder.stdout is not None and holder.stdout.readline() == b"locked\n"
        yield
    finally:
        assert holder.stdin is not None
        holder.stdin.close()
        holder.wait(30)


def in_a_namespace_of_its_own(script: str, **run) -> subprocess.CompletedProcess:
    """`script` (bash) run as root of a user and mount namespace of its own, where it may mount a folder
    read-only or a small disk that fills up, as a user's machine may have them; skipped where none is allowed."""
    import pytest

    if subprocess.run(["unshare", "-rm", "true"], capture_output=True).returncode != 0:
        pytest.skip("this system allows no user namespace, in which to mount a read-only folder or a full disk")
    return subprocess.run(["unshare", "-rm", "bash", "-ec", script], capture_output=True, text=True, **run)
