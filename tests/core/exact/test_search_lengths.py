"""The exact search at every length from four to eleven letters (patterns of a byte, two bytes and four)
against trying every guess at every position, on small lists of look-alikes: the best total and the
answers at risk, the steadiest tree and its opener, and the tree after each opener of a six-letter list."""

import numpy as np
import pytest
from brute_force import fewest_guesses, steadiest
from small_lists import lists_of, look_alikes_at, one_family_at

from wordle_tui.core.exact.openers import best_opener
from wordle_tui.core.exact.search import at_risk, guesses_of, search_state
from wordle_tui.core.exact.trees import compute_tree, stored_tree, tree_problem
from wordle_tui.core.position import table as table_module
from wordle_tui.core.position.model import State, accepted_model, uniform_model
from wordle_tui.core.position.table import pattern_dtype
from wordle_tui.core.rules.game import Difficulty

LENGTHS = range(4, 12)


def test_each_length_takes_the_narrowest_pattern_type():
    assert [pattern_dtype(length).name for length in LENGTHS] == ["uint8"] * 2 + ["uint16"] * 5 + ["uint32"]


def best_found(tmp_path, answers: list[str], guesses: list[str], hard_mode: Difficulty) -> tuple[int, int, str]:
    """(the search's best total, its worst case, the guess that opens it) on lists of these words."""
    model = uniform_model(lists_of(tmp_path, answers, guesses))
    assert model.table.matrix.dtype == pattern_dtype(len(answers[0]))
    search, node = search_state(State(model, (), hard_mode))
    row, total = search.best_guess(node)
    return total, search.worst_case(node), model.lists.guesses[search.guess_ids[row]]


@pytest.mark.parametrize("hard_mode", list(Difficulty))
@pytest.mark.parametrize("length", LENGTHS)
def test_the_search_finds_the_steadiest_tree_trying_everything_finds_at_every_length(tmp_path, length, hard_mode):
    answers, guesses = look_alikes_at(np.random.default_rng(length), length, 10, 4)
    total, worst, word = best_found(tmp_path, answers, guesses, hard_mode)
    assert (at_risk(total), guesses_of(total)) == fewest_guesses(answers, guesses, hard_mode)
    if not at_risk(total):  # the steadiest of the trees with the fewest guesses
        assert (guesses_of(total), worst, word) == steadiest(answers, guesses, hard_mode)


@pytest.mark.parametrize("length", LENGTHS)
def test_the_search_counts_the_answers_at_risk_as_trying_everything_does_at_every_length(tmp_path, length):
    answers, guesses = one_family_at(np.random.default_rng(length), length)
    total, _, _ = best_found(tmp_path, answers, guesses, Difficulty.NORMAL)
    assert (at_risk(total), guesses_of(total)) == fewest_guesses(answers, guesses, Difficulty.NORMAL)
    assert at_risk(total) > 0


@pytest.mark.parametrize("hard_mode", list(Difficulty))
def test_the_tree_after_every_opener_of_a_six_letter_list_is_the_best_trying_everything_finds(tmp_path, hard_mode):
    answers, guesses = look_alikes_at(np.random.default_rng(2026), 6, 10, 5)
    model = uniform_model(lists_of(tmp_path, answers, guesses))
    for opener in guesses:
        tree = compute_tree(model, opener, hard_mode, resume=False)
        assert tree_problem(tree, model.lists) is None, opener
        assert (tree.losses, tree.total) == fewest_guesses(answers, guesses, hard_mode, first=opener), opener
    best, worst, opener = steadiest(answers, guesses, hard_mode)
    assert best_opener(model, hard_mode) == opener
    tree, _ = stored_tree(model.lists, hard_mode, opener)
    assert (tree.total, tree.worst_case) == (best, worst)


def test_a_search_over_a_table_too_large_to_keep_whole_builds_only_its_answers_rows(tmp_path, monkeypatch):
    # Every accepted word a candidate: a search over more than an eighth of them reads the whole
    # table of every word against every other, unless that is too large to keep (at eleven letters,
    # gigabytes for a large dictionary); here every table is, and the search builds its own rows.
    answers, guesses = look_alikes_at(np.random.default_rng(11), 11, 10, 4)
    lists = lists_of(tmp_path, answers, guesses)
    found = []
    for at_most in (table_module.WHOLE_AT_MOST, 0):
        monkeypatch.setattr(table_module, "WHOLE_AT_MOST", at_most)
        model = accepted_model(lists)
        search, node = search_state(State(model, (), Difficulty.NORMAL))
        row, total = search.best_guess(node)
        found.append((model.lists.guesses[search.guess_ids[row]], total, model.table.whole))
        model.table.path.unlink(missing_ok=True)
    assert found[0][:2] == found[1][:2]
    assert found[0][2] and not found[1][2]  # kept whole only where affordable
