"""Rankings over lists whose alphabet is more than a-z: the figures are the words' own, and every strategy plays
every answer within the rules."""

import math
from collections import Counter

import pytest
from small_lists import accented_lists

from wordle_tui.core.position.model import State, uniform_model
from wordle_tui.core.rules.feedback import score, solved_pattern
from wordle_tui.core.rules.game import Difficulty, mode_violation
from wordle_tui.core.strategies import STRATEGY_NAMES, strategy_named
from wordle_tui.core.strategies.selfplay import play_every


@pytest.fixture(scope="module")
def model(tmp_path_factory):
    return uniform_model(accented_lists(tmp_path_factory.mktemp("lists")))


def by_hand(guess: str, answers: list[str]) -> tuple[float, int]:
    """(the entropy of the guess's patterns over equally likely answers, its largest bucket)."""
    buckets = Counter(score(guess, answer) for answer in answers)
    entropy = -sum(n / len(answers) * math.log2(n / len(answers)) for n in buckets.values())
    return entropy, max(buckets.values())


def test_the_entropy_ranking_has_the_entropy_of_every_accented_guess(model):
    answers = list(model.lists.answers)
    ranking = strategy_named("entropy").rank(State(model))
    assert len(ranking) == len(model.lists.guesses)
    for row in ranking:
        entropy, worst = by_hand(row.word, answers)
        assert row.entropy == pytest.approx(entropy) and row.worst_case == worst, row.word
    best = max(by_hand(word, answers)[0] for word in model.lists.guesses)
    assert ranking[0].entropy == pytest.approx(best)


def test_the_ranking_after_a_row_of_hard_mode_keeps_the_green_ñ(model):
    state = State(model, (("señor", score("señor", "niñas")),), Difficulty.HARD)
    ranking = strategy_named("entropy").rank(state)
    kept = {"baños", "cañas", "daños", "leñas", "niñas", "niños", "paños", "peñas", "señor"}  # Ñ third, an S
    assert {row.word for row in ranking} == kept
    assert ranking[0].word in {"cañas", "niñas"}  # the two answers left: either solves at once or next


@pytest.mark.parametrize("hard_mode", list(Difficulty))
def test_every_strategy_finds_every_accented_answer_within_the_rules(model, hard_mode):
    answers = model.lists.answers
    for name in STRATEGY_NAMES:
        games = play_every(list(answers), name, model, hard_mode=hard_mode)
        assert set(games) == set(answers), name
        for history in games.values():
            assert history[-1][1] == solved_pattern(5), name
            assert all(mode_violation(guess, history[:i], hard_mode) is None for i, (guess, _) in enumerate(history))
