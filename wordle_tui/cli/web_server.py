"""textual-serve's server as `wordle-tui serve` runs it: quiet, and ending every app it started when it stops.

Imported only by `serve`: it loads aiohttp, which no other command needs.
"""

from __future__ import annotations

import asyncio
import gc
import re
from typing import Any

from aiohttp import WSCloseCode, web
from textual_serve.app_service import AppService
from textual_serve.server import Server

OUTSIDE_FONT = re.compile(r'<link\s+rel="stylesheet"\s+href="https://fonts\.googleapis\.com/[^"]*"\s*/>')
QUIT_WAIT = 5.0  # seconds an app has to quit as Ctrl+Q quits it (its game is saved at every guess) before it is killed


class AppServer(Server):
    """The server of one app command; each browser tab that opens the page gets an app process of its own."""

    def __init__(self, command: str, host: str, port: int) -> None:
        # `exec`: the shell textual-serve starts each app under becomes the app, so that the process it
        # would kill is the app itself.
        super().__init__(f"exec {command}", host=host, port=port, title="wordle-tui")
        self.running: dict[AppService, web.WebSocketResponse] = {}

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        app.on_cleanup.append(self.collect)
        return app

    async def on_startup(self, app: web.Application) -> None:
        """Nothing is said here: `serve` says where it listens once the port is bound."""

    async def handle_index(self, request: web.Request) -> Any:
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

    async def _process_messages(self, websocket: web.WebSocketResponse, app_service: AppService) -> None:
        self.running[app_service] = websocket
        try:
            await super()._process_messages(websocket, app_service)
        finally:
            self.running.pop(app_service, None)

    async def on_shutdown(self, app: web.Application) -> None:
        """Every app is told to quit, and killed if it has not within QUIT_WAIT; then its tab is told."""
        await asyncio.gather(*(self.end(service, websocket) for service, websocket in list(self.running.items())))

    async def end(self, service: AppService, websocket: web.WebSocketResponse) -> None:
        try:
            await asyncio.wait_for(service.stop(), QUIT_WAIT)
        except TimeoutError:
            process = service._process  # textual-serve keeps no other handle on it
            if process is not None and process.returncode is None:
                process.kill()
                await process.wait()
        await websocket.close(code=WSCloseCode.GOING_AWAY, message=b"The server has stopped.")

    async def collect(self, app: web.Application) -> None:
        """The ended apps' pipes are let go while the event loop still runs, not at exit once it is closed."""
        gc.collect()
