"""The risk mark of every suggestion: the answers a guess leaves at risk of taking more than six guesses."""

from helpers import write_words

from wordle_tui.core.exact import risk as risk_module
from wordle_tui.core.exact.marks import risk_mark
from wordle_tui.core.exact.risk import Risk, guess_risks
from wordle_tui.core.position.model import State, uniform_model
from wordle_tui.core.rules.game import Difficulty
from wordle_tui.core.rules.words import load_word_lists
from wordle_tui.core.strategies import strategy_named
from wordle_tui.core.strategies.base import with_risks

SEVENS = ["bills", "fills", "hills", "kills", "mills", "pills", "tills"]


def sevens_model(tmp_path):
    answers = write_words(tmp_path / "a.txt", SEVENS)
    guesses = write_words(tmp_path / "g.txt", [*SEVENS, "bfhzz"])
    return uniform_model(load_word_lists(answers, guesses))


def test_a_guess_that_cannot_tell_the_answers_apart_puts_one_at_risk_in_hard_mode(tmp_path):
    # Seven ?ILLS in hard mode: BFHZZ tells them apart (every answer found within six); BILLS keeps
    # the other six together, to be tried one by one in the five guesses left: one is at risk.
    model = sevens_model(tmp_path)
    assert guess_risks(model, (), Difficulty.HARD, ["bfhzz", "bills"]) == [Risk(0, True), Risk(1, True)]
    assert guess_risks(model, (), Difficulty.NORMAL, ["bills"]) == [Risk(0, True)]  # normal mode: BFHZZ may follow


def test_past_the_budget_a_risk_is_an_upper_bound_but_a_guarantee_is_still_proved(tmp_path, monkeypatch):
    monkeypatch.setattr(risk_module, "PROOF_BUDGET", 0)
    assert guess_risks(sevens_model(tmp_path), (), Difficulty.HARD, ["bills", "bfhzz"]) == [
        Risk(1, False),
        Risk(0, True),
    ]
    assert (risk_mark(1, False), risk_mark(1), risk_mark(0), risk_mark(None)) == ("⚠≤1", "⚠1", "≤6", "")


def test_the_openers_are_judged_by_their_shipped_values(lists):
    # On the nyt2022 lists in hard mode, as Alex Selby's exact results say: TRACE leaves two answers
    # at risk, SOARE one, SALET none; an opener never evaluated is not judged.
    found = guess_risks(uniform_model(lists), (), Difficulty.HARD, ["trace", "soare", "salet", "raile"])
    assert found == [Risk(2, True), Risk(1, True), Risk(0, True), None]


def test_every_strategy_s_suggestions_carry_their_risk(tmp_path):
    model = sevens_model(tmp_path)
    state = State(model, (), Difficulty.HARD)
    rows = with_risks(state, strategy_named("entropy").rank(state))
    assert {row.word: (row.at_risk, row.risk_exact) for row in rows} == {
        "bfhzz": (0, True),
        **{word: (1, True) for word in SEVENS},
    }
