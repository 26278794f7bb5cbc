import numpy as np
import pytest
from small_lists import ills_model, lists_of

from wordle_tui.core.exact.guess_analysis import LUCK, SKILL, analyze, luck_score, skill_score, unsafe
from wordle_tui.core.exact.opener_records import OpenerValue, openers_name, read_values, remember_bounded
from wordle_tui.core.exact.search import AT_RISK
from wordle_tui.core.position.model import uniform_model
from wordle_tui.core.rules.feedback import score
from wordle_tui.core.rules.game import Difficulty
from wordle_tui.core.rules.words import PRESETS, load_preset


def game(answer: str, *guesses: str):
    return tuple((guess, score(guess, answer)) for guess in guesses)


def test_the_best_guess_scores_99_and_a_wasted_turn_0():
    assert skill_score(2.0, 2.0) == 99
    assert skill_score(2.5, 2.0) == 49  # half a guess lost
    assert skill_score(3.0, 2.0) == 0


def test_luck_is_the_share_of_worse_outcomes_ties_half():
    assert luck_score(np.array([1, 1, 1, 1]), 1) == 50  # every outcome alike: no luck either way
    assert luck_score(np.array([0, 3, 3, 3]), 0) == 87  # (3 + 0.5) / 4
    assert luck_score(np.array([0, 3, 3, 3]), 3) == 37  # (0 + 1.5) / 4


def test_a_game_on_hand_checked_lists(tmp_path):
    # BILLS first: 1 + 2 + 3 + 4 = 10 guesses over the four answers, BFHZZ 8, so 0.5 of a guess lost.
    rows = analyze(ills_model(tmp_path), game("fills", "bills", "bfhzz", "fills"))
    first, second, third = rows
    assert (first.remaining_before, first.remaining_after) == (4, 3)
    assert first.expected_guesses == pytest.approx(2.5) and first.best_expected_guesses == pytest.approx(2.0)
    assert (first.best_guess, first.skill, first.luck, first.exact) == ("bfhzz", 49, 37, True)
    assert (second.remaining_before, second.remaining_after, second.skill, second.luck) == (3, 1, 99, 50)
    assert third.expected_guesses == 1.0 and third.best_guess == "fills" and third.remaining_after == 0


def test_lucky_feedback_and_a_wasted_guess(tmp_path):
    model = ills_model(tmp_path)
    assert analyze(model, game("bills", "bills"))[0].luck == 87  # found at once: the best outcome
    wasted = analyze(model, game("kills", "zills", "bfhzz", "kills"))[0]
    assert wasted.expected_guesses == pytest.approx(3.0) and wasted.skill == 0 and wasted.luck == 50


def test_hard_mode_narrows_the_best_guess(tmp_path):
    rows = analyze(ills_model(tmp_path), game("kills", "zills", "bills"), hard_mode=Difficulty.HARD)
    assert rows[1].best_guess == "bills" and rows[1].skill == 99


def test_the_opener_on_the_nyt_lists_is_judged_against_the_tree(model):
    first = analyze(model, game("prove", "salet"))[0]
    assert first.best_guess == "salet" and first.skill == 99 and first.exact
    assert first.expected_guesses == pytest.approx(7897 / 2309)


def test_the_definitions_are_one_paragraph_each():
    for text in (SKILL, LUCK):
        assert "\n" not in text and "99" in text


@pytest.mark.parametrize(("hard_mode", "salet"), [(Difficulty.NORMAL, 7897), (Difficulty.HARD, 8099)])
def test_the_shipped_opener_values_are_for_these_lists_and_never_beat_salet(lists, hard_mode, salet):
    values = read_values(PRESETS["nyt2022"].folder / openers_name(hard_mode), lists.digest)
    assert len(values) >= 27 and "crane" in values and all(value.exact for value in values.values())
    assert min(value.value for value in values.values()) > salet


def test_in_hard_mode_trace_and_slate_cannot_guarantee_six_but_least_can(lists):
    values = read_values(PRESETS["nyt2022"].folder / openers_name(Difficulty.HARD), lists.digest)
    assert [values[word].at_risk for word in ("trace", "slate", "least")] == [2, 1, 0]
    assert (values["least"].total, values["trace"].total, values["trace"].guaranteed) == (8106, None, False)


def test_the_nyt_hard_table_is_exact_and_none_beats_the_exact_tree():
    lists = load_preset("nyt")
    values = read_values(PRESETS["nyt"].folder / openers_name(Difficulty.HARD), lists.digest)
    assert len(values) == 29 and all(value.exact for value in values.values())
    assert min(value.value for value in values.values()) > 11627  # TARSE's tree, which ships
    assert (values["least"].total, values["salet"].at_risk, values["adieu"].at_risk) == (11654, 3, 37)


def test_no_risk_is_claimed_from_a_bounded_search():
    # TOAST in hard mode on the nyt lists, known only from a bounded search (kept in the cache):
    # the bound leaves answers at risk, unproved.
    lists = load_preset("nyt")
    remember_bounded(lists, Difficulty.HARD, OpenerValue("toast", 3 * AT_RISK + 11900, exact=False))
    row = analyze(uniform_model(lists), game("crane", "toast"), hard_mode=Difficulty.HARD)[0]
    assert not row.exact and row.at_risk == 3 and row.skill > 49 and unsafe([row]) is None


def test_a_guess_that_gives_up_the_guarantee_is_not_safe_and_scores_at_most_49(tmp_path):
    # Seven ?ILLS in hard mode: after BILLS the other six must be tried one by one (the last at
    # guess seven), while BFHZZ tells three apart and leaves four, all found by guess five.
    sevens = ["bills", "fills", "hills", "kills", "mills", "pills", "tills"]
    model = uniform_model(lists_of(tmp_path, sevens, [*sevens, "bfhzz"]))
    gamble, safe = (
        analyze(model, game("tills", opener), hard_mode=Difficulty.HARD)[0] for opener in ("bills", "bfhzz")
    )
    assert (gamble.at_risk, gamble.safe, gamble.best_guess, gamble.best_at_risk) == (1, False, "bfhzz", 0)
    assert gamble.skill <= 49 < safe.skill == 99 and safe.safe
    assert skill_score(2.0, 2.0, at_risk=1) == 49 and skill_score(2.0, 2.0, 1, 1) == 99


def test_a_game_that_leaves_the_answer_list_is_judged_against_every_accepted_word(model, lists):
    from wordle_tui.core.exact.guess_analysis import LEFT_LIST, judged_note
    from wordle_tui.core.position.model import State, accepted_model

    rows = analyze(model, game("guano", "salet", "round", "guano"))  # GUANO is not on the 2022 list
    assert [row.judged_against for row in rows] == ["answers", LEFT_LIST, "accepted"]
    accepted = State(accepted_model(lists), game("guano", "salet"))
    assert rows[1].remaining_before == len(accepted.candidates) > rows[0].remaining_after
    assert rows[1].remaining_after == len(accepted.then("round", score("round", "guano")).candidates)
    assert rows[2].remaining_before == rows[1].remaining_after and rows[2].remaining_after == 0
    assert "feedback of guess 2 fits none of them, so its luck and the guesses after it are" in judged_note(rows, lists)


def test_a_win_off_the_list_is_said_even_when_it_leaves_the_list_last(model, lists):
    from wordle_tui.core.exact.guess_analysis import LEFT_LIST, judged_note

    rows = analyze(model, game("guano", "crane", "guano"))
    assert [row.judged_against for row in rows] == ["answers", LEFT_LIST]
    assert judged_note(rows, lists).endswith(
        "the feedback of guess 2 fits none of them, so its luck is judged against every accepted word that fits."
    )


def test_a_first_feedback_off_the_list_is_judged_among_every_accepted_word(model, lists):
    from wordle_tui.core.exact.guess_analysis import LEFT_LIST

    listed_patterns = {score("salet", answer) for answer in lists.answers}
    off = next(word for word in lists.guesses if score("salet", word) not in listed_patterns)
    rows = analyze(model, game(off, "salet", off))
    assert rows[0].judged_against == LEFT_LIST and rows[0].remaining_before == len(
        lists.possible
    )  # the offensive words aside
    assert rows[0].best_guess == "salet" and rows[0].skill == 99  # the guess itself is judged by the list
