"""The games of the family on lists of other lengths: as a player with lists of their own would play them
(Dordle of four-letter words, Absurdle of six, a game in ultra hard mode of four; each counted in its
own statistics), and the shipped lists of 4 to 11 letters as the app chooses them."""

from __future__ import annotations

import shutil

import pytest
from helpers import write_words
from textual.widgets import Select

from wordle_tui.core.durations import roughly
from wordle_tui.core.position import opening_figures
from wordle_tui.core.rules import words
from wordle_tui.core.rules.game import Difficulty
from wordle_tui.core.rules.variant import ABSURDLE as ABSURDLE_GAME
from wordle_tui.core.rules.variant import WORDLE, Variant
from wordle_tui.core.rules.words import load_preset, load_word_lists, preset_for_length
from wordle_tui.core.workers.pool import RankingPool
from wordle_tui.ui.app import PlayOptions, WordleApp
from wordle_tui.ui.dialogs.analysis import AnalysisScreen
from wordle_tui.ui.dialogs.boards_result import BoardsResultScreen
from wordle_tui.ui.dialogs.games import GamesScreen
from wordle_tui.ui.dialogs.settings import SettingsScreen
from wordle_tui.ui.dialogs.statistics import StatsScreen
from wordle_tui.ui.modes.coach import CoachScreen
from wordle_tui.ui.modes.play import PlayScreen
from wordle_tui.ui.modes.play_boards import PlayBoardsScreen
from wordle_tui.ui.widgets.small_boards import SmallBoard

from .conftest import first_rank_waits, tile_colours, tile_text, until

FOUR = ["bark", "bare", "care", "core", "cord", "word", "ward", "wire", "wore", "bore", "cure", "pure"]
SIX = ["planet", "plenty", "tenant", "banana", "cabana", "canter", "carpet", "parent", "patent", "latent"]
SIZE = (100, 40)


def app_of(tmp_path, store, words: list[str], mode: str = "play", **options) -> WordleApp:
    path = write_words(tmp_path / f"words-{len(words[0])}.txt", words)
    lists = load_word_lists(path, path)
    app = WordleApp(lists, mode, store=store, pool=RankingPool(workers=1), seed=2, **options)
    app.animation_level = "none"
    return app


def title_of(screen) -> str:
    return str(screen.query_one("#title").render())


async def guess(pilot, word: str) -> None:
    await pilot.press(*word, "enter")
    await pilot.pause()


async def test_dordle_of_four_letter_words_is_played_won_and_counted(tmp_path, store):
    app = app_of(tmp_path, store, FOUR, play=PlayOptions(variant=Variant(2)))
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
    stats = store.stats(app.lists.name, variant=Variant(2))
    assert (stats.played, stats.wins) == (1, 1)


async def test_absurdle_of_six_letter_words_is_beaten_and_counted(tmp_path, store):
    app = app_of(tmp_path, store, SIX, play=PlayOptions(variant=ABSURDLE_GAME))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        while not screen.game.won:
            await guess(pilot, screen.game.left[0])
        assert screen.message.startswith(f"Beaten in {len(screen.game.rows)} guesses (beaten 1 time")
    assert store.stats(app.lists.name, variant=ABSURDLE_GAME).played == 1


async def test_ultra_hard_mode_with_four_letter_words(tmp_path, store):
    app = app_of(tmp_path, store, FOUR, play=PlayOptions(answer="cord", hard_mode=Difficulty.ULTRA))
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


# The shipped lists of other lengths, as the app chooses them (the Games dialog, F6, and the settings).


def shipped_app(store, length: int, **options) -> WordleApp:
    app = WordleApp(load_preset(preset_for_length(length)), store=store, pool=RankingPool(workers=1), **options)
    app.animation_level = "none"
    return app


async def test_a_game_of_seven_letters_is_played_through_the_app_won_shared_and_counted(store):
    app = shipped_app(store, 7, play=PlayOptions(answer="brother"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert screen.board.length == 7 and "7 letters" in title_of(screen)
        await guess(pilot, "cartons")  # worked by hand: R and O elsewhere in BROTHER, T in place
        assert tile_text(screen.board, 0) == "CARTONS" and tile_colours(screen.board, 0) == "bbygybb"
        await guess(pilot, "brothel")
        assert tile_colours(screen.board, 1) == "ggggggb"
        await guess(pilot, "brother")
        assert screen.game.won
        await until(pilot, lambda: isinstance(app.screen, StatsScreen))
        assert app.screen.share_text().splitlines()[0] == "Wordle (7 letters) 3/6"
    stats = store.stats("english-7")
    assert (stats.played, stats.wins) == (1, 1) and store.stats("nyt").played == 0


async def test_the_games_dialog_chooses_the_letters_and_each_length_keeps_its_game(store):
    app = shipped_app(store, 5, play=PlayOptions(answer="crane"))
    async with app.run_test(size=(100, 30)) as pilot:
        await guess(pilot, "slate")
        five = app.screen
        await pilot.press("f6")
        await until(pilot, lambda: isinstance(app.screen, GamesScreen))
        await pilot.press("right", "right", "right", "left")  # 6, 7, 8, and back to 7
        assert "Letters of each word  ← 7 →" in str(app.screen.query_one("#letters").render())
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, PlayScreen) and app.screen is not five)
        seven = app.screen
        assert app.lists.name == "english-7" and seven.board.length == 7 and "7 letters" in title_of(seven)
        assert seven.game.answer in app.lists.answers  # drawn from the seven-letter answers
        await guess(pilot, "cartons")
        assert seven.game.guesses == ["cartons"]
        await pilot.press("f6")
        await until(pilot, lambda: isinstance(app.screen, GamesScreen))
        await pilot.press("left", "left", "3")  # Quordle of five letters
        await until(pilot, lambda: isinstance(app.screen, PlayBoardsScreen))
        assert app.screen.view.length == 5 and app.lists.name == "nyt"
        await pilot.press("f6")
        await until(pilot, lambda: isinstance(app.screen, GamesScreen))
        await pilot.press("1")  # Wordle of five letters: the game left there, its guess kept
        await until(pilot, lambda: app.screen is five)
        assert five.game.guesses == ["slate"] and "letters" not in title_of(five)
        await pilot.press("f2")  # the coach of five letters mirrors the NYT's puzzle
        await until(pilot, lambda: isinstance(app.screen, CoachScreen))
        assert "Wordle 1," in title_of(app.screen)
    kept = {
        game.lists: game.guesses for game in (store.in_progress(WORDLE, name) for name in ("nyt", "english-7")) if game
    }
    assert kept == {"nyt": ("slate",), "english-7": ("cartons",)}


async def test_the_coach_of_other_lengths_mirrors_any_game_and_carries_it_on(tmp_path, store):
    app = app_of(tmp_path, store, SIX, "coach")
    async with app.run_test(size=(100, 30)) as pilot:
        screen = app.screen
        assert screen.puzzle is None and title_of(screen).endswith("· 6 letters")  # no NYT puzzle of six letters
        await pilot.press(*"planet", "enter")
        assert [guess for guess, _ in screen.rows] == ["planet"]
        await pilot.press("ctrl+a")
        await until(pilot, lambda: isinstance(app.screen, AnalysisScreen))
        assert app.screen.result().startswith("Wordle (6 letters) ")  # no NYT puzzle named
    again = app_of(tmp_path, store, SIX, "coach")
    async with again.run_test(size=(100, 30)):
        assert [guess for guess, _ in again.screen.rows] == ["planet"]


async def test_the_settings_choose_the_letters_and_their_lists_played_once_closed(store):
    app = shipped_app(store, 5)
    async with app.run_test(size=(100, 40)) as pilot:
        five = app.screen
        await pilot.press("f4")
        await until(pilot, lambda: isinstance(app.screen, SettingsScreen))
        app.screen.query_one("#length", Select).value = 9
        await pilot.pause()
        assert app.screen.query_one("#lists", Select).value == "english-9" and app.settings.lists == "nyt"
        # Saved and played once the dialog closes.
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, PlayScreen) and app.screen is not five)
        assert app.screen.board.length == 9 and app.lists.name == "english-9"
    assert store.settings().lists == "english-9"  # the next start's lists too


async def open_settings(app, pilot) -> None:
    await pilot.press("f4")
    await until(pilot, lambda: isinstance(app.screen, SettingsScreen))


async def choose_letters(app, pilot, moves: list[str]) -> None:
    await pilot.press("f6")
    await until(pilot, lambda: isinstance(app.screen, GamesScreen))
    await pilot.press(*moves, "1")
    await until(pilot, lambda: isinstance(app.screen, PlayScreen))


async def test_the_settings_show_the_letters_played_and_take_them_back_to_the_settings_lists(store):
    store.change_settings(lists="nyt2022")
    app = shipped_app(store, 5)
    async with app.run_test(size=(100, 40)) as pilot:
        await choose_letters(app, pilot, ["right", "right"])
        assert app.lists.name == "english-7"
        await open_settings(app, pilot)
        lists, length = app.screen.query_one("#lists", Select), app.screen.query_one("#length", Select)
        assert (length.value, lists.value) == (7, "english-7")  # what is played, not only what starts
        await pilot.press("escape")  # nothing chosen: nothing changes
        await until(pilot, lambda: isinstance(app.screen, PlayScreen))
        assert app.lists.name == "english-7" and store.settings().lists == "nyt2022"
        await open_settings(app, pilot)
        app.screen.query_one("#length", Select).value = 5
        await pilot.pause()
        assert app.screen.query_one("#lists", Select).value == "nyt2022"  # the settings' lists of five letters
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, PlayScreen) and app.lists.name == "nyt2022")
        assert app.screen.board.length == 5


async def test_back_to_a_length_the_lists_played_last_of_it_are_played_again(store):
    app = shipped_app(store, 5)
    async with app.run_test(size=(100, 40)) as pilot:
        await open_settings(app, pilot)
        app.screen.query_one("#lists", Select).value = "original"
        await pilot.pause()
        await pilot.press("escape")
        await until(pilot, lambda: app.lists.name == "original")
        await choose_letters(app, pilot, ["left"])
        assert app.lists.name == "english-4"
        await choose_letters(app, pilot, ["right"])
        assert app.lists.name == "original"


async def test_shipped_lists_that_cannot_be_read_are_one_sentence_and_the_game_stays(store, tmp_path, monkeypatch):
    damaged = tmp_path / "data"
    shutil.copytree(words.data_dir(), damaged)
    (damaged / "english-7" / "answers.txt").write_text("sis ter\n", encoding="utf-8")
    monkeypatch.setattr(words, "data_dir", lambda: damaged)
    app = shipped_app(store, 5)
    async with app.run_test(size=(100, 40)) as pilot:
        five = app.screen
        await open_settings(app, pilot)
        app.screen.query_one("#length", Select).value = 7
        await pilot.pause()
        await pilot.press("escape")
        await until(pilot, lambda: bool(app._notifications))
        (notice,) = list(app._notifications)
        message = notice.message  # one sentence, naming the file
        assert "english-7/answers.txt" in message and message.endswith(".") and "\n" not in message
        assert app.screen is five and app.lists.name == "nyt" and store.settings().lists == "nyt"  # kept as it was
        app.settings.lists = (
            "english-7"  # damaged lists named by the settings (of an earlier start) open it all the same
        )
        await open_settings(app, pilot)
        assert app.screen.query_one("#length", Select).value == 5


@pytest.mark.parametrize(("size", "hints"), [((80, 24), True), ((80, 24), False), ((44, 18), False), ((120, 40), True)])
async def test_eleven_letters_fit_the_window_beside_the_ranking(store, size, hints):
    app = shipped_app(store, 11, play=PlayOptions(answer="information"))
    async with app.run_test(size=size) as pilot:
        await pilot.press(*"abandonment", "enter")
        if hints:  # asked for after a guess: the ranking of few answers left, not the opening's (a minute)
            await pilot.press("ctrl+t")
        await pilot.pause()
        board = app.screen.board
        await until(pilot, lambda: board.tile(0, 10).region.right <= size[0])
        last = board.tile(0, 10)
        assert str(last.content) == "T" and last.region.width >= 3
        if hints:  # the ranking keeps its room beside the board
            assert app.screen.panel.region.x >= last.region.right and app.screen.panel.region.width >= 30


async def test_a_first_guess_that_takes_minutes_is_said_while_the_bot_thinks(tmp_path, store, monkeypatch):
    monkeypatch.setattr(opening_figures, "measuring_seconds", lambda *_: 1200.0)  # eight words as long as 150,000
    waits = first_rank_waits()
    app = app_of(tmp_path, store, SIX[:8], "watch", ranker=waits)  # lists whose opening no test ranked
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, waits.started.is_set)
        screen = app.screen
        how_long = roughly(1200 * 0.7 / app.pool.workers, 1200 * 1.5 / app.pool.workers)  # 14 min to 30 min on one
        assert screen.message == f"Ranking the first guess among 8 words: {how_long}, once"
        waits.go.set()
        await until(pilot, lambda: len(screen.state.history) == 1)
        assert screen.message in ("", "Solved in 1.")  # said while it lasted only
