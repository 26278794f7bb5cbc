"""What the coach leaves in the cache and holds in memory once it has ranked a position.

Usage: python benchmarks/footprint.py [--repeats N] [--workers N]
Runs the real app headless on the default lists, with a real ranking pool and a new, empty user
cache folder (where the search was not built at install, numba's compile of it copied in from
the usual cache, or compiled there first), and coaches as a user would: the opening is ranked, then SALET is
entered with the colours grey, yellow, grey, grey, grey. It does so twice, each time in a process
of its own: the first start, with the cache empty, then the next one, with what the first kept.
Each time, once the panel's ranking is final (answers at risk included), it prints:
- the cache: every file's size, and the total with and without the compiled search;
- memory: the proportional set size (PSS, /proc/PID/smaps_rollup) of the app and of each process
  it started (the fork server, the resource tracker, the workers), and their sum;
- the time from the app's start to the opening's ranking (its figures are measured on the first
  start, read from the cache on the next): wall seconds, and CPU seconds of the process tree;
- the ranking of SALET=01000 (undone and entered again N times, default 5): wall seconds from
  Enter to the final ranking, and CPU seconds of the whole process tree meanwhile, as medians.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import platformdirs

from wordle_tui.core.exact.search import prepare
from wordle_tui.core.rules.words import load_preset
from wordle_tui.core.workers.pool import RankingPool
from wordle_tui.storage.store import Store
from wordle_tui.ui.app import WordleApp
from wordle_tui.ui.widgets.ranking_panel import RankingPanel

SIZE = (120, 40)
MIB = 1 << 20


def new_cache(folder: Path) -> None:
    """A new user cache folder under `folder`, for this process and the ones it starts, holding numba's
    compile of the search where it was not built at install: copied from the usual cache, else compiled."""
    usual = platformdirs.user_cache_path("wordle-tui")
    os.environ["XDG_CACHE_HOME"] = str(folder / "cache")
    cache = platformdirs.user_cache_path("wordle-tui")
    if (usual / "compiled").is_dir():
        shutil.copytree(usual / "compiled", cache / "compiled", symlinks=True)
    prepare()


def parent_of(pid: int) -> int:
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])


def process_tree(pid: int) -> list[int]:
    """`pid` and every process below it (threads are not processes)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = parent_of(int(entry.name))
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(parent, []).append(int(entry.name))
    tree, waiting = [], [pid]
    while waiting:
        tree.append(current := waiting.pop())
        waiting += children.get(current, [])
    return tree


def pss_kb(pid: int) -> dict[str, int]:
    """Pss, Pss_Anon and Pss_File of a process, in kB."""
    figures = {}
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
        name, _, value = line.partition(":")
        if name in ("Pss", "Pss_Anon", "Pss_File"):
            figures[name] = int(value.split()[0])
    return figures


def cpu_seconds(pids: list[int]) -> float:
    """User and system CPU seconds of the processes, threads included."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])
    return total / tick


def role(pid: int) -> str:
    """What a process of the app's tree is: the workers are the fork server's children."""
    if pid == os.getpid():
        return "app"
    if parent_of(pid) != os.getpid():
        return "worker"
    command = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    return "fork server" if "forkserver" in command else "resource tracker"


def print_cache(cache: Path) -> None:
    total = compiled = 0
    for path in sorted(cache.rglob("*")):
        if path.is_file():
            size = path.stat().st_size
            total += size
            if "compiled" in path.relative_to(cache).parts:
                compiled += size
            else:
                print(f"  {size / MIB:8.1f} MiB  {path.relative_to(cache)}")
    print(f"  {compiled / MIB:8.1f} MiB  compiled/ (numba's compile of the search, if any)")
    print(f"cache: {total / MIB:.1f} MiB, {(total - compiled) / MIB:.1f} MiB without the compiled search")


def print_memory() -> None:
    total = 0
    for pid in sorted(process_tree(os.getpid())):
        figures = pss_kb(pid)
        total += figures["Pss"]
        print(
            f"  {role(pid):16} {figures['Pss'] / 1024:7.1f} MiB PSS"
            f"  ({figures['Pss_Anon'] / 1024:.1f} anonymous, {figures['Pss_File'] / 1024:.1f} files)"
        )
    print(f"memory: {total / 1024:.1f} MiB PSS in all")


async def wait_for(pilot, condition: Callable[[], bool], seconds: float = 600) -> None:
    deadline = time.perf_counter() + seconds
    while not condition():
        if time.perf_counter() > deadline:
            raise TimeoutError("the coach never finished its ranking")
        await pilot.pause(0.01)


async def coach(folder: Path, cache: Path, workers: int | None, repeats: int) -> None:
    pool = RankingPool(workers)
    store = Store(folder / "config", folder / "data")
    app = WordleApp(load_preset("nyt"), mode="coach", store=store, pool=pool)
    app.animation_level = "none"
    async with app.run_test(size=SIZE) as pilot:
        panel = app.screen.query_one("#ranking", RankingPanel)

        def ranked() -> bool:
            return not panel.busy and panel.table.row_count > 0

        began, used = time.perf_counter(), cpu_seconds(process_tree(os.getpid()))
        await wait_for(pilot, ranked)
        opening = time.perf_counter() - began, cpu_seconds(process_tree(os.getpid())) - used
        print(
            f"opening ranked {opening[0]:.2f} s wall after the app started, {opening[1]:.2f} s CPU of the process tree"
        )
        walls, cpus = [], []
        for attempt in range(repeats + 1):
            await pilot.press(*"salet", "0", "1", "0", "0", "0")
            tree = process_tree(os.getpid())
            began, used = time.perf_counter(), cpu_seconds(tree)
            await pilot.press("enter")
            await pilot.pause()
            await wait_for(pilot, ranked)
            if attempt:  # the first one, measured below, starts the workers' searches
                walls.append(time.perf_counter() - began)
                cpus.append(cpu_seconds(tree) - used)
            else:
                rows = [panel.table.get_row_at(i) for i in range(3)]
                print("SALET=01000 ranked:", " | ".join(" ".join(cell.plain for cell in row) for row in rows))
                print_cache(cache)
                print_memory()
            await pilot.press("ctrl+z")
            await pilot.pause()
            await wait_for(pilot, ranked)
        if walls:
            print(
                f"ranking SALET=01000, median of {repeats}: {statistics.median(walls):.3f} s wall,"
                f" {statistics.median(cpus):.2f} s CPU of the process tree"
            )
        await pilot.press("ctrl+q")
    pool.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5, help="rankings of SALET=01000 timed (default 5)")
    parser.add_argument("--workers", type=int, default=None, help="ranking workers (default: one per core)")
    parser.add_argument("--folder", type=Path, help=argparse.SUPPRESS)  # a start of the app, in this folder
    options = parser.parse_args()
    if options.folder is not None:
        cache = platformdirs.user_cache_path("wordle-tui")
        asyncio.run(coach(options.folder, cache, options.workers, options.repeats))
        return
    folder = Path(tempfile.mkdtemp(prefix="wordle-footprint-"))
    try:
        new_cache(folder)
        for start in ("first start, the cache empty", "next start, the cache kept"):
            print(f"-- {start}", flush=True)
            command = [sys.executable, __file__, "--repeats", str(options.repeats), "--folder", str(folder)]
            if options.workers:
                command += ["--workers", str(options.workers)]
            subprocess.run(command, check=True)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
