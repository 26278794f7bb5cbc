"""`wordle-tui serve`: the whole app in a web browser, through textual-serve (the Textual project's own server).

Each browser tab that opens the page gets an app process of its own, run as `wordle-tui play` (or the app
command given after the options) with Textual's web driver; they share the user's files as two windows do.
"""

from __future__ import annotations

import argparse
import errno
import os
import shlex
import signal
import sys
from typing import TYPE_CHECKING

from ..core.echo import echoed
from .commands import APP_COMMANDS
from .common import UsageError, console
from .ending import SERVER_PID

if TYPE_CHECKING:
    from rich.console import Console

    from .commands import Commands

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000


def port_number(text: str) -> int:
    """An argparse type: a TCP port to listen on, 1 to 65535."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if not 1 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"{echoed(text)!r} is not a port number (1 to 65535)")
    return value


def app_command(words: list[str], commands: dict[str, argparse.ArgumentParser]) -> list[str]:
    """The app's command line each browser runs: checked here with the app's own parser of it (among
    `commands`, every command's), so that a mistake is said once, not in every tab."""
    from .app_modes import app_options

    words = words[1:] if words[:1] == ["--"] else words
    if not words:
        return ["play"]
    if words[0] not in APP_COMMANDS:
        given = echoed(words[0])
        raise UsageError(f"serve runs the app: give play, coach or watch (and their options), not {given!r}.")
    # A mistake ends here, in argparse's words or in one sentence.
    app_options(commands[words[0]].parse_args(words[1:]), words[0])
    return words


def bind_error(error: OSError, host: str, port: int) -> str:
    """One sentence for a server that could not listen."""
    if error.errno == errno.EADDRINUSE:
        return f"Port {port} on {host} is already in use by another program: choose another with --port."
    if error.errno == errno.EACCES:
        return f"Listening on port {port} needs privileges this user lacks: choose a port above 1023 with --port."
    if error.errno == errno.EADDRNOTAVAIL:
        return f"{host} is not an address of this machine: give one of its own with --host (or leave it out)."
    reason = error.strerror or str(error)
    return f"Cannot listen on {host}, port {port}: {reason}."


def serve(host: str, port: int, words: list[str], out: Console) -> int:
    """Serve the app until Ctrl+C or SIGTERM; every app process has ended when it returns."""
    import asyncio
    import logging
    import socket

    from aiohttp import web

    from ..core.workers.processes import same_package
    from .web_server import EVERYWHERE, AppServer, OneLineForBadRequests

    # Each app imports this very package, whatever folder the server was started in.
    package = [f"{name}={value}" for name, value in same_package(os.environ).items()]
    server = AppServer(shlex.join(["env", *package, sys.executable, "-m", "wordle_tui", *words]), host, port)
    logging.basicConfig(level=logging.WARNING, format="wordle-tui serve: %(message)s")
    logging.getLogger("aiohttp.server").addFilter(OneLineForBadRequests())

    def started(_: str) -> None:
        said = [
            f"wordle-tui is served at [bold]{server.url}[/]: open it in a web browser; each tab plays its own game.",
            f"Each tab runs `wordle-tui {shlex.join(words)}`. Ctrl+C stops the server and every app it runs.",
        ]
        if host in EVERYWHERE:
            said.append(
                f"Other machines reach it at this machine's address or its name ({socket.gethostname()}), port {port}, "
                "and play with your files."
            )
        for line in said:
            out.print(line, highlight=False, soft_wrap=True)

    os.environ[SERVER_PID] = str(os.getpid())  # each app ends with this server (see ending.end_with_server)
    loop = asyncio.new_event_loop()
    for ending in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(ending, server.request_exit)
    try:
        web.run_app(
            server.web_application(),
            host=host,
            port=port,
            handle_signals=False,
            loop=loop,
            print=started,
            access_log=None,
        )
    except OSError as error:
        raise UsageError(bind_error(error, host, port)) from None
    finally:
        loop.close()
    out.print("The server has stopped, and every app it ran has ended.", soft_wrap=True)
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    return serve(args.host, args.port, app_command(args.app, args.commands), console())


def register(commands: Commands) -> None:
    serve_parser = commands.add_parser(
        "serve",
        help="the app in a web browser: each tab plays its own game",
        description=(
            "Serve the app to web browsers (through textual-serve). Each tab that opens the page runs the app "
            "command given after the options (default: play)."
        ),
    )
    serve_parser.add_argument(
        "--host",
        default=DEFAULT_HOST,
        help=f"the address to listen on (default: {DEFAULT_HOST}, this machine only; 0.0.0.0 lets others in)",
    )
    serve_parser.add_argument(
        "--port", type=port_number, default=DEFAULT_PORT, help=f"the port to listen on (default: {DEFAULT_PORT})"
    )
    serve_parser.add_argument(
        "app",
        nargs=argparse.REMAINDER,
        metavar="COMMAND",
        help="the app each tab runs: play (the default), coach or watch, with their options",
    )
    serve_parser.set_defaults(run=cmd_serve, commands=commands.choices)  # filled as the others register
