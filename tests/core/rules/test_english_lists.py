"""The shipped lists of every length but five: SCOWL's words, the commonest as answers, curated by
the rules of the script that makes them (scripts/length_lists.py)."""

from __future__ import annotations

import pytest
from helpers import length_lists_script

from wordle_tui.core.rules.words import ENGLISH_LENGTHS, PRESETS, load_preset

ENGLISH = [f"english-{length}" for length in ENGLISH_LENGTHS]


def test_there_are_lists_for_every_length_from_4_to_11_and_five_letters_are_the_nyt_s():
    lengths = {load_preset(name).length: name for name in PRESETS}
    assert sorted(lengths) == list(range(4, 12))
    assert lengths[5] in ("nyt", "nyt2022", "original") and "english-5" not in PRESETS


@pytest.mark.parametrize("name", ENGLISH)
def test_each_list_has_its_length_a_to_z_and_every_answer_among_the_guesses(name):
    lists = load_preset(name)
    length = int(name.removeprefix("english-"))
    assert lists.name == name and lists.length == length
    assert all(len(word) == length and word.isascii() and word.isalpha() and word.islower() for word in lists.guesses)
    assert set(lists.answers) <= set(lists.guesses)
    assert list(lists.answers) == sorted(set(lists.answers)) and list(lists.guesses) == sorted(set(lists.guesses))


@pytest.mark.parametrize("name", ENGLISH)
def test_each_list_has_a_few_thousand_answers_at_most_among_many_more_guesses(name):
    lists = load_preset(name)
    most = length_lists_script().MOST_ANSWERS[lists.length]
    assert 1000 <= len(lists.answers) <= most <= 2500
    assert len(lists.guesses) >= 5000 and len(lists.guesses) >= 3 * len(lists.answers)


def test_no_answer_is_a_plural_a_past_or_an_offensive_word_and_no_list_holds_a_slur():
    script = length_lists_script()
    every = {name: load_preset(name) for name in ENGLISH}
    answers = set().union(*(lists.answers for lists in every.values()))  # all words of the script's own
    for lists in every.values():
        assert not [word for word in lists.answers if script.is_plural(word, answers)]
        assert not [word for word in lists.answers if script.is_past(word, answers)]
        assert not set(lists.answers) & script.OFFENSIVE
        assert not set(lists.guesses) & script.SLURS
    # What the rules leave out, they see: plurals of the answers are among the guesses (CITIES, WOLVES).
    for plural in ("cities", "wolves", "quizzes", "analyses", "matrices"):
        assert script.is_plural(plural, answers) and plural in every[f"english-{len(plural)}"].guesses


@pytest.mark.parametrize(
    ("word", "words", "plural", "past"),
    [
        ("cars", {"car"}, True, False),
        ("goes", {"go"}, True, False),
        ("boxes", {"box"}, True, False),
        ("canvas", {"can", "cavas"}, False, False),
        ("glass", {"glas"}, False, False),
        ("acted", {"act"}, False, True),
        ("hoped", {"hope"}, False, True),
        ("stopped", {"stop"}, False, True),
        ("carried", {"carry"}, False, True),
        ("shed", {"she"}, False, False),
        ("seed", {"see"}, False, False),
        ("freed", {"free"}, False, True),
    ],
)
def test_the_script_s_rules_for_plurals_and_pasts(word, words, plural, past):
    script = length_lists_script()
    assert (script.is_plural(word, words), script.is_past(word, words)) == (plural, past)


def test_a_list_s_words_have_their_frequencies_and_a_game_reads_those_of_its_length_alone():
    seven = load_preset("english-7")
    assert set(seven.frequencies) == set(seven.guesses)
    assert seven.frequencies["because"] > seven.frequencies["saltire"] > 0
    assert len(load_preset("nyt").frequencies) == 14855  # the five-letter words, not the 200,000 of all lengths
