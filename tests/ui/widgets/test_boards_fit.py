"""How several boards fit a window: every row of every board in sight from 80x24 on, full tiles where they fit."""

from __future__ import annotations

import pytest

from wordle_tui.core.rules.boards import guess_limit
from wordle_tui.ui.widgets.boards_fit import CHROME, FOLDED, LINE, TABLE, fit_boards, smallest_window


@pytest.mark.parametrize("marks", [False, True])
@pytest.mark.parametrize("ranking", [False, True])
@pytest.mark.parametrize("boards", [2, 4, 8])
def test_every_board_is_whole_at_80x24_with_a_line_of_ranking_at_least(boards, ranking, marks):
    fit = fit_boards(boards, 5, guess_limit(boards), 80, 24 - CHROME, marks, ranking)
    assert fit.whole and fit.wanted is None
    assert fit.ranking in ((TABLE, LINE) if ranking else (FOLDED,))


def test_full_tiles_and_the_whole_table_where_they_fit_and_octordle_folds_its_tiles_at_80x24():
    assert fit_boards(2, 5, 7, 80, 21, False, True).ranking == TABLE
    quordle = fit_boards(4, 5, 9, 80, 21, False, True)
    assert not quordle.compact and quordle.columns == 4 and quordle.ranking == LINE
    octordle = fit_boards(8, 5, 13, 80, 21, False, True)
    assert octordle.compact and octordle.columns == 8 and octordle.ranking == LINE
    roomy = fit_boards(8, 5, 13, 120, 37, False, True)
    assert not roomy.compact and roomy.columns == 4 and roomy.whole


@pytest.mark.parametrize("marks", [False, True])
@pytest.mark.parametrize("length", [4, 5, 8, 11])
@pytest.mark.parametrize("boards", [2, 4, 8])
def test_the_window_said_to_show_every_board_does(boards, length, marks):
    width, height = smallest_window(boards, length, guess_limit(boards), marks)
    assert fit_boards(boards, length, guess_limit(boards), width, height - CHROME, marks, True).whole
    small = fit_boards(boards, length, guess_limit(boards), width, height - CHROME - 1, marks, True)
    if not small.whole:  # a window a line shorter, where it lacks something, says this one
        assert small.wanted == (width, height)


def test_a_window_too_small_is_told_the_least_window_around_it_that_shows_every_board():
    assert fit_boards(8, 5, 13, 80, 17, False, True).wanted == (80, 24)  # taller
    assert fit_boards(8, 5, 13, 44, 15, False, True).wanted == (47, 30)  # as wide as eight boards, and taller


def test_a_ranking_with_no_room_says_how_tall_a_window_it_needs():
    fit = fit_boards(8, 5, 13, 80, 20, False, True)  # a line short of the ranking's line
    assert fit.whole and fit.ranking == FOLDED and fit.ranking_height == 24
