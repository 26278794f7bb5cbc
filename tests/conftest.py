"""Every test runs with its own platformdirs folders, so nothing touches the user's files."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

# Set before any wordle_tui import so that platformdirs resolves into the sandbox.
_SANDBOX = Path(tempfile.mkdtemp(prefix="wordle-tui-tests-"))
for _name in ("XDG_CACHE_HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"):
    os.environ[_name] = str(_SANDBOX / _name.lower())

from wordle_tui.core.model import uniform_model  # noqa: E402
from wordle_tui.core.words import WordLists, load_preset  # noqa: E402


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


def write_words(path: Path, words: list[str]) -> Path:
    path.write_text("\n".join(words) + "\n")
    return path
