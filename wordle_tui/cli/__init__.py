"""The command line: each module registers its commands; they parse, call core/ and print.

The command modules are imported inside `main`, after the worker processes' fork server has been
started for a command that will want workers: the server imports the package while this process does.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
from itertools import pairwise

from .ending import Terminated, end_with_server

POOL_COMMANDS = {"bench", "fit", "tree", "play", "coach", "watch"}  # commands that start worker processes
# Commands that may search exactly: where the search was not built at install, numba compiles it first (once
# a machine); tree and openers only when what ships or was kept leaves something to search (searches.compiled_first).
EXACT_COMMANDS = {"bench", "analyze", "suggest", "solve", "absurdle"}


def wants_workers(argv: list[str]) -> bool:
    """Whether the command line names a command that starts worker processes (none named opens the app)."""
    if {"-h", "--help"} & set(argv) or "--workers=1" in argv:
        return False
    if any(option == "--workers" and value == "1" for option, value in pairwise(argv)):
        return False
    command = next((word for word in argv if not word.startswith("-")), "play")
    return command in POOL_COMMANDS


def parser() -> argparse.ArgumentParser:
    from . import app_modes, bench, games, optimal_play, puzzles, serve, solver

    top = argparse.ArgumentParser(prog="wordle-tui", description="Wordle in the terminal: play, coach and solve.")
    commands = top.add_subparsers(dest="command", metavar="COMMAND")
    for group in (solver, bench, optimal_play, app_modes, serve, games, puzzles):
        group.register(commands)
    return top


def _terminated(signal_number: int, frame: object) -> None:
    raise Terminated(signal_number)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    end_with_server()
    for ending in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(ending, _terminated)
    if wants_workers(argv):
        from ..core.workers.processes import start_server

        start_server()
    from rich.console import Console

    from .common import USER_ERRORS

    cli = parser()
    args = cli.parse_args(argv)
    if not getattr(args, "run", None):
        args = cli.parse_args(["play"])  # no command: open the app
    from ..core.workers.pool import finish_closing
    from ..core.workers.processes import stop_server

    try:
        if args.command in EXACT_COMMANDS:
            from .searches import compiled_first

            compiled_first()  # once a machine, said, rather than silently in each worker
        status = args.run(args, Console())
    except USER_ERRORS as error:
        print(f"wordle-tui: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        status = 130
    except Terminated as ending:
        status = ending.status
    except BrokenPipeError:
        # The reader of the output has gone (`| head`): nothing more can be said, and nothing needs to be.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # what is left unflushed goes nowhere
        return 128 + signal.SIGPIPE
    finally:
        finish_closing()  # every worker ended and reaped,
        stop_server()  # then the processes that served them: nothing is left behind, alive or dead
    if status > 128:  # ended by a signal: the app returns it too, having restored the terminal
        print(f"wordle-tui: stopped by {signal.Signals(status - 128).name}.", file=sys.stderr)
    return status
