"""Render the README's screenshots from the real app: `python screenshots/make.py` (needs rsvg-convert)."""

from __future__ import annotations

import asyncio
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from wordle_tui.core.words import load_preset
from wordle_tui.store import GameRecord, Store
from wordle_tui.ui.app import PlayOptions, WatchOptions, WordleApp

HERE = Path(__file__).parent
SIZE = (120, 40)
PAST_GAMES = (4, 3, 5, 4, 3, 4, 6, 2, 4, 3, 5, 0, 4, 3, 4)  # guesses per game, 0 for a loss


async def settle(app: WordleApp, pilot) -> None:
    await pilot.pause()
    await app.workers.wait_for_complete()
    await pilot.pause(0.2)


async def shoot(name: str, app: WordleApp, keys: list[str], size: tuple[int, int] = SIZE) -> None:
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
    subprocess.run(["rsvg-convert", str(path), "-o", str(HERE / f"{name}.png")], check=True)
    path.unlink()
    print(f"screenshots/{name}.png")


def typed(*words: str) -> list[str]:
    return [key for word in words for key in (*word, "enter")]


async def main() -> int:
    if not shutil.which("rsvg-convert"):
        print("rsvg-convert is missing: install librsvg2-bin (and fonts-firacode).", file=sys.stderr)
        return 1
    lists = load_preset("nyt")
    with tempfile.TemporaryDirectory() as folder:

        def store(name: str) -> Store:
            return Store(Path(folder) / name / "config", Path(folder) / name / "data")

        playing = WordleApp(lists, store=store("play"), play=PlayOptions("react"))
        await shoot("play", playing, [*typed("slate", "trace"), "r", "e"])
        history = store("stats")
        for n, guesses in enumerate(PAST_GAMES):
            history.record(GameRecord(f"past{n}", "crane", ("slate",) * (guesses or 6), bool(guesses)))
        await shoot("stats", WordleApp(lists, store=history, play=PlayOptions("crane")), typed("slate", "crane"))
        coach = [*"slate", "0", "0", "2", "0", "2", "enter", *"brine", "0", "2", "0"]
        await shoot("coach", WordleApp(lists, mode="coach", store=store("coach")), coach)
        watch = WatchOptions(answer="prove", strategy="entropy")
        await shoot("watch", WordleApp(lists, mode="watch", store=store("watch"), watch=watch), ["space", "s", "s"])
        await shoot("help", WordleApp(lists, store=store("help"), play=PlayOptions("crane")), ["question_mark"])
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
