"""Processes as the tests watch them: a command's children from /proc, waiting, a subreaper that tells what a
command left behind, and a terminal of a command's own."""

from __future__ import annotations

import os
import pty
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

# Every process of a command ends within 2 s of the command's own end, however it ended; a test waits this
# long for them only so as to end at all (before processes ended with their parent, they ran for minutes).
ENDED_SECONDS = 10


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


def left_alive(family: set[int]) -> str:
    """Those of `family` still alive, with what each runs: what a failed test says."""
    left = []
    for pid in sorted(pid for pid in family if alive(pid)):
        try:
            line = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace").strip()
        except OSError:
            line = "?"
        left.append(f"{pid}: {line[:160]}")
    return "; ".join(left) or "none"


def wait_for(condition, seconds: float = 60) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return False


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def command(*argv: str) -> list[str]:
    return [sys.executable, "-m", "wordle_tui", *argv]


def installed_command(*argv: str) -> list[str]:
    """The command as a user runs it: the script pip installed (its folder, not the current one, starts the path)."""
    return [str(Path(sys.executable).with_name("wordle-tui")), *argv]


# Appended to a copy's __init__.py: every process that imports the copy says so in a file beside it.
SAYS_IT_IS_IMPORTED = """
import os as _os
with open(_os.path.join(_os.path.dirname(__file__), _os.pardir, "imported-by"), "a") as _said:
    _said.write(f"{_os.getpid()}\\n")
"""


def another_copy(folder: Path) -> Path:
    """`folder` made a clone, as it were: a copy of the installed package's source and data, which says which
    processes import it (see imported_by)."""
    import wordle_tui
    from wordle_tui.core.rules.words import data_dir

    package = Path(wordle_tui.__file__).parent
    shutil.copytree(package, folder / "wordle_tui", ignore=shutil.ignore_patterns("__pycache__"))
    if not (folder / "wordle_tui" / "data").is_dir():  # a checkout's, beside the package
        (folder / "data").symlink_to(data_dir())
    with (folder / "wordle_tui" / "__init__.py").open("a") as init:
        init.write(SAYS_IT_IS_IMPORTED)
    return folder


def imported_by(copy: Path) -> set[int]:
    """The processes that have imported the copy of the package in `copy` (see another_copy)."""
    said = copy / "imported-by"
    return {int(line) for line in said.read_text().split()} if said.exists() else set()


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


# Another program on a games database: it takes the write lock (or, `exclusive`, a lock that keeps readers out
# too) and holds it until told to let go.
HOLDER = """
import sqlite3, sys
db = sqlite3.connect(sys.argv[1], isolation_level=None)
if sys.argv[2] == "exclusive":
    db.execute("PRAGMA locking_mode=EXCLUSIVE")
    db.execute("BEGIN EXCLUSIVE")
else:
    db.execute("BEGIN IMMEDIATE")
print("locked", flush=True)
sys.stdin.readline()
db.execute("COMMIT")
"""


@contextmanager
def held_by_another_program(path: Path, exclusive: bool = False) -> Iterator[None]:
    """The SQLite database at `path` locked for writing (`exclusive`: for reading too) by another process for
    the block."""
    how = "exclusive" if exclusive else "write"
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(path), how], stdin=subprocess.PIPE, stdout=subprocess.PIPE
    )
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


# Makes its terminal (standard input) the controlling terminal of a session of its own, as a terminal
# emulator does for the shell it starts, then becomes the command: closing the terminal hangs it up (SIGHUP).
LOGIN = "import os, sys; os.login_tty(os.dup(0)); os.execv(sys.argv[1], sys.argv[1:])"


class Terminal:
    """A command run in a terminal of its own (a pseudo-terminal), which the test reads and types into, and closes.

    As the `leader` of the terminal's session, the command is what a terminal emulator starts in it (closing
    the terminal hangs it up); otherwise it is what a shell there would start, as the shell is not watched.
    `run` makes the command line of `argv` (see command, installed_command), run in the folder `cwd`.
    """

    def __init__(
        self, *argv: str, leader: bool = False, env: dict[str, str] | None = None, run=command, cwd: Path | None = None
    ):
        environment = os.environ | {"TERM": "xterm-256color", "COLUMNS": "100", "LINES": "32"}
        self.controller, terminal = pty.openpty()
        self.process = subprocess.Popen(
            [sys.executable, "-c", LOGIN, *run(*argv)] if leader else run(*argv),
            stdin=terminal,
            stdout=terminal,
            stderr=terminal,  # where Textual draws
            env=environment | (env or {}),
            cwd=cwd,
        )
        os.close(terminal)
        os.set_blocking(self.controller, False)
        self.shown = bytearray()

    def read(self) -> bytes:
        """Everything shown so far."""
        try:
            while chunk := os.read(self.controller, 65536):
                self.shown.extend(chunk)
        except OSError:  # nothing more for now, or the command has closed the terminal
            pass
        return bytes(self.shown)

    def shows(self, text: bytes) -> bool:
        return text in self.read()

    def type(self, keys: bytes) -> None:
        os.write(self.controller, keys)

    def close(self) -> None:
        """Close the terminal, as closing its window does: the command gets SIGHUP."""
        if self.controller >= 0:
            os.close(self.controller)
            self.controller = -1

    def __enter__(self) -> Terminal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.process.kill()
        self.process.wait()
        if self.controller >= 0:
            self.read()
        self.close()
