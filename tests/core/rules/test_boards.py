"""Several boards at once: the rules of Dordle, Quordle and Octordle, the share text, and the ranking."""

import pytest
from small_lists import lists_of

from wordle_tui.core.position.model import uniform_model
from wordle_tui.core.rules.boards import BoardsGame, boards_share_text, check_boards, guess_limit
from wordle_tui.core.rules.feedback import score
from wordle_tui.core.rules.game import GuessError
from wordle_tui.core.strategies.boards import BoardsState, rank_boards


def test_the_guess_limits_are_the_games_own():
    assert [guess_limit(n) for n in (2, 4, 8)] == [7, 9, 13]
    for wrong in (0, 1, 9):
        with pytest.raises(ValueError, match="2 to 8"):
            check_boards(wrong)


def test_a_guess_is_played_on_every_unsolved_board_and_a_solved_board_is_frozen(lists):
    game = BoardsGame(("crane", "slate", "crane", "moist"), lists)
    assert game.guess("slate") == [score("slate", "crane"), 242, score("slate", "crane"), score("slate", "moist")]
    # Board 2 is solved: it gets no feedback from now on, and its rows stop at SLATE.
    assert game.guess("crane") == [242, None, 242, score("crane", "moist")]
    assert [len(board) for board in game.boards] == [2, 1, 2, 2]
    assert game.solved_in() == [2, 1, 2, None] and not game.over
    with pytest.raises(GuessError, match="Not in word list"):
        game.guess("xxxxx")
    assert len(game.guesses) == 2  # a refused guess leaves the game unchanged
    game.guess("moist")
    assert game.won and game.over and not game.lost


def test_a_game_is_lost_when_the_guesses_run_out(lists):
    game = BoardsGame(("crane", "moist"), lists)
    for word in ("crane", "aback", "abase", "abate", "abbey", "abbot", "abhor"):
        game.guess(word)
    assert game.lost and game.solved_in() == [1, None]
    with pytest.raises(GuessError, match="over"):
        game.guess("moist")


def test_the_share_text_counts_each_board_and_shows_the_rows_side_by_side(lists):
    game = BoardsGame(("crane", "slate", "moist", "pound"), lists)
    for word in ("slate", "crane", "moist", "aback", "pound"):
        game.guess(word)
    lines = boards_share_text(game).splitlines()
    assert lines[:3] == ["Quordle 5/9", "2️⃣1️⃣", "3️⃣5️⃣"]
    # Boards 1 and 2 side by side: board 2 stopped after its first row and is padded with white.
    assert lines[4] == "⬛⬛🟩⬛🟩 🟩🟩🟩🟩🟩" and lines[5] == "🟩🟩🟩🟩🟩 ⬜⬜⬜⬜⬜"
    lost = BoardsGame(("crane", "moist"), lists)
    for word in ("crane", "aback", "abase", "abate", "abbey", "abbot", "abhor"):
        lost.guess(word)
    assert boards_share_text(lost).splitlines()[:2] == ["Dordle X/7", "1️⃣🟥"]


def test_a_board_with_one_candidate_left_is_finished_first(tmp_path):
    answers = ["bills", "fills", "hills", "kills", "crane"]
    model = uniform_model(lists_of(tmp_path, answers, ["bfhzz"]))
    # Board 1 is down to CRANE; board 2 still has four look-alikes, which BFHZZ would tell apart.
    first = (("bills", score("bills", "crane")),)
    second = (("crane", score("crane", "hills")),)
    for strategy in ("boards", "entropy", "minimax"):
        ranking = rank_boards(BoardsState(model, (first, second)), strategy)
        assert ranking[0].word == "crane" and ranking[0].boards == (1,)
    # With the first board solved, the ranking is for the second board alone: BFHZZ splits it.
    solved = (("crane", 242),)
    assert rank_boards(BoardsState(model, (solved, second)), "entropy")[0].word == "bfhzz"
    assert rank_boards(BoardsState(model, (solved, solved)), "boards") == []
