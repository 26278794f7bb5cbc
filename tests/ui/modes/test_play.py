"""Playing a game as a person would: typing, refusals, winning, losing, resuming, hints."""

from __future__ import annotations

import json
import os
import shlex
import sys
import threading

from processes import held_by_another_program, in_a_namespace_of_its_own

from wordle_tui.core.position.model import State
from wordle_tui.core.rules.challenge import challenge_code, challenge_word
from wordle_tui.core.rules.daily import daily_answer
from wordle_tui.core.rules.game import Difficulty
from wordle_tui.core.rules.variant import WORDLE
from wordle_tui.core.strategies.ranking import Ranker
from wordle_tui.core.workers.pool import RankingPool
from wordle_tui.storage.kinds import Kind
from wordle_tui.storage.saved import InProgress
from wordle_tui.ui.app import PlayOptions, WordleApp
from wordle_tui.ui.dialogs.confirm import ConfirmScreen
from wordle_tui.ui.dialogs.statistics import StatsScreen
from wordle_tui.ui.dialogs.too_small import TooSmallScreen
from wordle_tui.ui.modes.mode import FOLDED
from wordle_tui.ui.widgets.keyboard import Key
from wordle_tui.ui.widgets.ranking_panel import RankingPanel

from ..conftest import SIZE, tile_colours, tile_text, until


async def guess(pilot, word: str) -> None:
    await pilot.press(*word, "enter")
    await pilot.pause()


def board(app):
    return app.screen.query_one("#board")


async def test_typing_backspace_and_the_colours_of_a_guess(make_app):
    app = make_app(play=PlayOptions(answer="crane"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"slatx", "backspace", "e")
        assert tile_text(board(app), 0) == "SLATE"
        assert tile_colours(board(app), 0) == "....."
        await pilot.press("enter")
        await pilot.pause()
        assert tile_colours(board(app), 0) == "bbgbg"
        keys = {key.key: key for key in app.screen.query(Key)}
        assert keys["a"].has_class("-green") and keys["s"].has_class("-grey")
        assert not keys["c"].classes & {"-green", "-yellow", "-grey"}


async def test_clicking_the_keyboard_types(make_app):
    app = make_app(play=PlayOptions(answer="crane"))
    async with app.run_test(size=SIZE) as pilot:
        keys = {key.key: key for key in app.screen.query(Key)}
        for letter in "cr":
            await pilot.click(keys[letter])
        await pilot.click(keys["backspace"])
        assert tile_text(board(app), 0) == "C"


async def test_refused_guesses_show_the_nyt_message_and_keep_the_row(make_app):
    app = make_app(play=PlayOptions(answer="crane"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"cra", "enter")
        assert app.screen.message == "Not enough letters"
        await pilot.press(*"zz", "enter")
        assert app.screen.message == "Not in word list"
        assert tile_text(board(app), 0) == "CRAZZ"
        assert tile_colours(board(app), 0) == "....."
        assert app.screen.game.history == []


async def test_hard_mode_refuses_a_guess_that_drops_a_green(make_app):
    app = make_app(play=PlayOptions(answer="crane", hard_mode=Difficulty.HARD))
    async with app.run_test(size=SIZE) as pilot:
        await guess(pilot, "slate")
        await guess(pilot, "crimp")
        assert app.screen.message == "3rd letter must be A"
        assert tile_text(board(app), 1) == "CRIMP"


async def test_ultra_hard_mode_refuses_a_grey_letter_and_shares_with_two_stars(make_app, store):
    app = make_app(play=PlayOptions(answer="crane", hard_mode=Difficulty.ULTRA))
    async with app.run_test(size=SIZE) as pilot:
        assert "ultra hard mode" in str(app.screen.query_one("#title").content)
        await guess(pilot, "slate")  # s l t grey, a e green
        await guess(pilot, "chase")  # fine in hard mode
        assert app.screen.message == "Guess can't contain S"
        await pilot.press(*["backspace"] * 5)
        await guess(pilot, "crane")
        await until(pilot, lambda: isinstance(app.screen, StatsScreen))
        await pilot.press("c")
        await until(pilot, lambda: app.clipboard == "Wordle 2/6**\n\n⬛⬛🟩⬛🟩\n🟩🟩🟩🟩🟩")
    assert store.stats(hard_mode=Difficulty.ULTRA).wins == 1
    assert store.stats(hard_mode=Difficulty.HARD).played == 0 and store.stats().played == 1


async def test_a_win_praises_counts_and_shares(make_app, store):
    app = make_app(play=PlayOptions(answer="crane"))
    async with app.run_test(size=SIZE) as pilot:
        await guess(pilot, "slate")
        await guess(pilot, "crane")
        await until(pilot, lambda: isinstance(app.screen, StatsScreen))
        stats = store.stats(hard_mode=Difficulty.NORMAL)
        assert (stats.played, stats.wins, stats.distribution[1]) == (1, 1, 1)
        assert "Magnificent" in str(app.screen.query_one(".verdict").content)
        await pilot.press("c")
        await until(pilot, lambda: app.clipboard == "Wordle 2/6\n\n⬛⬛🟩⬛🟩\n🟩🟩🟩🟩🟩")
        await until(pilot, lambda: store.games.in_progress(Kind.PLAYED) == [])  # written in turn, off the screen's way
        assert store.in_progress(WORDLE, "nyt2022") is None


async def test_a_win_shows_while_another_program_holds_the_games_and_is_recorded_once_it_lets_go(make_app, store):
    app = make_app(play=PlayOptions(answer="crane"))
    store.records()  # the database made, as a first start makes it
    async with app.run_test(size=SIZE) as pilot:
        await guess(pilot, "slate")
        with held_by_another_program(store.games.path):
            await guess(pilot, "crane")
            await until(pilot, lambda: isinstance(app.screen, StatsScreen))  # a 30 s wait would fail here
            figures = app.screen.query_one("#figures")
            assert figures.render_line(0).text.split()[:2] == ["1", "100"]  # the game counts already
            await until(pilot, lambda: any("Another program is using" in n.message for n in app._notifications))
            assert len(store.outbox.games()) == 1
        await until(pilot, lambda: not store.outbox.games())
    (record,) = store.records()
    assert record.guesses == ("slate", "crane") and app.farewell == []


async def test_a_lock_that_keeps_readers_out_never_freezes_the_screen(make_app, store):
    """Another program holds the games with a lock that keeps readers out as well: the result of a game won
    shows at once and fills in its figures once they can be read; a game of another kind opens at once, saying
    what it waits for, and takes keys once its game kept from before is read."""
    from wordle_tui.ui.modes.mode import READING

    app = make_app(play=PlayOptions(answer="crane"))
    store.records()  # the database made, as a first start makes it
    async with app.run_test(size=SIZE) as pilot:
        await guess(pilot, "slate")
        with held_by_another_program(store.games.path, exclusive=True):
            await guess(pilot, "crane")
            await until(pilot, lambda: isinstance(app.screen, StatsScreen))  # while the lock is still held
            figures = app.screen.query_one("#figures")
            assert str(figures.content) == "Counting your games…"
        await until(pilot, lambda: figures.render_line(0).text.split()[:2] == ["1", "100"], steps=3000)
        await pilot.press("escape")
        with held_by_another_program(store.games.path, exclusive=True):
            await pilot.press("f6", "2")  # Dordle: its game kept from before is read aside too
            await until(pilot, lambda: getattr(app.screen, "count", 0) == 2)
            dordle = app.screen
            assert dordle.message == READING and not dordle.ready
            await pilot.press(*"slate", "enter")  # held: nothing is played before the game kept is known
            assert not dordle.query_one("#board-1").view.rows
        await until(pilot, lambda: dordle.ready, steps=3000)  # read once the other program lets go
        assert dordle.message != READING and dordle.game.guesses == ["slate"]  # then played, as typed


async def test_a_game_won_as_the_app_leaves_a_locked_database_is_recorded_at_the_next_start(make_app, store):
    app = make_app(play=PlayOptions(answer="crane"))
    store.records()  # the database made, as a first start makes it
    with held_by_another_program(store.games.path):
        async with app.run_test(size=SIZE) as pilot:
            await guess(pilot, "crane")
            await until(pilot, lambda: isinstance(app.screen, StatsScreen))
            await pilot.press("ctrl+q")
    assert app.farewell == [
        f"Another program was still using {store.games.path}: the finished game is kept, and recorded the next "
        "time wordle-tui starts."
    ]
    again = make_app()
    async with again.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: not store.outbox.games())
    (record,) = store.records()
    assert record.guesses == ("crane",) and store.stats().played == 1


def of_a_newer_version(store) -> None:
    """The games' database as a newer version of wordle-tui leaves it: a format this one cannot read."""
    import sqlite3

    store.records()  # the database made, as a first start makes it
    with sqlite3.connect(store.games.path) as db:
        db.execute("PRAGMA user_version = 3")


async def test_a_database_of_a_newer_version_is_said_once_and_a_game_won_is_kept_for_it(make_app, store):
    of_a_newer_version(store)
    app = make_app(play=PlayOptions(answer="crane"))
    async with app.run_test(size=SIZE) as pilot:
        await guess(pilot, "slate")
        await guess(pilot, "crane")
        await until(pilot, lambda: isinstance(app.screen, StatsScreen))
        await until(pilot, lambda: store.outbox.games() != [])
        await pilot.pause(0.2)  # the writer has tried the database: told, or not
        said = [notice.message for notice in app._notifications if notice.title == "Your files"]
        await pilot.press("ctrl+q")
    assert said == [
        f"{store.games.path} was written by a newer version of wordle-tui, which this one cannot read: your games "
        "there are left as they are, and none can be shown or added here."
    ]
    assert app.farewell == [
        f"The game you finished is kept in {store.outbox.folder}, to be recorded by the next wordle-tui that can "
        f"write {store.games.path}."
    ]


# The app as `wordle-tui play` runs it, headless, on a data folder that cannot be written: what it told (its
# notifications about the user's files) and what it says once it has left the terminal.
ON_A_READ_ONLY_FOLDER = """
import asyncio, json, sys
from pathlib import Path
from wordle_tui.core.rules.words import load_preset
from wordle_tui.core.workers.pool import RankingPool
from wordle_tui.storage.store import Store
from wordle_tui.ui.app import PlayOptions, WordleApp
from wordle_tui.ui.dialogs.statistics import StatsScreen

async def main():
    store = Store(Path(sys.argv[1]), Path(sys.argv[2]))
    app = WordleApp(load_preset("nyt2022"), mode="play", store=store, pool=RankingPool(workers=1),
                    play=PlayOptions(answer="crane"))
    app.animation_level = "none"
    async with app.run_test(size=(80, 24)) as pilot:
        for word in ("slate", "crane"):
            await pilot.press(*word, "enter")
        for _ in range(500):
            if isinstance(app.screen, StatsScreen):
                break
            await pilot.pause(0.01)
        await pilot.pause(0.5)  # the writer has tried the database
        said = [notice.message for notice in app._notifications if notice.title == "Your files"]
        await pilot.press("ctrl+q")
    print(json.dumps({"said": said, "farewell": app.farewell}))

asyncio.run(main())
"""


def test_a_read_only_data_folder_is_said_once_and_a_game_won_there_said_lost_at_exit(store, tmp_path):
    store.records()  # the database made, as a first start makes it
    folder = store.data_dir
    read_only = f"mount --bind {folder} {folder}; mount -o remount,ro,bind {folder}"
    script = shlex.join([sys.executable, "-c", ON_A_READ_ONLY_FOLDER, str(store.config_dir), str(folder)])
    done = in_a_namespace_of_its_own(f"{read_only}; exec {script}")
    assert done.returncode == 0, done.stderr
    shown = json.loads(done.stdout)
    assert shown["said"] == [
        f"{store.games.path} cannot be written (its folder or disk is read-only): your games are shown, but none "
        "can be added."
    ]
    assert shown["farewell"] == [
        f"The game you finished could not be kept: {folder} cannot be written (its folder or disk is read-only)."
    ]


async def test_an_nyt_puzzle_is_titled_shared_and_recorded_with_its_number(make_app, store):
    # GUANO is no answer of the 2022 list, but any accepted word can be the NYT's answer.
    app = make_app(play=PlayOptions(answer="guano", nyt=1983, hard_mode=Difficulty.HARD))
    async with app.run_test(size=SIZE) as pilot:
        assert "Wordle 1,983" in str(app.screen.query_one("#title").content)
        await guess(pilot, "salet")
        await guess(pilot, "guano")
        await until(pilot, lambda: isinstance(app.screen, StatsScreen))
        await pilot.press("c")
        assert app.clipboard.startswith("Wordle 1,983 2/6*\n\n")
        assert store.records()[0].nyt == 1983 and store.records()[0].answer == "guano"


async def test_a_challenge_is_titled_with_its_code_which_its_share_carries_and_a_restart_keeps(make_app, store, lists):
    code = challenge_code(lists, "guano")
    first = make_app(play=PlayOptions(answer=challenge_word(code, lists), code=code))
    async with first.run_test(size=SIZE) as pilot:
        assert f"challenge {code}" in str(first.screen.query_one("#title").content)
        await guess(pilot, "salet")
    again = make_app()  # the window closed mid-game: the next start carries on the challenge
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert again.screen.game.answer == "guano" and f"challenge {code}" in str(
            again.screen.query_one("#title").content
        )
        await guess(pilot, "guano")
        await until(pilot, lambda: isinstance(again.screen, StatsScreen))
        await pilot.press("c")
        assert again.clipboard.startswith(f"Wordle {code} 2/6\n\n")


async def test_a_challenge_of_the_word_in_progress_carries_on_that_game_as_the_challenge(make_app, store, lists):
    first = make_app(play=PlayOptions(answer="guano"))
    async with first.run_test(size=SIZE) as pilot:
        await guess(pilot, "salet")
    code = challenge_code(lists, "guano")
    again = make_app(play=PlayOptions(answer="guano", code=code))
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert again.screen.game.guesses == ["salet"] and f"challenge {code}" in str(
            again.screen.query_one("#title").content
        )
    assert store.in_progress(WORDLE, "nyt2022").code == code


async def test_a_loss_reveals_the_answer(make_app, store):
    app = make_app(play=PlayOptions(answer="crane"))
    async with app.run_test(size=SIZE) as pilot:
        for word in ("slate", "pious", "dumpy", "fight", "bowls", "jumpy"):
            await guess(pilot, word)
        await until(pilot, lambda: isinstance(app.screen, StatsScreen))
        assert "The answer was CRANE" in str(app.screen.query_one(".verdict").content)
        await pilot.press("c")
        assert app.clipboard.startswith("Wordle X/6\n")
        assert store.stats(hard_mode=Difficulty.NORMAL).played == 1
        assert store.stats(hard_mode=Difficulty.NORMAL).wins == 0


async def test_new_game_from_the_statistics(make_app, store):
    app = make_app(play=PlayOptions(answer="crane"), seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await guess(pilot, "crane")
        await until(pilot, lambda: isinstance(app.screen, StatsScreen))
        await pilot.press("n")
        await pilot.pause()
        assert not isinstance(app.screen, StatsScreen)
        assert app.screen.game.history == []
        assert tile_colours(board(app), 0) == "....."
        assert store.stats(hard_mode=Difficulty.NORMAL).played == 1


async def test_a_game_in_progress_survives_quitting(lists, store):
    first = WordleApp(lists, pool=RankingPool(workers=1), store=store, play=PlayOptions(answer="crane"))
    async with first.run_test(size=SIZE) as pilot:
        await guess(pilot, "slate")
        await pilot.press("ctrl+q")
    again = WordleApp(lists, pool=RankingPool(workers=1), store=store)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert tile_text(board(again), 0) == "SLATE"
        assert tile_colours(board(again), 0) == "bbgbg"
        await guess(pilot, "crane")
        await until(pilot, lambda: isinstance(again.screen, StatsScreen))
        assert store.stats(hard_mode=Difficulty.NORMAL).distribution[1] == 1


async def test_hints_show_the_ranking_and_are_recorded(make_app, store):
    app = make_app(play=PlayOptions(answer="crane"))
    async with app.run_test(size=SIZE) as pilot:
        await guess(pilot, "slate")
        await pilot.press("ctrl+t")
        panel = app.screen.query_one("#ranking", RankingPanel)
        await until(pilot, lambda: panel.table.row_count > 0 and not panel.busy)
        assert panel.display
        state = State(app.model, tuple(app.screen.game.history))
        assert str(panel.query_one("#remaining").content) == state.remaining().summary()
        await guess(pilot, "crane")
        await until(pilot, lambda: isinstance(app.screen, StatsScreen))
        assert store.records()[0].hints


async def test_a_small_terminal_is_told_how_big_it_must_be(make_app):
    app = make_app()
    async with app.run_test(size=(40, 16)) as pilot:
        await pilot.pause()
        text = str(app.screen.query_one("#too-small").content)
        assert "40x16" in text and "44x18" in text


async def test_the_daily_game_is_the_day_s_answer(make_app, lists):
    app = make_app(play=PlayOptions(daily=True, hard_mode=Difficulty.HARD))
    async with app.run_test(size=SIZE):
        assert app.screen.game.answer == daily_answer(lists)
        assert app.screen.game.hard_mode
        assert "daily · hard mode" in str(app.screen.query_one("#title").content)


async def test_a_saved_game_that_does_not_fit_the_lists_starts_afresh(make_app, store):
    store.keep(InProgress("old", WORDLE, answers=("crane",), guesses=("zzzzz",)))
    app = make_app()
    async with app.run_test(size=SIZE):
        assert app.screen.game.history == []
        assert app.screen.game_id != "old"


async def test_a_new_game_asks_first_and_a_game_given_up_counts_as_lost(make_app, store):
    app = make_app(play=PlayOptions(answer="crane"))
    async with app.run_test(size=SIZE) as pilot:
        await guess(pilot, "slate")
        await pilot.press("ctrl+n")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")  # keep playing
        assert app.screen.game.answer == "crane" and len(app.screen.game.history) == 1
        await pilot.press("ctrl+n", "y")
        await pilot.pause()
        assert app.screen.game.history == []
        ((_, state),) = store.games.in_progress(Kind.PLAYED)  # the new game, and nothing of the one given up
        assert state["guesses"] == [] and state["id"] == app.screen.game_id
    (lost,) = store.records()
    assert (lost.answer, lost.guesses, lost.won) == ("crane", ("slate",), False)
    assert store.stats(hard_mode=Difficulty.NORMAL).played == 1 and store.stats(hard_mode=Difficulty.NORMAL).wins == 0


async def test_a_game_asked_for_on_the_command_line_asks_before_the_saved_one_is_given_up(lists, store):
    first = WordleApp(lists, pool=RankingPool(workers=1), store=store, play=PlayOptions(answer="crane"))
    async with first.run_test(size=SIZE) as pilot:
        await guess(pilot, "slate")
    keep = WordleApp(lists, pool=RankingPool(workers=1), store=store, play=PlayOptions(answer="prove"))
    async with keep.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(keep.screen, ConfirmScreen)
        await pilot.press("n")
        assert keep.screen.game.answer == "crane" and "Carrying on" in keep.screen.message
    hard = WordleApp(lists, pool=RankingPool(workers=1), store=store, play=PlayOptions(hard_mode=Difficulty.HARD))
    async with hard.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("y")  # hard mode asked for: the saved game (normal mode) is given up
        await pilot.pause()
        assert hard.screen.game.hard_mode and hard.screen.game.history == []
    assert [(record.answer, record.won) for record in store.records()] == [("crane", False)]
    same = WordleApp(lists, pool=RankingPool(workers=1), store=store, play=PlayOptions(hard_mode=Difficulty.HARD))
    async with same.run_test(size=SIZE) as pilot:
        await guess(pilot, "slate")
    resumed = WordleApp(lists, pool=RankingPool(workers=1), store=store, play=PlayOptions(hard_mode=Difficulty.HARD))
    async with resumed.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert not isinstance(resumed.screen, ConfirmScreen)  # what was asked for is the game in progress
        assert tile_text(board(resumed), 0) == "SLATE"


WON = "Wordle 2/6\n\n⬛⬛🟩⬛🟩\n🟩🟩🟩🟩🟩"  # SLATE then CRANE against CRANE


async def won_and_copied(app, pilot, told: list[str]) -> None:
    await guess(pilot, "slate")
    await guess(pilot, "crane")
    await until(pilot, lambda: isinstance(app.screen, StatsScreen))
    assert str(app.screen.query_one("#share-text").content) == WON  # shown as text to select, whatever copying does
    await pilot.press("c")
    await until(pilot, lambda: bool(told))


async def test_copying_uses_the_machines_clipboard_tool_and_says_which(make_app, monkeypatch, tmp_path):
    tools, copied = tmp_path / "bin", tmp_path / "copied.txt"
    tools.mkdir()
    (tools / "xclip").write_text(f"#!/bin/sh\ncat > '{copied}'\n")
    (tools / "xclip").chmod(0o755)
    monkeypatch.setenv("PATH", f"{tools}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setenv("DISPLAY", ":0")
    app = make_app(play=PlayOptions(answer="crane"))
    told: list[str] = []
    monkeypatch.setattr(app, "notify", lambda message, **options: told.append(message))
    async with app.run_test(size=SIZE) as pilot:
        await won_and_copied(app, pilot, told)
    assert copied.read_text() == WON
    assert told == ["Copied the result to the clipboard with xclip."] and app.clipboard == ""


async def test_without_a_clipboard_tool_copying_asks_the_terminal_and_never_claims_success(make_app, monkeypatch):
    app = make_app(play=PlayOptions(answer="crane"))
    told: list[str] = []
    monkeypatch.setattr(app, "notify", lambda message, **options: told.append(message))
    async with app.run_test(size=SIZE) as pilot:
        await won_and_copied(app, pilot, told)
    assert app.clipboard == WON  # sent to the terminal (OSC 52)
    assert told[0].startswith("Asked the terminal to copy the result (OSC 52)") and "select the text" in told[0]


async def test_in_a_browser_copying_goes_to_the_browsers_clipboard_and_says_so(make_app, monkeypatch, tmp_path):
    """Served, the machine's tools (tmux here) are the server's, not the player's: the browser copies."""
    tools = tmp_path / "bin"
    tools.mkdir()
    (tools / "tmux").write_text("#!/bin/sh\nexit 0\n")
    (tools / "tmux").chmod(0o755)
    monkeypatch.setenv("PATH", f"{tools}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setenv("TMUX", "/tmp/tmux-0/default,1,0")
    monkeypatch.setattr(WordleApp, "is_web", property(lambda self: True))
    app = make_app(play=PlayOptions(answer="crane"))
    told: list[str] = []
    monkeypatch.setattr(app, "notify", lambda message, **options: told.append(message))
    async with app.run_test(size=SIZE) as pilot:
        await won_and_copied(app, pilot, told)
    assert app.clipboard == WON and told == ["Copied the result to the clipboard."]


async def test_the_statistics_of_a_game_in_progress_offer_no_result_to_copy(make_app):
    from textual.widgets._footer import FooterKey

    app = make_app(play=PlayOptions(answer="crane"))
    async with app.run_test(size=SIZE) as pilot:
        await guess(pilot, "slate")
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, StatsScreen))
        await pilot.pause()
        assert "c" not in {key.key for key in app.screen.query(FooterKey)}
        assert {"escape", "m", "n"} <= {key.key for key in app.screen.query(FooterKey)}


class HeldOpening(Ranker):
    """Rankings as usual, but the opening's waits until the test lets it go: what the panel shows meanwhile."""

    release = threading.Event()

    def stream(self, state, strategy, **options):
        if not state.history:
            self.release.wait(30)
        yield from super().stream(state, strategy, **options)


async def test_a_new_game_clears_the_last_games_ranking_at_once(make_app, store):
    store.change_settings(show_hints=True)
    HeldOpening.release.set()
    app = make_app(play=PlayOptions(answer="crane"), ranker=HeldOpening)
    async with app.run_test(size=SIZE) as pilot:
        panel = app.screen.panel
        await guess(pilot, "slate")
        await until(pilot, lambda: not panel.busy and panel.table.row_count > 0)
        HeldOpening.release.clear()  # the new game's ranking will not come yet
        await pilot.press("ctrl+n", "y")
        await pilot.pause()
        assert app.screen.game.history == [] and panel.busy
        assert not panel.table.display or panel.table.row_count == 0  # nothing of the game left behind
        HeldOpening.release.set()
        await until(pilot, lambda: not panel.busy and panel.table.row_count > 0)


async def test_a_game_played_with_hints_says_so_in_its_result(make_app, store):
    app = make_app(play=PlayOptions(answer="crane"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+t")
        await until(pilot, lambda: "hints" in str(app.screen.query_one("#title").content))  # the ranking shown
        await guess(pilot, "slate")
        await guess(pilot, "crane")
        await until(pilot, lambda: isinstance(app.screen, StatsScreen))
        assert str(app.screen.query_one(".verdict").content) == "Magnificent · played with hints"
    assert store.records()[0].hints


async def test_the_board_plays_in_a_small_terminal_with_the_ranking_folded_away(make_app, store):
    store.change_settings(show_hints=True)
    app = make_app(play=PlayOptions(answer="crane"))
    async with app.run_test(size=(50, 20)) as pilot:
        assert not isinstance(app.screen, TooSmallScreen)
        await guess(pilot, "slate")
        assert tile_colours(board(app), 0) == "bbgbg"
        keyboard = app.screen.query_one("#keyboard")
        assert board(app).region.right <= 50 and max(key.region.right for key in keyboard.query(Key)) <= 50
        assert not app.screen.panel.display  # no room beside the board: folded, and the message line says so
        await pilot.pause(2)  # the refusal-length messages are gone
        assert str(app.screen.query_one("#message").content) == FOLDED


async def test_hints_asked_for_in_a_window_with_no_room_for_them_do_not_count_until_they_are_seen(make_app, store):
    app = make_app(play=PlayOptions(answer="crane"))
    async with app.run_test(size=(50, 20)) as pilot:
        await guess(pilot, "slate")
        await pilot.press("ctrl+t")
        panel = app.screen.panel
        await until(pilot, lambda: panel.table.row_count > 0 and not panel.busy)  # ranked, but folded away
        await pilot.pause(2)  # the refusal-length messages are gone
        assert str(app.screen.query_one("#message").content) == FOLDED
        assert not app.screen.hints_used and "hints" not in str(app.screen.query_one("#title").content)
        assert not store.in_progress(WORDLE, "nyt2022").hints
        await pilot.resize_terminal(90, 24)  # now there is room beside the board: the ranking is seen
        await until(pilot, lambda: app.screen.hints_used)
        assert store.in_progress(WORDLE, "nyt2022").hints and "hints" in str(app.screen.query_one("#title").content)


async def test_a_cache_found_damaged_while_the_app_runs_is_said_once_from_any_thread(make_app):
    from wordle_tui.core.files import tell_cache_news

    app = make_app(play=PlayOptions(answer="crane"))
    sentence = "The pattern table cached in /cache/patterns.npy was damaged (its checksum differs): it is built again."
    async with app.run_test(size=SIZE) as pilot:
        finder = threading.Thread(target=tell_cache_news, args=(sentence,))  # as a search's thread finds it
        finder.start()
        finder.join()
        await until(pilot, lambda: [n.message for n in app._notifications] == [sentence])
    tell_cache_news("said after the app has gone")  # to no one: the app listens only while it runs
    assert [n.message for n in app._notifications] == [sentence]
