"""The NYT's rules at four, six and eleven letters, against examples worked by hand: greens first,
then yellows left to right while the answer has copies left that are not green; hard mode keeps
greens in place and reuses revealed letters; ultra hard mode moves yellows and counts grey letters."""

import pytest

from wordle_tui.core.rules.feedback import format_pattern, parse_pattern, score, solved_pattern
from wordle_tui.core.rules.game import hard_mode_violation, ultra_hard_violation


def colours(guess: str, answer: str) -> str:
    return format_pattern(score(guess, answer), len(guess))


@pytest.mark.parametrize(
    ("guess", "answer", "expected"),
    [
        # TEEN against TREE: T and the second E green; the answer's spare letters are R and E, so
        # the first E takes that E (yellow) and N is grey.
        ("teen", "tree", "2120"),
        # NOON against ONTO, no greens: the answer's spare letters are O, O, N, T. N yellow (the
        # only N), O yellow, O yellow (both O's), and the second N grey: no N is left.
        ("noon", "onto", "1110"),
        # SASS against MASS: both of the answer's S's are green, so the first S, left over, is grey.
        ("sass", "mass", "0222"),
        # SETTEE against STREET: S and the fifth letter's E green; spare letters T, R, E, T. E
        # yellow, T yellow, T yellow, and the last E grey: the answer's two E's are spent.
        ("settee", "street", "211120"),
        # BANANA against CABANA: A, A, N, A green; spare letters C and B. B yellow, N grey (the
        # answer's only N is green).
        ("banana", "cabana", "120222"),
        # ASSESSMENTS against SUCCESSIONS, five S's against four: two greens (6th and 11th), and
        # the spare letters S, U, C, C, E, S, I, O, N hold two S's, so the S's at the 2nd and 3rd
        # letters are yellow and the one at the 5th grey; the first E yellow (the one spare E), the
        # second grey; N yellow; A, M and T grey.
        ("assessments", "successions", "01110200102"),
        # MISSISSIPPI against POSSESSIONS: S, S, S, S and the 8th letter's I green; spare letters
        # P, O, E, O, N, S. The answer's only I is green, so the other three I's are grey; the
        # first P yellow, the second grey; M grey.
        ("mississippi", "possessions", "00220222100"),
    ],
)
def test_repeated_letters_follow_the_nyt_rules_at_every_length(guess, answer, expected):
    assert colours(guess, answer) == expected


@pytest.mark.parametrize("length", [4, 6, 11])
def test_a_word_against_itself_is_all_green_and_patterns_read_back(length):
    word = "assessments"[:length]
    assert score(word, word) == solved_pattern(length) == 3**length - 1
    pattern = score("mississippi"[:length], "possessions"[:length])
    assert parse_pattern(format_pattern(pattern, length), length) == pattern


ROW_11 = (("mississippi", parse_pattern("00220222100", 11)),)  # against POSSESSIONS, above


@pytest.mark.parametrize(
    ("guess", "message"),
    [
        ("possessions", None),  # the answer fits every rule
        ("assessments", "4th letter must be S"),  # A-S-S-E: the 3rd letter's S stays, the 4th does not
        ("xxssxssixxx", "Guess must contain P"),  # every green in place, but the yellow P is gone
        ("pxssxssixxx", None),  # NYT hard mode asks nothing of where P goes, nor of grey letters
    ],
)
def test_hard_mode_at_eleven_letters(guess, message):
    assert hard_mode_violation(guess, ROW_11) == message


@pytest.mark.parametrize(
    ("guess", "message"),
    [
        ("possessions", None),
        ("xissxssipxx", "2nd letter can't be I"),  # grey there: I goes nowhere but the green 8th letter
        ("pxssxssiixx", "Guess must contain exactly one I"),  # the 8th letter's I is the only one
        ("xxssxssipxx", "9th letter can't be P"),  # yellow there: P moves
        ("xmssxssixpx", "Guess can't contain M"),  # grey, and never shown green or yellow
        ("mxssxssixpx", "1st letter can't be M"),  # letter by letter: where it stood is said first
        ("xxssxssixxp", None),  # P moved to a place where it was never shown
        ("xxssxssixpp", "10th letter can't be P"),  # grey there (and one P too many, said after)
    ],
)
def test_ultra_hard_mode_at_eleven_letters(guess, message):
    assert ultra_hard_violation(guess, ROW_11) == message


def test_hard_modes_at_four_letters():
    noon = (("noon", parse_pattern("1110", 4)),)  # against ONTO, above: one N and two O's revealed
    assert hard_mode_violation("onto", noon) is None
    assert hard_mode_violation("into", noon) == "Guess must contain O"  # INTO has one O
    assert ultra_hard_violation("onto", noon) is None
    assert ultra_hard_violation("onxo", noon) is None  # every letter moved to a place it was never shown
    assert ultra_hard_violation("nxoo", noon) == "1st letter can't be N"  # yellow there
    assert ultra_hard_violation("oxon", noon) == "3rd letter can't be O"  # yellow there
    assert ultra_hard_violation("onno", noon) == "Guess must contain exactly one N"  # the 4th letter's N was grey


def test_hard_modes_at_six_letters():
    settee = (("settee", parse_pattern("211120", 6)),)  # against STREET, above: S, E green; E, T, T yellow
    assert hard_mode_violation("street", settee) is None
    assert hard_mode_violation("tsetse", settee) == "1st letter must be S"
    assert hard_mode_violation("sexxex", settee) == "Guess must contain T"  # the two T's revealed
    assert ultra_hard_violation("street", settee) is None
    assert ultra_hard_violation("stexet", settee) is None
    assert ultra_hard_violation("stxtee", settee) == "4th letter can't be T"  # yellow there
    assert ultra_hard_violation("steeet", settee) == "Guess must contain exactly two Es"  # the 6th letter's E was grey
