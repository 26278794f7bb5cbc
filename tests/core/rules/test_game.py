import pytest

from wordle_tui.core.rules.feedback import GREEN, GREY, YELLOW, parse_pattern, score
from wordle_tui.core.rules.game import (
    Difficulty,
    Game,
    GuessError,
    check_guess,
    hard_mode_violation,
    ultra_hard_violation,
)


def test_short_guesses_are_refused_with_the_nyt_words(lists):
    with pytest.raises(GuessError, match=r"^Not enough letters$"):
        check_guess("cran", lists)


@pytest.mark.parametrize("word", ["abcde", "cranes", "zzzzz"])
def test_unknown_words_are_refused_with_the_nyt_words(lists, word):
    with pytest.raises(GuessError, match=r"^Not in word list$"):
        check_guess(word, lists)


def test_a_refused_guess_leaves_the_game_unchanged(lists):
    game = Game("prove", lists)
    with pytest.raises(GuessError):
        game.guess("xxxxx")
    assert game.history == []


def test_winning(lists):
    game = Game("prove", lists)
    assert game.guess("soare") == score("soare", "prove")
    assert not game.over
    game.guess("PROVE")
    assert game.won and game.over and not game.lost
    with pytest.raises(GuessError, match="over"):
        game.guess("crane")


def test_losing_after_six_guesses(lists):
    game = Game("prove", lists)
    for word in ["crane", "slate", "moist", "dough", "lucky", "wimpy"]:
        assert not game.over
        game.guess(word)
    assert game.lost and not game.won


def test_the_keyboard_keeps_each_letters_best_colour(lists):
    game = Game("class", lists)
    game.guess("shoes")  # s yellow, h o e grey, s green
    states = game.letter_states()
    assert states["s"] == GREEN
    assert states["h"] == states["o"] == states["e"] == GREY
    game.guess("scale")
    assert game.letter_states()["c"] == YELLOW and game.letter_states()["s"] == GREEN


def feedback(guess, pattern):
    return ((guess, parse_pattern(pattern, 5)),)


def test_hard_mode_keeps_greens_in_place():
    assert hard_mode_violation("stare", feedback("crane", "02000")) == "2nd letter must be R"
    assert hard_mode_violation("brick", feedback("crane", "02000")) is None


def test_hard_mode_ordinals():
    assert hard_mode_violation("abcde", feedback("xxxxz", "00002")) == "5th letter must be Z"
    assert hard_mode_violation("abcde", feedback("zxxxx", "20000")) == "1st letter must be Z"
    assert hard_mode_violation("abcde", feedback("xxzxx", "00200")) == "3rd letter must be Z"


def test_hard_mode_reuses_revealed_letters():
    assert hard_mode_violation("bloom", feedback("crane", "00100")) == "Guess must contain A"
    assert hard_mode_violation("gaudy", feedback("crane", "00100")) is None


def test_hard_mode_counts_repeated_revealed_letters():
    # Two yellow e's revealed: a guess with one e is not enough.
    assert hard_mode_violation("there", feedback("eerie", "11000")) is None
    assert hard_mode_violation("tread", feedback("eerie", "11000")) == "Guess must contain E"


def test_hard_mode_checks_greens_before_letter_counts():
    assert hard_mode_violation("xxxxx", feedback("crane", "21000")) == "1st letter must be C"


def test_hard_mode_allows_yellows_in_the_same_place_and_grey_letters():
    assert hard_mode_violation("crane", feedback("crane", "01000")) is None


@pytest.mark.parametrize(
    ("hard_mode", "refused"),
    [
        (Difficulty.HARD, {"cloth": "5th letter must be E", "three": "Guess must contain O"}),
        (Difficulty.ULTRA, {"rouge": "2nd letter can't be O", "prose": "Guess can't contain S"}),
    ],
)
def test_the_modes_in_a_game(lists, hard_mode, refused):
    game = Game("prove", lists, hard_mode=hard_mode)
    game.guess("soare")  # 01012: s grey, o yellow, a grey, r yellow, e green
    for word, message in refused.items():
        with pytest.raises(GuessError, match=f"^{message}$"):
            game.guess(word)
    game.guess("prove")
    assert game.won


def test_ultra_hard_moves_yellow_letters_and_never_reuses_grey_ones():
    history = feedback("crane", "01000")  # r yellow, c a n e grey
    assert hard_mode_violation("crane", history) is None  # allowed in NYT hard mode
    assert ultra_hard_violation("fritz", history) == "2nd letter can't be R"
    assert ultra_hard_violation("brick", history) == "Guess can't contain C"  # letter by letter
    assert ultra_hard_violation("fours", history) is None
    assert ultra_hard_violation("lours", history) is None
    assert ultra_hard_violation("rusty", history) is None
    assert ultra_hard_violation("ruled", history) == "Guess can't contain E"
    assert ultra_hard_violation("stare", history) == "3rd letter can't be A"  # before its count


def test_ultra_hard_keeps_the_nyt_messages_first():
    assert ultra_hard_violation("stare", feedback("crane", "02000")) == "2nd letter must be R"
    assert ultra_hard_violation("bloom", feedback("crane", "00100")) == "Guess must contain A"


def test_ultra_hard_counts_letters_exactly_once_one_is_grey():
    history = feedback("eerie", "10000")  # one e, not first; the other e's grey
    assert ultra_hard_violation("there", history) == "Guess must contain exactly one E"
    assert ultra_hard_violation("toned", history) is None
    history = feedback("eerie", "11000")  # two e's, in none of the places played
    assert ultra_hard_violation("beget", history) == "2nd letter can't be E"
    assert ultra_hard_violation("bleep", history) is None
    history = feedback("sassy", "11200")  # two s's, the 3rd letter one of them
    assert ultra_hard_violation("asses", history) == "Guess must contain exactly two Ss"
    assert ultra_hard_violation("asset", history) is None
