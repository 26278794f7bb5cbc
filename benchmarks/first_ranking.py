"""The coach's first ranking of the opening at each shipped length, as a new user meets it.

Usage: python benchmarks/first_ranking.py [--lists NAME ...] [--workers N]

For each preset (default: `nyt` and `english-4` to `english-11`), the real app runs headless in a
process of its own with a new, empty user cache folder (numba's compile of the search copied in
where it was not built at install, as in footprint.py), coaches at the opening and waits for the
panel's final ranking, answers at risk included. It prints, per preset: the wall seconds from the
app's start to that ranking; the peak of the memory of the app and every process it started (the
sum of their PSS, sampled every 50 ms); and what the cache holds afterwards, without the compiled
search (with --processes, the memory of each process as well, once it has ranked).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import platformdirs
from footprint import MIB, SIZE, new_cache, print_memory, process_tree, pss_kb, role, wait_for

from wordle_tui.core.rules.words import load_preset
from wordle_tui.core.workers.pool import RankingPool
from wordle_tui.storage.store import Store
from wordle_tui.ui.app import WordleApp
from wordle_tui.ui.widgets.ranking_panel import RankingPanel

PRESETS = ("nyt", *(f"english-{length}" for length in (4, 6, 7, 8, 9, 10, 11)))


class PeakMemory(threading.Thread):
    """The largest sum of PSS over the process tree, sampled until stopped."""

    def __init__(self) -> None:
        super().__init__(daemon=True)
        self.peak_kb = 0
        self.at_peak: list[tuple[str, int]] = []  # (process, kB PSS) when the sum was largest
        self.done = threading.Event()

    def run(self) -> None:
        while not self.done.wait(0.05):
            each = []
            for pid in process_tree(os.getpid()):
                try:
                    each.append((role(pid), pss_kb(pid)["Pss"]))
                except (OSError, KeyError, IndexError, ValueError):
                    continue
            if (total := sum(kb for _, kb in each)) > self.peak_kb:
                self.peak_kb, self.at_peak = total, each


def cache_bytes(cache: Path) -> int:
    return sum(
        path.stat().st_size
        for path in cache.rglob("*")
        if path.is_file() and "compiled" not in path.relative_to(cache).parts
    )


async def first_ranking(name: str, folder: Path, workers: int | None, processes: bool) -> None:
    peak = PeakMemory()
    peak.start()
    began = time.perf_counter()
    pool = RankingPool(workers)
    app = WordleApp(load_preset(name), mode="coach", store=Store(folder / "config", folder / "data"), pool=pool)
    app.animation_level = "none"
    async with app.run_test(size=SIZE) as pilot:
        panel = app.screen.query_one("#ranking", RankingPanel)
        await wait_for(pilot, lambda: not panel.busy and panel.table.row_count > 0)
        seconds = time.perf_counter() - began
        best = " ".join(cell.plain for cell in panel.table.get_row_at(0))
        if processes:
            print_memory()
        await pilot.press("ctrl+q")
    pool.close()
    peak.done.set()
    peak.join()
    cache = platformdirs.user_cache_path("wordle-tui")
    if processes:
        print("  at the peak: " + ", ".join(f"{name} {kb / 1024:.0f} MiB" for name, kb in peak.at_peak))
    print(
        f"{name:11} {seconds:6.2f} s  peak {peak.peak_kb / 1024:6.0f} MiB PSS  "
        f"cache {cache_bytes(cache) / MIB:6.1f} MiB  best: {best}",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lists", nargs="+", default=PRESETS, help="presets (default: every shipped length)")
    parser.add_argument("--workers", type=int, default=None, help="ranking workers (default: one per core)")
    parser.add_argument("--processes", action="store_true", help="the memory of each process, once ranked")
    parser.add_argument("--folder", type=Path, help=argparse.SUPPRESS)  # one run, in this folder
    options = parser.parse_args()
    if options.folder is not None:
        asyncio.run(first_ranking(options.lists[0], options.folder, options.workers, options.processes))
        return
    for name in options.lists:
        folder = Path(tempfile.mkdtemp(prefix="wordle-first-ranking-"))
        try:
            new_cache(folder)
            command = [sys.executable, __file__, "--lists", name, "--folder", str(folder)]
            if options.workers:
                command += ["--workers", str(options.workers)]
            if options.processes:
                command.append("--processes")
            subprocess.run(command, check=True, env=os.environ)
        finally:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
