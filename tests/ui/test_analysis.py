"""The analysis of a game in the app: after a game in play, in the coach, step by step in watch, in the help."""

from __future__ import annotations

import threading

from rich.console import Console

from wordle_tui.core.exact.guess_analysis import LEFT_LIST, LUCK, SKILL, analyze, unsafe
from wordle_tui.core.rules.feedback import score
from wordle_tui.core.workers.pool import RankingPool
from wordle_tui.ui.app import CoachOptions, PlayOptions, WatchOptions
from wordle_tui.ui.dialogs.analysis import AnalysisScreen
from wordle_tui.ui.dialogs.statistics import StatsScreen
from wordle_tui.ui.widgets.analysis_panel import BUSY, AnalysisPanel

from .conftest import SIZE, until


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
    return panel


def assert_shows(panel: AnalysisPanel, expected) -> None:
    """Every row on screen: the guess, answers before→after, both expectations, the answers at risk,
    the best guess, skill and luck."""
    lines = text_of(panel.query_one("#analysis-table")).splitlines()[1:]
    assert len(lines) == len(expected)
    for line, row in zip(lines, expected):
        mark = "" if row.exact else "*"
        assert line.split() == [
            str(expected.index(row) + 1),
            row.guess.upper(),
            f"{row.remaining_before}→{row.remaining_after}",
            f"{row.expected_guesses:.3f}{mark}",
            *([f"⚠{'' if row.exact else '≤'}{row.at_risk}" if row.at_risk else "none"] if unsafe(expected) else []),
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
    expected = analyze(model, game("crane", "trace", "crane"), hard_mode=True)
    assert (expected[0].at_risk, expected[0].best_guess, expected[0].skill) == (2, "salet", 49)
    app = make_app(play=PlayOptions(answer="crane", hard_mode=True))
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
        assert "Ctrl+A" in text_of(app.screen.query("Static")[1])  # the keys come first
