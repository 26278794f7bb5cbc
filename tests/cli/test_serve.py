"""`wordle-tui serve`: the app in a web browser, a port that is taken, and a stop that leaves nothing running.

The server runs as a real process under a subreaper (see processes.ADOPTER), so that any app process it
leaves behind shows. The browser test drives Debian's Chromium with Playwright, as a player would.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from processes import ADOPTER, ENDED_SECONDS, alive, children, command, descendants, free_port, left_alive, wait_for

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
QUIET = ("--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync")


@contextmanager
def served(*app: str) -> Iterator[tuple[subprocess.Popen, int, str]]:
    """`wordle-tui serve` under a subreaper: (the subreaper, the server's pid, the page's URL), once it listens."""
    port = free_port()
    adopter = subprocess.Popen(
        [sys.executable, "-c", ADOPTER, *command("serve", "--port", str(port), *app)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        said = adopter.stdout.readline()
        url = f"http://127.0.0.1:{port}"
        assert said.startswith(f"wordle-tui is served at {url}: open it in a web browser"), said
        (server,) = children()[adopter.pid]  # the subreaper's only child
        try:
            yield adopter, server, url
        finally:
            if alive(server):  # a test that failed: the server is stopped as a user would, then waited for
                os.kill(server, signal.SIGTERM)
                adopter.communicate(timeout=60)
    finally:
        adopter.kill()


def report(adopter: subprocess.Popen) -> tuple[dict, list[str]]:
    """What the subreaper saw when the server ended (its status, what it left), and what the server said."""
    out, err = adopter.communicate(timeout=60)
    lines = out.splitlines()
    return json.loads(lines[-1]), lines[:-1] + err.splitlines()


async def open_app(url: str) -> tuple[object, object]:
    """A browser's connection as the page makes it: an app process starts for it and draws."""
    import aiohttp

    session = aiohttp.ClientSession()
    socket_ = await session.ws_connect(url.replace("http", "ws") + "/ws?width=100&height=32")
    first = await socket_.receive(timeout=60)  # the app's first frame
    assert first.type == aiohttp.WSMsgType.BINARY
    return session, socket_


async def refused_from(session, url: str, origin: str, host: str | None = None) -> int:
    """The status a websocket opened by a page of `origin` gets (naming the server `host`): 101 if it is let in."""
    import aiohttp

    headers = {"Origin": origin} | ({"Host": host} if host else {})
    try:
        await session.ws_connect(url.replace("http", "ws") + "/ws", headers=headers)
    except aiohttp.WSServerHandshakeError as refused:
        return refused.status
    return 101


async def said_to(session, url: str, path: str = "/", host: str | None = None) -> tuple[int, str]:
    """(the status, the text) a request for `path` naming the server `host` gets; a socket's if `path` is /ws."""
    headers = {"Host": host} if host else {}
    if path == "/ws":  # as a browser asks for a socket
        headers |= {"Connection": "Upgrade", "Upgrade": "websocket", "Sec-WebSocket-Version": "13"}
        headers["Sec-WebSocket-Key"] = "d29yZGxlLXR1aSB0ZXN0"
    async with session.get(url + path, headers=headers) as response:
        return response.status, await response.text()


@pytest.mark.parametrize(("ending", "hung"), [(signal.SIGTERM, False), (signal.SIGINT, False), (signal.SIGTERM, True)])
def test_a_signal_stops_the_server_and_every_app_it_runs_even_a_hung_one(ending, hung):
    with served() as (adopter, server, url):
        loop = asyncio.new_event_loop()
        session, _ = loop.run_until_complete(open_app(url))
        try:
            # A page of another site, which a browser lets connect to this machine, starts no app.
            assert loop.run_until_complete(refused_from(session, url, "https://else.example")) == 403
            # The app, its fork server and its resource tracker.
            assert wait_for(lambda: len(descendants(server)) >= 3), "no app process with its workers"
            if hung:  # it cannot quit when told, nor end on SIGTERM until continued
                (app,) = children()[server]
                os.kill(app, signal.SIGSTOP)
            os.kill(server, ending)
            status, said = report(adopter)
        finally:
            loop.run_until_complete(session.close())  # type: ignore[attr-defined]
            loop.close()
    assert status == {"status": 0, "left": {}}, said  # the apps, their workers and their fork servers all ended
    assert said[-1] == "The server has stopped, and every app it ran has ended.", said
    assert not any("Traceback" in line for line in said), said


def test_a_port_in_use_is_said_in_one_sentence():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = subprocess.run(command("serve", "--port", str(port)), capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert result.stderr == (
        f"wordle-tui: Port {port} on 127.0.0.1 is already in use by another program: choose another with --port.\n"
    )
    assert result.stdout == ""


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (("bench",), "wordle-tui: serve runs the app: give play, coach or watch (and their options), not 'bench'."),
        (("--port", "70000"), "argument --port: '70000' is not a port number (1 to 65535)"),
        (("play", "--boards", "0"), "argument --boards: '0' is not a positive whole number"),
        (
            ("play", "--answer", "zzzzz"),
            "wordle-tui: ZZZZZ is not an accepted word, so it cannot be the answer (the nyt lists",
        ),
    ],
)
def test_a_wrong_command_line_is_refused_before_anything_is_served(argv, said):
    result = subprocess.run(command("serve", *argv), capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and said in result.stderr.splitlines()[-1], result.stderr


@pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (Debian's package chromium; .ci/run adds it)")
def test_a_game_is_played_and_won_in_a_real_browser(tmp_path):
    from playwright.sync_api import sync_playwright

    with served("play", "--answer", "crane") as (adopter, server, url), sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", *QUIET])
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        asked: list[str] = []
        page.on("request", lambda request: asked.append(request.url))
        page.goto(url)
        page.wait_for_selector("body.-first-byte", timeout=60_000)  # the app has drawn its first frame
        page.click(".textual-terminal")
        page.keyboard.press("Control+c")  # in a browser, copy (here nothing): the tab's app plays on
        page.keyboard.type("crane")
        page.keyboard.press("Enter")

        def games() -> list[dict]:
            shown = subprocess.run(command("stats", "--json"), capture_output=True, text=True, check=True)
            return json.loads(shown.stdout)["games"]

        assert wait_for(lambda: bool(games()), 60), "the game was not recorded"
        (game,) = games()
        assert (game["answer"], game["guesses"], game["won"], game["kind"]) == ("crane", ["crane"], True, "played")
        shot = tmp_path / "won.png"
        page.screenshot(path=str(shot))
        assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        elsewhere = [address for address in asked if not address.startswith(url + "/")]
        assert asked and elsewhere == []  # the page, its script, style and font: all from the server, none from outside
        browser.close()
        os.kill(server, signal.SIGTERM)
        status, said = report(adopter)
    assert status == {"status": 0, "left": {}}, said


def test_a_server_killed_outright_leaves_no_app_running():
    """SIGKILL gives the server no chance to end its apps: each ends with it all the same, its workers too."""

    async def open_two(url: str) -> list:
        return [await open_app(url) for _ in range(2)]

    with served() as (adopter, server, url):
        loop = asyncio.new_event_loop()
        tabs = loop.run_until_complete(open_two(url))
        try:
            # Two apps, each with its fork server and resource tracker.
            assert wait_for(lambda: len(descendants(server)) >= 6), "the apps never started"
            family = descendants(server)
            os.kill(server, signal.SIGKILL)
            assert wait_for(lambda: not any(alive(pid) for pid in family), ENDED_SECONDS), (
                f"an app outlived the server: {left_alive(family)}"
            )
            report(adopter)
        finally:
            for session, _ in tabs:
                loop.run_until_complete(session.close())
            loop.close()


def test_a_request_naming_another_site_is_refused_and_the_servers_own_names_are_served():
    """DNS rebinding: a page of another site whose name its owner pointed at 127.0.0.1 reaches the server
    as that site, page, files and socket alike; the names the server listens on, and localhost, are served."""
    import aiohttp

    async def check(url: str) -> None:
        port = url.rsplit(":", 1)[1]
        evil = f"evil.example:{port}"
        refusal = (
            f"wordle-tui answers only to the names and addresses it listens on, not to evil.example: open it at {url}."
        )
        async with aiohttp.ClientSession() as session:
            for path in ("/", "/static/js/textual.js", "/ws"):
                assert await said_to(session, url, path, evil) == (421, refusal)
            assert await refused_from(session, url, f"http://{evil}", evil) == 421  # its own page's socket
            for name in ("127.0.0.1", "localhost"):
                status, page = await said_to(session, url, "/", f"{name}:{port}")
                assert status == 200 and f'"ws://{name}:{port}/ws"' in page
            assert await refused_from(session, url, f"http://localhost:{port}", f"localhost:{port}") == 101

    with served() as (adopter, server, url):
        asyncio.run(check(url))
        os.kill(server, signal.SIGTERM)
        status, said = report(adopter)
    assert status == {"status": 0, "left": {}}, said


def test_twelve_tabs_opened_at_once_start_eight_apps_and_the_others_are_told_why():
    """Eight apps starting at once take over 10 s on two cores; each is waited for until it draws."""
    import aiohttp

    async def open_twelve(url: str, server: int) -> None:
        async with aiohttp.ClientSession() as session:
            socket_url = url.replace("http", "ws") + "/ws?width=100&height=32"
            tried = await asyncio.gather(*(session.ws_connect(socket_url) for _ in range(12)), return_exceptions=True)
            opened = [socket_ for socket_ in tried if isinstance(socket_, aiohttp.ClientWebSocketResponse)]
            refused = [error.status for error in tried if isinstance(error, aiohttp.WSServerHandshakeError)]
            assert (len(opened), refused) == (8, [503] * 4), tried
            for socket_ in opened:  # each app draws its first frame
                assert (await socket_.receive(timeout=120)).type == aiohttp.WSMsgType.BINARY
            assert len(children()[server]) == 8  # the apps, each under the server
            full = "8 apps are running already: close a tab first."
            assert await said_to(session, url, "/ws") == (503, full)  # a ninth tab: its socket,
            assert await said_to(session, url) == (503, full)  # and before that, its page
            await opened[0].close()  # a tab closed: once its app has ended, another may start
            assert wait_for(lambda: len(children()[server]) == 7), "the closed tab's app never ended"
            # The server hears of the app's end on its own loop, a moment after the process has gone.
            for _ in range(200):
                if (await said_to(session, url))[0] != 503:
                    break
                await asyncio.sleep(0.05)
            again = await session.ws_connect(socket_url)
            assert (await again.receive(timeout=120)).type == aiohttp.WSMsgType.BINARY

    with served() as (adopter, server, url):
        asyncio.run(open_twelve(url, server))
        os.kill(server, signal.SIGTERM)
        status, said = report(adopter)
    assert status == {"status": 0, "left": {}}, said


def test_requests_it_cannot_read_are_refused_and_a_tab_sending_what_no_page_sends_is_closed_a_line_each():
    """A URL or a header of 100 KB and no Host get 400; a tab whose message is not JSON is closed and its app ends;
    each is one line in the server's log, not a traceback, and the server serves on."""
    import aiohttp

    def raw(port: int, request: bytes) -> bytes:
        with socket.create_connection(("127.0.0.1", port), timeout=30) as connection:
            connection.sendall(request)
            return connection.recv(100)

    async def send(url: str, server: int, frame: str) -> tuple[int | None, bool]:
        """What the server closed a tab with, once it sent `frame`, and whether its app ended."""
        session, tab = await open_app(url)
        try:
            assert wait_for(lambda: len(children().get(server, [])) == 1), "no app"
            (app,) = children()[server]
            await tab.send_str(frame)
            while (message := await tab.receive(timeout=60)).type != aiohttp.WSMsgType.CLOSE:
                assert message.type != aiohttp.WSMsgType.CLOSED
            return message.data, wait_for(lambda: not alive(app), ENDED_SECONDS)
        finally:
            await session.close()

    with served() as (adopter, server, url):
        port = int(url.rsplit(":", 1)[1])
        host = f"Host: 127.0.0.1:{port}\r\n".encode()
        for request in (
            b"GET /" + b"a" * 100_000 + b" HTTP/1.1\r\n" + host + b"\r\n",
            b"GET / HTTP/1.1\r\n" + host + b"X-Big: " + b"b" * 100_000 + b"\r\n\r\n",
            b"GET / HTTP/1.1\r\n\r\n",
        ):
            assert raw(port, request).startswith(b"HTTP/1.0 400 Bad Request\r\n")
        assert asyncio.run(send(url, server, "not json")) == (aiohttp.WSCloseCode.UNSUPPORTED_DATA, True)
        assert raw(port, b"GET / HTTP/1.1\r\n" + host + b"\r\n").startswith(b"HTTP/1.1 200 OK")
        os.kill(server, signal.SIGTERM)
        status, said = report(adopter)
    assert status == {"status": 0, "left": {}}, said
    logged = [line for line in said if line.startswith("wordle-tui serve: ")]
    refused = "wordle-tui serve: refused a request from 127.0.0.1 that is not HTTP it can read (400: "
    assert [line[: len(refused)] for line in logged[:3]] == [refused] * 3 and all(len(line) < 300 for line in logged)
    assert logged[2].endswith("Missing 'Host' header in request.)")
    assert logged[3:] == [
        "wordle-tui serve: closed a tab that sent what its page never sends "
        "(JSONDecodeError: Expecting value: line 1 column 1 (char 0))"
    ]
    assert not any("Traceback" in line or line.startswith("  ") for line in said), said
