"""Coaching the NYT puzzle: entering rows and colours, the live ranking, impossible feedback."""

from __future__ import annotations

import datetime as dt
import threading

from textual.widgets import Select

from wordle_tui.core.position.model import State
from wordle_tui.core.rules.daily import day_number
from wordle_tui.core.rules.feedback import from_digits, score
from wordle_tui.core.rules.game import Difficulty, ultra_hard_violation
from wordle_tui.core.strategies import strategy_named
from wordle_tui.core.strategies.ranking import Progress, Ranker
from wordle_tui.ui.app import CoachOptions
from wordle_tui.ui.dialogs.analysis import AnalysisScreen

from ..conftest import SIZE, tile_colours, tile_text, until


def panel_of(app):
    return app.screen.query_one("#ranking")


def remaining_text(app) -> str:
    return str(panel_of(app).query_one("#remaining").content)


async def ranked(pilot, app) -> None:
    panel = panel_of(app)
    await until(pilot, lambda: not panel.busy and panel.table.row_count > 0)


async def test_coach_a_full_nyt_game(make_app):
    app = make_app("coach")
    async with app.run_test(size=SIZE) as pilot:
        await ranked(pilot, app)
        assert remaining_text(app) == "2,309 likely · 10,587 unlikely"  # every accepted word but the 57 offensive ones
        opening = strategy_named("entropy").rank(State(app.model), top=1)[0].word
        assert panel_of(app).table.get_row_at(0)[0].plain.split()[0] == opening.upper()
        # The NYT showed SLATE against CRANE as grey grey green grey green.
        await pilot.press(*"slate", "0", "0", "2", "0", "2", "enter")
        await ranked(pilot, app)
        assert tile_colours(app.screen.board, 0) == "bbgbg"
        expected = State(app.model, (("slate", score("slate", "crane")),))
        assert remaining_text(app) == expected.remaining().summary()
        best = strategy_named("entropy").rank(expected, top=1)[0].word
        assert panel_of(app).table.get_row_at(0)[0].plain.split()[0] == best.upper()
        # Space cycles the selected tile; the word's first tile is selected once it is complete.
        await pilot.press(*"crane", "space", "space", "right", "2", "2", "2", "2", "enter")
        await pilot.pause()
        assert isinstance(app.screen, AnalysisScreen)  # a row all green ends the game: its analysis shows
        await pilot.press("escape")
        assert tile_colours(app.screen.board, 1) == "ggggg"
        assert "Solved in 2" in remaining_text(app)


async def test_colours_can_be_set_letter_by_letter_while_typing(make_app):
    app = make_app("coach")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"s0l0a2t1e2", "enter")
        await pilot.pause()
        assert tile_colours(app.screen.board, 0) == "bbgyg"


async def test_clicking_a_tile_cycles_its_colour_and_undo_takes_the_row_back(make_app):
    app = make_app("coach")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"slate", "enter")
        await pilot.pause()
        board = app.screen.board
        assert tile_colours(board, 0) == "bbbbb"
        await pilot.click(board.tile(0, 2))
        await pilot.click(board.tile(0, 2))
        await pilot.pause()
        assert tile_colours(board, 0) == "bbgbb"
        assert app.screen.rows[0][1] == from_digits([0, 0, 2, 0, 0])
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.screen.rows == []
        assert tile_text(board, 0) == "SLATE"
        await pilot.press("enter")
        await pilot.pause()
        assert tile_colours(board, 0) == "bbgbb"


async def test_feedback_no_answer_fits_is_said_and_the_row_marked(make_app):
    app = make_app("coach")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"slate", "0", "0", "2", "0", "2", "enter")
        await pilot.press(*"crane", "2", "2", "2", "2", "1", "enter")
        await pilot.pause()
        assert "No accepted word fits this feedback" in remaining_text(app)
        assert "row 2" in remaining_text(app)
        rows = list(app.screen.board.query(".board-row"))
        assert rows[1].has_class("-impossible") and not rows[0].has_class("-impossible")
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert not rows[1].has_class("-impossible")


async def test_an_answer_off_the_list_is_named_never_called_impossible(make_app):
    # GUANO was never on the 2,309-word list, but the NYT's editor picked it: SALET then ROUND leave it.
    app = make_app("coach")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"salet", *"01000", "enter", *"round", *"01120", "enter")
        await pilot.pause()
        remaining = State(app.model, tuple(app.screen.rows)).remaining()
        assert remaining.likely == [] and remaining.unlikely == ["guano"]
        # The one answer left is named, and there is nothing to rank: no filler of guesses that learn nothing.
        assert remaining_text(app) == "Only GUANO is left: play it." and not panel_of(app).table.display
        assert "GUANO" in str(panel_of(app).query_one("#candidates").content)
        coach = app.screen
        await pilot.press(*"guano", *"22222", "enter")  # solved: its analysis shows over it
        await pilot.pause()
        assert str(coach.query_one("#ranking #remaining").content).startswith("Solved in 3.")


async def test_the_title_names_the_puzzle_being_mirrored(make_app):
    app = make_app("coach")
    async with app.run_test(size=SIZE):
        assert f"Wordle {day_number(dt.date.today()):,}" in str(app.screen.query_one("#title").content)
    app = make_app("coach", coach=CoachOptions(515))
    async with app.run_test(size=SIZE):
        assert "Wordle 515" in str(app.screen.query_one("#title").content)


async def test_the_coach_refuses_words_the_nyt_would_refuse(make_app):
    app = make_app("coach")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"qqqqq", "enter")
        assert app.screen.message == "Not in word list"
        assert app.screen.rows == []


class BlockingRanker(Ranker):
    """Shows a partial ranking of the opening, then waits for the test before finishing it."""

    started = threading.Event()
    release = threading.Event()

    def stream(self, state, strategy, top=20, partial=True, risks=False):
        ranking = strategy.rank(state, top=top)
        if not state.history:
            yield Progress(1, 2, ranking[:3], final=False)
            self.started.set()
            self.release.wait(timeout=30)
        yield Progress(2, 2, ranking, final=True)

    def close(self):
        self.release.set()
        super().close()


async def test_typing_stays_responsive_while_a_ranking_runs(make_app):
    BlockingRanker.started.clear()
    BlockingRanker.release.clear()
    app = make_app("coach", ranker=BlockingRanker)
    async with app.run_test(size=SIZE) as pilot:
        panel = panel_of(app)
        await until(pilot, lambda: BlockingRanker.started.is_set() and panel.table.row_count == 3)
        progress = panel.query_one("#ranking-progress")
        assert panel.busy and progress.display and progress.percentage == 0.5
        await pilot.press("c")
        await until(pilot, lambda: tile_text(app.screen.board, 0) == "C")
        assert not BlockingRanker.release.is_set()
        assert panel.busy
        BlockingRanker.release.set()
        await ranked(pilot, app)
        assert not progress.display
        assert panel.table.row_count == 20


async def test_hard_mode_and_strategy_change_the_ranking(make_app):
    app = make_app("coach")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"slate", "0", "0", "2", "0", "2", "enter")
        await ranked(pilot, app)
        app.screen.query_one("#hard", Select).value = Difficulty.HARD
        await pilot.pause()
        await ranked(pilot, app)
        words = [panel_of(app).table.get_row_at(n)[0].plain for n in range(panel_of(app).table.row_count)]
        assert all(word[2] == "A" and word[4] == "E" for word in words)
        app.screen.query_one("#strategy", Select).value = "minimax"
        await pilot.pause()
        await ranked(pilot, app)
        table = panel_of(app).table
        worst = [int(table.get_row_at(n)[2].plain) for n in range(table.row_count)]
        assert worst == sorted(worst)
        await pilot.press(*"crimp", "enter")
        assert app.screen.message == "Hard mode: 3rd letter must be A. Ctrl+D changes the mode"


async def test_ultra_hard_mode_refuses_a_grey_letter_and_ranks_only_what_fits(make_app):
    app = make_app("coach")
    async with app.run_test(size=SIZE) as pilot:
        app.screen.query_one("#hard", Select).value = Difficulty.ULTRA
        await pilot.press(*"slate", "0", "0", "2", "0", "2", "enter")
        await ranked(pilot, app)
        words = [cell.split(" ")[0].lower() for cell in guess_cells(app)]
        history = (("slate", from_digits([0, 0, 2, 0, 2])),)
        assert words and all(ultra_hard_violation(word, history) is None for word in words)
        await pilot.press(*"chase", "enter")  # hard mode would take it
        assert app.screen.message == "Ultra hard mode: Guess can't contain S. Ctrl+D changes the mode"
        assert len(app.screen.rows) == 1
        await pilot.press("ctrl+a")
        await until(pilot, lambda: isinstance(app.screen, AnalysisScreen))
        assert "ultra hard mode" in str(app.screen.query_one(".dialog-title").content)


async def hard_ranking(pilot, app, strategy: str) -> list[str]:
    """The guesses (with their marks) the coach ranks in hard mode with `strategy`."""
    app.screen.query_one("#hard", Select).value = Difficulty.HARD
    app.screen.query_one("#strategy", Select).value = strategy
    await pilot.pause()
    await ranked(pilot, app)
    return guess_cells(app)


def guess_cells(app) -> list[str]:
    table = panel_of(app).table
    return [table.get_row_at(n)[0].plain for n in range(table.row_count)]


async def test_the_optimal_ranking_marks_which_guesses_keep_six_guaranteed(make_app):
    app = make_app("coach")
    async with app.run_test(size=SIZE) as pilot:
        words = await hard_ranking(pilot, app, "optimal")
        # The proof of the 100 best hard-mode openers ships: the ranking opens with them, in its order,
        # each keeping every answer within six guesses (SLATE, one at risk, ranks far below).
        assert words[:5] == ["SALET ≤6", "LEAST ≤6", "REAST ≤6", "CRATE ≤6", "TRAPE ≤6"]
        assert len(words) == 20 and all(word.endswith(" ≤6") for word in words)


async def test_every_strategy_marks_which_guesses_keep_six_guaranteed(make_app):
    app = make_app("coach")
    async with app.run_test(size=SIZE) as pilot:
        marks = dict(cell.split(" ", 1) for cell in await hard_ranking(pilot, app, "entropy") if " " in cell)
        # The shipped table of hard-mode openers: SOARE and RAISE leave one answer at risk, SALET none.
        assert (marks["SOARE"], marks["RAISE"], marks["SALET"]) == ("⚠1", "⚠1", "≤6")
        await pilot.press(*"trace", *"00000", "enter")
        await ranked(pilot, app)
        after = [cell.split(" ", 1)[1:] for cell in guess_cells(app)]
        assert all(mark and mark[0] in ("≤6", "⚠1", "⚠2") for mark in after)  # every row judged, exactly
        # Marks of their own, said under the table: never the tiles' ● ○ ·, nor the ✓ of a board solved.
        legend = str(panel_of(app).query_one("#ranking-legend").content)
        assert legend == "◆ likely answer · ◇ possible answer · ≤6 sure within six · ⚠N N at risk"
        answers = {str(row[-1]) for row in map(panel_of(app).table.get_row_at, range(panel_of(app).table.row_count))}
        assert answers <= {"◆", "◇", ""} and not {"●", "○", "✓"} & {c for cell in after for c in "".join(cell)}


async def test_the_coach_has_its_own_hard_mode_off_whatever_plays_is(make_app, store):
    store.change_settings(
        hard_mode=Difficulty.HARD
    )  # play's: the NYT game being mirrored is in normal mode unless told
    app = make_app("coach")
    async with app.run_test(size=SIZE) as pilot:
        assert not app.screen.hard_mode
        await pilot.press(*"slate", *"00202", "enter", *"crimp", "enter")  # drops the green A: fine in normal mode
        await pilot.pause()
        assert [guess for guess, _ in app.screen.rows] == ["slate", "crimp"]
        await pilot.press("ctrl+d")
        await pilot.pause()
    assert store.settings().coach_hard_mode and store.settings().hard_mode


async def test_the_optimal_strategy_says_it_searches_an_opener_nothing_ships_for_and_typing_goes_on(
    lists, store, tmp_path
):
    from small_lists import lists_of

    from wordle_tui.core.workers.pool import RankingPool
    from wordle_tui.ui.app import WordleApp

    store.change_settings(strategy="optimal")
    own = lists_of(tmp_path, list(lists.answers[:500]), list(lists.guesses))  # 500 answers: no opener ships
    app = WordleApp(own, mode="coach", store=store, pool=RankingPool(workers=2))  # a search stopped by quitting
    async with app.run_test(size=SIZE) as pilot:
        note = panel_of(app).query_one("#long-search")
        await until(pilot, lambda: note.display)
        assert "Searching for the optimal opener of these lists (500 answers)" in str(note.content)
        await pilot.press(*"sla")  # the app answers while the search runs
        assert tile_text(app.screen.board, 0) == "SLA" and panel_of(app).busy


def test_the_optimal_strategy_searches_nothing_long_where_the_opener_ships(lists):
    from wordle_tui.core.position.model import weighted_model

    optimal = strategy_named("optimal")
    assert optimal.long_search(State(weighted_model(lists))) is None
    assert strategy_named("entropy").long_search(State(weighted_model(lists))) is None


async def test_a_ranking_shown_at_once_is_drawn_in_columns_wide_enough_for_its_marks(make_app):
    # A ranking's last step adds the risk marks; the frame drawn right after it, before the table
    # is idle, must not cut them off in the columns of the ranking before.
    app = make_app("coach")
    async with app.run_test(size=SIZE) as pilot:
        await ranked(pilot, app)
        panel = panel_of(app)
        rows = [row._replace(at_risk=None) for row in strategy_named("entropy").rank(State(app.model), top=3)]
        panel.show_ranking(rows)
        marked = [row._replace(at_risk=0) for row in rows]
        panel.show_ranking(marked)
        drawn = panel.table.render_line(1).text  # the first row, before the table has been idle
        assert f"{rows[0].word.upper()} ≤6" in drawn
