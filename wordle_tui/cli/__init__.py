"""The command line: each module registers its commands; they parse, call core/ and print."""

from __future__ import annotations

import argparse
import sys

from rich.console import Console

from . import app, bench, optimal, solver
from .common import USER_ERRORS

COMMAND_GROUPS = (solver, bench, optimal, app)


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="wordle-tui", description="Wordle in the terminal: play, coach and solve.")
    commands = top.add_subparsers(dest="command", metavar="COMMAND")
    for group in COMMAND_GROUPS:
        group.register(commands)
    return top


def main(argv: list[str] | None = None) -> int:
    cli = parser()
    args = cli.parse_args(argv)
    if not getattr(args, "run", None):
        args = cli.parse_args(["play"])  # no command: open the app
    try:
        return args.run(args, Console())
    except USER_ERRORS as error:
        print(f"wordle-tui: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
