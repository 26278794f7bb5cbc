"""What is played, as one value: the same lists, game and difficulty are the same setup, and a new game
falls back on the settings' difficulty only where none was chosen."""

from small_lists import ILLS, ILLS_GUESSES, lists_of

from wordle_tui.core.rules.game import Difficulty
from wordle_tui.core.rules.setup import Setup, chosen_or
from wordle_tui.core.rules.variant import ABSURDLE, WORDLE, Variant
from wordle_tui.core.rules.words import WordLists


def test_setups_of_the_same_words_game_and_difficulty_are_one_and_key_one_screen(tmp_path):
    lists = lists_of(tmp_path, ILLS, ILLS_GUESSES)
    again = WordLists(lists.answers, lists.guesses, name=lists.name)  # read again: another object, the same words
    screens = {Setup(lists, Variant(2)): "dordle"}
    assert screens[Setup(again, Variant(2))] == "dordle"
    assert Setup(again, Variant(4)) not in screens and Setup(lists, Variant(2), Difficulty.HARD) not in screens
    other = WordLists(lists.answers[:3], lists.guesses, name=lists.name)  # another answer list, the same name
    assert Setup(other, Variant(2)) not in screens
    assert Setup(lists).length == 5


def test_the_settings_difficulty_only_where_none_was_chosen(tmp_path):
    lists = lists_of(tmp_path, ILLS, ILLS_GUESSES)
    assert Setup(lists).difficulty_or(Difficulty.HARD) is Difficulty.HARD
    assert Setup(lists, difficulty=Difficulty.NORMAL).difficulty_or(Difficulty.ULTRA) is Difficulty.NORMAL
    assert chosen_or(None, Difficulty.ULTRA) is Difficulty.ULTRA
    assert chosen_or(Difficulty.HARD, Difficulty.NORMAL) is Difficulty.HARD


def test_the_coach_mirrors_one_board_of_absurdle_and_keeps_its_own_difficulty(tmp_path):
    lists = lists_of(tmp_path, ILLS, ILLS_GUESSES)
    assert Setup(lists, ABSURDLE, Difficulty.HARD).mirrored() == Setup(lists, WORDLE)
    assert Setup(lists, Variant(4), Difficulty.HARD).mirrored() == Setup(lists, Variant(4))
