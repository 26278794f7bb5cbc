"""The exact search over lists whose alphabet is more than a-z (32 letters: codes up to 31, the most five bits
hold) against trying every guess at every position: the best total, the steadiest tree, every opener's tree."""

import numpy as np
import pytest
from brute_force import fewest_guesses, steadiest
from small_lists import ACCENTED_ANSWERS, ACCENTED_GUESSES, accented_lists, lists_of, look_alikes, probed

from wordle_tui.core.exact.search import at_risk, guesses_of, search_state
from wordle_tui.core.exact.trees import compute_tree, tree_problem
from wordle_tui.core.position.model import State, uniform_model
from wordle_tui.core.rules.game import Difficulty, mode_violation

GUESSES = ACCENTED_ANSWERS + ACCENTED_GUESSES
# The look-alikes' letters written as the six letters after z: their codes are 26 to 31, ü the last.
RELABELLED = str.maketrans({"b": "ß", "f": "ñ", "h": "ü", "i": "ö", "l": "ä", "y": "ú"})


@pytest.fixture(scope="module")
def model(tmp_path_factory):
    return uniform_model(accented_lists(tmp_path_factory.mktemp("lists")))


def best(tmp_path, answers: list[str], guesses: list[str], hard_mode: Difficulty) -> tuple[int, int]:
    """(answers at risk, guesses) of the search's best tree on lists of these words."""
    tmp_path.mkdir(exist_ok=True)
    search, node = search_state(State(uniform_model(lists_of(tmp_path, answers, guesses)), (), hard_mode))
    total = search.best_guess(node)[1]
    return at_risk(total), guesses_of(total)


@pytest.mark.parametrize("hard_mode", [Difficulty.HARD, Difficulty.ULTRA])
def test_the_compiled_rules_allow_the_guesses_the_rules_allow_after_any_row(model, hard_mode):
    # The letter tables and the compiled rules over every letter, ß ä ñ ö ú ü (codes 26 to 31) included.
    search, node = search_state(State(model, (), hard_mode))
    words = [model.lists.guesses[search.guess_ids[row]] for row in range(len(search.guess_ids))]
    for row in node.guesses:
        for column in node.answers:
            pattern = int(search.matrix[row, column])
            child = search.child(node, node.answers, node.guesses, row, pattern)
            history = ((words[row], pattern),)
            expected = [g for g in node.guesses if mode_violation(words[g], history, hard_mode) is None]
            assert child.guesses.tolist() == expected, (words[row], model.lists.answers[column])


@pytest.mark.parametrize("hard_mode", list(Difficulty))
def test_the_search_finds_the_steadiest_tree_trying_everything_finds(model, hard_mode):
    assert len(model.lists.alphabet) == 32
    search, node = search_state(State(model, (), hard_mode))
    row, total = search.best_guess(node)
    assert (at_risk(total), guesses_of(total)) == fewest_guesses(ACCENTED_ANSWERS, GUESSES, hard_mode)
    opener = model.lists.guesses[search.guess_ids[row]]
    assert (guesses_of(total), search.worst_case(node), opener) == steadiest(ACCENTED_ANSWERS, GUESSES, hard_mode)


@pytest.mark.parametrize("hard_mode", list(Difficulty))
def test_the_tree_after_an_opener_is_the_best_trying_everything_finds(model, hard_mode):
    for opener in ("große", "ñandú", "süßes", "niñas", "bäche", "reißt", "salsa"):
        tree = compute_tree(model, opener, hard_mode, resume=False)
        assert tree_problem(tree, model.lists) is None, opener
        assert set(tree.paths) == set(ACCENTED_ANSWERS)
        assert (tree.losses, tree.total) == fewest_guesses(ACCENTED_ANSWERS, GUESSES, hard_mode, first=opener), opener


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("hard_mode", list(Difficulty))
def test_look_alikes_in_other_letters_cost_what_they_cost_in_a_to_z(tmp_path, seed, hard_mode):
    answers, guesses = look_alikes(np.random.default_rng(seed), 8)
    accented = [word.translate(RELABELLED) for word in answers], [word.translate(RELABELLED) for word in guesses]
    found = best(tmp_path / "accented", *accented, hard_mode)
    assert found == fewest_guesses(*accented, hard_mode) == best(tmp_path / "a-z", answers, guesses, hard_mode)


@pytest.mark.parametrize("seed", [5, 17])
def test_hard_mode_rules_over_letters_after_z_cost_the_guesses_they_cost_in_a_to_z(tmp_path, seed):
    # Few guesses, of the letters that tell the answers apart: ultra hard mode's rules cost guesses here.
    answers, guesses = probed(np.random.default_rng(seed), 12, 5)
    accented = [word.translate(RELABELLED) for word in answers], [word.translate(RELABELLED) for word in guesses]
    found = {}
    for hard_mode in (Difficulty.HARD, Difficulty.ULTRA):
        found[hard_mode] = best(tmp_path / f"accented-{hard_mode}", *accented, hard_mode)
        assert found[hard_mode] == fewest_guesses(*accented, hard_mode)
        assert found[hard_mode] == best(tmp_path / f"a-z-{hard_mode}", answers, guesses, hard_mode)
    assert found[Difficulty.ULTRA][1] > found[Difficulty.HARD][1]
