"""How each screen and dialog looks at 80x24, in every theme, and a few states besides, compared with the
SVG kept in __snapshots__ (update with --snapshot-update)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Awaitable, Callable
from dataclasses import replace

import pytest

from wordle_tui.core.rules.variant import ABSURDLE as ABSURDLE_GAME
from wordle_tui.core.rules.variant import Variant
from wordle_tui.storage.kinds import Kind
from wordle_tui.storage.records import GameRecord
from wordle_tui.storage.settings_file import THEMES
from wordle_tui.ui.app import CoachOptions, PlayOptions, WatchOptions, WordleApp
from wordle_tui.ui.widgets.analysis_panel import AnalysisPanel
from wordle_tui.ui.widgets.ranking_panel import RankingPanel

from .conftest import SIZE, until

PUZZLE = CoachOptions(1983)  # the puzzle the coach mirrors, fixed so that the title does not change daily
CRANE = PlayOptions(answer="crane")
QUORDLE = PlayOptions(variant=Variant(4))
DORDLE_COACHED = CoachOptions(variant=Variant(2))
ABSURDLE_PLAYED = PlayOptions(variant=ABSURDLE_GAME)


async def settled(pilot) -> None:
    # A ranking starts on a message after the last key, so waiting for the workers alone can come
    # too early: wait until no ranking panel is busy (its final step, risks included, is drawn).
    await until(pilot, lambda: not any(panel.busy for panel in pilot.app.screen.query(RankingPanel)), steps=3000)
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def analysis_shown(app) -> bool:
    panels = app.screen.query(AnalysisPanel)
    return bool(panels) and bool(panels.first().rows)


def pressed(*keys: str, analysed: bool = False, bot_steps: int = 0) -> Callable[..., Awaitable[None]]:
    """What a snapshot does first: press `keys`, then wait for the analysis, or the bot's steps, and settle."""

    async def run_before(pilot) -> None:
        if bot_steps:  # paused at once, then stepped
            await pilot.press("space")
            await until(pilot, lambda: not pilot.app.screen.thinking)
            for step in range(2, bot_steps + 1):
                await pilot.press("s")
                await until(pilot, lambda step=step: len(pilot.app.screen.state.history) == step)
        await pilot.press(*keys)
        if analysed:
            await until(pilot, lambda: analysis_shown(pilot.app))
        await settled(pilot)

    return run_before


def past_games(store) -> None:
    """Six games played before, and four finished in the history (two of them coached)."""
    for n, guesses in enumerate((4, 3, 5, 4, 0, 3)):
        past = GameRecord(f"past{n}", "crane", ("slate",) * (guesses or 6), bool(guesses), lists="nyt2022")
        store.record(replace(past, finished=f"2026-11-1{n}T10:00:00+00:00"))
    for n, (guesses, day, kind) in enumerate([(3, "20", "played"), (4, "21", Kind.COACHED), (0, "22", "played")]):
        played = ("slate",) * ((guesses or 6) - 1) + ("crane",)
        finished = f"2026-11-{day}T10:00:00+00:00"
        record = GameRecord(f"h{n}", "crane", played, bool(guesses), nyt=1980 + n, kind=kind, finished=finished)
        store.record(record)
        store.note_analysis(f"h{n}", 60 + 10 * n, 80 - 15 * n)


COACH_GAME = (*"slate", "0", "0", "2", "0", "2", "enter", *"crane", "2", "2", "2", "2", "2", "enter")
SCREENS = {  # each screen and dialog: how the app starts, and what is done before the picture
    "play": ("play", {"play": CRANE}, pressed(*"slate", "enter", *"brand", "enter", *"cr")),
    "coach": ("coach", {"coach": PUZZLE}, pressed(*"slate", "0", "0", "2", "0", "2", "enter", *"brine", *"0202")),
    "watch": ("watch", {"watch": WatchOptions(answer="prove", strategy="entropy")}, pressed(bot_steps=2)),
    "statistics": ("play", {"play": CRANE}, pressed(*"slate", "enter", *"crane", "enter", analysed=True)),
    "analysis": ("coach", {"coach": PUZZLE}, pressed(*COACH_GAME, analysed=True)),
    "help": ("play", {"play": CRANE}, pressed("question_mark")),
    "history": ("play", {"play": CRANE}, pressed("f5")),
    "settings": ("play", {"play": CRANE}, pressed("f4")),
    "games": ("play", {"play": QUORDLE, "seed": 3}, pressed("f6", "down")),
    "confirm": ("play", {"play": CRANE}, pressed(*"slate", "enter", "ctrl+n")),
    "boards": ("play", {"play": QUORDLE, "seed": 3}, pressed(*"slate", "enter", *"crane", "enter", *"mo")),
    "coach-boards": (
        "coach",
        {"coach": CoachOptions(variant=Variant(2))},
        pressed(*"slate", *"00201", *"10000", "enter", *"cr"),
    ),
    "absurdle": (
        "play",
        {"play": PlayOptions(variant=ABSURDLE_GAME)},
        pressed(*"aesir", "enter", *"yauld", "enter", *"te"),
    ),
}


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("screen", [*SCREENS, "too-small"])
def test_every_screen_and_dialog_in_every_theme(snap_compare, make_app, store, monkeypatch, screen, theme):
    monkeypatch.setattr(WordleApp, "today", lambda self: dt.date(2026, 11, 23))
    store.change_settings(theme=theme)
    past_games(store)
    if screen == "too-small":
        assert snap_compare(make_app(play=CRANE), terminal_size=(40, 16))
        return
    mode, options, run_before = SCREENS[screen]
    assert snap_compare(make_app(mode, **options), terminal_size=SIZE, run_before=run_before)


def test_refusal(snap_compare, make_app):
    app = make_app(play=CRANE)
    assert snap_compare(app, press=[*"crazz", "enter"], terminal_size=SIZE)


def test_coach_impossible_feedback(snap_compare, make_app):
    app = make_app("coach", coach=PUZZLE)
    keys = [*"slate", "2", "2", "2", "2", "1", "enter"]
    assert snap_compare(app, press=keys, terminal_size=SIZE, run_before=settled)


def test_play_with_hints_in_high_contrast(snap_compare, make_app, store):
    store.change_settings(theme="high-contrast", show_hints=True)
    keys = [*"slate", "enter", *"brand", "enter"]
    assert snap_compare(make_app(play=CRANE), press=keys, terminal_size=SIZE, run_before=settled)


def test_play_without_colour(snap_compare, make_app, monkeypatch):
    # NO_COLOR: three greys far apart, and the marks (● ○ ·) under the tiles and beside the keys.
    monkeypatch.setenv("NO_COLOR", "1")
    assert snap_compare(make_app(play=CRANE), press=[*"react", "enter", *"brand", "enter"], terminal_size=SIZE)


def test_play_in_16_colours(snap_compare, make_app, monkeypatch):
    # The terminal's own green, yellow and grey, dark letters on the light tiles, and the marks.
    monkeypatch.setenv("TERM", "xterm")
    monkeypatch.setenv("COLORTERM", "")
    assert snap_compare(make_app(play=CRANE), press=[*"react", "enter", *"brand", "enter"], terminal_size=SIZE)


def test_play_in_a_small_terminal_with_the_ranking_folded_away(snap_compare, make_app, store):
    store.change_settings(show_hints=True)
    assert snap_compare(make_app(play=CRANE), press=[*"react", "enter", *"br"], terminal_size=(50, 20))


@pytest.mark.parametrize("depth", ["none", "16"])
def test_several_boards_without_full_colour(snap_compare, make_app, monkeypatch, depth):
    # Each depth's own tiles, and the marks after the letters and in the keys' board cells.
    if depth == "none":
        monkeypatch.setenv("NO_COLOR", "1")
    else:
        monkeypatch.setenv("TERM", "xterm")
        monkeypatch.setenv("COLORTERM", "")
    app = make_app(play=PlayOptions(variant=Variant(2)), seed=3)
    assert snap_compare(app, press=[*"slate", "enter", *"crane", "enter"], terminal_size=SIZE)
