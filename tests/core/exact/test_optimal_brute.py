"""The branch and bound against a search with no bounds at all, on random small lists."""

from functools import cache

import numpy as np
import pytest
from small_lists import POOL, lists_of, look_alikes

from wordle_tui.core.exact.search import at_risk, guesses_of, search_state
from wordle_tui.core.position.model import State, uniform_model
from wordle_tui.core.rules.feedback import score
from wordle_tui.core.rules.game import MAX_GUESSES, Difficulty, mode_violation
from wordle_tui.core.strategies import strategy_named
from wordle_tui.core.strategies.selfplay import solve


def fewest_guesses(answers: list[str], guesses: list[str], hard_mode: int) -> tuple[int, int]:
    """(the fewest answers not found within six guesses, then the fewest guesses, a loss counted as
    seven): every guess tried at every position, nothing pruned."""

    @cache
    def cost(left: frozenset[str], allowed: frozenset[str], depth: int) -> tuple[int, int]:
        if depth == 0:
            return len(left), len(left)  # lost: each counts a seventh guess
        best = (len(left) + 1, 0)
        for guess in sorted(allowed):
            buckets: dict[int, set[str]] = {}
            for answer in left:
                buckets.setdefault(score(guess, answer), set()).add(answer)
            if len(buckets) == 1 and guess not in left:
                continue  # tells nothing: whatever follows it could be played without it
            lost, total = 0, len(left)
            for pattern, bucket in buckets.items():
                if pattern != 3**5 - 1:
                    after = allowed
                    if hard_mode:  # the guesses the mode still allows after this feedback
                        after = frozenset(g for g in allowed if not mode_violation(g, ((guess, pattern),), hard_mode))
                    more_lost, more = cost(frozenset(bucket), after, depth - 1)
                    lost, total = lost + more_lost, total + more
            best = min(best, (lost, total))
        return best

    return cost(frozenset(answers), frozenset(guesses), MAX_GUESSES)


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("hard_mode", list(Difficulty))
def test_the_search_finds_the_same_total_as_trying_everything(tmp_path, seed, hard_mode):
    answers, guesses = look_alikes(np.random.default_rng(seed), 8)
    model = uniform_model(lists_of(tmp_path, answers, guesses))
    search, node = search_state(State(model, (), hard_mode))
    total = search.best_guess(node)[1]
    assert (at_risk(total), guesses_of(total)) == fewest_guesses(answers, guesses, hard_mode)
    assert guesses_of(total) > 2 * len(answers)


def probed(rng: np.random.Generator, count: int, probes: int) -> tuple[list[str], list[str]]:
    """`count` answers ?ILL? and `probes` guesses of the first letters only: too few guesses to find
    every answer by guessing answers, so the probes matter, and ultra hard mode limits them."""
    answers: set[str] = set()
    while len(answers) < count:
        answers.add(rng.choice(POOL) + "ill" + rng.choice(["s", "y"]))
    guesses = set(answers)
    while len(guesses) < count + probes:
        guesses.add("".join(rng.choice(POOL, 5)))
    return sorted(answers), sorted(guesses)


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


def steadiest(answers: list[str], guesses: list[str], hard_mode: int) -> tuple[int, int, str]:
    """(the fewest guesses, the smallest worst case among trees with that total, the guess that opens
    such a tree, an answer before another guess and then the first alphabetically): every guess tried
    at every position, where six guesses find every answer (a loss is not allowed at all)."""

    @cache
    def best(left: frozenset[str], allowed: frozenset[str], depth: int) -> tuple[int, int, bool, str]:
        if len(left) == 1:
            return 1, 1, False, next(iter(left))
        choice = (10**9, 0, True, "")
        if depth == 0:
            return choice
        for guess in sorted(allowed):
            buckets: dict[int, set[str]] = {}
            for answer in left:
                buckets.setdefault(score(guess, answer), set()).add(answer)
            total, worst = len(left), 1
            for pattern, bucket in buckets.items():
                if pattern != 3**5 - 1:
                    after = allowed
                    if hard_mode:
                        after = frozenset(g for g in allowed if not mode_violation(g, ((guess, pattern),), hard_mode))
                    more, deepest, *_ = best(frozenset(bucket), after, depth - 1)
                    total, worst = total + more, max(worst, 1 + deepest)
            choice = min(choice, (total, worst, guess not in left, guess))
        return choice

    total, worst, _, guess = best(frozenset(answers), frozenset(guesses), MAX_GUESSES)
    return total, worst, guess


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
