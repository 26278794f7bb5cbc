"""The analysis of a game in the app: after a game in play, in the coach, step by step in watch, in the help."""

from __future__ import annotations

import threading

import pytest
from rich.console import Console

from wordle_tui.core.exact.guess_analysis import LEFT_LIST, LUCK, SKILL, analyze
from wordle_tui.core.rules.feedback import digits_of, score
from wordle_tui.core.rules.game import Difficulty
from wordle_tui.core.workers.pool import RankingPool
from wordle_tui.ui.app import CoachOptions, PlayOptions, WatchOptions
from wordle_tui.ui.dialogs.analysis import AnalysisScreen
from wordle_tui.ui.dialogs.statistics import StatsScreen
from wordle_tui.ui.dialogs.too_small import MIN_HEIGHT, MIN_WIDTH
from wordle_tui.ui.themes import MARK
from wordle_tui.ui.widgets.analysis_panel import BUSY, AnalysisPanel
from wordle_tui.ui.widgets.wide_table import WideTable

from ..conftest import SIZE, until


def text_of(static) -> str:
    """What a Static shows, as plain text."""
    console = Console(width=100, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(static.content)
    return console.export_text()


def game(answer: str, *guesses: str) -> tuple:
    return tuple((guess, score(guess, answer)) for guess in guesses)


async def analysed(pilot) -> AnalysisPanel:
    panel = pilot.app.screen.query_one(AnalysisPanel)
    await until(pilot, lambda: not panel.busy)
    await pilot.pause()
    return panel


def table_lines(panel: AnalysisPanel) -> list[str]:
    """The lines of the table as drawn on screen, each whole, however much of it the window shows."""
    table = panel.query_one(WideTable).cells
    return [table.render_line(y).text.rstrip() for y in range(table.size.height)]


def assert_shows(panel: AnalysisPanel, expected, marks: bool = False) -> None:
    """Every row on screen: the guess (with its marks), answers before→after, both expectations, the answers
    at risk, the best guess, skill and luck."""
    lines = table_lines(panel)[1:]
    assert len(lines) == len(expected)
    for line, row in zip(lines, expected):
        mark = "" if row.exact else "*"
        assert line.split() == [
            str(expected.index(row) + 1),
            row.guess.upper(),
            *(["".join(MARK[colour] for colour in digits_of(row.pattern, len(row.guess)))] if marks else []),
            f"{row.remaining_before}→{row.remaining_after}",
            f"{row.expected_guesses:.3f}{mark}",
            *([f"⚠{'' if row.exact else '≤'}{row.at_risk}"] if row.at_risk else []),  # why, on the row itself
            row.best_guess.upper(),
            f"{row.best_expected_guesses:.3f}{mark}",
            str(row.skill),
            str(row.luck),
        ]


async def test_a_won_game_shows_its_analysis_with_the_result(make_app, model):
    expected = analyze(model, game("react", "slate", "trace", "react"))
    # TRACE left one answer of seven, but ENACT would have been better by about 0.29 guesses.
    assert (expected[1].best_guess, expected[1].skill) == ("enact", 70)
    app = make_app(play=PlayOptions(answer="react"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"slate", "enter", *"trace", "enter", *"react", "enter")
        await until(pilot, lambda: isinstance(app.screen, StatsScreen))
        panel = await analysed(pilot)
        assert panel.rows == expected
        assert_shows(panel, expected)


async def test_an_opener_that_gives_up_six_guaranteed_is_called_out(make_app, model):
    expected = analyze(model, game("crane", "trace", "crane"), hard_mode=Difficulty.HARD)
    assert (expected[0].at_risk, expected[0].best_guess, expected[0].skill) == (2, "salet", 49)
    app = make_app(play=PlayOptions(answer="crane", hard_mode=Difficulty.HARD))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"trace", "enter", *"crane", "enter")
        await until(pilot, lambda: isinstance(app.screen, StatsScreen))
        panel = await analysed(pilot)
        assert panel.rows == expected
        assert_shows(panel, expected)
        note = str(panel.query_one("#analysis-note").content)
        assert "From here you need luck: after TRACE, 2 possible answers may take more than six guesses" in note


async def test_a_lost_game_is_analysed_too(make_app, model):
    words = ("night", "light", "might", "sight", "tight", "right")
    expected = analyze(model, game("fight", *words))
    assert not expected[0].exact  # NIGHT is no common opener: a bounded search judges it
    app = make_app(play=PlayOptions(answer="fight"))
    async with app.run_test(size=SIZE) as pilot:
        for word in words:
            await pilot.press(*word, "enter")
        await until(pilot, lambda: isinstance(app.screen, StatsScreen))
        panel = await analysed(pilot)
        assert panel.rows == expected
        assert_shows(panel, expected)
        assert "upper bound" in str(panel.query_one("#analysis-note").content)
        # Six rows of analysis and the statistics do not fit in 24 lines: the arrow keys scroll the dialog.
        dialog = app.screen.query_one("#stats-dialog")
        assert dialog.max_scroll_y > 0
        await pilot.press("down", "down")
        await pilot.pause()
        assert dialog.scroll_y > 0


# A game of hard mode whose table is the widest: with the answers at risk, luck from 5 to 85.
PRIMO = ("primo", "salet", "round", "radio", "nitro", "intro", "vireo")
HEADINGS = ["#", "guess", "answers", "yours", "best", "its", "skill", "luck"]


def columns_in_sight(panel: AnalysisPanel) -> bool:
    """Whether the table's every column is on screen: none beyond the dialog's edge or under its scrollbar."""
    geometry = panel.screen.find_widget(panel.query_one(WideTable).cells)
    return geometry.visible_region.width == geometry.region.width


def cue(panel: AnalysisPanel) -> str:
    """The line under the table saying where more columns are; empty while it is not shown."""
    shown = panel.query_one(WideTable).cue
    return str(shown.content) if shown.display else ""


@pytest.mark.parametrize("size", [(120, 40), (MIN_WIDTH, MIN_HEIGHT)])
@pytest.mark.parametrize("marks", ["off", "on"])
async def test_every_column_of_the_analysis_is_whole_at_any_size_with_or_without_marks(
    make_app, store, model, size, marks
):
    answer, *guesses = PRIMO
    expected = analyze(model, game(answer, *guesses), hard_mode=Difficulty.HARD)
    store.change_settings(marks=marks)
    app = make_app(play=PlayOptions(answer=answer, hard_mode=Difficulty.HARD))
    async with app.run_test(size=size) as pilot:
        for word in guesses:
            await pilot.press(*word, "enter")
        await until(pilot, lambda: isinstance(app.screen, StatsScreen))
        panel = await analysed(pilot)
        assert table_lines(panel)[0].split() == HEADINGS
        assert_shows(panel, expected, marks=marks == "on")
        skill_and_luck = [line.split()[-2:] for line in table_lines(panel)[1:]]
        assert skill_and_luck == [[str(row.skill), str(row.luck)] for row in expected]
        # The dialog widens for the table where the window has room; where it has not, the cue says so.
        if size == (120, 40):
            assert columns_in_sight(panel) and cue(panel) == ""
        else:
            assert not columns_in_sight(panel) and cue(panel) == "more columns → · ← → scroll sideways"


async def test_the_cue_shows_exactly_while_columns_are_out_of_sight(make_app):
    answer, *guesses = PRIMO
    app = make_app(play=PlayOptions(answer=answer, hard_mode=Difficulty.HARD))
    async with app.run_test(size=(MIN_WIDTH, MIN_HEIGHT)) as pilot:
        for word in guesses:
            await pilot.press(*word, "enter")
        await until(pilot, lambda: isinstance(app.screen, StatsScreen))
        panel = await analysed(pilot)
        scroller = panel.query_one(WideTable).scroller
        assert scroller.scroll_x == 0 and cue(panel) == "more columns → · ← → scroll sideways"
        await pilot.press("right")
        await until(pilot, lambda: cue(panel) == "← more columns → · ← → scroll sideways")
        await pilot.press(*["right"] * 10)  # to the last column
        await until(pilot, lambda: cue(panel) == "← more columns · ← → scroll sideways")
        assert scroller.scroll_x == scroller.max_scroll_x > 0
        await pilot.resize_terminal(120, 40)  # room for every column: the dialog widens, the cue goes
        await until(pilot, lambda: cue(panel) == "")
        assert columns_in_sight(panel)
        await pilot.resize_terminal(MIN_WIDTH, MIN_HEIGHT)
        await until(pilot, lambda: cue(panel) == "more columns → · ← → scroll sideways")
        assert not columns_in_sight(panel)


async def test_the_coachs_analysis_shows_every_column_whole_in_the_narrowest_window(make_app, store, model):
    answer, *guesses = PRIMO
    history = game(answer, *guesses)
    store.change_settings(marks="on")
    app = make_app("coach")
    async with app.run_test(size=(MIN_WIDTH, MIN_HEIGHT)) as pilot:
        for guess, pattern in history[:3]:
            await pilot.press(*guess, *(str(colour) for colour in digits_of(pattern, len(guess))), "enter")
        await pilot.press("ctrl+a")
        await until(pilot, lambda: isinstance(app.screen, AnalysisScreen))
        panel = await analysed(pilot)
        expected = analyze(model, history[:3])
        assert panel.rows == expected
        assert table_lines(panel)[0].split() == HEADINGS
        assert_shows(panel, expected, marks=True)
        assert cue(panel) == "more columns → · ← → scroll sideways"


class SlowPool(RankingPool):
    """A one-process pool whose analyses wait for the test before running."""

    def __init__(self):
        super().__init__(workers=1)
        self.go = threading.Event()

    def call(self, *args, **options):
        self.go.wait(timeout=30)
        return super().call(*args, **options)

    def close(self):
        self.go.set()
        super().close()


async def test_the_dialog_says_it_is_busy_and_keys_still_work_meanwhile(make_app):
    pool = SlowPool()
    app = make_app(play=PlayOptions(answer="crane"), pool=pool)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"slate", "enter", *"crane", "enter")
        await until(pilot, lambda: isinstance(app.screen, StatsScreen))
        panel = app.screen.query_one(AnalysisPanel)
        assert panel.busy and str(panel.query_one("#analysis-status").content) == BUSY
        await pilot.press("down", "up")  # the dialog answers while the analysis waits
        assert panel.busy
        pool.go.set()
        await analysed(pilot)
        assert [row.guess for row in panel.rows] == ["slate", "crane"]


async def test_the_coach_analyses_the_rows_on_request(make_app, model):
    expected = analyze(model, game("crane", "slate"))
    app = make_app("coach")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+a")
        assert app.screen.message == "Add a row to analyse first"
        await pilot.press(*"slate", "0", "0", "2", "0", "2", "enter", "ctrl+a")
        await until(pilot, lambda: isinstance(app.screen, AnalysisScreen))
        panel = await analysed(pilot)
        assert panel.rows == expected
        assert_shows(panel, panel.rows)
        await pilot.press("escape")
        assert not isinstance(app.screen, AnalysisScreen)


async def test_a_finished_coached_game_copies_its_result_and_analysis(make_app):
    app = make_app("coach", coach=CoachOptions(1983))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"slate", *"00202", "enter", *"crane", *"22222", "enter")
        await until(pilot, lambda: isinstance(app.screen, AnalysisScreen))
        panel = await analysed(pilot)
        await pilot.press("c")
        lines = app.clipboard.splitlines()
        assert lines[:4] == ["Wordle 1,983 2/6", "", "⬛⬛🟩⬛🟩", "🟩🟩🟩🟩🟩"]
        row = panel.rows[0]
        figures = f"{row.remaining_before}→{row.remaining_after}  skill {row.skill}  luck {row.luck}"
        assert lines[5] == f"1. SLATE  {figures}  (best SALET)"
        assert lines[-1] == "Judged against the 2,309 answers of the nyt2022 list."


async def test_a_game_off_the_answer_list_is_judged_against_every_accepted_word(make_app, lists):
    # GUANO is not on the 2022 answer list: ROUND's feedback rules out the last listed answer.
    app = make_app("coach")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"salet", *"01000", "enter", *"round", *"01120", "enter", *"guano", *"22222", "enter")
        await until(pilot, lambda: isinstance(app.screen, AnalysisScreen))
        panel = await analysed(pilot)
        assert [row.judged_against for row in panel.rows] == ["answers", LEFT_LIST, "accepted"]
        assert panel.rows[1].remaining_after >= 1  # GUANO at least, found from then on
        note = str(panel.query_one("#analysis-note").content)
        assert "the feedback of guess 2 fits none of them, so its luck and the guesses after it are judged" in note


async def test_the_coach_says_when_the_rows_cannot_be_analysed(make_app):
    app = make_app("coach")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"slate", "2", "2", "2", "2", "1", "enter", "ctrl+a")
        await until(pilot, lambda: isinstance(app.screen, AnalysisScreen))
        panel = await analysed(pilot)
        assert panel.rows == []
        assert "row 1" in str(panel.query_one("#analysis-status").content)


async def test_watch_shows_the_skill_and_luck_of_each_step(make_app, model):
    app = make_app("watch", watch=WatchOptions(answer="prove", strategy="entropy"))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        await pilot.press("space")
        await until(pilot, lambda: not screen.thinking)
        await pilot.press("s")
        await until(pilot, lambda: len(screen.state.history) == 2)
        line = screen.query_one("#step-analysis")
        await until(pilot, lambda: "skill" in str(line.content))
        history, shown = screen.state.history, str(line.content)
    row = analyze(model, history)[-1]
    assert shown.startswith(f"Guess 2: skill [b]{row.skill}[/b] · luck [b]{row.luck}[/b]")
    assert row.best_guess.upper() in shown or "the optimal guess" in shown


async def test_the_help_defines_skill_and_luck(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        shown = " ".join(str(static.content) for static in app.screen.query("Static"))
        assert SKILL in shown and LUCK in shown
        assert str(app.screen.query("Static")[0].content) == "HOW TO PLAY"  # the rules first, then the keys
        assert any("Ctrl+A" in text_of(static) for static in app.screen.query("Static"))
