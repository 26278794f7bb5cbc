"""Watching the bot: it plays the game the solver would, and keeps a running score."""

from __future__ import annotations

import time

import pytest

from wordle_tui.compat import executor_workers
from wordle_tui.core.position.model import State
from wordle_tui.core.rules.game import Difficulty
from wordle_tui.core.rules.variant import ABSURDLE, WORDLE, Variant
from wordle_tui.core.strategies import strategy_named
from wordle_tui.core.strategies.ranking import Ranker
from wordle_tui.core.strategies.selfplay import solve
from wordle_tui.core.workers.pool import RankingPool
from wordle_tui.ui.app import WatchOptions

from ..conftest import SIZE, first_rank_waits, tile_colours, tile_text, until

FASTEST = ("plus",) * 6


async def test_watch_a_game_to_the_end(make_app):
    app = make_app("watch", watch=WatchOptions(answer="crane", strategy="entropy"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*FASTEST)
        screen = app.screen
        await until(pilot, lambda: screen.over)
        await pilot.pause()
        played = solve("crane", strategy_named("entropy"), app.model).history
        for row, (guess, _) in enumerate(played):
            assert tile_text(screen.board, row) == guess.upper()
        assert tile_colours(screen.board, len(played) - 1) == "ggggg"
        assert screen.message == f"Solved in {len(played)}."
        assert screen.panel.table.get_row_at(0)[0].plain == played[-1][0].upper()
        # The ranking shown is the one the last guess was chosen from, and the panel says for which position:
        # with one answer left there, the answer alone, no filler.
        before = State(app.model, tuple(played[:-1])).remaining()
        told = str(screen.panel.query_one("#remaining").content)
        assert told == f"Ranked for guess {len(played)}: {before.summary()}"
        if before.count == 1:
            assert screen.panel.table.row_count == 1


async def test_the_bot_keeps_ultra_hard_rules(make_app):
    # In hard mode the bot plays SOARE CLINT PIZED VIVID: PIZED reuses the grey E, which ultra hard mode refuses.
    app = make_app("watch", watch=WatchOptions(answer="vivid", strategy="entropy", hard_mode=Difficulty.ULTRA))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*FASTEST)
        screen = app.screen
        await until(pilot, lambda: screen.over)
        await pilot.pause()
        assert [tile_text(screen.board, row) for row in range(4)] == ["SOARE", "CLINT", "DIPPY", "VIVID"]
        assert "ultra hard mode" in str(screen.query_one("#title").content)


async def test_pause_and_step_one_guess_at_a_time(make_app):
    app = make_app("watch", watch=WatchOptions(answer="crane"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")
        screen = app.screen
        await until(pilot, lambda: not screen.thinking)
        played = len(screen.state.history)
        await pilot.press("s")
        await until(pilot, lambda: len(screen.state.history) == played + 1)
        await pilot.pause(0.05)
        assert len(screen.state.history) == played + 1
        assert "paused" in str(screen.query_one("#title").content)


async def test_continuous_play_keeps_the_running_average(make_app):
    app = make_app("watch", watch=WatchOptions(answer="crane"), seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*FASTEST, "c")
        screen = app.screen
        await until(pilot, lambda: len(screen.results) >= 3, steps=2000)
        await pilot.press("space")
        summary = str(screen.query_one("#summary").content)
        assert f"{len(screen.results)} games" in summary
        wins = [n for n in screen.results if n]
        assert f"average {sum(wins) / len(wins):.3f} guesses" in summary


async def test_a_new_game_while_the_bot_thinks_still_gets_played(make_app):
    waits = first_rank_waits()
    app = make_app("watch", ranker=waits, watch=WatchOptions(answer="crane"), seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, waits.started.is_set)
        screen = app.screen
        await pilot.press("n")
        assert screen.game_number == 2
        waits.go.set()
        await until(pilot, lambda: len(screen.state.history) == 1)
        assert screen.game_number == 2
        assert tile_text(screen.board, 0) == screen.state.history[0][0].upper()


@pytest.mark.parametrize("variant", [WORDLE, Variant(2), ABSURDLE], ids=lambda variant: variant.name)
async def test_the_bot_carries_on_after_the_help_or_the_settings(make_app, variant):
    app = make_app("watch", watch=WatchOptions(answer="crane" if variant == WORDLE else None, variant=variant))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert screen.running
        for key in ("question_mark", "f4"):
            await pilot.press(key)
            assert not screen.running  # it waits while another screen is in front
            await pilot.press("escape")
            assert screen.running
        await pilot.press("space", "question_mark", "escape")
        assert not screen.running  # paused by the player, it stays paused


class FailingRanker(Ranker):
    """A Ranker whose every choice fails, as a broken worker would make it."""

    def rank(self, *args, **kwargs):
        raise RuntimeError("the worker died")

    boards = absurdle_line = absurdle_move = rank


@pytest.mark.parametrize("variant", [WORDLE, Variant(2), ABSURDLE], ids=lambda variant: variant.name)
async def test_a_choice_that_fails_stops_the_bot_and_says_why(make_app, variant):
    app = make_app("watch", ranker=FailingRanker, watch=WatchOptions(variant=variant))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        await until(pilot, lambda: not screen.running)
        assert screen.message == "The bot could not choose a guess: the worker died"
        await pilot.press("s")  # asked again, it says so again rather than waiting for ever
        await until(pilot, lambda: not screen.thinking)
        assert screen.message == "The bot could not choose a guess: the worker died"


async def test_quitting_a_busy_watch_leaves_no_worker_behind(make_app):
    pool = RankingPool(workers=2)
    app = make_app("watch", pool=pool, watch=WatchOptions(strategy="entropy"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*FASTEST, "c")
        await until(pilot, lambda: bool(pool.executors()) and len(app.screen.state.history) >= 1)
        processes = [process for executor in pool.executors() for process in executor_workers(executor).values()]
        await pilot.press("ctrl+q")
    for _ in range(100):  # the end of a terminated worker is reported within a fraction of a second
        if not any(process.is_alive() for process in processes):
            break
        time.sleep(0.02)
    assert processes and not any(process.is_alive() for process in processes)
