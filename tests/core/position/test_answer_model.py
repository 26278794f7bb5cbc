"""The answer model of today's game: every accepted word may be the answer, the curated ones likely."""

from __future__ import annotations

import numpy as np
import pytest
from small_lists import lists_of

from wordle_tui.core.position.model import UNLISTED_SHARE, NoCandidatesError, State, weighted_model
from wordle_tui.core.rules.feedback import parse_pattern, score
from wordle_tui.core.rules.game import Difficulty
from wordle_tui.core.strategies import strategy_named
from wordle_tui.core.strategies.base import measure_guesses


@pytest.fixture(scope="module")
def nyt_model(nyt_lists):
    return weighted_model(nyt_lists)


def test_the_curated_answers_share_all_but_the_unlisted_share_equally(nyt_model, nyt_lists):
    prior = dict(zip(nyt_model.targets, nyt_model.prior))
    assert len(nyt_model.targets) == 14855 - 82 and nyt_model.listed.sum() == 3158  # the offensive words left out
    assert nyt_model.prior.sum() == pytest.approx(1.0)
    assert nyt_model.prior[nyt_model.listed].sum() == pytest.approx(1 - UNLISTED_SHARE)
    assert prior["guano"] == prior["crane"] == pytest.approx((1 - UNLISTED_SHARE) / 3158)
    # Off the list: familiar words are likelier than obscure ones, and -s plurals count little.
    assert prior["wanna"] > prior["years"] > prior["aalii"] > 0
    assert prior["crane"] > 10 * prior["wanna"]


def test_the_guano_game_keeps_guano_as_a_likely_answer(nyt_model):
    state = State(nyt_model, (("salet", parse_pattern("01000", 5)), ("round", parse_pattern("01120", 5))))
    remaining = state.remaining()
    assert remaining.likely == ["guano"]
    assert remaining.summary().startswith("1 likely · ")


def test_an_answer_off_the_curated_list_is_unlikely_but_never_excluded(lists):
    # GUANO was never on the 2,309-word list; with those lists it is an accepted word all the same.
    model = weighted_model(lists)
    history = tuple((guess, score(guess, "guano")) for guess in ("salet", "round"))
    remaining = State(model, history).remaining()
    assert remaining.likely == [] and "guano" in remaining.unlikely
    assert remaining.summary() == f"0 likely · {len(remaining.unlikely)} unlikely"


def test_no_fit_is_said_only_when_no_accepted_word_fits(nyt_model):
    history = (("soare", score("soare", "prove")), ("crane", parse_pattern("22222", 5)))
    with pytest.raises(NoCandidatesError, match=r"No accepted word fits this feedback \(row 2\)\.") as error:
        State(nyt_model, history).candidates  # noqa: B018
    assert error.value.row == 1


def test_few_answers_are_named_likely_first_then_the_likeliest_unlikely(lists):
    model = weighted_model(lists)
    history = tuple((guess, score(guess, "prove")) for guess in ("tares", "deice", "brung"))
    remaining = State(model, history).remaining()
    assert remaining.likely == ["froze", "prove"]
    assert set(remaining.unlikely) == {"frore", "proke", "prole", "prore", "wroke"}
    assert remaining.unlikely[0] == "prole"  # the most familiar of them
    assert remaining.summary() == "2 likely · 5 unlikely"
    assert remaining.named() == (remaining.likely, remaining.unlikely)


def test_entropy_and_expected_guesses_use_the_weights_and_sizes_count_likely_answers(tmp_path):
    # Two answers on the list; every other accepted word is an unlikely answer.
    lists = lists_of(tmp_path, ["bills", "fills"], ["hills", "kills", "bfhzz"])
    model = weighted_model(lists)
    state = State(model)
    weights = dict(zip(model.targets, state.weights))
    figures = measure_guesses(model, (), Difficulty.NORMAL, np.array([lists.guess_index["bfhzz"]]))
    # BFHZZ tells all five apart (itself included): the entropy is that of the five weights.
    assert len(weights) == 5
    assert figures.entropy[0] == pytest.approx(-sum(w * np.log2(w) for w in weights.values()))
    assert figures.worst_case[0] == 1 and figures.patterns[0] == 2  # the likely answers alone count
    # Every other feedback leaves one word, which the next guess finds.
    assert figures.expected_guesses[0] == pytest.approx(2.0 - weights["bfhzz"])


def test_an_unequal_bucket_leaves_less_uncertainty_than_its_size(tmp_path):
    # ZILLS tells none of the four apart; the two likely answers weigh far more than the rest.
    lists = lists_of(tmp_path, ["bills", "fills"], ["hills", "kills", "zills"])
    model = weighted_model(lists)
    figures = measure_guesses(model, (), Difficulty.NORMAL, np.array([lists.guess_index["zills"]]))
    (tmp_path / "u").mkdir()
    uniform = weighted_model(lists_of(tmp_path / "u", ["bills", "fills", "hills", "kills"], ["zills"]))
    even = measure_guesses(uniform, (), Difficulty.NORMAL, np.array([uniform.lists.guess_index["zills"]]))
    assert figures.expected_guesses[0] < even.expected_guesses[0]  # nearly two answers, not four
    assert figures.worst_case[0] == 2 and even.worst_case[0] == 4


def test_a_strategy_prefers_a_likely_answer_to_an_unlikely_one(lists):
    model = weighted_model(lists)
    history = tuple((guess, score(guess, "prove")) for guess in ("tares", "deice", "brung"))
    state = State(model, history)
    assert strategy_named("expected").choose(state) in {"froze", "prove"}
    assert strategy_named("random").choose(state) in {"froze", "prove"}
    top = strategy_named("entropy").rank(state, top=1)[0]
    assert top.worst_case == 1 and not top.candidate  # it tells all seven apart


@pytest.mark.parametrize("candidates", [None, 300, 30])  # every target, some (dense), few (sorted runs)
def test_the_weighted_figures_of_equal_weights_are_the_uniform_figures(model, candidates):
    # A tally of ones takes the weighted path; None, with equal weights, the uniform one.
    from dataclasses import fields

    from wordle_tui.core.position.curve import curve_for
    from wordle_tui.core.position.figures import measure

    rng = np.random.default_rng(7)
    columns = np.arange(len(model.targets)) if candidates is None else np.sort(rng.choice(2309, candidates, False))
    guesses = np.sort(rng.choice(len(model.lists.guesses), 400, replace=False))
    weights = np.full(len(columns), 1 / len(columns))
    args = (model.table.against(columns), guesses, weights, curve_for(model.lists, Difficulty.NORMAL))
    uniform, weighted = measure(*args), measure(*args, np.ones(len(columns)))
    for item in fields(uniform):
        assert np.allclose(getattr(uniform, item.name), getattr(weighted, item.name), atol=1e-9), item.name


def test_no_offensive_word_is_a_candidate_though_it_is_still_accepted_as_a_guess(nyt_model, nyt_lists):
    # SALET=01000 left NIGGA and WIGGA among the possible answers, counted and named: neither is any longer.
    state = State(nyt_model, (("salet", parse_pattern("01000", 5)),))
    remaining = state.remaining()
    assert remaining.summary() == "145 likely · 601 unlikely"
    assert not {"nigga", "wigga", "gubba"} & {*remaining.likely, *remaining.unlikely}
    assert not set(nyt_model.targets) & nyt_lists.offensive
    typed = state.then("nigga", score("nigga", "amuck"))  # a guess like any other: it narrows the answers
    assert 0 < len(typed.candidates) < len(state.candidates)


def test_the_accepted_model_leaves_out_the_offensive_words_too(nyt_lists):
    from wordle_tui.core.position.model import accepted_model

    model = accepted_model(nyt_lists)
    assert len(model.targets) == len(nyt_lists.possible) and not set(model.targets) & nyt_lists.offensive
    assert model.prior.sum() == pytest.approx(1.0)
