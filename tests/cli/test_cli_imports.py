"""Commands load what they use when they use it: `--help`, a command's `--help` and `score` start without
numpy, rich, the NYT client or the strategies, and the app draws before it starts its workers' server or
loads the screens it does not show; each in a new process as a user starts them."""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import write_words

from wordle_tui.cli.common import CANDIDATES, USER_ERRORS
from wordle_tui.core.position.model import MODELS
from wordle_tui.core.strategies import BOARD_STRATEGIES, STRATEGIES, STRATEGY_NAMES
from wordle_tui.core.strategies.boards import BOARD_STRATEGIES as RANKED_BY_BOARDS

# The command line as the installed `wordle-tui` runs it, then every module the process loaded, on stderr.
COMMAND = """
import json, sys
from wordle_tui.cli import main
sys.argv = ["wordle-tui", *sys.argv[1:]]
try:
    status = main()
except SystemExit as ending:
    status = ending.code
print(json.dumps({"status": status, "modules": sorted(sys.modules)}), file=sys.stderr)
"""
HEAVY = {"numpy", "rich", "textual", "numba"}  # packages, with every module of theirs


def run_command(*argv: str) -> tuple[str, int, list[str]]:
    done = subprocess.run([sys.executable, "-c", COMMAND, *argv], capture_output=True, text=True, timeout=60)
    report = json.loads(done.stderr.splitlines()[-1])
    return done.stdout, report["status"], report["modules"]


def loaded_heavy(modules: list[str]) -> list[str]:
    """The heavy packages loaded, the NYT client, and the strategies (their package holds only their names)."""
    return [
        name
        for name in modules
        if name.split(".")[0] in HEAVY
        or name == "wordle_tui.storage.nyt"
        or name.startswith("wordle_tui.core.strategies.")
    ]


@pytest.mark.parametrize("argv", [("--help",), ("tree", "--help"), ("suggest", "--help"), ("stats", "--help")])
def test_help_loads_neither_numpy_nor_rich_nor_the_nyt_client_nor_the_strategies(argv):
    out, status, modules = run_command(*argv)
    assert status == 0 and "usage: wordle-tui" in out
    assert "--workers N" in out if argv[0] == "tree" else True  # the command's own options are all there
    assert "entropy" in out if argv[0] == "suggest" else True  # choices named without loading what they name
    assert loaded_heavy(modules) == []


def test_score_loads_neither_numpy_nor_rich():
    out, status, modules = run_command("score", "salet", "guano")
    assert (status, out) == (0, "01000 ⬛🟨⬛⬛⬛\n")
    assert loaded_heavy(modules) == []


def test_a_bad_word_is_one_sentence_without_loading_numpy():
    done = subprocess.run(
        [sys.executable, "-c", COMMAND, "score", "salet", "xyzzy"], capture_output=True, text=True, timeout=60
    )
    report = json.loads(done.stderr.splitlines()[-1])
    assert report["status"] == 2 and done.stderr.splitlines()[0].startswith(
        "wordle-tui: XYZZY: Not in word list (the nyt lists"
    )
    assert loaded_heavy(report["modules"]) == []


def test_the_names_the_options_offer_are_those_of_what_they_name():
    assert tuple(STRATEGIES) == STRATEGY_NAMES
    assert RANKED_BY_BOARDS is BOARD_STRATEGIES
    assert tuple(sorted(MODELS)) == CANDIDATES


@pytest.mark.parametrize(("module", "name"), USER_ERRORS)
def test_every_user_error_named_is_an_error_class(module, name):
    assert issubclass(getattr(importlib.import_module(module), name), Exception)


# A command as a user runs it, then the threads the process holds that Python did not start (once its own
# have ended), on stderr.
THREADS = """
import json, os, sys, threading
from wordle_tui.cli import main
status = main(sys.argv[1:])
for thread in threading.enumerate():
    if thread is not threading.main_thread():
        thread.join(10)
others = len(os.listdir("/proc/self/task")) - threading.active_count()
print(json.dumps({"status": status, "threads": others}), file=sys.stderr)
"""


@pytest.mark.skipif(
    not Path("/proc/self/task").is_dir() or (os.cpu_count() or 1) < 2,
    reason="threads counted on Linux, with cores to spare",
)
def test_a_command_that_loads_numpy_starts_no_threads_for_linear_algebra_it_does_not_do(tmp_path):
    # numpy's OpenBLAS would start a thread per core as numpy loads, spinning a moment before it sleeps.
    words = write_words(tmp_path / "words.txt", ["bills", "fills", "hills", "kills", "zills", "bfhzz"])
    argv = ["tree", "--answers", str(words), "--guesses", str(words), "--start", "zills", "--workers", "1"]
    done = subprocess.run([sys.executable, "-c", THREADS, *argv], capture_output=True, text=True, timeout=60)
    assert "total 15 guesses" in done.stdout, done.stderr
    assert json.loads(done.stderr.splitlines()[-1]) == {"status": 0, "threads": 0}


# The app's command line up to the moment the app would draw, in a new process: which modules it loaded,
# and whether the worker processes' server was started by then.
UNTIL_THE_APP_RUNS = """
import json, sys
from multiprocessing import forkserver
import wordle_tui.cli.app_modes as app_modes
from wordle_tui.cli import main
from wordle_tui.ui.app import WordleApp
seen = {}
def run(app):
    seen["server"] = forkserver._forkserver._forkserver_pid is not None
    seen["modules"] = sorted(sys.modules)
WordleApp.run = run
app_modes.has_terminal = lambda: True
main(["play"])
print(json.dumps(seen))
"""
LOADED_WHEN_SHOWN = (
    "wordle_tui.ui.modes.play_absurdle",
    "wordle_tui.ui.modes.play_boards",
    "wordle_tui.ui.modes.watch_absurdle",
    "wordle_tui.ui.dialogs.help",
    "wordle_tui.ui.dialogs.history",
    "wordle_tui.ui.dialogs.settings",
    "wordle_tui.ui.dialogs.games",
    "wordle_tui.core.strategies.boards",
)


def test_the_app_starts_its_workers_server_and_loads_its_other_screens_after_its_first_frame():
    done = subprocess.run([sys.executable, "-c", UNTIL_THE_APP_RUNS], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.splitlines()[-1])
    assert seen["server"] is False  # started once the first frame is drawn (WordleApp.after_first_frame)
    assert [name for name in LOADED_WHEN_SHOWN if name in seen["modules"]] == []


# The app started as `wordle-tui play` does, headless, up to its first frame: the modules loaded by then.
UNTIL_THE_FIRST_FRAME = """
import json, sys
import wordle_tui.cli.app_modes as app_modes
from wordle_tui.cli import main
from wordle_tui.ui.app import WordleApp
seen = {}
def first_frame(app):
    seen["modules"] = sorted(sys.modules)
    app.exit()
run = WordleApp.run
WordleApp.run = lambda app: run(app, headless=True, size=(100, 32))
WordleApp.after_first_frame = first_frame
app_modes.has_terminal = lambda: True
main(["play"])
print(json.dumps(seen))
"""
ENGINE = ("wordle_tui.core.position.model", "wordle_tui.core.strategies.ranking", "wordle_tui.core.exact.search")


def test_the_apps_first_frame_loads_neither_numpy_nor_the_engine():
    """A new game of play draws from the word lists alone: numpy and the solver load once it is drawn."""
    done = subprocess.run([sys.executable, "-c", UNTIL_THE_FIRST_FRAME], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    modules = json.loads(done.stdout.splitlines()[-1])["modules"]
    assert "wordle_tui.ui.modes.play" in modules  # the first frame was drawn
    assert [name for name in modules if name.split(".")[0] in ("numpy", "numba") or name in ENGINE] == []
