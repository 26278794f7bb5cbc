"""The pattern table at every length Wordle plays, two to eleven letters: patterns of a byte up to
five letters, two up to ten, four at eleven (3**11 = 177,147)."""

import numpy as np
import pytest
from helpers import write_words

from wordle_tui.core.position.table import PatternTable, build_patterns, pattern_dtype
from wordle_tui.core.rules.feedback import score
from wordle_tui.core.rules.words import load_word_lists


def words_of(rng: np.random.Generator, length: int, count: int) -> tuple[str, ...]:
    """Distinct random words of few letters, so that repeated letters abound in guess and answer."""
    words: set[str] = set()
    while len(words) < count:
        words.add("".join(rng.choice(list("aeinrst"), length)))
    return tuple(sorted(words))


@pytest.mark.parametrize("length", range(2, 12))
def test_every_pattern_of_every_length_follows_the_scalar_rules(length):
    rng = np.random.default_rng(length)
    guesses, targets = words_of(rng, length, 45), words_of(rng, length, 40)
    expected = [[score(guess, target) for target in targets] for guess in guesses]
    matrix = build_patterns(guesses, targets)
    assert matrix.dtype == pattern_dtype(length) and matrix.tolist() == expected
    assert build_patterns(guesses, targets, target_major=True).T.tolist() == expected
    table = PatternTable(guesses, targets, None)  # built in parts, as a position asks for them
    columns = np.sort(rng.choice(len(targets), 30, replace=False))
    for rows in (np.arange(len(guesses)), np.array([3, 7])):  # a block of guesses, and a few built alone
        assert table.against(columns).of(rows).tolist() == np.array(expected)[rows][:, columns].tolist()
    assert table.row(5, columns).tolist() == np.array(expected)[5, columns].tolist()
    assert table.by_target[columns].tolist() == np.array(expected)[:, columns].T.tolist()


def test_eleven_letter_patterns_are_cached_in_four_bytes_and_read_back(tmp_path):
    words = words_of(np.random.default_rng(11), 11, 60)
    path = write_words(tmp_path / "words.txt", list(words))
    lists = load_word_lists(path, path)
    first = PatternTable.for_answers(lists, tmp_path / "cache")
    again = PatternTable.for_answers(lists, tmp_path / "cache")
    assert isinstance(again.matrix, np.memmap) and again.matrix.dtype == np.uint32
    assert again.path.stat().st_size >= 4 * 60 * 60
    assert np.array_equal(again.matrix, first.matrix)
    assert int(again.matrix.max()) > 1 << 16  # patterns that two bytes would have cut short
    assert again.matrix[7, 7] == 3**11 - 1 and again.matrix[0, 9] == score(words[0], words[9])
