"""Which game of the family is played, as one value: its name, its guesses, what it is not."""

import pytest

from wordle_tui.core.rules.variant import ABSURDLE, FAMILY, WORDLE, Variant


def test_each_game_of_the_family_has_its_name_and_its_guesses():
    named = [(variant.name, variant.boards, variant.guess_limit, variant.has_answer) for variant in FAMILY]
    assert named == [
        ("Wordle", 1, 6, True),
        ("Dordle", 2, 7, True),
        ("Quordle", 4, 9, True),
        ("Octordle", 8, 13, True),
        ("Absurdle", 1, None, False),
    ]
    assert (Variant(3).name, Variant(3).several, WORDLE.several) == ("3 boards", True, False)
    assert [variant.describe() for variant in (WORDLE, Variant(4), ABSURDLE)] == [
        "one board, six guesses",
        "4 boards at once, 9 guesses",
        "an adversary that dodges every guess",
    ]


@pytest.mark.parametrize(
    ("boards", "absurdle", "said"),
    [(9, False, "2 to 8"), (0, False, "2 to 8"), (2, True, "Absurdle is played on one board")],
)
def test_a_game_that_is_not_played_is_one_sentence(boards, absurdle, said):
    with pytest.raises(ValueError, match=said):
        Variant(boards, absurdle)
