"""How long `wordle-tui` takes to start, beside the floors Python itself sets.

Usage: python benchmarks/startup.py [--runs R] [--command PATH]
Runs the installed command (default: the `wordle-tui` beside this Python) as a user does, each run a
new process, in pairs with its floor, A B A B ..., and prints the medians of R pairs (default 15) and
the median of the pairs' ratios, in wall and CPU seconds:
- `wordle-tui --help`, `wordle-tui tree --help` and `wordle-tui score salet guano`, to their exit,
  against `python -c "import numpy"`;
- the app's first frame: `wordle-tui` started on a pseudo-terminal of 100x32 (TERM=xterm-256color)
  until the frame that draws its footer has been written to the terminal (the footer comes with the
  board and the keyboard, in the same frame), against `python -c "import textual.app"`. Its CPU is the
  app process's own at that moment (/proc), its workers' not counted. The app then quits (Ctrl+Q), not timed.
The app runs with settings and games of its own (new folders), the machine's cache (the exact search
prepared first where it was not built at install, as after any first run), so that it opens on a new game of play.
"""

from __future__ import annotations

import argparse
import fcntl
import os
import pty
import resource
import select
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from functools import partial
from pathlib import Path

SIZE = (32, 100)  # rows, columns
FOOTER = b"Quit"  # the footer's key, drawn with the first frame
TICKS = os.sysconf("SC_CLK_TCK")


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def command_run(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall, CPU) seconds of one run of `argv` to its exit."""
    cpu, began = children_cpu(), time.perf_counter()
    subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - began, children_cpu() - cpu


def process_cpu(pid: int) -> float:
    """The CPU seconds a live process has used so far (user and system, itself only)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def first_frame(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall, CPU) seconds from starting the app on a new pseudo-terminal to its first frame written."""
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", *SIZE, 0, 0))
    began = time.perf_counter()
    app = subprocess.Popen(argv, stdin=follower, stdout=follower, stderr=follower, env=env, start_new_session=True)
    os.close(follower)
    written = b""
    try:
        while FOOTER not in written:
            if time.perf_counter() - began > 60 or app.poll() is not None:
                raise SystemExit(f"the app drew no footer: {written[-300:]!r}")
            if select.select([leader], [], [], 0.5)[0]:
                written += os.read(leader, 1 << 16)
        wall, cpu = time.perf_counter() - began, process_cpu(app.pid)
        os.write(leader, b"\x11")  # Ctrl+Q
        deadline = time.perf_counter() + 20
        while app.poll() is None and time.perf_counter() < deadline:  # read on, so that its writes never block
            if select.select([leader], [], [], 0.1)[0]:
                try:
                    os.read(leader, 1 << 16)
                except OSError:
                    break
        return wall, cpu
    finally:
        if app.poll() is None:
            app.kill()
        app.wait()
        os.close(leader)


def paired(run_a, run_b, runs: int) -> dict[str, float]:
    """Medians of A and B and of the ratio A/B pair by pair, in wall and CPU seconds."""
    pairs = []
    for _ in range(runs + 1):  # the first pair warms the disk's cache: not counted
        pairs.append((run_a(), run_b()))
    pairs = pairs[1:]
    figures = {}
    for place, unit in enumerate(("wall", "cpu")):
        figures[f"{unit} A"] = statistics.median(a[place] for a, _ in pairs)
        figures[f"{unit} B"] = statistics.median(b[place] for _, b in pairs)
        figures[f"{unit} A/B"] = statistics.median(a[place] / b[place] for a, b in pairs)
    return figures


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--runs", type=int, default=15, help="pairs counted (default: 15)")
    options.add_argument("--command", default=str(Path(sys.executable).parent / "wordle-tui"), help="wordle-tui")
    args = options.parse_args()
    from wordle_tui.core.exact.search import prepare

    prepare()  # nothing where built at install; else as after a first run (the app would begin by preparing it)
    with tempfile.TemporaryDirectory() as folder:
        env = os.environ | {
            "XDG_CONFIG_HOME": f"{folder}/config",
            "XDG_DATA_HOME": f"{folder}/data",
            "TERM": "xterm-256color",
        }
        env.pop("NO_COLOR", None)
        python = sys.executable
        rows = [
            ("wordle-tui --help", [args.command, "--help"], command_run, "import numpy"),
            ("wordle-tui tree --help", [args.command, "tree", "--help"], command_run, "import numpy"),
            ("wordle-tui score salet guano", [args.command, "score", "salet", "guano"], command_run, "import numpy"),
            ("the app's first frame", [args.command], first_frame, "import textual.app"),
        ]
        print(f"medians of {args.runs} pairs; wall and CPU seconds; floor B: python -c '...'")
        print(f"{'A':<30} {'B':<18} {'wall A':>7} {'wall B':>7} {'A/B':>5} {'cpu A':>7} {'cpu B':>7} {'A/B':>5}")
        for name, argv, timed, floor in rows:
            run_a = partial(timed, argv, env)
            run_b = partial(command_run, [python, "-c", floor], env)
            f = paired(run_a, run_b, args.runs)
            print(
                f"{name:<30} {floor:<18} {f['wall A']:7.3f} {f['wall B']:7.3f} {f['wall A/B']:5.2f} "
                f"{f['cpu A']:7.3f} {f['cpu B']:7.3f} {f['cpu A/B']:5.2f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
