import pytest

from wordle_tui.core.position.model import State
from wordle_tui.core.rules.feedback import score, solved_pattern
from wordle_tui.core.rules.game import Difficulty
from wordle_tui.core.strategies import strategy_named
from wordle_tui.core.strategies.selfplay import solve


def test_soare_opens_by_entropy_with_5_885_bits(model):
    ranking = strategy_named("entropy").rank(State(model), top=3)
    assert [row.word for row in ranking] == ["soare", "roate", "raise"]
    assert ranking[0].entropy == pytest.approx(5.8852, abs=1e-4)
    assert ranking[0].worst_case == 182
    assert not ranking[0].candidate and ranking[2].candidate


def test_with_one_candidate_left_the_answer_is_guessed(model):
    history = (("soare", score("soare", "prove")), ("pownd", score("pownd", "prove")))
    state = State(model, history)
    assert len(state.candidates) == 2
    assert strategy_named("entropy").choose(state) in {model.targets[i] for i in state.candidates}


@pytest.mark.parametrize("answer", ["baker", "prove", "eerie", "llama", "fuzzy"])
@pytest.mark.parametrize("hard", [Difficulty.NORMAL, Difficulty.HARD])
def test_the_solver_finds_the_answer(model, answer, hard):
    game = solve(answer, strategy_named("entropy"), model, hard)
    assert game.history[-1] == (answer, solved_pattern(5))
    assert game.solved
    assert all(score(g, answer) == p for g, p in game.history)


def test_a_given_start_word_is_played_first(model):
    game = solve("prove", strategy_named("entropy"), model, start="crane")
    assert game.history[0][0] == "crane"
