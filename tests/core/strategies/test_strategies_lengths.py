"""Every strategy plays every answer at four, six and eleven letters, one board or four at once, and
no strategy finds the answers in fewer guesses than optimal play, which searches its opener."""

import numpy as np
import pytest
from small_lists import lists_of, look_alikes_at

from wordle_tui.core.position.model import uniform_model
from wordle_tui.core.rules.feedback import solved_pattern
from wordle_tui.core.rules.game import Difficulty, mode_violation
from wordle_tui.core.strategies import BOARD_STRATEGIES, STRATEGY_NAMES
from wordle_tui.core.strategies.boards import draw_sets, play_sets
from wordle_tui.core.strategies.selfplay import play_every


@pytest.fixture(scope="module", params=[4, 6, 11])
def model(request, tmp_path_factory):
    # Twenty look-alikes (?ILL? at five letters, ?ILLOWING? at eleven) and twelve guesses of two of the
    # letters that tell them apart: the strategies differ, and hard modes narrow the guesses.
    answers, guesses = look_alikes_at(np.random.default_rng(request.param), request.param, 20, 12)
    return uniform_model(lists_of(tmp_path_factory.mktemp("lists"), answers, guesses))


@pytest.mark.parametrize("hard_mode", list(Difficulty))
def test_every_strategy_finds_every_answer_within_the_rules(model, hard_mode):
    answers = model.lists.answers
    totals = {}
    for name in STRATEGY_NAMES:
        games = play_every(list(answers), name, model, hard_mode=hard_mode)
        assert set(games) == set(answers), name
        for history in games.values():
            assert history[-1][1] == solved_pattern(model.lists.length), name
            assert all(mode_violation(guess, history[:i], hard_mode) is None for i, (guess, _) in enumerate(history))
        totals[name] = sum(len(history) for history in games.values())
    assert totals["optimal"] == min(totals.values()), totals


def test_every_strategy_for_several_boards_finishes_sets_of_four(model):
    sets = draw_sets(model.lists.answers, 4, 6, seed=model.lists.length)
    for name in BOARD_STRATEGIES:
        for played in play_sets(sets, name, model):
            assert set(played.answers) <= set(played.guesses), name
