"""Every test runs with its own platformdirs folders, so nothing touches the user's files, and in a truecolor terminal.

The tests run against the installed package: the checkout's folder goes to the end of the import
path, behind the installed packages (with an editable install, the installed package is the
checkout's). The folders are removed at the end of the session.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

CHECKOUT = Path(__file__).resolve().parents[1]
_here = [entry for entry in sys.path if Path(entry or ".").resolve() == CHECKOUT]
sys.path[:] = [entry for entry in sys.path if entry not in _here] + _here

# Set before any wordle_tui import so that platformdirs resolves into the sandbox.
_SANDBOX = Path(tempfile.mkdtemp(prefix="wordle-tui-tests-"))
for _name in ("XDG_CACHE_HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"):
    os.environ[_name] = str(_SANDBOX / _name.lower())
# A new Python that a test starts imports the installed package too, not the checkout in the folder it
# starts in (Python 3.11 and later leave that folder off the import path).
os.environ["PYTHONSAFEPATH"] = "1"
# The app's colours follow the terminal's depth: tests see a truecolor terminal, whatever runs them, unless
# they ask for another (tests/ui/test_colours.py).
os.environ["COLORTERM"] = "truecolor"
os.environ.pop("NO_COLOR", None)


def pytest_sessionfinish(session, exitstatus) -> None:
    from wordle_tui.core.workers.pool import finish_closing

    finish_closing()
    shutil.rmtree(_SANDBOX, ignore_errors=True)


from wordle_tui.core.position.model import uniform_model  # noqa: E402
from wordle_tui.core.rules.words import WordLists, load_preset  # noqa: E402


@pytest.fixture(scope="session", autouse=True)
def compiled_search() -> None:
    """Where the search was not built at install, numba compiles it into the sandbox once, first: the
    app says when it has to (tests/ui/test_first_run.py), and no other test should see that."""
    from wordle_tui.core.exact.search import prepare

    prepare()


@pytest.fixture(scope="session")
def lists() -> WordLists:
    """The classic benchmark lists (2,309 answers), whose published figures many tests check."""
    return load_preset("nyt2022")


@pytest.fixture(scope="session")
def nyt_lists() -> WordLists:
    """The NYT's current lists, the default: 3,158 curated answers among 14,855 accepted words."""
    return load_preset("nyt")


@pytest.fixture(scope="session")
def model(lists):
    return uniform_model(lists)


@pytest.fixture
def opened(monkeypatch) -> list:
    """The apps the command line makes, none of them run (as if there were a terminal): what they were asked to show."""
    from wordle_tui.cli import app_modes
    from wordle_tui.ui.app import WordleApp

    apps: list[WordleApp] = []
    monkeypatch.setattr(WordleApp, "run", lambda self: apps.append(self))
    monkeypatch.setattr(app_modes, "has_terminal", lambda: True)
    return apps
