"""Years of games: how long `wordle-tui stats` and the app's History take with 1,000, 10,000 and 100,000 games.

Usage: python benchmarks/history.py [--games N ...] [--runs R]
For each count, a user data folder of its own is filled with that many finished games (played,
coached, several boards and Absurdle, in normal, hard and ultra hard mode, on both presets, three
years of them), then it prints, as medians of R runs (default 3):
- `wordle-tui stats`: the whole command as a user runs it, start-up included (wall seconds);
- History open: from F5 to the dialog drawn with its figures and its first games, in the real app
  run headless (a real ranking pool, its workers started first);
- History filled: from F5 to every game listed;
- the longest stall of the app's event loop while it fills: how long a key may wait to echo.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from wordle_tui.core.rules.feedback import score
from wordle_tui.core.rules.game import Difficulty
from wordle_tui.core.rules.words import load_preset
from wordle_tui.core.workers.pool import RankingPool
from wordle_tui.storage.kinds import Kind
from wordle_tui.storage.records import GameRecord
from wordle_tui.storage.store import Store
from wordle_tui.ui.app import WordleApp
from wordle_tui.ui.dialogs.history import GamesTable, HistoryScreen

SIZE = (120, 40)
COUNTS = (1_000, 10_000, 100_000)
MODES = (*[Difficulty.NORMAL] * 3, Difficulty.HARD, Difficulty.ULTRA)  # the modes drawn from, most often normal


def games(count: int, seed: int = 1) -> list[GameRecord]:
    """`count` games finished over three years up to today, most played here, in every mode."""
    rng = random.Random(seed)
    lists = load_preset("nyt")
    answers, words = lists.answers, lists.guesses
    start = dt.datetime.now().astimezone() - dt.timedelta(days=3 * 365)
    seconds = sorted(rng.sample(range(3 * 365 * 86_400), count))
    made = []
    for n, second in enumerate(seconds):
        kind = rng.choice([Kind.PLAYED] * 7 + [Kind.COACHED] * 2 + [Kind.BOARDS, Kind.ABSURDLE])
        answer = rng.choice(answers)
        tries = rng.randint(2, 6)
        guesses = (*(rng.choice(words) for _ in range(tries - 1)), answer)
        won = rng.random() < 0.9
        finished = (start + dt.timedelta(seconds=second)).isoformat(timespec="milliseconds")
        if kind == Kind.BOARDS:
            answer = " ".join(rng.sample(answers, 4))
        made.append(
            GameRecord(
                f"b{n}",
                answer,
                guesses,
                won or kind == Kind.ABSURDLE,
                rng.choice(MODES) if kind in (Kind.PLAYED, Kind.COACHED) else Difficulty.NORMAL,
                hints=rng.random() < 0.1,
                nyt=1000 + n % 1000 if kind == Kind.COACHED else None,
                lists=rng.choice(["nyt", "nyt", "nyt", "nyt2022"]),
                kind=kind,
                finished=finished,
                skill=round(rng.uniform(40, 99), 1) if kind in (Kind.PLAYED, Kind.COACHED) else None,
                luck=round(rng.uniform(0, 99), 1) if kind in (Kind.PLAYED, Kind.COACHED) else None,
                patterns=tuple(score(guess, answer) for guess in guesses) if kind != Kind.BOARDS else None,
            )
        )
    return made


def filled(folder: Path, count: int) -> Store:
    store = Store(folder / "config", folder / "data")
    made = games(count)
    for start in range(0, count, 10_000):
        store.games.add(made[start : start + 10_000])
    return store


def stats_seconds(folder: Path) -> float:
    environment = os.environ | {"XDG_DATA_HOME": str(folder / "xdg"), "XDG_CONFIG_HOME": str(folder / "config")}
    began = time.perf_counter()
    subprocess.run([sys.executable, "-m", "wordle_tui", "stats"], env=environment, check=True, capture_output=True)
    return time.perf_counter() - began


async def history_seconds(store: Store) -> tuple[float, float, float]:
    """(open, filled, the longest stall of the event loop while it filled), in seconds."""
    pool = RankingPool()
    app = WordleApp(load_preset("nyt"), store=store, pool=pool)
    app.animation_level = "none"
    async with app.run_test(size=SIZE) as pilot:
        pool.start(app.model)
        await pilot.pause(0.5)
        stalls = [0.0]
        ticking = True

        async def tick() -> None:
            last = time.perf_counter()
            while ticking:
                await asyncio.sleep(0.005)
                now = time.perf_counter()
                stalls.append(now - last - 0.005)
                last = now

        ticker = asyncio.create_task(tick())
        pressed = time.perf_counter()
        key = asyncio.create_task(pilot.press("f5"))  # not awaited: it returns once the app is idle again
        opened = full = 0.0
        while not full:
            await asyncio.sleep(0.001)
            screen = app.screen
            if isinstance(screen, HistoryScreen) and screen.games is not None:
                table = screen.query_one("#history-games", GamesTable)
                if not opened and (table.rows or not screen.games):
                    opened = time.perf_counter() - pressed
                if len(table.rows) == screen.games:
                    full = time.perf_counter() - pressed
        ticking = False
        await asyncio.gather(ticker, key)
        await pilot.press("ctrl+q")
    return opened, full, max(stalls)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, nargs="+", default=list(COUNTS))
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    print(f"{'games':>8}  {'stats s':>8}  {'History open s':>14}  {'filled s':>8}  {'longest stall s':>15}")
    for count in args.games:
        with tempfile.TemporaryDirectory() as folder:
            store = filled(Path(folder) / "user", count)
            (Path(folder) / "xdg").mkdir()
            (Path(folder) / "xdg" / "wordle-tui").symlink_to(store.data_dir)
            stats = [stats_seconds(Path(folder)) for _ in range(args.runs)]
            shown = [asyncio.run(history_seconds(store)) for _ in range(args.runs)]
            opened, full, stall = (statistics.median(figures) for figures in zip(*shown))
            print(f"{count:>8,}  {statistics.median(stats):>8.2f}  {opened:>14.2f}  {full:>8.2f}  {stall:>15.3f}")


if __name__ == "__main__":
    main()
