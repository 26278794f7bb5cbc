import pytest
from helpers import feedback_vectors

from wordle_tui.core.rules.feedback import (
    PatternError,
    emoji_row,
    format_pattern,
    parse_pattern,
    score,
    solved_pattern,
)

VECTORS = feedback_vectors()


def colours(guess: str, answer: str) -> str:
    return format_pattern(score(guess, answer), len(guess))


def test_shoes_against_class_is_yellow_grey_grey_grey_green():
    assert colours("shoes", "class") == "10002"


@pytest.mark.parametrize(
    ("guess", "answer", "expected"),
    [
        ("speed", "abide", "00101"),  # one e in the answer: only the first e is yellow
        ("abide", "speed", "00011"),
        ("eerie", "there", "10102"),  # the green e takes one copy, the first e the other
        ("eerie", "eerie", "22222"),
        ("llama", "hello", "11000"),  # two l in hello, both yellow
        ("lolly", "hello", "01220"),  # both l copies go to the greens: the first l is grey
        ("hello", "lolly", "00221"),
        ("geese", "those", "00022"),  # the only s and e are green: earlier e's are grey
        ("error", "robot", "01020"),
        ("array", "rarer", "11200"),
        ("ninny", "union", "11100"),  # two n in union: the third n is grey
        ("mamma", "maxim", "22100"),
        ("sassy", "asset", "11200"),
        ("civic", "vivid", "02220"),
    ],
)
def test_repeated_letters_follow_the_nyt_rules(guess, answer, expected):
    assert colours(guess, answer) == expected


def test_every_independently_scored_vector_matches():
    assert len(VECTORS) == 2510
    wrong = [(g, a, p, colours(g, a)) for g, a, p in VECTORS if colours(g, a) != p]
    assert wrong == []


def test_patterns_are_base_three_with_the_first_letter_least_significant():
    assert score("abcde", "axxxx") == 2
    assert score("abcde", "xxxxa") == 1
    assert score("abcde", "xxxxe") == 2 * 3**4
    assert score("crane", "crane") == solved_pattern(5) == 242


@pytest.mark.parametrize("text", ["01220", "bygbb", "_ox__", "BYGBB"])
def test_all_three_notations_are_read(text):
    expected = {"01220": "01220", "bygbb": "01200", "_ox__": "01200", "BYGBB": "01200"}[text]
    assert format_pattern(parse_pattern(text, 5), 5) == expected


def test_notations_agree():
    assert parse_pattern("gybb_", 5) == parse_pattern("21000", 5) == parse_pattern("xo___", 5)


@pytest.mark.parametrize("text", ["0122", "012201", "01230", "abcde", ""])
def test_malformed_patterns_are_refused_with_a_sentence(text):
    with pytest.raises(PatternError, match=r"Feedback .* must"):
        parse_pattern(text, 5)


def test_emoji_rows_for_sharing():
    assert emoji_row(score("shoes", "class"), 5) == "🟨⬛⬛⬛🟩"
    assert emoji_row(score("shoes", "class"), 5, high_contrast=True) == "🟦⬛⬛⬛🟧"


def test_six_letter_words_are_scored_too():
    assert colours("banana", "cabana") == "120222"
    assert colours("eeeeee", "abcdee") == "000022"
    assert score("zzzzzz", "zzzzzz") == solved_pattern(6) == 728
