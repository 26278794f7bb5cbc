"""Faults a real machine produces: Ctrl+C, SIGTERM and a closed terminal end every command with nothing left behind.

Each case runs the real command in a process of its own, waits until its worker processes are up,
signals it, and checks the exit status, the one sentence it says, and that none of its processes
(workers, fork server) survives it.
"""

from __future__ import annotations

import datetime as dt
import itertools
import json
import os
import re
import signal
import subprocess
import sys
import time

import pytest
from processes import ADOPTER, ENDED_SECONDS, Terminal, alive, children, command, descendants, left_alive, wait_for

from wordle_tui.core.rules.game import Difficulty
from wordle_tui.core.rules.words import PRESETS

PRESETS_ANSWERS = PRESETS["nyt2022"].folder / "answers.txt"


def uncached(start: str, hard_mode: Difficulty) -> None:
    """Forget the nyt2022 tree after `start` that an earlier test may have left in the cache (the search, not a
    cached tree, is to be signalled), and the answers an interrupted search of it kept."""
    from wordle_tui.core.exact.trees import cached_tree_path, kept_paths_path
    from wordle_tui.core.rules.words import load_preset

    lists = load_preset("nyt2022")
    for path in (cached_tree_path(lists, start, hard_mode), kept_paths_path(lists, start, hard_mode)):
        path.unlink(missing_ok=True)


@pytest.mark.parametrize(
    ("argv", "ending", "status"),
    [
        # Searches of minutes that no other test caches, so that the signal comes while they work.
        (("tree", "--lists", "nyt2022", "--start", "fuzzy", "--workers", "2"), signal.SIGINT, 130),
        (("tree", "--lists", "nyt2022", "--start", "fuzzy", "--hard", "--workers", "2"), signal.SIGTERM, 143),
        (("bench", "--lists", "nyt2022", "--strategy", "lookahead", "--workers", "2"), signal.SIGTERM, 143),
        (("bench", "--lists", "nyt2022", "--strategy", "lookahead", "--workers", "2"), signal.SIGHUP, 129),
    ],
)
def test_a_signal_ends_a_command_with_its_status_one_sentence_and_no_process_left(argv, ending, status):
    if argv[0] == "tree":
        uncached("fuzzy", Difficulty.HARD if "--hard" in argv else Difficulty.NORMAL)
    process = subprocess.Popen(command(*argv), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        # Working: its fork server and two workers are up.
        assert wait_for(lambda: len(descendants(process.pid)) >= 3), "the workers never started"
        time.sleep(0.5)
        family = descendants(process.pid)
        process.send_signal(ending)
        _, err = process.communicate(timeout=30)
    finally:
        process.kill()
    assert process.returncode == status
    assert err.splitlines()[-1] == f"wordle-tui: stopped by {ending.name}." and "Traceback" not in err, err
    assert wait_for(lambda: not any(alive(pid) for pid in family), 10), (
        f"a worker outlived the command: {left_alive(family)}"
    )


@pytest.mark.parametrize(("ending", "status"), [(signal.SIGTERM, 143), (signal.SIGINT, 130)], ids=["SIGTERM", "SIGINT"])
def test_the_app_ends_on_a_signal_with_the_terminal_restored_and_no_process_left(ending, status):
    """SIGTERM, and SIGINT as `kill -INT` sends it (in the app the Ctrl+C key is a key: tests/ui/test_quitting.py)."""
    with Terminal("watch", "--lists", "nyt2022") as terminal:  # the settings' workers: one per core
        process = terminal.process
        assert wait_for(lambda: terminal.shows(b"WORDLE") and len(descendants(process.pid)) >= 3), "no app"
        assert wait_for(lambda: terminal.shows(b"ranked first")), "the bot never played"
        family = descendants(process.pid)
        process.send_signal(ending)
        assert wait_for(lambda: (terminal.read(), process.poll() is not None)[1], 30)
    assert process.returncode == status
    shown = terminal.shown
    restored = shown.rindex(b"\x1b[?1049l")  # the alternate screen left: the terminal is as it was
    assert shown[restored:].decode().strip().endswith(f"wordle-tui: stopped by {ending.name}.")  # said after it
    assert wait_for(lambda: not any(alive(pid) for pid in family), 10), (
        f"a worker outlived the app: {left_alive(family)}"
    )


def test_a_command_killed_outright_leaves_no_process_running():
    """SIGKILL gives a command no chance to stop its workers: they end with it all the same, mid-search."""
    argv = ("tree", "--lists", "nyt2022", "--start", "fuzzy", "--hard", "--workers", "2")
    process = subprocess.Popen(command(*argv), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        # Its resource tracker, fork server and two workers, searching buckets that take minutes.
        assert wait_for(lambda: len(descendants(process.pid)) >= 4), "the workers never started"
        time.sleep(1)
        family = descendants(process.pid)
        process.kill()
        process.wait()
        assert wait_for(lambda: not any(alive(pid) for pid in family), ENDED_SECONDS), (
            f"a process outlived the command: {left_alive(family)}"
        )
    finally:
        process.kill()


def test_the_app_killed_outright_leaves_no_process_running_and_nothing_on_the_terminal():
    """Not even the resource tracker, which frees what the workers held without a warning: the terminal,
    not read meanwhile (the test reads it only at the end), would have held that warning, and the tracker."""
    with Terminal("watch", "--lists", "nyt2022") as terminal:
        process = terminal.process
        assert wait_for(lambda: terminal.shows(b"ranked first") and len(descendants(process.pid)) >= 3), "no bot"
        family = descendants(process.pid)
        shown = len(terminal.read())
        process.kill()
        process.wait()
        assert wait_for(lambda: not any(alive(pid) for pid in family), ENDED_SECONDS), (
            f"a process outlived the app: {left_alive(family)}"
        )
        assert b"Warning" not in terminal.read()[shown:]


def test_closing_the_terminal_while_the_app_is_busy_ends_it_and_its_workers(tmp_path):
    """The terminal closes while the history of 20,000 games fills in, the app drawing as it comes: the app,
    which gets SIGHUP, has nothing left to restore and ends then and there (its writes to the closed terminal
    would otherwise stop Textual's output, and leave the app waiting on it for ever)."""
    from wordle_tui.storage.records import GameRecord
    from wordle_tui.storage.store import APP_NAME, Store

    answers, start = PRESETS_ANSWERS.read_text().split(), dt.datetime(2020, 1, 1, tzinfo=dt.UTC)
    games = [  # one every two hours, for four and a half years
        GameRecord(f"g{n}", answer, ("crane", answer), True, finished=(start + dt.timedelta(hours=2 * n)).isoformat())
        for n, answer in enumerate(itertools.islice(itertools.cycle(answers), 20_000))
    ]
    assert Store(tmp_path / "config", tmp_path / "data" / APP_NAME).games.add(games) == 20_000
    data = {"XDG_DATA_HOME": str(tmp_path / "data")}
    with Terminal("coach", "--lists", "nyt2022", leader=True, env=data) as terminal:
        process = terminal.process
        assert wait_for(lambda: terminal.shows(b"WORDLE") and len(descendants(process.pid)) >= 3), "no app"
        family = descendants(process.pid)
        terminal.type(b"\x1b[15~")  # F5: the history
        time.sleep(1)
        terminal.close()
        assert wait_for(lambda: process.poll() is not None, ENDED_SECONDS), "the app outlived its terminal"
        assert process.returncode == 128 + signal.SIGHUP
        assert wait_for(lambda: not any(alive(pid) for pid in family), ENDED_SECONDS), (
            f"a worker outlived the app: {left_alive(family)}"
        )


def test_zeroed_pages_of_the_cached_table_do_not_change_an_answer_and_are_said(capsys, tmp_path, monkeypatch):
    import json
    import shutil

    import numpy as np

    from wordle_tui.cli import main
    from wordle_tui.core.position.model import uniform_model
    from wordle_tui.core.position.table import cache_dir
    from wordle_tui.core.rules.words import load_preset

    argv = ["suggest", "--lists", "nyt2022", "--candidates", "answers", "crane=00000", "--json", "--top", "1"]
    assert main(argv) == 0
    right = json.loads(capsys.readouterr().out)["remaining"]
    # A copy in a cache folder of its own: the session's table stays whole for the other tests.
    shared = uniform_model(load_preset("nyt2022")).table.path
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    for name in (shared.name, shared.name + ".sum"):
        cache_dir().mkdir(parents=True, exist_ok=True)
        shutil.copy2(shared.with_name(name), cache_dir() / name)
    path = cache_dir() / shared.name
    before = path.stat()
    damaged = np.load(path, mmap_mode="r+")
    crane = load_preset("nyt2022").guess_index["crane"]
    damaged.reshape(-1)[crane * damaged.shape[1] :][: 8 << 10] = 0  # 8 KiB of zeros from CRANE's row on
    damaged.flush()
    del damaged
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))  # as a power cut leaves it: size and times kept
    assert main(argv) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["remaining"] == right == 263
    said = f"The pattern table cached in {path} was damaged (its checksum differs): it is built again."
    assert err == f"wordle-tui: {said}\n"
    assert np.load(path)[load_preset("nyt2022").guess_index["crane"]].any()  # the damaged copy was rebuilt


async def test_the_app_keeps_ranking_after_a_worker_is_killed_while_idle(lists, tmp_path):
    from wordle_tui.core.workers.pool import RankingPool
    from wordle_tui.storage.store import Store
    from wordle_tui.ui.app import WordleApp

    pool = RankingPool(workers=2)
    app = WordleApp(lists, mode="coach", store=Store(tmp_path / "config", tmp_path / "data"), pool=pool)
    async with app.run_test(size=(80, 24)) as pilot:
        panel = app.screen.query_one("#ranking")
        pool.start(app.model)  # its workers up, whether the opening's ranking needed them or not
        for _ in range(500):
            if not panel.busy and panel.table.row_count:
                break
            await pilot.pause(0.02)
        victim = next(iter(pool.executors()[0]._processes))
        os.kill(victim, signal.SIGKILL)  # as an out-of-memory kill would, with nothing asked of the pool
        await pilot.pause(0.5)
        await pilot.press(*"slate", *"00202", "enter")
        for _ in range(500):
            if not panel.busy and panel.table.row_count:
                break
            await pilot.pause(0.02)
        assert "failed" not in str(panel.query_one("#remaining").content)
        assert panel.table.row_count == 20 and victim not in pool.executors()[0]._processes


def test_a_stopped_proof_leaves_no_process_behind_not_even_a_dead_one(tmp_path):
    lists = tmp_path / "answers.txt"
    lists.write_text("".join(PRESETS_ANSWERS.read_text().splitlines(keepends=True)[:600]))
    argv = ("openers", "--all", "--answers", str(lists), "--lists", "nyt2022", "--workers", "2")
    adopter = subprocess.Popen(
        [sys.executable, "-c", ADOPTER, *command(*argv)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert wait_for(lambda: len(children().get(adopter.pid, [])) == 1), "the command never started"
        (proof,) = children()[adopter.pid]
        assert wait_for(lambda: len(descendants(proof)) >= 3), "the workers never started"
        time.sleep(0.5)
        os.kill(proof, signal.SIGINT)
        out, err = adopter.communicate(timeout=30)
    finally:
        adopter.kill()
    report = json.loads(out.splitlines()[-1])
    assert report["status"] == 130 and err.splitlines()[-1] == "wordle-tui: stopped by SIGINT.", err
    assert re.fullmatch(
        r"wordle-tui: stopped: kept for the next run, the bounds of [\d,]+ openers, [\d,]+ cut-off searches "
        r"and \d+ exact values?; the same command goes on from there\.",
        err.splitlines()[-2],
    ), err
    assert report["left"] == {}  # every worker, the fork server and the resource tracker were waited for


def test_a_stopped_tree_search_keeps_the_answers_it_placed_and_the_next_run_goes_on_from_them():
    from wordle_tui.core.exact.trees import kept_paths
    from wordle_tui.core.rules.words import load_preset

    argv = command("tree", "--lists", "nyt2022", "--start", "fuzzy", "--workers", "2")  # minutes: still at work
    lists = load_preset("nyt2022")
    uncached("fuzzy", Difficulty.NORMAL)
    process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        # The probe of its smallest buckets keeps what it solved; then the workers start on the rest.
        assert wait_for(lambda: len(descendants(process.pid)) >= 3 and kept_paths(lists, "fuzzy", Difficulty.NORMAL))
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=30)
    finally:
        process.kill()
    said = re.search(r"stopped: the cache keeps the guesses of ([\d,]+) of the 2,309 answers after FUZZY; the", err)
    assert process.returncode == 130 and said, err
    kept = int(said[1].replace(",", ""))
    assert kept == len(kept_paths(lists, "fuzzy", Difficulty.NORMAL)) > 0
    again = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        first = again.stderr.readline()  # said before the search goes on
        again.send_signal(signal.SIGINT)
        again.communicate(timeout=30)
    finally:
        again.kill()
    assert f"going on from the {kept:,} answers an earlier run placed" in first, first


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_search_piped_to_a_reader_that_goes_stops_then_quietly_and_keeps_what_it_placed(workers):
    """`tree ... | head -0`, or a pager quit early: the search of minutes stops once the pipe's reader has gone, not
    when it would first write (at its end), with the status a shell gives a command ended by SIGPIPE, and the
    cache keeps the answers it placed, as on Ctrl+C."""
    from wordle_tui.core.exact.trees import kept_paths
    from wordle_tui.core.rules.words import load_preset

    lists = load_preset("nyt2022")
    uncached("fuzzy", Difficulty.NORMAL)
    argv = command("tree", "--lists", "nyt2022", "--start", "fuzzy", "--workers", workers)
    process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert wait_for(lambda: kept_paths(lists, "fuzzy", Difficulty.NORMAL)), "the search never began"
        family = descendants(process.pid)
        process.stdout.close()  # the reader goes, having read nothing
        _, err = process.communicate(timeout=30)  # the search left takes minutes
    finally:
        process.kill()
    assert process.returncode == 141
    # At most what it said before (with one worker, the announcement follows the first second of the search).
    said = err.splitlines()
    assert len(said) <= 1 and all(line.startswith("wordle-tui: computing the exact normal-mode tree") for line in said)
    assert len(kept_paths(lists, "fuzzy", Difficulty.NORMAL)) > 0
    assert wait_for(lambda: not any(alive(pid) for pid in family), ENDED_SECONDS), left_alive(family)
