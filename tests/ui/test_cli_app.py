"""The app's commands: no command opens the app; options reach it; bad options are one clear sentence."""

from __future__ import annotations

import random

import pytest

from wordle_tui.cli import main
from wordle_tui.ui.app import WordleApp


@pytest.fixture
def opened(monkeypatch) -> list[WordleApp]:
    apps: list[WordleApp] = []
    monkeypatch.setattr(WordleApp, "run", lambda self: apps.append(self))
    return apps


def test_no_command_opens_the_app_to_play(opened):
    assert main([]) == 0
    assert opened[0].start_mode == "play"


def test_play_options_reach_the_app(opened):
    main(["play", "--daily", "--hard", "--seed", "7"])
    options = opened[0].play_options
    assert (options.daily, options.hard_mode) == (True, True)
    assert opened[0].rng.random() == random.Random(7).random()


def test_watch_and_coach_open_their_modes(opened):
    main(["watch", "--strategy", "entropy", "--answer", "crane"])
    main(["coach"])
    assert [app.start_mode for app in opened] == ["watch", "coach"]
    assert opened[0].watch_options.answer == "crane"
    assert opened[0].watch_options.strategy == "entropy"


def test_an_answer_outside_the_list_is_refused(opened, capsys):
    assert main(["play", "--answer", "zzzzz"]) == 2
    assert "'zzzzz' is not in the answer list." in capsys.readouterr().err
    assert opened == []
