"""The commands by what they start (the app, worker processes, an exact search), and what each command module
registers its own with.

Here rather than in the package's `__init__`, which imports every command module: `serve` checks the app
command it is given against these, and a command module that imported `__init__` would import itself back.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from typing import Any, Protocol

APP_COMMANDS = {"play", "coach", "watch"}  # the commands that open the app
POOL_COMMANDS = {"bench", "fit", "tree", *APP_COMMANDS}  # commands that start worker processes
# Commands that may search exactly: where the search was not built at install, numba compiles it first (once
# a machine); tree and openers only when what ships or was kept leaves something to search (searches.compiled_first).
EXACT_COMMANDS = {"bench", "analyze", "suggest", "solve", "absurdle"}


class Commands(Protocol):
    """What `add_subparsers()` gives, as each module's `register` uses it: `add_parser` adds a command and gives
    its parser, `choices` holds the commands added so far (argparse names the class only privately)."""

    def add_parser(self, name: str, **options: Any) -> argparse.ArgumentParser: ...

    @property
    def choices(self) -> Mapping[str, argparse.ArgumentParser]: ...
