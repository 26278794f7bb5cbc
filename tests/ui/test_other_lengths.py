"""The games of the family on lists of other lengths, as a player with lists of their own would play them:
Dordle of four-letter words, Absurdle of six, a game in ultra hard mode of four; each counted in its
own statistics."""

from __future__ import annotations

from helpers import write_words

from wordle_tui.core.rules.game import Difficulty
from wordle_tui.core.rules.variant import ABSURDLE as ABSURDLE_GAME
from wordle_tui.core.rules.variant import Variant
from wordle_tui.core.rules.words import load_word_lists
from wordle_tui.core.workers.pool import RankingPool
from wordle_tui.ui.app import PlayOptions, WordleApp
from wordle_tui.ui.dialogs.boards_result import BoardsResultScreen
from wordle_tui.ui.widgets.small_boards import SmallBoard

from .conftest import tile_colours, tile_text, until

FOUR = ["bark", "bare", "care", "core", "cord", "word", "ward", "wire", "wore", "bore", "cure", "pure"]
SIX = ["planet", "plenty", "tenant", "banana", "cabana", "canter", "carpet", "parent", "patent", "latent"]
SIZE = (100, 40)


def app_of(tmp_path, store, words: list[str], play: PlayOptions) -> WordleApp:
    path = write_words(tmp_path / f"words-{len(words[0])}.txt", words)
    lists = load_word_lists(path, path)
    app = WordleApp(lists, store=store, pool=RankingPool(workers=1), play=play, seed=2)
    app.animation_level = "none"
    return app


async def guess(pilot, word: str) -> None:
    await pilot.press(*word, "enter")
    await pilot.pause()


async def test_dordle_of_four_letter_words_is_played_won_and_counted(tmp_path, store):
    app = app_of(tmp_path, store, FOUR, PlayOptions(variant=Variant(2)))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        answers = screen.game.answers
        await guess(pilot, "wore")
        for board in screen.query(SmallBoard):  # four cells a row, the guess on each board
            assert board.render().plain.splitlines()[1].split() == ["W", "O", "R", "E"]
        await guess(pilot, "zzzz")
        assert screen.message == "Not in word list" and screen.game.guesses == ["wore"]
        await pilot.press(*["backspace"] * 4)
        for answer in answers:
            if answer not in screen.game.guesses:
                await guess(pilot, answer)
        await until(pilot, lambda: isinstance(app.screen, BoardsResultScreen))
    stats = store.boards_stats(app.lists.name, 2)
    assert (stats.played, stats.wins) == (1, 1)


async def test_absurdle_of_six_letter_words_is_beaten_and_counted(tmp_path, store):
    app = app_of(tmp_path, store, SIX, PlayOptions(variant=ABSURDLE_GAME))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        while not screen.game.won:
            await guess(pilot, screen.game.left[0])
        assert screen.message.startswith(f"Beaten in {len(screen.game.rows)} guesses (beaten 1 time")
    assert store.absurdle_stats(app.lists.name).played == 1


async def test_ultra_hard_mode_with_four_letter_words(tmp_path, store):
    app = app_of(tmp_path, store, FOUR, PlayOptions(answer="cord", hard_mode=Difficulty.ULTRA))
    async with app.run_test(size=SIZE) as pilot:
        board = app.screen.board
        await guess(pilot, "care")  # c r green, a e grey
        assert tile_colours(board, 0) == "gbgb"
        await guess(pilot, "core")  # hard mode takes it: the greens are kept
        assert app.screen.message == "4th letter can't be E" and tile_text(board, 1) == "CORE"
        await pilot.press(*["backspace"] * 4)
        await guess(pilot, "cord")
        assert app.screen.game.won
    assert store.stats(hard_mode=Difficulty.ULTRA).wins == 1
