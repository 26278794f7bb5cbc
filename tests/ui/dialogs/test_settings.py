"""Settings and help: what a player changes is kept across restarts; damage is reported once."""

from __future__ import annotations

import os

import pytest
from textual.widgets import Select, Switch

from wordle_tui.core.rules.game import Difficulty
from wordle_tui.core.rules.variant import WORDLE
from wordle_tui.core.rules.words import preset_length
from wordle_tui.core.workers.pool import RankingPool
from wordle_tui.ui.app import PlayOptions, WordleApp
from wordle_tui.ui.dialogs.help import HelpScreen
from wordle_tui.ui.dialogs.settings import SettingsScreen

from ..conftest import SIZE


async def test_settings_persist_across_restarts(lists, store):
    app = WordleApp(lists, pool=RankingPool(workers=1), store=store, play=PlayOptions(answer="crane"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f4")
        assert isinstance(app.screen, SettingsScreen)
        app.screen.query_one("#hard_mode", Select).value = Difficulty.ULTRA
        app.screen.query_one("#theme", Select).value = "high-contrast"
        await pilot.pause()
        assert app.theme == "wordle-high-contrast"
        await pilot.press("escape", "ctrl+q")
    again = WordleApp(lists, pool=RankingPool(workers=1), store=store)
    async with again.run_test(size=SIZE) as pilot:
        assert again.settings.hard_mode == Difficulty.ULTRA
        assert again.theme == "wordle-high-contrast"
        await pilot.press("ctrl+n")
        assert again.screen.game.hard_mode == Difficulty.ULTRA
        assert "ultra hard mode" in str(again.screen.query_one("#title").content)


@pytest.mark.parametrize("damage", ["broken", "named pipe"])
async def test_damaged_settings_are_reported_once(lists, store, damage):
    store.config_dir.mkdir(parents=True)
    if damage == "broken":
        store.settings_path.write_text("{broken")
    else:
        os.mkfifo(store.settings_path)  # read, it would wait for a writer for ever: the app would never start
    app = WordleApp(lists, pool=RankingPool(workers=1), store=store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        notes = [n.message for n in app._notifications]
        assert len(notes) == 1 and "settings.json.bad" in notes[0]
    again = WordleApp(lists, pool=RankingPool(workers=1), store=store)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert not list(again._notifications)


async def test_help_explains_repeated_letters_and_keys(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        tiles = app.screen.query(".example-row Tile")
        assert "".join(str(t.content) for t in tiles) == "SHOES"
        assert [t.classes & {"-green", "-yellow", "-grey"} for t in tiles] == [
            {"-yellow"},
            {"-grey"},
            {"-grey"},
            {"-grey"},
            {"-green"},
        ]
        await pilot.press("escape")
        assert not isinstance(app.screen, HelpScreen)


async def test_showing_hints_in_the_settings_shows_them_from_the_next_game_and_says_so(make_app, store):
    app = make_app(play=PlayOptions(answer="crane"))
    async with app.run_test(size=SIZE) as pilot:
        hints = app.screen.query_one("#ranking")
        assert not hints.display
        await pilot.press("f4")
        app.screen.query_one("#show_hints", Switch).value = True
        await pilot.pause()
        await pilot.press("escape", *"slate", "enter")
        await pilot.pause()
        assert not hints.display and not app.screen.hints_used  # this game was started without them
        await pilot.press("ctrl+n", "y")
        await pilot.pause()
        assert hints.display and "hints" in str(app.screen.query_one("#title").content)
        assert store.settings().show_hints
        await pilot.press(*"slate", "enter")
        await pilot.pause()
        assert store.in_progress(WORDLE, "nyt2022").hints  # recorded as a game played with hints


def test_the_readme_and_the_help_list_every_key_of_every_screen():
    from pathlib import Path

    from wordle_tui.ui.app import WordleApp

    readme = Path(__file__).resolve().parents[3] / "README.md"
    rows = {line.split("|")[1].strip(): line for line in readme.read_text().splitlines() if line.startswith("| ")}
    for section, keys in WordleApp.key_sections():
        for described in keys:
            key = described.split(" ")[0]
            if key[0].isupper() or not key.isalpha():  # a key (`Ctrl+N`, `C`, `?`), not words ("type the word")
                assert f"`{key}`" in rows[section.lower()], f"README's {section} row lacks {key}"


async def test_every_setting_works_from_the_keyboard(make_app, store):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f4", "enter", "down", "enter")  # the first setting has the focus
        await pilot.pause()
        assert store.settings().hard_mode == Difficulty.HARD
        assert str(app.screen.query_one("#hard_mode #label").content) == "hard"  # said in words
        await pilot.press("tab", "enter", "down", "down", "enter", "tab", "enter", "down", "enter")
        await pilot.pause()
        assert store.settings().coach_hard_mode == app.settings.coach_hard_mode == Difficulty.ULTRA
        assert store.settings().strategy != "entropy"


async def test_no_list_of_the_settings_has_a_blank_row_to_choose(make_app, store):
    """The first row of each list, then Enter: each keeps a value (a blank would send Select.NULL,
    which no setting can take), and the app carries on."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f4")
        dialog = app.screen
        for select in dialog.query(Select):
            select.focus()
            await pilot.press("enter", "home", "enter")  # to the first row of the list
            await pilot.pause()
            assert app.screen is dialog and select.value is not Select.NULL, select.id
        chosen = str(dialog.query_one("#lists", Select).value)
        assert dialog.query_one("#length", Select).value == preset_length(chosen)
        await pilot.press("escape")
        assert not isinstance(app.screen, SettingsScreen)


async def test_the_coachs_strategy_is_kept_across_restarts(make_app, store, lists):
    from textual.widgets import Select

    app = make_app("coach")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+e")
        await pilot.pause()
        chosen = app.screen.query_one("#strategy", Select).value
        assert chosen != "entropy" and store.settings().strategy == chosen
    again = WordleApp(lists, mode="coach", pool=RankingPool(workers=1), store=store)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert again.screen.query_one("#strategy", Select).value == chosen


async def test_the_coachs_strategy_and_hard_mode_work_from_the_keyboard(make_app):
    from textual.widgets import Select

    app = make_app("coach")
    async with app.run_test(size=SIZE) as pilot:
        before = app.screen.query_one("#strategy", Select).value
        await pilot.press("ctrl+e", "ctrl+d")
        await pilot.pause()
        assert app.screen.query_one("#strategy", Select).value != before
        assert app.screen.query_one("#hard", Select).value == app.screen.hard_mode == Difficulty.HARD
        assert "hard mode" in str(app.screen.query_one("#title").content)
        await pilot.press("ctrl+d")
        await pilot.pause()
        assert app.screen.hard_mode == Difficulty.ULTRA
        assert "ultra hard mode" in str(app.screen.query_one("#title").content)
        await pilot.press("ctrl+d")
        await pilot.pause()
        assert app.screen.hard_mode == Difficulty.NORMAL and "hard" not in str(app.screen.query_one("#title").content)


def footer_keys(screen) -> set[str]:
    from textual.widgets._footer import FooterKey

    return {key.key for key in screen.query(FooterKey)}


async def test_every_screen_and_dialog_shows_its_keys_in_a_footer(make_app):
    from wordle_tui.ui.dialogs.history import HistoryScreen
    from wordle_tui.ui.dialogs.statistics import StatsScreen

    app = make_app()
    async with app.run_test(size=(140, 30)) as pilot:
        await pilot.pause()
        assert {"f5", "ctrl+q", "question_mark", "f4"} <= footer_keys(app.screen)
        for key, dialog in (("f5", HistoryScreen), ("f4", SettingsScreen), ("question_mark", HelpScreen)):
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, dialog) and "escape" in footer_keys(app.screen)
            await pilot.press("escape")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen) and {"escape", "m", "n"} <= footer_keys(app.screen)
