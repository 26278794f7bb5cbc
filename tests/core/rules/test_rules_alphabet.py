"""The lists' alphabet: a-z for English, and the letters other lists use after z (ñ, ß, ü, ...)."""

import unicodedata

import pytest
from helpers import feedback_vectors, write_words
from small_lists import ACCENTED_ALPHABET, ACCENTED_ANSWERS, ACCENTED_GUESSES, accented_lists, lists_of

from wordle_tui.core.rules.feedback import format_pattern, score, solved_pattern
from wordle_tui.core.rules.game import Difficulty, Game, GuessError, check_guess
from wordle_tui.core.rules.words import ENGLISH_ALPHABET, WordListError, capitals, load_word_lists, read_words

# English letters written as letters English lacks: a game of these is the same game, colour for colour.
RELABELLED = str.maketrans({"a": "ä", "e": "é", "n": "ñ", "o": "ö", "s": "ß", "u": "ü"})


def colours(guess: str, answer: str) -> str:
    return format_pattern(score(guess, answer), len(guess))


def test_english_lists_have_the_26_letters_a_to_z(lists):
    assert lists.alphabet == ENGLISH_ALPHABET == "abcdefghijklmnopqrstuvwxyz"
    assert lists.guess_letter_counts.shape == (len(lists.guesses), 26)
    assert lists.guess_codes[lists.guess_index["crane"]].tolist() == [2, 17, 0, 13, 4]


def test_lists_with_other_letters_load_with_those_letters_after_z(tmp_path):
    lists = accented_lists(tmp_path)
    assert lists.alphabet == ACCENTED_ALPHABET  # ß ä ñ ö ú ü, in the order of their code points
    assert "niñas" in lists.answers and "große" in lists.answers and "ñandú" in lists.guesses
    assert lists.guess_codes[lists.guess_index["große"]].tolist() == [6, 17, 14, 26, 4]
    assert lists.guess_letter_counts.shape == (len(lists.guesses), 32)
    assert lists.guess_letter_counts[lists.guess_index["süßes"], 26] == 1  # one ß
    assert lists.guess_letter_counts[lists.guess_index["süßes"], ENGLISH_ALPHABET.index("s")] == 2


def test_capitals_in_a_file_are_read_as_small_letters_and_decomposed_letters_as_one(tmp_path):
    decomposed = [unicodedata.normalize("NFD", word) for word in ["NIÑAS", "Señor", "GROẞE"]]
    assert len(decomposed[0]) == 6  # N I N + combining tilde A S
    assert read_words(write_words(tmp_path / "w.txt", decomposed)) == ["niñas", "señor", "große"]
    composed = lists_of(tmp_path, ACCENTED_ANSWERS, ACCENTED_GUESSES)
    (tmp_path / "nfd").mkdir()
    nfd = [unicodedata.normalize("NFD", word) for word in ACCENTED_ANSWERS]
    assert lists_of(tmp_path / "nfd", nfd, ACCENTED_GUESSES).digest == composed.digest  # the same lists, caches


def test_a_mark_that_makes_no_letter_is_refused_with_file_and_line(tmp_path):
    path = write_words(tmp_path / "w.txt", ["niñas", "x\u0303ito"])  # x with a tilde: no such letter
    with pytest.raises(WordListError, match=r"w\.txt, line 2: .* has characters other than letters\."):
        read_words(path)


def test_more_than_32_letters_are_refused_in_one_sentence(tmp_path):
    answers = write_words(tmp_path / "a.txt", ACCENTED_ANSWERS)
    guesses = write_words(tmp_path / "g.txt", [*ACCENTED_ANSWERS, *ACCENTED_GUESSES, "crème"])
    with pytest.raises(WordListError) as refusal:
        load_word_lists(answers, guesses)
    assert str(refusal.value) == (
        f"The words of {answers} and {guesses} use 33 letters (a-z and ß ä è ñ ö ú ü); at most 32 can be played."
    )


def test_duplicate_accented_letters_are_coloured_by_the_nyt_rules():
    assert colours("ñoñas", "niñas") == "00222"  # the one ñ of the answer goes to the green: the first is grey
    assert colours("ßaßßa", "straß") == "11000"  # one ß and one a in the answer: the first of each is yellow
    assert colours("süßes", "große") == "00110"  # ß and e a place early: yellow; no s at all
    assert colours("grüße", "süßes") == "00111"


def test_the_nyt_vectors_written_in_other_letters_get_the_same_colours():
    for guess, answer, pattern in feedback_vectors():
        assert colours(guess.translate(RELABELLED), answer.translate(RELABELLED)) == pattern, (guess, answer)


def test_capitals_are_one_letter_a_letter():
    assert capitals("große") == "GROẞE" and len(capitals("große")) == 5  # not 'GROSSE'
    assert capitals("niñas") == "NIÑAS" and capitals("ñandú") == "ÑANDÚ"
    assert capitals("crane") == "CRANE"
    assert "große".upper() == "GROSSE"  # why: str.upper() would put six letters in five tiles


def test_a_game_of_accented_words_is_won_through_the_rules(tmp_path):
    lists = accented_lists(tmp_path)
    game = Game("niñas", lists)
    assert format_pattern(game.guess("señor"), 5) == "10200"
    with pytest.raises(GuessError, match=r"^Not in word list$"):
        game.guess("niçes")  # ç is not a letter of these lists: refused as any unknown word is
    assert game.guess(unicodedata.normalize("NFD", "NIÑAS")) == solved_pattern(5)  # typed decomposed
    assert game.won and game.guesses == ["señor", "niñas"]


def test_hard_mode_names_an_accented_letter_in_capitals(tmp_path):
    lists = accented_lists(tmp_path)
    history = (("große", score("große", "weiße")),)
    with pytest.raises(GuessError, match=r"^4th letter must be ẞ$"):
        check_guess("niñas", lists, history, Difficulty.HARD)
    history = (("señor", score("señor", "niñas")),)
    with pytest.raises(GuessError, match=r"^3rd letter must be Ñ$"):
        check_guess("große", lists, history, Difficulty.HARD)
    assert check_guess("peñas", lists, history, Difficulty.HARD) == "peñas"
