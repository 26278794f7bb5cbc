"""Challenge codes: they name their lists, hide the word, come back as the word, and refuse a typo."""

from __future__ import annotations

import contextlib

import pytest
from small_lists import lists_of

from wordle_tui.core.rules.challenge import (
    ALPHABET,
    ChallengeError,
    challenge_code,
    challenge_word,
    code_lists,
    standard_code,
)


def test_every_word_comes_back_from_its_code_which_names_the_lists_and_hides_the_word(lists):
    codes = {challenge_code(lists, word): word for word in lists.guesses[::7]}
    assert len(codes) == len(lists.guesses[::7])  # no two words share a code
    for code, word in codes.items():
        assert code_lists(code) == "nyt2022" and word not in code.lower()
        assert challenge_word(code, lists) == word


def test_a_code_is_read_whatever_its_case_and_with_crockfords_look_alikes(lists):
    assert challenge_word(f"  {challenge_code(lists, 'crane').lower()} ", lists) == "crane"
    # O is read as 0, I and L as 1: a code copied by hand survives them.
    word, code = next((w, c) for w in lists.guesses if "0" in (c := challenge_code(lists, w)) or "1" in c)
    name, _, body = code.rpartition("-")
    typed = f"{name.upper()}-{body.replace('0', 'O').replace('1', 'l')}"
    assert challenge_word(typed, lists) == word
    assert standard_code(typed) == code  # shown as it was made


def test_a_mistyped_code_is_refused_rather_than_played_as_another_word(lists):
    code = challenge_code(lists, "crane")
    name, _, body = code.rpartition("-")
    typos = [
        f"{name}-{body[:i]}{other}{body[i + 1 :]}" for i in range(len(body)) for other in ALPHABET if other != body[i]
    ]
    played = []
    for typo in typos:
        with contextlib.suppress(ChallengeError):
            played.append(challenge_word(typo, lists))
    assert "crane" not in played and len(played) <= len(typos) // 100  # a 10-bit check lets about 1 in 1,024 by


@pytest.mark.parametrize("text", ["crane", "nyt-", "nyt-ABC", "-ABCDEF", "nyt-ABCDEU", "nyt-ABCDEFG"])
def test_what_is_not_shaped_like_a_code_is_one_sentence(text):
    with pytest.raises(ChallengeError, match=r"is not a challenge code: one looks like nyt-.*\.$"):
        code_lists(text)


def test_a_code_made_with_other_lists_is_refused(tmp_path, lists):
    other = lists_of(tmp_path, ["crane", "slate", "trace"], ["crane", "slate", "trace", "zills"])
    code = challenge_code(other, "slate")
    assert code.startswith("custom-")
    with pytest.raises(ChallengeError, match="does not fit the custom word lists here"):
        challenge_word(code, lists)


@pytest.mark.parametrize("words", [["bark", "bird", "cord"], ["branch", "bridge", "planet"]])
def test_codes_work_for_lists_of_other_lengths(tmp_path, words):
    other = lists_of(tmp_path, words, words)
    assert [challenge_word(challenge_code(other, word), other) for word in words] == words
