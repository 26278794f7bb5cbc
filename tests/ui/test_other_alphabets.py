"""Lists whose alphabet is more than a-z, as a player with lists of their own would play them: ñ and ß typed
and clicked, shown one letter a tile (ẞ, not SS), on a keyboard with a row of the letters English lacks."""

from __future__ import annotations

import pytest
from small_lists import accented_lists
from textual.widgets import Footer

from wordle_tui.core.rules.variant import Variant
from wordle_tui.core.workers.pool import RankingPool
from wordle_tui.ui.app import PlayOptions, WordleApp
from wordle_tui.ui.dialogs.boards_result import BoardsResultScreen
from wordle_tui.ui.dialogs.statistics import StatsScreen
from wordle_tui.ui.dialogs.too_small import TooSmallScreen
from wordle_tui.ui.widgets.keyboard import Key
from wordle_tui.ui.widgets.small_boards import ShadedKey, SmallBoard

from .conftest import SIZE, tile_colours, tile_text, until


@pytest.fixture
def accented(tmp_path):
    return accented_lists(tmp_path)


def app_of(lists, store, mode: str = "play", **options) -> WordleApp:
    app = WordleApp(lists, mode, store=store, pool=RankingPool(workers=1), **options)
    app.animation_level = "none"
    return app


def rows_of_keys(screen, kind=Key) -> list[str]:
    """The keyboard's rows as their labels read."""
    return ["".join(key.label for key in row.query(kind)) for row in screen.query(".keyboard-row")]


async def test_english_keeps_its_three_rows_of_keys(make_app):
    app = make_app(play=PlayOptions(answer="crane"))
    async with app.run_test(size=SIZE):
        assert rows_of_keys(app.screen) == ["QWERTYUIOP", "ASDFGHJKL", "ENTERZXCVBNM⌫"]


async def test_a_game_of_accented_words_is_typed_clicked_and_won(accented, store):
    app = app_of(accented, store, play=PlayOptions(answer="niñas"))
    async with app.run_test(size=SIZE) as pilot:
        board = app.screen.query_one("#board")
        assert rows_of_keys(app.screen) == ["QWERTYUIOP", "ASDFGHJKL", "ENTERZXCVBNM⌫", "ẞÄÑÖÚÜ"]
        await pilot.press(*"große")
        assert tile_text(board, 0) == "GROẞE"  # five tiles, ß in one of them
        await pilot.press(*["backspace"] * 5, "n", "i", "ç")  # ç is none of these lists' letters: not typed
        assert tile_text(board, 0) == "NI"
        await pilot.press("backspace", "backspace", "s", "e")
        keys = {key.key: key for key in app.screen.query(Key)}
        assert keys["ñ"].region.bottom <= app.screen.query_one(Footer).region.y  # the fourth row in sight
        await pilot.click(keys["ñ"])  # the on-screen key types it
        await pilot.press("o", "r", "enter")
        await pilot.pause()
        assert tile_text(board, 0) == "SEÑOR" and tile_colours(board, 0) == "ybgbb"
        assert keys["ñ"].has_class("-green") and keys["ß"].classes.isdisjoint({"-green", "-yellow", "-grey"})
        await pilot.press("N", "I", "Ñ", "A", "S", "enter")  # capitals typed are the small letters
        await until(pilot, lambda: isinstance(app.screen, StatsScreen))
        assert store.stats().wins == 1
        await pilot.press("c")
        await until(pilot, lambda: app.clipboard == "Wordle 2/6\n\n🟨⬛🟩⬛⬛\n🟩🟩🟩🟩🟩")


async def test_an_accented_word_that_is_not_listed_gets_the_nyt_refusal(accented, store):
    app = app_of(accented, store, play=PlayOptions(answer="große"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"ñañaß", "enter")
        await pilot.pause()
        assert app.screen.message == "Not in word list" and app.screen.game.guesses == []


async def test_a_loss_names_the_answer_in_one_letter_capitals(accented, store):
    app = app_of(accented, store, play=PlayOptions(answer="große"))
    async with app.run_test(size=SIZE) as pilot:
        for word in ("niñas", "niños", "señor", "leñas", "peñas", "baños"):
            await pilot.press(*word, "enter")
            await pilot.pause()
        await until(pilot, lambda: isinstance(app.screen, StatsScreen))
        assert "The answer was GROẞE" in str(app.screen.query_one(".verdict").content)


async def test_dordle_of_accented_words_shades_the_fourth_row_of_keys(accented, store):
    app = app_of(accented, store, play=PlayOptions(variant=Variant(2)))
    async with app.run_test(size=(100, 40)) as pilot:
        screen = app.screen
        assert rows_of_keys(screen, ShadedKey)[-1] == "ẞÄÑÖÚÜ"
        await pilot.press(*"süßes", "enter")
        await pilot.pause()
        for small in screen.query(SmallBoard):
            assert small.render().plain.splitlines()[1].split() == ["S", "Ü", "ẞ", "E", "S"]
        for answer in screen.game.answers:
            if answer not in screen.game.guesses:
                await pilot.press(*answer, "enter")
                await pilot.pause()
        await until(pilot, lambda: isinstance(app.screen, BoardsResultScreen))


async def test_the_coach_takes_accented_letters(accented, store):
    app = app_of(accented, store, "coach")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"señor", "1", "0", "2", "0", "0", "enter")
        await pilot.pause()
        assert tile_text(app.screen.board, 0) == "SEÑOR" and tile_colours(app.screen.board, 0) == "ybgbb"


SIZES = [((80, 18), "44x19"), ((80, 19), None), ((120, 41), None), ((120, 42), None)]  # and the smallest it draws


@pytest.mark.parametrize(("size", "least"), SIZES)
async def test_the_fourth_row_of_keys_takes_a_line_of_the_window(accented, store, size, least):
    app = app_of(accented, store, play=PlayOptions(answer="niñas"))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        if least:  # a line short of English's smallest window
            assert isinstance(app.screen, TooSmallScreen)
            assert f"at least {least}" in str(app.screen.query_one("#too-small").content)
            return
        keys = [key for key in app.screen.query(Key) if key.key in "ßü"]
        assert all(key.region.bottom <= app.screen.query_one(Footer).region.y for key in keys), size
