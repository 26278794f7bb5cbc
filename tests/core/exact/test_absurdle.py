"""Absurdle: the adversary's rule, and the fewest guesses that always beat it (checked against a
brute force on small lists, and the published 4 on the original lists)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from small_lists import lists_of

from wordle_tui.core.exact.absurdle import fewest_guesses
from wordle_tui.core.position.model import uniform_model
from wordle_tui.core.rules.absurdle import absurdle_response, response_rank
from wordle_tui.core.rules.feedback import digits_of, from_digits, score
from wordle_tui.core.rules.words import load_preset


def response(guess: str, answers: list[str]) -> int:
    return absurdle_response(np.array([score(guess, answer) for answer in answers]), len(guess))


def test_the_adversary_keeps_the_largest_group():
    # Against SLATE: GRAND and BRAND both show the A green alone (2 answers), BLAST its own pattern (1).
    assert response("slate", ["grand", "brand", "blast"]) == from_digits([0, 0, 2, 0, 0])


def test_among_groups_of_one_size_it_shows_the_fewest_greens_then_yellows_then_grey_first():
    # One answer each, against SLATE: XXAXX shows a green, AXTXX two yellows, XXXXX nothing.
    assert response("slate", ["xxaxx", "axtxx", "xxxxx"]) == 0
    assert response("slate", ["xxaxx", "axtxx"]) == from_digits([0, 0, 1, 1, 0])  # yellows before a green
    # One yellow each, on S or on T: grey first, letter by letter, keeps the yellow T.
    assert response("slate", ["xsxxx", "txxxx"]) == from_digits([0, 0, 0, 1, 0])
    assert response("slate", ["slate"]) == from_digits([2] * 5)  # the one answer left: won


@pytest.mark.parametrize("length", [4, 6, 11])
def test_the_adversarys_order_among_groups_of_one_size_holds_at_every_length(length):
    # Fewest greens, then fewest yellows, then the first pattern read letter by letter (grey before
    # yellow before green), every pattern sorted by that key one by one.
    patterns = range(3**length)
    order = sorted(patterns, key=lambda p: ((d := digits_of(p, length)).count(2), d.count(1), d))
    rank = response_rank(length)
    assert rank[order].tolist() == list(patterns)


def brute_force(answers: list[str], guesses: list[str], most: int) -> int | None:
    """The fewest guesses that always win, trying every line of guesses in turn."""
    for count in range(1, most + 1):
        for line in itertools.product(guesses, repeat=count):
            left = answers
            for guess in line:
                pattern = response(guess, left)
                left = [answer for answer in left if score(guess, answer) == pattern]
            if left == [line[-1]]:
                return count
    return None


@pytest.mark.parametrize(
    ("answers", "extra"),
    [
        (["bills", "fills", "hills", "kills", "mills"], ["bfhzz", "zills", "mkzzz"]),
        (["crane", "crate", "grate", "grade", "trace"], ["gzzzz", "dtzzz"]),
        (["bark", "bird", "cord", "card", "ward"], ["cwzz"]),
        (["branch", "bridge", "planet", "plants", "brinks"], ["ptzzzz"]),
        (["billowed", "fillowed", "hillowed", "pillowed", "willowed"], ["bpfzzzzz"]),  # three guesses
        (["billowiness", "fillowiness", "hillowiness", "pillowiness", "willowiness"], ["bpfzzzzzzzz"]),
    ],
)
def test_the_search_finds_as_few_guesses_as_a_brute_force(tmp_path, answers, extra):
    model = uniform_model(lists_of(tmp_path, answers, answers + extra))
    line = fewest_guesses(model, most=4)
    assert line is not None and len(line.guesses) == brute_force(answers, sorted(answers + extra), 4)
    left = answers
    for guess, shown, count in zip(line.guesses, line.responses, line.left, strict=True):
        assert response(guess, left) == shown  # the line is what the adversary's rule answers
        left = [answer for answer in left if score(guess, answer) == shown and answer != guess]
        assert len(left) == count


def test_four_guesses_always_beat_absurdle_on_the_original_lists_and_three_never_do():
    line = fewest_guesses(uniform_model(load_preset("original")))
    assert line is not None and len(line.guesses) == 4
    left = list(load_preset("original").answers)
    for guess in line.guesses[:3]:
        shown = response(guess, left)
        left = [answer for answer in left if score(guess, answer) == shown]
    assert left == [line.guesses[3]]
