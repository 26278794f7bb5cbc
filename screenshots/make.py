"""Render the README's screenshots from the real app: `python screenshots/make.py [NAME ...]` (every one,
or those named: `play`, `eleven`...).

The app's SVG export is rasterised by headless Chromium where it is installed (it draws the emoji of a
shared result as a terminal does), else by rsvg-convert (Debian's librsvg2-bin), which draws emoji as
empty boxes. Either wants the Fira Code font (Debian's fonts-firacode).
"""

from __future__ import annotations

import asyncio
import math
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

from wordle_tui.core.rules.variant import Variant
from wordle_tui.core.rules.words import load_preset
from wordle_tui.storage.records import GameRecord
from wordle_tui.storage.store import Store
from wordle_tui.ui.app import PlayOptions, WatchOptions, WordleApp

HERE = Path(__file__).parent
SIZE = (120, 40)
PAST_GAMES = (4, 3, 5, 4, 3, 4, 6, 2, 4, 3, 5, 0, 4, 3, 4)  # guesses per game, 0 for a loss
WANTED = set(sys.argv[1:])  # the screenshots asked for; none named: every one


async def settle(app: WordleApp, pilot) -> None:
    await pilot.pause()
    await app.workers.wait_for_complete()
    await pilot.pause(0.2)


async def shoot(name: str, app: WordleApp, keys: list[str], size: tuple[int, int] = SIZE) -> None:
    if WANTED and name not in WANTED:
        return
    app.animation_level = "none"
    async with app.run_test(size=size) as pilot:
        await settle(app, pilot)
        for key in keys:
            await pilot.press(key)
            await settle(app, pilot)
        svg = app.export_screenshot(title="wordle-tui")
    # rsvg-convert drops leading no-break spaces unless told to keep whitespace.
    path = HERE / f"{name}.svg"
    path.write_text(svg.replace("<svg ", '<svg xml:space="preserve" ', 1), encoding="utf-8")
    rasterise(path, HERE / f"{name}.png")
    path.unlink()
    print(f"screenshots/{name}.png")


CHROMIUM = ("--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run")
QUIET = ("--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-quic")


def rasterise(svg: Path, png: Path) -> None:
    """The SVG as a PNG of its own size: by Chromium if there is one, else by rsvg-convert."""
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        subprocess.run(["rsvg-convert", str(svg), "-o", str(png)], check=True)
        return
    box = re.search(r'viewBox="0 0 ([0-9.]+) ([0-9.]+)"', svg.read_text(encoding="utf-8"))
    assert box is not None, "the SVG export has no size"
    size = f"{math.ceil(float(box[1]))},{math.ceil(float(box[2]))}"
    with tempfile.TemporaryDirectory() as profile:
        command = [chromium, *CHROMIUM, *QUIET, f"--user-data-dir={profile}", f"--window-size={size}"]
        subprocess.run([*command, f"--screenshot={png}", svg.as_uri()], check=True, capture_output=True)


def typed(*words: str) -> list[str]:
    return [key for word in words for key in (*word, "enter")]


async def in_browser(name: str, folder: Path, words: list[str]) -> None:
    """`wordle-tui serve` in headless Chromium (driven by Playwright): `words` typed into the page."""
    from playwright.async_api import async_playwright

    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    home = {"XDG_CONFIG_HOME": str(folder / "config"), "XDG_DATA_HOME": str(folder / "data")}
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    argv = [sys.executable, "-m", "wordle_tui", "serve", "--port", str(port), "play", "--answer", words[-1]]
    server = subprocess.Popen(argv, env=os.environ | home, stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None and "served at" in server.stdout.readline(), "the server did not start"
        async with async_playwright() as playwright:
            browser = await playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox", *QUIET])
            page = await browser.new_page(viewport={"width": 1280, "height": 860})
            await page.goto(f"http://127.0.0.1:{port}")
            await page.wait_for_selector("body.-first-byte")
            await page.click(".textual-terminal")
            for word in words:
                await page.keyboard.type(word)
                await page.keyboard.press("Enter")
                await asyncio.sleep(2.5)  # the tiles turn over
            await page.screenshot(path=str(HERE / f"{name}.png"))
            await browser.close()
    finally:
        server.terminate()
        server.wait()
    print(f"screenshots/{name}.png")


def in_16_colours(make):
    """An app made as if in a terminal of 16 colours (the app reads the depth when it is made)."""
    saved = {name: os.environ.get(name) for name in ("TERM", "COLORTERM")}
    os.environ.update(TERM="xterm", COLORTERM="")
    try:
        return make()
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


async def main() -> int:
    if not (shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("rsvg-convert")):
        print("Neither chromium nor rsvg-convert is installed: install one (and fonts-firacode).", file=sys.stderr)
        return 1
    os.environ["COLORTERM"] = "truecolor"  # the pictures are of a truecolor terminal unless they say otherwise
    os.environ.pop("NO_COLOR", None)
    lists = load_preset("nyt")
    with tempfile.TemporaryDirectory() as folder:

        def store(name: str) -> Store:
            return Store(Path(folder) / name / "config", Path(folder) / name / "data")

        playing = WordleApp(lists, store=store("play"), play=PlayOptions("react"))
        await shoot("play", playing, [*typed("slate", "trace"), "r", "e"])
        sixteen = in_16_colours(lambda: WordleApp(lists, store=store("play-16"), play=PlayOptions("react")))
        await shoot("play-16-colours", sixteen, [*typed("slate", "trace"), "r", "e"])
        history = store("stats")
        for n, guesses in enumerate(PAST_GAMES):
            finished = f"2026-11-{n + 1:02}T20:00:00+00:00"
            history.record(
                GameRecord(f"past{n}", "crane", ("slate",) * (guesses or 6), bool(guesses), finished=finished)
            )
        await shoot("stats", WordleApp(lists, store=history, play=PlayOptions("crane")), typed("slate", "crane"))
        coach = [*"slate", "0", "0", "2", "0", "2", "enter", *"brine", "0", "2", "0"]
        await shoot("coach", WordleApp(lists, mode="coach", store=store("coach")), coach)
        marked = store("marks")
        marked.change_settings(marks="on", theme="light")
        await shoot("coach-marks", WordleApp(lists, mode="coach", store=marked), coach)
        watch = WatchOptions(answer="prove", strategy="entropy")
        await shoot("watch", WordleApp(lists, mode="watch", store=store("watch"), watch=watch), ["space", "s", "s"])
        await shoot("help", WordleApp(lists, store=store("help"), play=PlayOptions("crane")), ["question_mark"])
        quordle = WordleApp(lists, store=store("quordle"), play=PlayOptions(variant=Variant(4)), seed=3)
        await shoot("quordle", quordle, [*typed("slate", "crony"), "ctrl+t"], (100, 44))
        eleven = WordleApp(load_preset("english-11"), store=store("eleven"), play=PlayOptions("information"))
        await shoot("eleven", eleven, [*typed("tropicalise"), "ctrl+t"], (100, 30))
        if (shutil.which("chromium") or shutil.which("chromium-browser")) and (not WANTED or "browser" in WANTED):
            await in_browser("browser", Path(folder) / "browser", ["slate", "trace", "react"])
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
