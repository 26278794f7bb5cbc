"""The command line: each module registers its commands; they parse, call core/ and print.

The command modules are imported inside `main`, after the worker processes' fork server has been
started for a command that will want workers: the server imports the package while this process does.
They are light: each command loads what it uses when it runs, so that `--help`, and a command that needs
little (`score`), start about as fast as Python imports numpy.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
from contextlib import nullcontext
from itertools import pairwise

from ..core.files import cache_news_to
from .commands import APP_COMMANDS, EXACT_COMMANDS, POOL_COMMANDS
from .ending import READER_GONE, Terminated, end_with_server, ending_when_the_reader_goes

LISTS_HELP = """\
word lists: play, coach, watch, challenge and serve use the settings' lists (F4 in the app);
the other commands use nyt. --lists or --length chooses others; a command given words (an
answer, a guess, GUESS=PATTERN) takes the lists of their letters when neither is given."""


def wants_workers(argv: list[str]) -> bool:
    """Whether the command line names a command that starts worker processes (none named opens the app)."""
    if {"-h", "--help"} & set(argv) or "--workers=1" in argv:
        return False
    if any(option == "--workers" and value == "1" for option, value in pairwise(argv)):
        return False
    return command_of(argv) in POOL_COMMANDS


def command_of(argv: list[str]) -> str:
    """The command the command line names; none opens the app to play."""
    return next((word for word in argv if not word.startswith("-")), "play")


def parser() -> argparse.ArgumentParser:
    from . import app_modes, bench, cache, games, optimal_play, puzzles, serve, solver
    from .common import Parser

    top = Parser(
        prog="wordle-tui",
        description="Wordle in the terminal: play, coach and solve.",
        epilog=LISTS_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands = top.add_subparsers(dest="command", metavar="COMMAND")
    for group in (solver, bench, optimal_play, app_modes, serve, games, puzzles, cache):
        group.register(commands)
    return top


def end_workers() -> None:
    """Every worker ended and reaped, then the processes that served them: nothing is left behind, alive
    or dead. A command that started none loaded neither module, and has nothing to end."""
    if pool := sys.modules.get("wordle_tui.core.workers.pool"):
        pool.finish_closing()
    if processes := sys.modules.get("wordle_tui.core.workers.processes"):
        processes.stop_server()


def _terminated(signal_number: int, frame: object) -> None:
    raise Terminated(signal_number)


def said_on_stderr(sentence: str) -> None:
    print(f"wordle-tui: {sentence}", file=sys.stderr, flush=True)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    # numpy's OpenBLAS starts a thread per core as numpy loads, which spins a moment before it sleeps:
    # 0.05 to 0.1 s of CPU in every process (this one, each worker) for linear algebra none of them does.
    # Set before numpy loads, and handed down to the workers; a user's own setting stands.
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    end_with_server()
    for ending in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(ending, _terminated)
    # The app starts the server once its first frame is drawn (see WordleApp.after_first_frame): started
    # now, it would import the solver on the other core while the app draws.
    if wants_workers(argv) and command_of(argv) not in APP_COMMANDS:
        from ..core.workers.processes import start_server

        start_server()
    from .common import is_user_error

    cli = parser()
    args = cli.parse_args(argv)
    if not getattr(args, "run", None):
        args = cli.parse_args(["play"])  # no command: open the app
    # The app and the server write to the terminal or the log, and end by their own means.
    watched = nullcontext() if args.command in {*APP_COMMANDS, "serve"} else ending_when_the_reader_goes()
    try:
        with watched, cache_news_to(said_on_stderr):
            if args.command in EXACT_COMMANDS:
                from .searches import compiled_first

                compiled_first()  # once a machine, said, rather than silently in each worker
            status = args.run(args)
    except KeyboardInterrupt:
        status = 130
    except Terminated as ending:
        status = ending.status
    except BrokenPipeError:
        status = READER_GONE
    except Exception as error:
        if not is_user_error(error):
            raise
        print(f"wordle-tui: {error}", file=sys.stderr)
        return 2
    finally:
        end_workers()
    if status == READER_GONE:
        # The reader of the output has gone (`| head`): nothing more can be said, and nothing needs to be.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # what is left unflushed goes nowhere
        return status
    if status > 128:  # ended by a signal: the app returns it too, having restored the terminal
        print(f"wordle-tui: stopped by {signal.Signals(status - 128).name}.", file=sys.stderr)
    return status
