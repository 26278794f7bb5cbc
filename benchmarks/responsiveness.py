"""How long the app makes you wait: quitting, and the pauses of the bot at full speed.

Usage: python benchmarks/responsiveness.py [--seconds S] [--workers N]
Runs the real app headless, with a real ranking pool, and prints:
- quit latency: from Ctrl+Q to the end of the app's run, right after a hard-mode win (the result
  dialog drawn, its analysis running) and from a busy continuous watch; every worker process of
  the app's pool has ended by the time the figure is taken;
- the longest pause between two of the bot's guesses in continuous watch at full speed over S
  seconds (default 60), with the median pause and the number of guesses;
- how long a key takes to echo while the coach's workers rank the opening by lookahead on every
  core: the app runs as a user runs it, in a terminal of its own (a pseudo-terminal, a session of
  its own), a Q is typed on the board and erased at a typist's pace, and the time from the key to
  the Q drawn is taken, for the keys typed while the workers had work, and for 10 keys typed
  before, the workers idle (the control). `--source` runs the package in another folder (a
  checkout of an earlier commit, say); `--echo-only` skips the rest; `--rounds` repeats it.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import pty
import random
import re
import select
import statistics
import subprocess
import sys
import tempfile
import time
from itertools import pairwise
from multiprocessing.process import BaseProcess
from pathlib import Path
from unittest.mock import patch

from wordle_tui.compat import executor_workers
from wordle_tui.core.rules.game import Difficulty
from wordle_tui.core.rules.words import load_preset
from wordle_tui.core.workers.pool import RankingPool
from wordle_tui.storage.store import Store
from wordle_tui.ui.app import PlayOptions, WatchOptions, WordleApp
from wordle_tui.ui.dialogs.statistics import StatsScreen
from wordle_tui.ui.modes.watch import WatchScreen
from wordle_tui.ui.widgets.analysis_panel import AnalysisPanel

SIZE = (100, 32)
FULL_SPEED = ("plus",) * 6


def make_app(mode: str, workers: int, folder: str, **options) -> tuple[WordleApp, RankingPool]:
    pool = RankingPool(workers)
    store = Store(Path(folder) / "config", Path(folder) / "data")
    app = WordleApp(load_preset("nyt"), mode=mode, store=store, pool=pool, **options)
    return app, pool


async def wait_for(pilot, condition, seconds: float = 60) -> None:
    deadline = time.perf_counter() + seconds
    while not condition():
        if time.perf_counter() > deadline:
            raise TimeoutError("the app never got there")
        await pilot.pause(0.02)


def quit_after(app: WordleApp, pool: RankingPool, prepare) -> float:
    """Seconds from Ctrl+Q to the end of the app's run, once no worker process of its pool is left."""
    pressed = 0.0

    async def run() -> None:
        nonlocal pressed
        async with app.run_test(size=SIZE) as pilot:
            await prepare(pilot)
            pressed = time.perf_counter()
            await pilot.press("ctrl+q")

    processes: list[BaseProcess] = []

    def remember_processes() -> None:
        for executor in pool.executors():
            processes.extend(executor_workers(executor).values())

    asyncio.run(run_with(run, remember_processes))
    for process in processes:
        process.join(timeout=10)
    return time.perf_counter() - pressed


async def run_with(run, before_quit) -> None:
    task = asyncio.create_task(run())
    while not task.done():
        before_quit()
        await asyncio.sleep(0.05)
    await task


def after_a_hard_win(workers: int, folder: str) -> float:
    app, pool = make_app("play", workers, folder, play=PlayOptions("fight", hard_mode=Difficulty.HARD))

    async def prepare(pilot) -> None:
        await pilot.press(*"jumpy", "enter", *"fight", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, StatsScreen))
        await pilot.pause()  # the dialog drawn, as the player sees it
        if not app.screen.query_one(AnalysisPanel).busy:
            raise RuntimeError("the analysis finished before Ctrl+Q: the case is not measured")

    return quit_after(app, pool, prepare)


def from_a_busy_watch(workers: int, folder: str) -> float:
    app, pool = make_app("watch", workers, folder, watch=WatchOptions(strategy="entropy"))

    async def prepare(pilot) -> None:
        await pilot.press(*FULL_SPEED, "c")
        await pilot.pause(5)

    return quit_after(app, pool, prepare)


def watch_pauses(workers: int, folder: str, seconds: float) -> list[float]:
    """The times between the bot's guesses, continuous at full speed."""
    app, pool = make_app("watch", workers, folder, watch=WatchOptions(strategy="entropy"))
    steps: list[float] = []
    played = WatchScreen.apply

    def timed(screen, move) -> None:
        steps.append(time.perf_counter())
        played(screen, move)

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press(*FULL_SPEED, "c")
            await pilot.pause(seconds)

    try:
        with patch.object(WatchScreen, "apply", timed):
            asyncio.run(run())
    finally:
        pool.close()
    return [later - earlier for earlier, later in pairwise(steps)]


MOVE = re.compile(rb"\x1b\[(\d+);(\d+)H")  # where Textual draws each line it changes
BOARD = (20, 37)  # rows and columns of the screen that hold the board's first rows, left of the panel


def drew_q_on_the_board(shown: bytes) -> bool:
    """Whether `shown` draws a Q on the board. No guess the coach ranks high holds a Q, and the keyboard's
    is below the board: a Q drawn there is the key's echo."""
    moves = list(MOVE.finditer(shown))
    for move, after in zip(moves, [*moves[1:], None], strict=True):
        line = shown[move.end() : after.start() if after else len(shown)]
        if int(move[1]) <= BOARD[0] and int(move[2]) <= BOARD[1] and b"Q" in line:
            return True
    return False


def descendants_states(app: int) -> list[str]:
    """The states of the app's processes (its resource tracker, fork server and workers): R for one that has work,
    running or waiting for a core."""
    parents: dict[int, list[int]] = {}
    states: dict[int, str] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                state, parent = (entry / "stat").read_text().rsplit(")", 1)[1].split()[:2]
            except (OSError, ValueError):
                continue
            parents.setdefault(int(parent), []).append(int(entry.name))
            states[int(entry.name)] = state
    found, todo = [], list(parents.get(app, []))
    while todo:
        pid = todo.pop()
        todo.extend(parents.get(pid, []))
        found.append(states.get(pid, "?"))
    return found


# Makes its terminal (standard input) the controlling terminal of a session of its own, as a terminal emulator does
# for the shell it starts, then becomes the app: the app ends with the terminal, should this script end first.
LOGIN = "import os, sys; os.login_tty(os.dup(0)); os.execv(sys.argv[1], sys.argv[1:])"


class Screen:
    """The app in a pseudo-terminal of its own, as a terminal emulator runs it (a session of its own)."""

    def __init__(self, argv: list[str], env: dict[str, str], cwd: str | None):
        columns, rows = SIZE
        self.controller, terminal = pty.openpty()
        env = env | {"TERM": "xterm-256color", "COLUMNS": str(columns), "LINES": str(rows)}
        self.process = subprocess.Popen(
            [sys.executable, "-c", LOGIN, *argv], stdin=terminal, stdout=terminal, stderr=terminal, env=env, cwd=cwd
        )
        os.close(terminal)

    def read(self, seconds: float) -> bytes:
        """What the app draws within `seconds`, as soon as it comes."""
        try:
            ready, _, _ = select.select([self.controller], [], [], max(0.0, seconds))
            return os.read(self.controller, 1 << 20) if ready else b""
        except OSError:
            return b""

    def pause(self, seconds: float) -> None:
        """Let `seconds` go by, reading what the app draws meanwhile."""
        end = time.perf_counter() + seconds
        while (left := end - time.perf_counter()) > 0:
            self.read(left)

    def wait_for(self, seen, seconds: float) -> float | None:
        """Seconds until what is drawn satisfies `seen`; None if it never did within `seconds`."""
        began, shown = time.perf_counter(), b""
        while (waited := time.perf_counter() - began) < seconds:
            shown += self.read(seconds - waited)
            if seen(shown):
                return time.perf_counter() - began
        return None

    def close(self) -> None:
        self.process.kill()
        self.process.wait()
        os.close(self.controller)


def echoes_while_ranking(source: str | None, folder: str, control: int = 10) -> tuple[list[float], list[float]]:
    """Seconds from a key to its echo on the board: for `control` keys typed once the app has started and its
    workers are idle (the same app and machine), then for the keys typed while the workers rank the
    opening by lookahead (Ctrl+E, from the expected strategy to the next) in normal mode, then hard, ultra
    hard and normal again (Ctrl+D), each until they are idle again."""
    config = Path(folder) / "echo-config" / "wordle-tui"
    config.mkdir(parents=True, exist_ok=True)
    (config / "settings.json").write_text(json.dumps({"strategy": "expected", "lists": "nyt"}))
    env = dict(os.environ, XDG_CONFIG_HOME=str(config.parent), XDG_DATA_HOME=str(Path(folder) / "echo-data"))
    env["PYTHONSAFEPATH"] = "1"
    if source:
        env["PYTHONPATH"] = source
    screen = Screen([sys.executable, "-m", "wordle_tui", "coach"], env, source)

    def echo() -> tuple[float, bool]:
        """A Q typed and erased: seconds to its echo, and whether workers had work as it was typed."""
        working = "R" in descendants_states(app)
        os.write(screen.controller, b"q")
        echo = screen.wait_for(drew_q_on_the_board, 10)
        if echo is None:
            raise RuntimeError("a key was never echoed on the board")
        screen.pause(random.uniform(0.1, 0.3))  # a typist's pace
        os.write(screen.controller, b"\x7f")
        screen.pause(random.uniform(0.1, 0.3))
        return echo, working

    try:
        if screen.wait_for(lambda shown: b"WORDLE" in shown, 60) is None:
            raise RuntimeError("the app never drew its first frame")
        app, began = screen.process.pid, time.perf_counter()
        settled = 0
        while settled < 4:  # the workers started, the opening ranked, then a second without work
            screen.pause(0.25)
            states = descendants_states(app)
            settled = settled + 1 if len(states) > 3 and "R" not in states else 0
            if time.perf_counter() - began > 300:
                raise RuntimeError("the app's workers never settled")
        idle = [echo()[0] for _ in range(control)]
        busy: list[float] = []
        for key in (b"\x05", b"\x04", b"\x04", b"\x04"):  # Ctrl+E: lookahead; Ctrl+D: the next mode
            os.write(screen.controller, key)
            quiet = 0
            while quiet < 3:  # three keys running with the workers idle: the ranking is over
                took, working = echo()
                if working:
                    busy.append(took)
                quiet = 0 if working else quiet + 1
    finally:
        screen.close()
    return busy, idle


def echo_figures(echoes: list[float]) -> str:
    ordered = sorted(echoes)
    ninetieth = ordered[math.ceil(0.9 * len(ordered)) - 1]  # nearest rank
    return (
        f"{len(ordered)} keys, median {statistics.median(ordered) * 1000:.0f} ms, "
        f"90th percentile {ninetieth * 1000:.0f} ms, longest {ordered[-1] * 1000:.0f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--source", help="the folder of the package the echo is measured on (default: the installed)")
    parser.add_argument("--echo-only", action="store_true", help="measure only the echo while ranking")
    parser.add_argument("--rounds", type=int, default=1, help="times the echo is measured")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        for _ in range(args.rounds):
            busy, idle = echoes_while_ranking(args.source, folder)
            print(f"keys echoed, the workers idle (control):                {echo_figures(idle)}", flush=True)
            print(f"keys echoed while the workers ranked the opening by lookahead: {echo_figures(busy)}", flush=True)
        if args.echo_only:
            return
        win = after_a_hard_win(args.workers, folder)
        print(f"quit right after a hard-mode win (jumpy, fight), analysis running: {win:.2f} s", flush=True)
        watching = from_a_busy_watch(args.workers, folder)
        print(f"quit from a busy continuous watch:                                  {watching:.2f} s", flush=True)
        pauses = watch_pauses(args.workers, folder, args.seconds)
    print(
        f"watch, continuous, full speed, {args.seconds:g} s: {len(pauses) + 1} guesses, longest pause "
        f"{max(pauses):.2f} s, median {statistics.median(pauses):.3f} s"
    )


if __name__ == "__main__":
    main()
