"""The share grid and the daily answer, as a player sees them."""

from __future__ import annotations

import datetime as dt
import itertools

from wordle_tui.core.rules.absurdle import absurdle_share
from wordle_tui.core.rules.boards import BoardsGame, boards_share_text
from wordle_tui.core.rules.daily import daily_answer
from wordle_tui.core.rules.feedback import score
from wordle_tui.core.rules.game import Difficulty
from wordle_tui.core.rules.share import praise, share_text
from wordle_tui.core.rules.words import WordLists


def test_share_grid_of_a_hard_mode_win():
    history = ((g, score(g, "class")) for g in ("shoes", "class"))
    assert share_text(tuple(history), won=True, hard_mode=Difficulty.HARD) == "Wordle 2/6*\n\n🟨⬛⬛⬛🟩\n🟩🟩🟩🟩🟩"


def test_share_grid_of_a_loss_in_high_contrast():
    history = tuple((g, score(g, "class")) for g in ("shoes",) * 6)
    text = share_text(history, won=False, high_contrast=True)
    assert text.splitlines()[0] == "Wordle X/6"
    assert text.splitlines()[2] == "🟦⬛⬛⬛🟧"


def test_a_shared_result_of_other_letters_than_five_says_how_many():
    history = tuple((g, score(g, "brother")) for g in ("cartons", "brother"))
    assert share_text(history, won=True) == "Wordle (7 letters) 2/6\n\n⬛⬛🟨🟩🟨⬛⬛\n🟩🟩🟩🟩🟩🟩🟩"
    game = BoardsGame(("brother", "cartons"), WordLists(("brother", "cartons"), ("brother", "cartons")))
    game.guess("brother")
    assert boards_share_text(game).splitlines()[0] == "Dordle (7 letters) 1&X/7"
    assert absurdle_share([("abandonment", 0)]).splitlines()[0] == "Absurdle (11 letters) 1/∞"


def test_praise_follows_the_nyt():
    assert [praise(n) for n in range(1, 7)] == ["Genius", "Magnificent", "Impressive", "Splendid", "Great", "Phew"]


def test_daily_answer_is_stable_and_changes_every_day(lists):
    days = [dt.date(2026, 1, 1) + dt.timedelta(days=n) for n in range(len(lists.answers) + 3)]
    answers = [daily_answer(lists, day) for day in days]
    assert answers[0] == daily_answer(lists, dt.date(2026, 1, 1))
    assert all(a != b for a, b in itertools.pairwise(answers))
    assert set(answers) == set(lists.answers)
