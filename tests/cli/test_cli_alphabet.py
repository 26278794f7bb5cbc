"""The commands on lists of one's own whose letters are more than a-z: read, solved exactly, shown in capitals."""

import pytest
from brute_force import fewest_guesses
from helpers import write_words
from small_lists import ACCENTED_ANSWERS, ACCENTED_GUESSES

from wordle_tui.cli import main
from wordle_tui.core.rules.game import Difficulty


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def accented(tmp_path):
    answers = write_words(tmp_path / "answers.txt", ACCENTED_ANSWERS)
    guesses = write_words(tmp_path / "guesses.txt", ACCENTED_GUESSES)
    return ["--answers", str(answers), "--guesses", str(guesses)]


@pytest.mark.parametrize("hard_mode", [Difficulty.NORMAL, Difficulty.HARD])
def test_tree_of_accented_lists_is_the_best_trying_everything_finds(capsys, tmp_path, accented, hard_mode):
    dot = tmp_path / "tree.dot"
    mode = ["--hard"] if hard_mode else []
    code, out, _ = run(capsys, "tree", *accented, "--start", "große", *mode, "--workers", "1", "--dot", str(dot))
    losses, total = fewest_guesses(ACCENTED_ANSWERS, ACCENTED_ANSWERS + ACCENTED_GUESSES, hard_mode, first="große")
    assert code == 0 and losses == 0
    assert f"total {total} guesses" in out
    assert 'label="GROẞE, ' in dot.read_text(encoding="utf-8")


def test_score_and_solve_take_accented_words(capsys, accented):
    assert run(capsys, "score", *accented, "große", "süßes") == (0, "00011 ⬛⬛⬛🟨🟨\n", "")
    code, out, _ = run(capsys, "solve", *accented, "niñas")
    assert code == 0 and out.splitlines()[-1].startswith("Solved in")


def test_a_word_with_a_letter_the_lists_lack_is_refused_in_one_sentence(capsys, accented):
    code, out, err = run(capsys, "solve", *accented, "niçes")
    assert code == 2 and out == ""
    assert err.startswith("wordle-tui: NIÇES is not an accepted word, so it cannot be the answer")
    assert err.count("\n") == 1
