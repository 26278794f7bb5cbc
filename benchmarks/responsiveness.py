"""How long the app makes you wait: quitting, and the pauses of the bot at full speed.

Usage: python benchmarks/responsiveness.py [--seconds S] [--workers N]
Runs the real app headless, with a real ranking pool, and prints:
- quit latency: from Ctrl+Q to the end of the app's run, right after a hard-mode win (the result
  dialog drawn, its analysis running) and from a busy continuous watch; every worker process of
  the app's pool has ended by the time the figure is taken;
- the longest pause between two of the bot's guesses in continuous watch at full speed over S
  seconds (default 60), with the median pause and the number of guesses.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from itertools import pairwise
from pathlib import Path

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

    processes = []

    def remember_processes() -> None:
        for executor in pool.executors():
            processes.extend((getattr(executor, "_processes", None) or {}).values())

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
    app, pool = make_app("play", workers, folder, play=PlayOptions("fight", hard_mode=True))

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
    played = WatchScreen.on_bot_guess

    def timed(screen, message) -> None:
        steps.append(time.perf_counter())
        played(screen, message)

    WatchScreen.on_bot_guess = timed

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press(*FULL_SPEED, "c")
            await pilot.pause(seconds)

    try:
        asyncio.run(run())
    finally:
        WatchScreen.on_bot_guess = played
        pool.close()
    return [later - earlier for earlier, later in pairwise(steps)]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        win = after_a_hard_win(args.workers, folder)
        print(f"quit right after a hard-mode win (jumpy, fight), analysis running: {win:.2f} s", flush=True)
        busy = from_a_busy_watch(args.workers, folder)
        print(f"quit from a busy continuous watch:                                  {busy:.2f} s", flush=True)
        pauses = watch_pauses(args.workers, folder, args.seconds)
    print(
        f"watch, continuous, full speed, {args.seconds:g} s: {len(pauses) + 1} guesses, longest pause "
        f"{max(pauses):.2f} s, median {statistics.median(pauses):.3f} s"
    )


if __name__ == "__main__":
    main()
