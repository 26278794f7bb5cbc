"""The app's commands: no command opens the app; options reach it; bad options are one clear sentence."""

from __future__ import annotations

import random

from wordle_tui.cli import app_modes as cli_app
from wordle_tui.cli import main
from wordle_tui.core.rules.game import Difficulty


def test_the_app_without_a_terminal_says_it_needs_one(capsys, monkeypatch):
    monkeypatch.setattr(cli_app, "has_terminal", lambda: False)
    assert main(["play"]) == 2
    assert capsys.readouterr().err == (
        "wordle-tui: The app needs a terminal: run it in one, or use score, suggest, solve or analyze.\n"
    )


def test_no_command_opens_the_app_to_play(opened):
    assert main([]) == 0
    assert opened[0].activity == "play"


def test_play_options_reach_the_app(opened):
    main(["play", "--daily", "--hard", "--seed", "7"])
    app = opened[0]
    assert app.asked["play"].daily
    assert app.setups["play"].difficulty == app.setups["watch"].difficulty == Difficulty.HARD
    assert app.setups["coach"].difficulty is None  # the coach's is its own: the NYT's game is set on its site
    assert app.means.rng.random() == random.Random(7).random() and app.means.seeded


def test_watch_and_coach_open_their_modes(opened):
    main(["watch", "--strategy", "entropy", "--answer", "crane"])
    main(["coach"])
    assert [app.activity for app in opened] == ["watch", "coach"]
    assert opened[0].asked["watch"].answer == "crane"
    assert opened[0].asked["watch"].strategy == "entropy"


def test_a_word_the_nyt_does_not_accept_cannot_be_the_answer(opened, capsys):
    assert main(["play", "--answer", "zzzzz"]) == 2
    assert "ZZZZZ is not an accepted word, so it cannot be the answer (the nyt lists" in capsys.readouterr().err
    assert opened == []


def test_any_accepted_word_can_be_the_answer(opened):
    assert main(["play", "--answer", "guano", "--lists", "nyt2022"]) == 0  # accepted, though not a listed answer
    assert opened[0].asked["play"].answer == "guano" and opened[0].lists.name == "nyt2022"
