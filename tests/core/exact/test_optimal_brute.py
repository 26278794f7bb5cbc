"""The branch and bound against a search with no bounds at all, on random small lists."""

import numpy as np
import pytest
from brute_force import fewest_guesses, steadiest
from small_lists import lists_of, look_alikes, probed

from wordle_tui.core.exact.search import at_risk, guesses_of, search_state
from wordle_tui.core.position.model import State, uniform_model
from wordle_tui.core.rules.game import Difficulty
from wordle_tui.core.strategies import strategy_named
from wordle_tui.core.strategies.selfplay import solve


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("hard_mode", list(Difficulty))
def test_the_search_finds_the_same_total_as_trying_everything(tmp_path, seed, hard_mode):
    answers, guesses = look_alikes(np.random.default_rng(seed), 8)
    model = uniform_model(lists_of(tmp_path, answers, guesses))
    search, node = search_state(State(model, (), hard_mode))
    total = search.best_guess(node)[1]
    assert (at_risk(total), guesses_of(total)) == fewest_guesses(answers, guesses, hard_mode)
    assert guesses_of(total) > 2 * len(answers)


@pytest.mark.parametrize("seed", [5, 17])
def test_the_search_keeps_ultra_hard_rules_where_they_cost_guesses(tmp_path, seed):
    answers, guesses = probed(np.random.default_rng(seed), 12, 5)
    model = uniform_model(lists_of(tmp_path, answers, guesses))
    found = {}
    for hard_mode in (Difficulty.HARD, Difficulty.ULTRA):
        search, node = search_state(State(model, (), hard_mode))
        total = search.best_guess(node)[1]
        found[hard_mode] = (at_risk(total), guesses_of(total))
        assert found[hard_mode] == fewest_guesses(answers, guesses, hard_mode)
    assert found[Difficulty.ULTRA][1] > found[Difficulty.HARD][1]


def one_family(rng: np.random.Generator, count: int) -> tuple[list[str], list[str]]:
    """`count` answers ?ILLS, told apart only by their first letter, and one random guess of those letters."""
    letters = list("bcdfghkmpt")
    answers = [letter + "ills" for letter in rng.choice(letters, count, replace=False)]
    return sorted(answers), sorted({*answers, "".join(rng.choice(letters, 5))})


@pytest.mark.parametrize("hard_mode", list(Difficulty))
def test_the_search_puts_as_few_answers_at_risk_as_trying_everything(tmp_path, hard_mode):
    at_risk_somewhere = 0
    for seed in range(12):
        # Nine ?ILLS words, one random splitter: some draws cannot all be found within six guesses.
        answers, guesses = one_family(np.random.default_rng(seed), 9)
        (folder := tmp_path / str(seed)).mkdir()
        model = uniform_model(lists_of(folder, answers, guesses))
        search, node = search_state(State(model, (), hard_mode))
        total = search.best_guess(node)[1]
        assert (at_risk(total), guesses_of(total)) == fewest_guesses(answers, guesses, hard_mode), seed
        at_risk_somewhere += at_risk(total) > 0
    assert at_risk_somewhere >= 2


@pytest.mark.parametrize("hard_mode", list(Difficulty))
def test_optimal_searches_for_its_opener_on_lists_that_allow_salet(tmp_path, hard_mode):
    # SALET is allowed but tells ?ILL? words apart no better than any of them: the opener is searched for.
    for seed in range(3):
        answers, guesses = look_alikes(np.random.default_rng(seed), 8)
        (folder := tmp_path / str(seed)).mkdir()
        guesses = sorted([*guesses, "salet"])
        model = uniform_model(lists_of(folder, answers, guesses))
        played = [solve(answer, strategy_named("optimal"), model, hard_mode) for answer in answers]
        assert all(game.solved for game in played) and played[0].history[0][0] != "salet"
        assert sum(len(game.history) for game in played) == fewest_guesses(answers, guesses, hard_mode)[1]


@pytest.mark.parametrize("seed", range(8, 14))
@pytest.mark.parametrize("hard_mode", list(Difficulty))
def test_among_the_fewest_guesses_the_search_plays_the_steadiest_tree(tmp_path, seed, hard_mode):
    # Many guesses tie on the total here; the search breaks ties by the worst case it carries in
    # its memo, then answers first, then alphabetical order, exactly as trying everything does.
    answers, guesses = look_alikes(np.random.default_rng(seed), 7)
    model = uniform_model(lists_of(tmp_path, answers, guesses))
    search, node = search_state(State(model, (), hard_mode))
    row, total = search.best_guess(node)
    word = model.lists.guesses[search.guess_ids[row]]
    assert (total, search.worst_case(node), word) == steadiest(answers, guesses, hard_mode)
