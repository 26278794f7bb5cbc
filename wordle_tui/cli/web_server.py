"""textual-serve's server as `wordle-tui serve` runs it: quiet, for this site's pages only, and ending every
app it started when it stops.

Imported only by `serve`: it loads aiohttp, which no other command needs.
"""

from __future__ import annotations

import asyncio
import gc
import ipaddress
import logging
import os
import re
import signal
import socket
from collections.abc import Awaitable, Callable
from contextlib import suppress
from contextvars import ContextVar
from typing import Any
from urllib.parse import urlsplit

from aiohttp import WSCloseCode, web
from aiohttp.http_exceptions import HttpProcessingError
from aiohttp.typedefs import Handler
from textual_serve.app_service import AppService
from textual_serve.server import Server

from ..compat import app_process, around_each_tab, web_application
from ..core.echo import echoed

OUTSIDE_FONT = re.compile(r'<link\s+rel="stylesheet"\s+href="https://fonts\.googleapis\.com/[^"]*"\s*/>')
QUIT_WAIT = 5.0  # seconds an app has to quit as Ctrl+Q quits it (its game is saved at every guess), then SIGTERM's
MOST_APPS = 8  # apps at once: each has its workers, one per core
EVERYWHERE = ("0.0.0.0", "::")  # the addresses that listen on every network this machine is on
FULL = f"{MOST_APPS} apps are running already: close a tab first."
COUNTED: ContextVar[list[bool]] = ContextVar("counted")  # whether a socket still counts among the apps
log = logging.getLogger(__name__)
# What reading a tab's message raises in textual-serve when it is not one its page sends (not JSON, not a list ...).
NOT_A_MESSAGE = (ValueError, TypeError, LookupError, AttributeError, AssertionError)


class OneLineForBadRequests(logging.Filter):
    """aiohttp logs a request it cannot read (a URL or a header over 8 KB, no Host) with a traceback, after
    answering it 400: one line in the log says so instead."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if isinstance(error, HttpProcessingError):
            remote = record.args[0] if isinstance(record.args, tuple) and record.args else "a client"
            why = echoed(" ".join(error.message.split()), 100)
            record.msg = "refused a request from %s that is not HTTP it can read (%s: %s)"
            record.args = (remote, error.code, why)
            record.exc_info = record.exc_text = None
        return True


@around_each_tab
class AppServer(Server):
    """The server of one app command; each browser tab that opens the page gets an app process of its own."""

    def __init__(self, command: str, host: str, port: int) -> None:
        # `exec`: the shell textual-serve starts each app under becomes the app, so that the process it
        # would signal is the app itself.
        super().__init__(f"exec {command}", host=host, port=port, title="wordle-tui")
        # For an address of every network, this machine's own.
        self.url = url_of({"0.0.0.0": "127.0.0.1", "::": "::1"}.get(host, host), port)
        self.names = own_names(host)
        self.apps = 0  # sockets accepted whose app has not ended: starting, running or quitting
        self.running: dict[AppService, web.WebSocketResponse] = {}  # the apps started and not ended, with their tabs
        self.endings: dict[AppService, asyncio.Task] = {}

    async def web_application(self) -> web.Application:
        """The aiohttp application `serve` runs: textual-serve's, for this site's names only."""
        app = await web_application(self)
        app.middlewares.append(self.only_own_names)
        app.on_cleanup.append(self.collect)
        return app

    @web.middleware
    async def only_own_names(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """Every request (page, socket, files) must name this server as the browser reached it. A page of
        another site whose name its owner pointed at this machine (DNS rebinding) names that site instead:
        it gets nothing, and can start no app with the user's statistics."""
        name = host_name(request.host)
        reached = address_reached(request.transport)
        given = address_of(name)
        if name not in self.names and (given is None or given != address_of(reached)):
            where = url_of(reached, self.port) if reached else self.url
            raise web.HTTPMisdirectedRequest(
                text=f"wordle-tui answers only to the names and addresses it listens on, not to {name or request.host}:"
                f" open it at {where}."
            )
        return await handler(request)

    async def on_startup(self, app: web.Application) -> None:
        """Nothing is said here: `serve` says where it listens once the port is bound."""

    async def handle_index(self, request: web.Request) -> Any:
        if self.apps >= MOST_APPS:  # said where the tab shows it, rather than as a session that ends at once
            raise web.HTTPServiceUnavailable(text=FULL)
        # The page names the websocket's address: the one the browser reached, whatever --host was.
        self.public_url = f"{request.scheme}://{request.host}"
        page = await super().handle_index(request)
        # Its font comes from the server, which has it, rather than from Google's: the page asks nothing of
        # another host, and looks the same offline.
        font = f"{self.public_url}/static/fonts/RobotoMono-VariableFont_wght.ttf"
        local = f'<style>@font-face {{ font-family: "Roboto Mono"; src: url("{font}"); }}</style>'
        if isinstance(page, web.Response) and page.text is not None:
            page.text = OUTSIDE_FONT.sub(local, page.text)
        return page

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        # A browser lets any site's page open a websocket to this machine: only this server's own page may
        # start an app (with the user's statistics and settings), and only MOST_APPS at once.
        origin = request.headers.get("Origin")
        if origin is not None and urlsplit(origin).netloc != request.host:
            raise web.HTTPForbidden(text="Only wordle-tui's own page may start the app.")
        if self.apps >= MOST_APPS:
            raise web.HTTPServiceUnavailable(text=FULL)
        # Counted from now, before its app starts, until the app has ended (see tab), or the socket has closed
        # without one: the sockets that arrive meanwhile see it.
        self.apps += 1
        counted = [True]
        COUNTED.set(counted)  # the tab's own, in the task that runs it
        try:
            return await super().handle_websocket(request)
        finally:
            self.uncount(counted)

    def uncount(self, counted: list[bool]) -> None:
        """A socket's app has ended, or never started: it no longer counts, once."""
        if counted[0]:
            counted[0] = False
            self.apps -= 1

    async def tab(
        self, websocket: web.WebSocketResponse, service: AppService, relay: Callable[[], Awaitable[None]]
    ) -> None:
        """A tab whose app has started (see compat.around_each_tab): `relay` runs until the tab closes."""
        self.running[service] = websocket
        ended = asyncio.create_task(self.close_when_ended(service, websocket))
        try:
            await relay()
        except NOT_A_MESSAGE as error:  # not from the server's page: the tab is closed, its app ends
            log.warning(
                "closed a tab that sent what its page never sends (%s)", echoed(f"{type(error).__name__}: {error}", 100)
            )
            with suppress(ConnectionError):
                await websocket.close(code=WSCloseCode.UNSUPPORTED_DATA, message=b"Not a message of this page.")
        finally:
            ended.cancel()
            await self.ending(service, websocket)  # its tab has closed: the app quits, and has ended
            self.uncount(COUNTED.get())  # at once: a tab opened now may start an app

    async def close_when_ended(self, service: AppService, websocket: web.WebSocketResponse) -> None:
        """An app that ends without saying so (it could not start, say) closes its tab's socket: the page
        says the session ended, rather than staying blank; the reason is on the server's terminal."""
        process = app_process(service)
        if process is not None:
            await process.wait()
            with suppress(ConnectionError):
                await websocket.close(code=WSCloseCode.GOING_AWAY, message=b"The app has ended.")

    async def on_shutdown(self, app: web.Application) -> None:
        """Every app is told to quit; then its tab is told."""
        await asyncio.gather(*(self.ending(service, websocket) for service, websocket in list(self.running.items())))

    def ending(self, service: AppService, websocket: web.WebSocketResponse) -> asyncio.Future:
        """The app's end (see end), begun once however many ask for it: its tab, and the server stopping."""
        if service not in self.endings:
            self.endings[service] = asyncio.ensure_future(self.end(service, websocket))
        return asyncio.shield(self.endings[service])  # a caller cancelled meanwhile leaves it going

    async def end(self, service: AppService, websocket: web.WebSocketResponse) -> None:
        """Quit as Ctrl+Q quits; an app that has not within QUIT_WAIT is sent SIGTERM (continued, should it be
        stopped), which ends it and its workers as in a terminal, and is killed QUIT_WAIT later if need be."""
        process = app_process(service)
        with suppress(TimeoutError):
            await asyncio.wait_for(service.stop(), QUIT_WAIT)  # returns once the app closed its output, or gave up
        for ending in (None, signal.SIGTERM, signal.SIGKILL):
            if process is None or process.returncode is not None:
                break
            if ending is not None:
                # os.kill, not Popen.send_signal, which reaps the process behind asyncio's back.
                with suppress(ProcessLookupError):
                    os.kill(process.pid, ending)
                    os.kill(process.pid, signal.SIGCONT)
            with suppress(TimeoutError):
                await asyncio.wait_for(process.wait(), QUIT_WAIT)
        with suppress(ConnectionError):
            await websocket.close(code=WSCloseCode.GOING_AWAY, message=b"The server has stopped.")
        self.running.pop(service, None)
        self.endings.pop(service, None)

    async def collect(self, app: web.Application) -> None:
        """The ended apps' pipes are let go while the event loop still runs, not at exit once it is closed."""
        gc.collect()


def url_of(host: str, port: int) -> str:
    return f"http://{'[' + host + ']' if ':' in host else host}:{port}"


def own_names(host: str) -> set[str]:
    """The names a request may give for the server besides the address it reached (see address_reached): the one
    it listens on, `localhost`, which is this machine's whoever asks, and when it listens on every network,
    this machine's own name (as short and as full as it has them)."""
    names = {host.lower(), "localhost"}
    if host in EVERYWHERE:
        names |= {socket.gethostname().lower(), socket.getfqdn().lower()}
    return names


def host_name(host: str) -> str:
    """The name or address a request's Host gives, without its port (which a forwarded port may change)."""
    try:
        return (urlsplit(f"//{host}").hostname or "").rstrip(".")
    except ValueError:  # not a host at all
        return ""


def address_reached(transport: asyncio.BaseTransport | None) -> str:
    """The address of this machine that a request's connection reached; "" if the connection is gone."""
    reached = transport.get_extra_info("sockname") if transport is not None else None
    return str(reached[0]) if reached else ""


def address_of(name: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """The address a request's Host gives; None for a name."""
    try:
        return ipaddress.ip_address(name)
    except ValueError:
        return None
