import numpy as np
import pytest

from wordle_tui.core.position.model import NoCandidatesError, State, mode_allowed
from wordle_tui.core.rules.feedback import parse_pattern, score
from wordle_tui.core.rules.game import Difficulty, hard_mode_violation, ultra_hard_violation


def test_candidates_are_the_answers_consistent_with_every_row(model, lists):
    history = (("soare", score("soare", "prove")), ("pownd", score("pownd", "prove")))
    found = [model.targets[i] for i in model.candidates(history)]
    assert "prove" in found
    assert all(score(g, w) == p for w in found for g, p in history)
    expected = [w for w in lists.answers if all(score(g, w) == p for g, p in history)]
    assert found == expected


def test_feedback_no_answer_fits_is_reported_with_its_row(model):
    history = (("soare", score("soare", "prove")), ("crane", parse_pattern("22222", 5)))
    with pytest.raises(NoCandidatesError, match="No word of the answer list fits this feedback") as error:
        model.candidates(history)
    assert error.value.row == 1


def test_the_vectorised_hard_mode_filter_agrees_with_the_nyt_messages(lists):
    histories = [
        (("crane", score("crane", "prove")),),
        (("eerie", score("eerie", "there")),),
        (("soare", score("soare", "llama")), ("lilac", score("lilac", "llama"))),
        (("sassy", score("sassy", "asset")),),
    ]
    for history in histories:
        mask = mode_allowed(lists, history, Difficulty.HARD)
        expected = np.array([hard_mode_violation(word, history) is None for word in lists.guesses])
        assert np.array_equal(mask, expected)
        assert 0 < mask.sum() < len(lists.guesses)


def test_ultra_hard_allows_exactly_the_words_that_fit_every_colour_shown(lists):
    answers = ["prove", "there", "llama", "asset", "abide", "eerie"]
    guesses = ["crane", "eerie", "speed", "sassy", "lilac", "geese"]
    for answer in answers:
        for guess in guesses:
            history = ((guess, score(guess, answer)),)
            mask = mode_allowed(lists, history, Difficulty.ULTRA)
            fits = np.array([score(guess, word) == history[0][1] for word in lists.guesses])
            messages = np.array([ultra_hard_violation(word, history) is None for word in lists.guesses])
            assert np.array_equal(mask, fits), (guess, answer)
            assert np.array_equal(mask, messages), (guess, answer)
            assert mask[lists.guesses.index(answer)]


def test_a_state_knows_its_allowed_guesses_and_weights(model):
    state = State(model, (("crane", score("crane", "prove")),), hard_mode=Difficulty.HARD)
    assert len(state.allowed) < len(model.lists.guesses)
    assert state.weights.sum() == pytest.approx(1.0)
    assert len(state.weights) == len(state.candidates)
