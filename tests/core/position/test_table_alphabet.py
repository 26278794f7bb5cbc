"""Pattern tables and hard mode's filters over lists whose alphabet is more than a-z."""

import numpy as np
from helpers import feedback_vectors
from small_lists import accented_lists

from wordle_tui.core.position.model import mode_allowed, uniform_model
from wordle_tui.core.position.table import PatternTable, build_patterns
from wordle_tui.core.rules.feedback import score
from wordle_tui.core.rules.game import Difficulty, mode_violation

# English letters written as letters English lacks, as in rules/test_rules_alphabet.py.
RELABELLED = str.maketrans({"a": "ä", "e": "é", "n": "ñ", "o": "ö", "s": "ß", "u": "ü"})


def test_the_table_of_accented_words_matches_the_scalar_rules_whole_and_in_parts(tmp_path):
    lists = accented_lists(tmp_path)
    expected = [[score(guess, answer) for answer in lists.answers] for guess in lists.guesses]
    assert build_patterns(lists.guesses, lists.answers).tolist() == expected
    assert build_patterns(lists.guesses, lists.answers, target_major=True).T.tolist() == expected
    assert PatternTable.for_answers(lists, tmp_path / "cache").matrix.tolist() == expected
    parts = PatternTable(lists.guesses, lists.answers, None).against(np.arange(len(lists.answers)))
    assert parts.of(None).tolist() == expected
    assert parts.of(np.arange(3)).tolist() == expected[:3]  # a few rows, built from their own letters


def test_the_nyt_vectors_in_other_letters_build_the_same_table():
    vectors = [(g.translate(RELABELLED), a.translate(RELABELLED), int(p[::-1], 3)) for g, a, p in feedback_vectors()]
    guesses, answers = sorted({g for g, _, _ in vectors}), sorted({a for _, a, _ in vectors})
    matrix = build_patterns(tuple(guesses), tuple(answers))
    row, column = {g: i for i, g in enumerate(guesses)}, {a: j for j, a in enumerate(answers)}
    assert [int(matrix[row[g], column[a]]) for g, a, _ in vectors] == [pattern for _, _, pattern in vectors]


def test_a_table_of_answers_using_fewer_letters_than_its_guesses_codes_both_alike():
    # The targets alone have no ñ: their letters are coded as the guesses' are, ß and ü after z either way.
    guesses, targets = ("niñas", "süßes", "grüße", "señor"), ("süßes", "grüße")
    assert build_patterns(guesses, targets).tolist() == [[score(g, t) for t in targets] for g in guesses]


def test_hard_mode_filters_accented_guesses_as_the_messages_say(tmp_path):
    lists = accented_lists(tmp_path)
    for hard_mode in (Difficulty.HARD, Difficulty.ULTRA):
        for answer in lists.answers:
            for opener in ("große", "señor", "süßes", "ñandú"):
                history = ((opener, score(opener, answer)),)
                allowed = mode_allowed(lists, history, hard_mode)
                expected = [mode_violation(guess, history, hard_mode) is None for guess in lists.guesses]
                assert allowed.tolist() == expected, (hard_mode, opener, answer)


def test_candidates_after_accented_feedback(tmp_path):
    lists = accented_lists(tmp_path)
    model = uniform_model(lists, PatternTable.for_answers(lists, tmp_path / "cache"))
    history = (("señor", score("señor", "niñas")),)
    # Ñ third, an S but not first, no E, O or R:
    assert sorted(model.targets[i] for i in model.candidates(history)) == ["cañas", "niñas"]
