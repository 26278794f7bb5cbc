"""The branch and bound against a search with no bounds at all, on random small lists."""

from functools import cache

import numpy as np
import pytest
from small_lists import lists_of

from wordle_tui.core.feedback import score
from wordle_tui.core.game import MAX_GUESSES, hard_mode_violation
from wordle_tui.core.model import State, uniform_model
from wordle_tui.core.optimal import INFEASIBLE, search_state

POOL = list("bfhkmpst")


def look_alikes(rng: np.random.Generator) -> tuple[list[str], list[str]]:
    """Eight answers of the shape ?ILL? (hard to tell apart) and six random guesses from their letters."""
    answers: set[str] = set()
    while len(answers) < 8:
        answers.add(rng.choice(POOL) + "ill" + rng.choice(["s", "y"]))
    guesses = set(answers)
    while len(guesses) < 14:
        guesses.add("".join(rng.choice([*POOL, "i", "l", "y"], 5)))
    return sorted(answers), sorted(guesses)


def fewest_guesses(answers: list[str], guesses: list[str], hard_mode: bool) -> int:
    """Every guess tried at every position, nothing pruned."""

    @cache
    def cost(left: frozenset[str], history: tuple, depth: int) -> int:
        if depth == 0:
            return INFEASIBLE
        best = INFEASIBLE
        for guess in guesses:
            if hard_mode and hard_mode_violation(guess, history):
                continue
            buckets: dict[int, set[str]] = {}
            for answer in left:
                buckets.setdefault(score(guess, answer), set()).add(answer)
            if len(buckets) == 1 and guess not in left:
                continue  # tells nothing: whatever follows it could be played without it
            total = len(left)
            for pattern, bucket in buckets.items():
                if pattern != 3**5 - 1:
                    after = (*history, (guess, pattern)) if hard_mode else ()
                    total += cost(frozenset(bucket), after, depth - 1)
            best = min(best, total)
        return best

    return cost(frozenset(answers), (), MAX_GUESSES)


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("hard_mode", [False, True])
def test_the_search_finds_the_same_total_as_trying_everything(tmp_path, seed, hard_mode):
    answers, guesses = look_alikes(np.random.default_rng(seed))
    model = uniform_model(lists_of(tmp_path, answers, guesses))
    search, node = search_state(State(model, (), hard_mode))
    assert search.best_guess(node)[1] == fewest_guesses(answers, guesses, hard_mode) > 2 * len(answers)
