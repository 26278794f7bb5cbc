import os
import random
from pathlib import Path

import pytest
from helpers import write_words

from wordle_tui.core.rules import words
from wordle_tui.core.rules.words import WordListError, load_word_lists, read_words


def test_shipped_lists_have_the_nyt_sizes(lists):
    assert len(lists.answers) == 2309
    assert len(lists.guesses) == 12953
    assert set(lists.answers) <= set(lists.guesses)
    assert lists.length == 5


def test_words_are_lowercased_stripped_and_deduplicated(tmp_path):
    path = write_words(tmp_path / "w.txt", ["  Crane ", "SLATE", "", "crane", "trace"])
    assert read_words(path) == ["crane", "slate", "trace"]


def test_lists_saved_with_a_byte_order_mark_read_as_without(tmp_path):
    # Notepad and other editors write UTF-8 with a BOM first: the first word is a word like the others.
    answers, guesses = tmp_path / "a.txt", tmp_path / "g.txt"
    answers.write_bytes("\ufeffcrane\r\nslate\r\n".encode())
    guesses.write_bytes("\ufeffcrane\ntrace\n".encode())
    assert read_words(answers) == ["crane", "slate"]
    lists = load_word_lists(answers, guesses)
    assert (lists.answers, lists.guesses) == (("crane", "slate"), ("crane", "trace", "slate"))


def test_answers_missing_from_the_guesses_are_added(tmp_path):
    answers = write_words(tmp_path / "a.txt", ["crane", "zesty"])
    guesses = write_words(tmp_path / "g.txt", ["crane", "slate"])
    lists = load_word_lists(answers, guesses)
    assert lists.guesses == ("crane", "slate", "zesty")


def test_a_missing_file_is_named(tmp_path):
    with pytest.raises(WordListError, match=r"Cannot read .*nope\.txt: no such file\."):
        read_words(tmp_path / "nope.txt")


def test_a_directory_a_device_or_a_pipe_is_refused_without_being_read(tmp_path):
    with pytest.raises(WordListError, match="it is a folder, not a file"):
        read_words(tmp_path)
    with pytest.raises(WordListError, match="it is a device, not a file"):
        read_words("/dev/zero")  # endless: reading it would never finish
    os.mkfifo(tmp_path / "pipe")
    with pytest.raises(WordListError, match="it is a named pipe, not a file"):
        read_words(tmp_path / "pipe")  # no writer: opening it to read would wait for ever


def test_binary_junk_is_refused(tmp_path):
    path = tmp_path / "junk.txt"
    path.write_bytes(b"\xff\xfe\x00crane")
    with pytest.raises(WordListError, match="not UTF-8"):
        read_words(path)


def test_an_empty_list_is_refused(tmp_path):
    with pytest.raises(WordListError, match=r"empty\.txt has no words"):
        read_words(write_words(tmp_path / "empty.txt", ["", "  "]))


def test_non_letters_are_refused_with_file_and_line(tmp_path):
    path = write_words(tmp_path / "w.txt", ["crane", "sl4te"])
    with pytest.raises(WordListError, match=r"w\.txt, line 2: 'sl4te' has characters other than letters\."):
        read_words(path)


def test_mixed_lengths_are_refused_with_file_and_line(tmp_path):
    path = write_words(tmp_path / "w.txt", ["crane", "slate", "tracer"])
    with pytest.raises(WordListError, match=r"line 3: 'tracer' has 6 letters but the words before it have 5"):
        read_words(path)


def test_answers_and_guesses_of_different_lengths_are_refused(tmp_path):
    answers = write_words(tmp_path / "a.txt", ["crane"])
    guesses = write_words(tmp_path / "g.txt", ["planet"])
    with pytest.raises(WordListError, match=r"6-letter words but .*a.txt has 5-letter words"):
        load_word_lists(answers, guesses)


def test_the_digest_changes_with_either_list(tmp_path):
    a = write_words(tmp_path / "a.txt", ["crane", "slate"])
    g1 = write_words(tmp_path / "g1.txt", ["trace"])
    g2 = write_words(tmp_path / "g2.txt", ["trace", "react"])
    assert load_word_lists(a, g1).digest != load_word_lists(a, g2).digest
    assert load_word_lists(a, g1).digest == load_word_lists(a, g1).digest


def test_files_holding_a_preset_s_words_are_that_preset_whatever_their_order(tmp_path, lists):
    # The answers shuffled, the guesses without the answers (which are added back): nyt2022's words.
    answers = list(lists.answers)
    random.Random(1).shuffle(answers)
    others = sorted(set(lists.guesses) - set(lists.answers), reverse=True)
    same = load_word_lists(write_words(tmp_path / "a.txt", answers), write_words(tmp_path / "g.txt", others))
    assert (same.name, same.digest, same.answers) == ("nyt2022", lists.digest, lists.answers)
    # One word less is lists of one's own.
    fewer = load_word_lists(write_words(tmp_path / "b.txt", answers[1:]), tmp_path / "g.txt")
    assert fewer.name == "custom" and fewer.digest != lists.digest


def test_lists_of_one_s_own_are_told_from_the_presets_by_their_answers_alone(tmp_path, monkeypatch):
    read: list[str] = []
    monkeypatch.setattr(words, "read_words", lambda path: read.append(Path(path).name) or read_words(path))
    words._preset_answers.cache_clear()
    words._preset_guesses.cache_clear()
    answers = write_words(tmp_path / "a.txt", ["crane", "slate"])
    guesses = write_words(tmp_path / "g.txt", ["trace"])
    assert load_word_lists(answers, guesses).name == "custom"
    assert "answers.txt" in read and "guesses.txt" not in read  # no preset's 13,000 guesses read


def test_each_preset_knows_the_letters_of_its_words_as_its_files_hold_them():
    from wordle_tui.core.rules.words import PRESETS, load_preset, preset_length

    for name in PRESETS:
        lists = load_preset(name)
        assert preset_length(name) == lists.length and {len(word) for word in lists.guesses} == {lists.length}


# What each shipped lists leave out of the possible answers: their accepted words on data/offensive.txt.
OFFENSIVE_LEFT_OUT = {
    "nyt": 82,
    "nyt2022": 57,
    "original": 76,
    "english-4": 27,
    "english-6": 55,
    "english-7": 65,
    "english-8": 58,
    "english-9": 40,
    "english-10": 29,
    "english-11": 20,
}


def test_offensive_words_are_accepted_guesses_of_every_shipped_lists_but_never_a_possible_answer():
    assert set(OFFENSIVE_LEFT_OUT) == set(words.PRESETS)
    for name, left_out in OFFENSIVE_LEFT_OUT.items():
        lists = words.load_preset(name)
        offensive = words.offensive_words(lists.length)
        assert not offensive & set(lists.answers), name  # no answer list holds one: its trees and proofs stand
        assert len(lists.offensive) == left_out and all(map(lists.is_allowed, lists.offensive)), name
        assert len(lists.possible) == len(lists.guesses) - left_out and not offensive & set(lists.possible), name
    nyt = words.load_preset("nyt")
    assert {"nigga", "wigga", "chink", "whore"} <= nyt.offensive  # a slur or an obscenity
    assert not {"idiot", "booty", "cocky", "vomit", "spunk", "prick"} & words.offensive_words(5)  # ordinary words
    assert nyt.can_be_answer("crane") and not nyt.can_be_answer("nigga") and nyt.is_allowed("nigga")


def test_lists_of_one_s_own_keep_the_answers_they_list_and_leave_out_the_offensive_guesses(tmp_path):
    answers = write_words(tmp_path / "a.txt", ["crane", "whore"])
    guesses = write_words(tmp_path / "g.txt", ["crane", "nigga", "slate", "whore"])
    lists = load_word_lists(answers, guesses)
    assert lists.offensive == {"nigga"} and lists.possible == ("crane", "slate", "whore")
    assert lists.possible_digest != lists.digest
    plain_words = write_words(tmp_path / "p.txt", ["crane", "slate"])
    plain = load_word_lists(plain_words, plain_words)
    assert plain.possible == plain.guesses and plain.possible_digest == plain.digest
