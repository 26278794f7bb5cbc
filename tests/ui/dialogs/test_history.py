"""The coach remembers its rows, records the games it mirrored, and the history lists every game."""

from __future__ import annotations

import datetime as dt

from rich.console import Console
from textual.widgets import Static

from wordle_tui.core.rules.daily import day_number
from wordle_tui.core.rules.game import Difficulty
from wordle_tui.storage.kinds import Kind
from wordle_tui.storage.records import GameRecord
from wordle_tui.ui.app import CoachOptions, PlayOptions
from wordle_tui.ui.dialogs.analysis import AnalysisScreen
from wordle_tui.ui.dialogs.history import HistoryScreen
from wordle_tui.ui.dialogs.statistics import StatsScreen
from wordle_tui.ui.dialogs.too_small import MIN_WIDTH
from wordle_tui.ui.widgets.analysis_panel import AnalysisPanel

from ..conftest import SIZE, tile_colours, tile_text, until

TODAY = dt.date.today().isoformat()


def plain(renderable) -> str:
    console = Console(width=120, color_system=None)
    with console.capture() as capture:
        console.print(renderable)
    return capture.get()


async def analysed(pilot) -> AnalysisPanel:
    panel = pilot.app.screen.query_one(AnalysisPanel)
    await until(pilot, lambda: not panel.busy)
    await pilot.pause()
    return panel


async def analysis_kept(pilot, store, games: int = 1) -> None:
    """Until the analysis of the last `games` games finished is kept with their records."""
    await until(pilot, lambda: all(record.skill is not None for record in store.records()[-games:]))


def table_lines(table) -> list[str]:
    """The lines of the history's table of games, as drawn."""
    return [table.render_line(y).text.rstrip() for y in range(table.size.height)]


async def history_shown(pilot) -> None:
    """Until the history is open, its figures counted and every game listed."""
    await until(pilot, lambda: isinstance(pilot.app.screen, HistoryScreen))
    table = pilot.app.screen.query_one("#history-games")
    await until(pilot, lambda: table.display and len(table.rows) == pilot.app.screen.games)
    await pilot.pause()


async def test_the_coach_keeps_its_rows_across_a_restart(make_app):
    app = make_app("coach")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"slate", *"00202", "enter", *"brine", *"02002", "enter")
        await pilot.press("ctrl+d")  # hard mode
        await pilot.pause()
        rows = list(app.screen.rows)
    again = make_app("coach")
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert again.screen.rows == rows and len(rows) == 2
        assert tile_text(again.screen.board, 1) == "BRINE" and tile_colours(again.screen.board, 1) == "bgbbg"
        assert again.screen.hard_mode
        await pilot.press("ctrl+r")
        await pilot.pause()
    fresh = make_app("coach")
    async with fresh.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert fresh.screen.rows == []  # started again: nothing to carry on


async def test_another_days_puzzle_starts_afresh(make_app):
    app = make_app("coach")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"slate", *"00202", "enter")
        await pilot.pause()
    tomorrow = make_app("coach", coach=CoachOptions(day_number(dt.date.today()) + 1))  # tomorrow's puzzle
    async with tomorrow.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert tomorrow.screen.rows == []


async def test_a_finished_coached_game_is_recorded_as_coached_with_its_analysis(make_app, store):
    app = make_app("coach")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"slate", *"00202", "enter", *"crane", *"22222", "enter")
        await until(pilot, lambda: isinstance(app.screen, AnalysisScreen))
        panel = await analysed(pilot)
        rows = panel.rows
        await analysis_kept(pilot, store)
    (record,) = store.records()
    assert (record.kind, record.answer, record.guesses, record.won) == (Kind.COACHED, "crane", ("slate", "crane"), True)
    assert record.nyt == day_number(dt.date.today()) and record.date.isoformat() == TODAY
    assert record.skill == round(sum(row.skill for row in rows) / 2, 1)
    assert record.luck == round(sum(row.luck for row in rows) / 2, 1)
    assert store.stats(hard_mode=Difficulty.NORMAL).played == 0  # apart from the games played here


async def test_the_history_lists_every_game_with_its_averages(make_app, store):
    app = make_app(play=PlayOptions(answer="crane"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"slate", "enter", *"crane", "enter")
        await until(pilot, lambda: isinstance(app.screen, StatsScreen))
        await analysed(pilot)
        await analysis_kept(pilot, store)
        await pilot.press("escape")
    coach = make_app("coach")
    async with coach.run_test(size=SIZE) as pilot:
        await pilot.press(*"salet", *"01000", "enter", *"round", *"01120", "enter")
        await pilot.press(*"guano", *"22222", "enter")
        await until(pilot, lambda: isinstance(coach.screen, AnalysisScreen))
        await analysed(pilot)
        await analysis_kept(pilot, store, 2)
        await pilot.press("escape", "f5")
        await history_shown(pilot)
        shown = " ".join(str(static.content) for static in coach.screen.query("Static"))
        games = "\n".join(table_lines(coach.screen.query_one("#history-games")))
    played, coached = store.records()
    assert (played.kind, coached.kind) == (Kind.PLAYED, Kind.COACHED)
    assert "HISTORY · 2 games" in shown and "last 14 days: 2 games · 2 won · 2.50 guesses" in shown
    assert f"skill {(played.skill + coached.skill) / 2:.0f}" in shown and "last 90 days: 2 games" in shown
    assert games.index("GUANO") < games.index("CRANE")  # newest first
    assert "coached" in games and "3/6" in games and "2/6" in games


async def test_the_history_s_averages_count_every_game_listed_and_say_which_they_average(make_app, store):
    # A Quordle and an Absurdle are listed like the rest: the count says so, the figures are of one board.
    from wordle_tui.storage.records import finished_now

    store.record(GameRecord("one", "crane", ("slate", "crane"), True, finished=finished_now()))
    store.record(
        GameRecord("q", "crane moist pound slate", ("adieu",) * 8, True, kind=Kind.BOARDS, finished=finished_now())
    )
    store.record(GameRecord("a", "crane", ("adieu",) * 5, True, kind=Kind.ABSURDLE, finished=finished_now()))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f5")
        await history_shown(pilot)
        fortnight = str(app.screen.query_one("#history-14-days", Static).content)
        listed = table_lines(app.screen.query_one("#history-games"))[1:]
    assert len(listed) == 3
    assert fortnight.startswith("last 14 days: 3 games · 1 of one board: 1 won · 2.00 guesses · skill ")


async def test_the_history_marks_the_games_played_with_hints(make_app, store):
    from wordle_tui.storage.records import GameRecord

    store.record(GameRecord("quiet", "crane", ("slate", "crane"), True, finished="2026-11-20T10:00:00+00:00"))
    store.record(
        GameRecord("helped", "prove", ("salet", "prove"), True, hints=True, finished="2026-11-21T10:00:00+00:00")
    )
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f5")
        await history_shown(pilot)
        rows = table_lines(app.screen.query_one("#history-games"))
    assert "hints" in rows[0]
    helped, quiet = rows[1], rows[2]
    assert "PROVE" in helped and "yes" in helped and "CRANE" in quiet and "yes" not in quiet


async def test_the_statistics_keep_one_streak_across_every_mode_and_show_each_alone(make_app, store):
    from wordle_tui.storage.records import GameRecord

    for n, hard in enumerate((Difficulty.NORMAL, Difficulty.HARD, Difficulty.NORMAL, Difficulty.ULTRA)):
        finished = f"2026-11-2{n}T10:00:00+00:00"
        store.record(GameRecord(f"g{n}", "crane", ("crane",), True, hard, lists="nyt2022", finished=finished))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, StatsScreen))
        shown = []
        for _ in range(5):
            heading = str(app.screen.query_one("#stats-heading").content)
            figures = plain(app.screen.query_one("#figures").content).split()
            shown.append((heading.split(" · ")[2].split(" [")[0], figures[:3]))  # played, win %, streak
            await pilot.press("m")
            await pilot.pause()
    assert shown == [
        ("every mode", ["4", "100", "4"]),
        ("normal mode only", ["2", "100", "2"]),
        ("hard mode only", ["1", "100", "1"]),
        ("ultra hard mode only", ["1", "100", "1"]),
        ("every mode", ["4", "100", "4"]),
    ]


async def test_the_statistics_give_no_average_before_a_game_is_won_and_count_the_nyts_games_in_words(store, tmp_path):
    import json

    from wordle_tui.core.rules.words import load_preset
    from wordle_tui.core.workers.pool import RankingPool
    from wordle_tui.ui.app import WordleApp

    kept = {"gamesPlayed": 1, "gamesWon": 0, "currentStreak": 0, "maxStreak": 0, "guesses": {"fail": 1}}
    (tmp_path / "nyt.json").write_text(json.dumps(kept))
    store.import_games(tmp_path / "nyt.json")  # the NYT's statistics count with the nyt lists
    app = WordleApp(load_preset("nyt"), store=store, pool=RankingPool(workers=1))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, StatsScreen))
        figures = plain(app.screen.query_one("#figures").content).split()
        imported = str(app.screen.query_one("#imported").content)
    assert figures[:5] == ["1", "0", "0", "0", "—"]
    assert imported == "with 1 game of the NYT's own statistics (imported)"


async def narrowest_lines(app, key: str, dialog: type, *names: str) -> list[list[str]]:
    """The lines of each widget named, on the dialog `key` opens, in the narrowest window the app draws."""
    async with app.run_test(size=(MIN_WIDTH, 30)) as pilot:
        await pilot.press(key)
        await until(pilot, lambda: isinstance(app.screen, dialog))
        if dialog is HistoryScreen:
            await history_shown(pilot)
        await pilot.pause()
        widgets = [app.screen.query_one(f"#{name}") for name in names]
        return [[widget.render_line(y).text.rstrip() for y in range(widget.size.height)] for widget in widgets]


async def test_in_the_narrowest_window_the_plots_narrow_and_the_figures_beside_them_stay_whole(
    make_app, store, monkeypatch
):
    from wordle_tui.ui.app import WordleApp

    today = dt.date(2026, 11, 23)
    monkeypatch.setattr(WordleApp, "today", lambda self: today)
    finished = today.isoformat()
    for n, guesses in enumerate((2, 5)):
        store.record(GameRecord(f"t{n}", "crane", ("slate",) * guesses, True, finished=finished, skill=90.0, luck=50.0))
    app = make_app(play=PlayOptions(answer="crane"))
    rows, games = await narrowest_lines(app, "f5", HistoryScreen, "history-trends", "history-games")
    # The games whole, wider than the window: it scrolls sideways.
    assert games[0].split() == ["date", "puzzle", "game", "result", "hints", "skill", "luck", "answer"]
    header, guesses, wins, skill, luck = rows
    assert header.split()[-3:] == ["today", "now", "range"]
    assert guesses.split()[-2:] == ["3.50", "3.50-3.50"] and skill.split()[-2:] == ["90", "90-90"]
    assert wins.split()[-2:] == ["100", "100-100"] and luck.split()[-2:] == ["50", "50-50"]


async def test_in_the_narrowest_window_the_statistics_close_up_and_wrap_their_labels_whole(make_app, store):
    store.record(GameRecord("g0", "crane", ("crane",), True, lists="nyt2022", finished="2026-11-20T10:00:00+00:00"))
    (rows,) = await narrowest_lines(make_app(), "ctrl+s", StatsScreen, "figures")
    assert [row.split() for row in rows] == [
        ["1", "100", "1", "1", "1.00"],
        ["Played", "Win", "%", "Current", "Max", "Average"],
        ["Streak"] * 2,
    ]


def test_a_plot_draws_each_run_of_days_by_its_last_value_between_the_scales_ends():
    from wordle_tui.ui.dialogs.history import plot

    assert plot([None, 1.0, None, 5.0, 3.0, 3.0], 1.0, 5.0, width=3).plain == "▁█▅"
    assert plot([2.0, None, None, None], 1.0, 5.0, width=2).plain == "▃ "  # no game in a run: a blank
    assert plot([4.0] * 4, 4.0, 4.0, width=2).plain == "▅▅"  # no spread: mid-height


async def test_the_history_plots_the_14_day_figures_of_the_last_90_days(make_app, store, monkeypatch):
    from wordle_tui.ui.app import WordleApp

    today = dt.date(2026, 11, 23)
    monkeypatch.setattr(WordleApp, "today", lambda self: today)
    for n, (days_ago, guesses, skill) in enumerate([(0, 2, 90.0), (40, 5, 50.0), (80, 0, 70.0), (200, 3, 60.0)]):
        finished = (today - dt.timedelta(days=days_ago)).isoformat()
        played = ("slate",) * (guesses or 6)
        store.record(GameRecord(f"t{n}", "crane", played, bool(guesses), finished=finished, skill=skill, luck=50.0))
    app = make_app(play=PlayOptions(answer="crane"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f5")
        await history_shown(pilot)
        rows = plain(app.screen.query_one("#history-trends").content).splitlines()
    header, guesses, wins, skill, luck = rows
    assert header.split() == ["Aug", "26", "today", "now", "range"]  # 89 days before today, to today
    plots = {row.split()[0]: row for row in (guesses, wins, skill, luck)}
    # A column is three days; a game counts for the 14 days from its own. The game 200 days ago is out.
    assert guesses.split()[-2:] == ["2.00", "2.00-5.00"] and skill.split()[-2:] == ["90", "50-90"]
    assert wins.split()[-2:] == ["100", "0-100"]  # the loss 80 days ago: 0% while it was the only game
    assert "win %" in wins and "luck" in luck and all(name in plots for name in ("guesses", "skill", "luck"))
    column = rows[0].index("Aug")  # where the plots start
    drawn = guesses[column : column + 30]
    assert drawn[-1] == "▁" and "█" in drawn and drawn.count(" ") > 20  # 2 guesses today, 5 at 40 days; gaps


async def test_the_answers_of_several_boards_push_no_game_s_skill_and_luck_out_of_sight(make_app, store):
    from wordle_tui.storage.records import GameRecord
    from wordle_tui.ui.widgets.wide_table import WideTable

    answers = "crane moist blimp shard pious given fjord wacky"  # an Octordle: the longest answers there are
    store.record(GameRecord("o", answers, tuple(answers.split()), True, kind=Kind.BOARDS, finished="2026-11-20T10:00"))
    store.record(GameRecord("g", "crane", ("slate", "crane"), True, finished="2026-11-21T10:00", skill=87, luck=55))
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:  # narrower than the whole table
        await pilot.press("f5")
        await history_shown(pilot)
        heading, played, octordle = table_lines(app.screen.query_one("#history-games"))
        in_sight = app.screen.query_one(WideTable).scroller.scrollable_content_region.width
    assert heading.index("luck") + len("luck") <= in_sight
    assert played[:in_sight].split()[-3:] == ["87", "55", "CRANE"] and "Octordle" in octordle


async def test_years_of_games_open_at_once_and_only_the_lines_on_screen_are_written_out(make_app, store, monkeypatch):
    """30,000 games: the figures are counted by SQLite, the games arrive a batch at a time, and the table
    writes out a screenful of them, however many there are."""
    from wordle_tui.ui.dialogs import history

    start = dt.datetime(2020, 1, 1, tzinfo=dt.UTC)
    store.games.add(
        GameRecord(
            f"y{n}",
            "crane",
            ("slate",) * (n % 6) + ("crane",),
            n % 9 != 0,
            finished=(start + dt.timedelta(hours=n)).isoformat(),
        )
        for n in range(30_000)
    )
    written: list[str] = []
    monkeypatch.setattr(history, "cells", lambda game, cells=history.cells: written.append(game.day) or cells(game))
    batches: list[int] = []
    add = history.GamesTable.add
    monkeypatch.setattr(history.GamesTable, "add", lambda table, games: batches.append(len(games)) or add(table, games))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f5")
        await history_shown(pilot)
        assert "HISTORY · 30,000 games" in str(app.screen.query_one("#history-title").content)
        table = app.screen.query_one("#history-games")
        written_out = len(written)
        assert table.render_line(1).text.split()[0] == "2023-06-03"  # the newest first: 29,999 hours after the first
    assert sum(batches) == 30_000 and batches[0] == history.FIRST and max(batches) == history.BATCH
    assert written_out < 500  # a screenful or two, and the widest of each kind of game
