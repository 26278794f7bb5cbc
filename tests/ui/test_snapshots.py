"""How each screen looks at 80x24, compared with the SVG kept in __snapshots__ (update with --snapshot-update)."""

from __future__ import annotations

from dataclasses import replace

from wordle_tui.storage.records import GameRecord
from wordle_tui.ui.app import CoachOptions, PlayOptions, WatchOptions
from wordle_tui.ui.widgets.analysis_panel import AnalysisPanel

from .conftest import SIZE, until

COACHED = CoachOptions(1983)  # the puzzle the coach mirrors, fixed so that the title does not change daily


async def settled(pilot) -> None:
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def analysis_shown(app) -> bool:
    panels = app.screen.query(AnalysisPanel)
    return bool(panels) and bool(panels.first().rows)


def test_play_screen(snap_compare, make_app):
    app = make_app(play=PlayOptions(answer="crane"))
    assert snap_compare(app, press=[*"slate", "enter", *"brand", "enter", *"cr"], terminal_size=SIZE)


def test_refusal(snap_compare, make_app):
    app = make_app(play=PlayOptions(answer="crane"))
    assert snap_compare(app, press=[*"crazz", "enter"], terminal_size=SIZE)


def test_statistics_after_a_win(snap_compare, make_app, store):
    for n, guesses in enumerate((4, 3, 5, 4, 0, 3)):
        past = GameRecord(f"past{n}", "crane", ("slate",) * (guesses or 6), bool(guesses), lists="nyt2022")
        store.record(replace(past, finished=f"2026-11-1{n}T10:00:00+00:00"))
    app = make_app(play=PlayOptions(answer="crane"))

    async def won_and_analysed(pilot) -> None:
        await pilot.press(*"slate", "enter", *"crane", "enter")
        await until(pilot, lambda: analysis_shown(pilot.app))
        await settled(pilot)

    assert snap_compare(app, terminal_size=SIZE, run_before=won_and_analysed)


def test_coach_analysis(snap_compare, make_app):
    app = make_app("coach", coach=COACHED)

    async def analysed(pilot) -> None:
        await pilot.press(*"slate", "0", "0", "2", "0", "2", "enter", *"crane", "2", "2", "2", "2", "2", "enter")
        await until(pilot, lambda: analysis_shown(pilot.app))
        await settled(pilot)

    assert snap_compare(app, terminal_size=SIZE, run_before=analysed)


def test_coach_screen(snap_compare, make_app):
    app = make_app("coach", coach=COACHED)
    keys = [*"slate", "0", "0", "2", "0", "2", "enter", *"brine", "0", "2", "0", "2"]
    assert snap_compare(app, press=keys, terminal_size=SIZE, run_before=settled)


def test_coach_impossible_feedback(snap_compare, make_app):
    app = make_app("coach", coach=COACHED)
    keys = [*"slate", "2", "2", "2", "2", "1", "enter"]
    assert snap_compare(app, press=keys, terminal_size=SIZE, run_before=settled)


def test_watch_screen(snap_compare, make_app):
    app = make_app("watch", watch=WatchOptions(answer="prove", strategy="entropy"))

    async def paused_after_two(pilot) -> None:
        await pilot.press("space")
        screen = pilot.app.screen
        await until(pilot, lambda: not screen.thinking)
        await pilot.press("s")
        await until(pilot, lambda: len(screen.state.history) == 2)
        await settled(pilot)

    assert snap_compare(app, terminal_size=SIZE, run_before=paused_after_two)


def test_help_screen(snap_compare, make_app):
    assert snap_compare(make_app(), press=["question_mark"], terminal_size=SIZE)


def test_settings_screen(snap_compare, make_app):
    assert snap_compare(make_app(), press=["f4"], terminal_size=SIZE)


def test_too_small(snap_compare, make_app):
    assert snap_compare(make_app(), terminal_size=(40, 16))


def test_play_with_hints_in_high_contrast(snap_compare, make_app, store):
    store.change_settings(theme="high-contrast", show_hints=True)
    app = make_app(play=PlayOptions(answer="crane"))
    keys = [*"slate", "enter", *"brand", "enter"]
    assert snap_compare(app, press=keys, terminal_size=SIZE, run_before=settled)


def test_history_screen(snap_compare, make_app, store, monkeypatch):
    import datetime as dt

    from wordle_tui.storage.records import COACHED
    from wordle_tui.ui.app import WordleApp

    monkeypatch.setattr(WordleApp, "today", lambda self: dt.date(2026, 11, 23))
    for n, (guesses, day, kind) in enumerate(
        [
            (3, "2026-11-20", "played"),
            (4, "2026-11-21", COACHED),
            (0, "2026-11-22", "played"),
            (2, "2026-11-23", COACHED),
        ]
    ):
        played = ("slate",) * ((guesses or 6) - 1) + ("crane",)
        record = GameRecord(f"h{n}", "crane", played, bool(guesses), nyt=1980 + n, kind=kind, finished=day)
        store.record(record)
        store.note_analysis(f"h{n}", 60 + 10 * n, 80 - 15 * n)
    assert snap_compare(make_app(), press=["f5"], terminal_size=SIZE)


def test_play_without_colour(snap_compare, make_app, monkeypatch):
    # NO_COLOR: three greys far apart, and the marks (● ○ ·) under the tiles and beside the keys.
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app(play=PlayOptions(answer="crane"))
    assert snap_compare(app, press=[*"react", "enter", *"brand", "enter"], terminal_size=SIZE)


def test_play_in_16_colours(snap_compare, make_app, monkeypatch):
    # The terminal's own green, yellow and grey, dark letters on the light tiles, and the marks.
    monkeypatch.setenv("TERM", "xterm")
    monkeypatch.setenv("COLORTERM", "")
    app = make_app(play=PlayOptions(answer="crane"))
    assert snap_compare(app, press=[*"react", "enter", *"brand", "enter"], terminal_size=SIZE)


def test_play_in_a_small_terminal_with_the_ranking_folded_away(snap_compare, make_app, store):
    store.change_settings(show_hints=True)
    app = make_app(play=PlayOptions(answer="crane"))
    assert snap_compare(app, press=[*"react", "enter", *"br"], terminal_size=(50, 20))
