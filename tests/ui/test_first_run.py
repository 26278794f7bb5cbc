"""A machine's first run compiles the exact search: the app says so and does it in a worker; the
command line says so before a command that may search."""

from __future__ import annotations

import wordle_tui.cli.searches
import wordle_tui.ui.app
from ui.conftest import until
from wordle_tui.cli import main


async def test_the_app_says_it_prepares_the_solver_then_that_it_is_ready(make_app, monkeypatch):
    monkeypatch.setattr(wordle_tui.ui.app, "ready", lambda: False)
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        said = lambda: [notice.message for notice in app._notifications]  # noqa: E731
        await until(pilot, lambda: any("ready" in text for text in said()))
        first, *_ = said()
        assert first.startswith("Preparing the exact solver for this machine, once")
        assert said()[-1] == "The exact solver is ready."


async def test_the_app_says_nothing_when_the_solver_is_ready(make_app):
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause(0.1)
        assert not [notice for notice in app._notifications if "solver" in notice.message]


def test_a_command_that_may_search_says_it_compiles_first(monkeypatch, capsys):
    compiled: list[bool] = []
    monkeypatch.setattr(wordle_tui.cli.searches, "ready", lambda: bool(compiled))
    monkeypatch.setattr(wordle_tui.cli.searches, "prepare", lambda: compiled.append(True))
    assert main(["suggest", "--lists", "nyt2022", "--strategy", "entropy"]) == 0
    assert main(["suggest", "--lists", "nyt2022", "--strategy", "entropy"]) == 0
    said = capsys.readouterr().err
    assert said.count("compiling the exact search for this machine, once") == 1 and compiled == [True]
