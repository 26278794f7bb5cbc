"""Where the exact search was not built at install, a machine's first run has numba compile it: the
app says so for as long as that takes and does it in a worker; the command line says so, once,
before a command that may search."""

from __future__ import annotations

import time
from contextlib import ExitStack

import textual.notifications

import wordle_tui.cli.searches
from ui.conftest import until
from wordle_tui.cli import main
from wordle_tui.core.exact import search
from wordle_tui.core.exact.search import compile_lock
from wordle_tui.core.files import locked

NO_COMPILER = "no C compiler worked when it was installed"
PREPARING = f"The exact solver runs a slower way here, as {NO_COMPILER}: preparing it for this machine, once"


def said(app) -> list[str]:
    return [notice.message for notice in app._notifications]


async def test_the_app_says_it_prepares_the_solver_then_that_it_is_ready(make_app, monkeypatch):
    monkeypatch.setattr(search, "ready", lambda: False)
    monkeypatch.setattr(search, "slower_way", lambda: NO_COMPILER)
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        await until(pilot, lambda: "The exact solver is ready." in said(app))
        assert not [text for text in said(app) if text.startswith(PREPARING)]


async def test_the_first_run_notice_stays_as_long_as_the_solver_is_being_prepared(make_app, monkeypatch):
    monkeypatch.setattr(search, "ready", lambda: False)
    monkeypatch.setattr(search, "slower_way", lambda: NO_COMPILER)
    app = make_app()
    with ExitStack() as compiling:  # another process compiling the search: this preparation waits for it
        compiling.enter_context(locked(compile_lock()))
        async with app.run_test(size=(100, 32)) as pilot:
            await until(pilot, lambda: any(text.startswith(PREPARING) for text in said(app)))
            an_hour_on = time.time() + 3600
            monkeypatch.setattr(textual.notifications, "time", lambda: an_hour_on)
            (preparing,) = [text for text in said(app) if text.startswith(PREPARING)]
            assert "Optimal figures and the analysis follow when it is done." in preparing
            monkeypatch.setattr(textual.notifications, "time", time.time)
            compiling.close()
            await until(pilot, lambda: "The exact solver is ready." in said(app))
            assert not [text for text in said(app) if text.startswith(PREPARING)]


async def test_the_app_says_nothing_when_the_solver_is_ready(make_app):
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause(0.1)
        assert not [notice for notice in app._notifications if "solver" in notice.message]


def test_a_command_that_may_search_says_once_that_the_search_runs_a_slower_way(monkeypatch, capsys):
    compiled: list[bool] = []
    monkeypatch.setattr(wordle_tui.cli.searches, "ready", lambda: bool(compiled))
    monkeypatch.setattr(wordle_tui.cli.searches, "prepare", lambda: compiled.append(True))
    monkeypatch.setattr(wordle_tui.cli.searches, "slower_way", lambda: NO_COMPILER)
    assert main(["suggest", "--lists", "nyt2022", "--strategy", "entropy"]) == 0
    assert main(["suggest", "--lists", "nyt2022", "--strategy", "entropy"]) == 0
    said = capsys.readouterr().err
    assert said.count(f"wordle-tui: the exact search runs a slower way here, as {NO_COMPILER}: numba compiles") == 1
    assert said.count("\n") == 1 and compiled == [True]  # one sentence, on one line
