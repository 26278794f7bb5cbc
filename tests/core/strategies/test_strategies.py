"""Each strategy's choice on small lists where the right answer can be worked out by hand."""

import numpy as np
import pytest
from helpers import write_words

from wordle_tui.core.position.model import State, uniform_model
from wordle_tui.core.rules.game import Difficulty
from wordle_tui.core.rules.words import load_word_lists
from wordle_tui.core.strategies import STRATEGIES, strategy_named

# Six answers differing only in the first letter. Guessed against the others:
#   an answer splits them 1 + 5 (its own letter is the only one that differs);
#   chomp holds h, m, p: hills, mills and pills get a yellow each, the other three all grey: 3/1/1/1;
#   bumph holds b, m, p, h: only fills and kills stay together: 2/1/1/1/1.
ILLS = ["bills", "fills", "hills", "kills", "mills", "pills"]


@pytest.fixture(scope="module")
def ills(tmp_path_factory):
    folder = tmp_path_factory.mktemp("ills")
    answers = write_words(folder / "answers.txt", ILLS)
    guesses = write_words(folder / "guesses.txt", ["chomp", "bumph"])
    return uniform_model(load_word_lists(answers, guesses))


def figures_of(model, word):
    ranking = strategy_named("entropy").rank(State(model))
    return next(row for row in ranking if row.word == word)


def test_the_hand_worked_splits(ills):
    bumph, chomp, bills = (figures_of(ills, w) for w in ("bumph", "chomp", "bills"))
    assert (bumph.worst_case, bumph.patterns) == (2, 5)
    assert (chomp.worst_case, chomp.patterns) == (3, 4)
    assert (bills.worst_case, bills.patterns) == (5, 2)
    # 2/1/1/1/1: -(1/3 log2 1/3 + 4 * 1/6 log2 1/6) = 2.2516 bits
    assert bumph.entropy == pytest.approx(2.2516, abs=1e-4)
    assert bumph.expected_remaining == pytest.approx((4 + 4 * 1) / 6)


@pytest.mark.parametrize("name", ["entropy", "minimax", "parts", "frequency", "expected", "lookahead"])
def test_every_informed_strategy_plays_bumph(ills, name):
    # entropy 2.25 bits, worst case 2 and 5 patterns are each the best on offer. Frequency: i, l and s are in
    # every answer and tell nothing; bumph holds four of the six telling letters, chomp three, an answer one.
    # Expected: bumph needs 1 + 1/3 f(1 bit) + 4/6 f(0) guesses, an answer 1 + 5/6 f(log2 5): more.
    # Lookahead: after bumph only fills/kills can be unfound after the next guess (1/3 * 1/2 = 0.17);
    # after chomp three answers are left together half the time, and no second guess finds them all.
    assert strategy_named(name).choose(State(ills)) == "bumph"


def test_the_scores_carry_each_strategys_own_units(ills):
    state = State(ills)
    assert strategy_named("minimax").rank(state, top=1)[0].score == 2
    assert strategy_named("parts").rank(state, top=1)[0].score == 5
    assert strategy_named("lookahead").rank(state, top=1)[0].score == pytest.approx(1 / 6)
    assert strategy_named("frequency").rank(state, top=1)[0].score == pytest.approx(4 / 6)


def test_ties_go_to_a_possible_answer_then_alphabetical_order(tmp_path):
    # Only the answers themselves to guess: every one splits the rest 1 + 5, so all tie.
    path = write_words(tmp_path / "ills.txt", ILLS)
    model = uniform_model(load_word_lists(path, path))
    for name in ("entropy", "minimax", "parts"):
        assert [row.word for row in strategy_named(name).rank(State(model), top=3)] == ["bills", "fills", "hills"]


def test_a_possible_answer_wins_a_tie_against_a_better_spelled_word(tmp_path):
    answers = write_words(tmp_path / "a.txt", ["bills", "fills"])
    guesses = write_words(tmp_path / "g.txt", ["bfxyz"])
    model = uniform_model(load_word_lists(answers, guesses))
    # bfxyz tells bills from fills, and so does guessing either answer: the answers win, alphabetically.
    assert [row.word for row in strategy_named("entropy").rank(State(model))] == ["bills", "fills", "bfxyz"]


def test_random_plays_a_possible_answer_and_repeats_itself(model):
    state = State(model, (("crane", 0),))
    choice = strategy_named("random").choose(state)
    assert choice in {model.targets[i] for i in state.candidates}
    assert strategy_named("random").choose(state) == choice


def test_every_strategy_rows_carry_the_same_figures(ills):
    for name in STRATEGIES:
        row = strategy_named(name).rank(State(ills), top=1)[0]
        data = row.as_dict()
        assert set(data) == {
            "word", "entropy", "worst_case", "expected_remaining", "patterns", "expected_guesses", "candidate",
            "likely", "score", "at_risk", "at_risk_exact",
        }  # fmt: skip
        assert np.isfinite(row.entropy) and row.worst_case >= 1
        assert (row.at_risk is None) == (name != "optimal")  # only the exact search knows the risk


def test_optimal_ranks_the_guesses_that_keep_six_guaranteed_first(tmp_path):
    # Seven ?ILLS in hard mode: BFHZZ keeps every answer within six, an answer leaves one at risk
    # (the other six tried one by one), although it may win at once.
    sevens = ["bills", "fills", "hills", "kills", "mills", "pills", "tills"]
    answers, guesses = write_words(tmp_path / "a.txt", sevens), write_words(tmp_path / "g.txt", [*sevens, "bfhzz"])
    rows = strategy_named("optimal").rank(State(uniform_model(load_word_lists(answers, guesses)), (), Difficulty.HARD))
    assert (rows[0].word, rows[0].at_risk) == ("bfhzz", 0)
    assert {row.at_risk for row in rows[1:]} == {1}


@pytest.mark.parametrize("name", ["frequency", "minimax", "parts", "entropy", "expected"])
def test_with_one_answer_left_every_strategy_ranks_that_answer_alone(ills, name):
    from wordle_tui.core.rules.feedback import score
    from wordle_tui.core.strategies.base import nothing_to_rank

    state = State(ills, (("bumph", score("bumph", "bills")),))  # B green: BILLS alone
    assert [row.word for row in strategy_named(name).rank(state)] == ["bills"]
    assert nothing_to_rank(state) == "Only BILLS is left: play it."
    assert nothing_to_rank(state.then("bills", score("bills", "bills"))) == "Solved: BILLS, in 2."
    assert nothing_to_rank(State(ills)) is None


def test_several_boards_with_nothing_to_rank_say_so(ills):
    from wordle_tui.core.rules.feedback import score
    from wordle_tui.core.strategies.boards import BoardsState, nothing_to_rank_on_boards

    solved = (("bills", score("bills", "bills")),)
    one_left = (("bumph", score("bumph", "kills")), ("fills", score("fills", "kills")))  # FILLS or KILLS, not FILLS
    assert nothing_to_rank_on_boards(BoardsState(ills, (solved, solved))) == "Every board is solved."
    assert nothing_to_rank_on_boards(BoardsState(ills, (solved, one_left))) == "Only KILLS on board 2 is left: play it."
    assert nothing_to_rank_on_boards(BoardsState(ills, (one_left, ()))) is None
