"""The pattern table and the figures of a guess at every length Wordle plays, two to eleven letters:
patterns of a byte up to five letters, two up to ten, four at eleven (3**11 = 177,147)."""

from collections import Counter

import numpy as np
import pytest
from helpers import write_words

from wordle_tui.core.position import figures as figures_module
from wordle_tui.core.position.curve import GuessCurve
from wordle_tui.core.position.figures import measure
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


def by_hand(patterns: list[int], weights: np.ndarray) -> tuple[float, int, int, float]:
    """(entropy, largest bucket, buckets, candidates left on average) from the buckets counted one by one."""
    probability: Counter[int] = Counter()
    size: Counter[int] = Counter()
    for pattern, weight in zip(patterns, weights):
        probability[pattern] += weight
        size[pattern] += 1
    entropy = -sum(p * np.log2(p) for p in probability.values())
    left = sum(probability[p] * size[p] for p in size)
    return entropy, max(size.values()), len(size), left


@pytest.mark.parametrize("length", [6, 8, 11])
@pytest.mark.parametrize("weighted", [False, True])
def test_the_figures_of_long_words_are_their_buckets_counted_one_by_one(length, weighted, monkeypatch):
    # Eighty candidates: above the few that are always counted in sorted rows, and at eleven letters
    # far fewer than the patterns there could be.
    rng = np.random.default_rng(length)
    guesses, targets = words_of(rng, length, 70), words_of(rng, length, 80)
    weights = rng.random(80) if weighted else np.ones(80)
    weights /= weights.sum()
    table = PatternTable(guesses, targets, None)
    curve = GuessCurve(0.3, 0.5)
    found = measure(table.against(np.arange(80)), np.arange(70), weights, curve)
    for k, guess in enumerate(guesses):
        entropy, worst, buckets, left = by_hand([score(guess, target) for target in targets], weights)
        assert found.entropy[k] == pytest.approx(entropy)
        assert (found.worst_case[k], found.patterns[k]) == (worst, buckets)
        assert found.expected_remaining[k] == pytest.approx(left)
    # The same figures as one bucket per pattern gives (a count for each of the 3**length patterns).
    monkeypatch.setattr(figures_module, "_DENSE_SPAN", 3.0**length)
    monkeypatch.setattr(figures_module, "_DENSE_SPAN_WEIGHTED", 3.0**length)
    dense = measure(table.against(np.arange(80)), np.arange(70), weights, curve)
    for name in ("entropy", "expected_remaining", "expected_guesses"):
        assert np.allclose(getattr(found, name), getattr(dense, name)), name
    assert (found.worst_case == dense.worst_case).all() and (found.patterns == dense.patterns).all()
