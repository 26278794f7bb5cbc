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


def played(lists, answers: tuple[str, ...], guesses: tuple[str, ...]) -> BoardsGame:
    game = BoardsGame(answers, lists)
    for word in guesses:
        game.guess(word)
    return game


def test_dordle_shares_each_boards_guesses_joined_by_an_ampersand_over_the_rows_side_by_side(lists):
    lines = boards_share_text(played(lists, ("crane", "slate"), ("trace", "crane", "slate"))).splitlines()
    assert lines == [
        "Dordle 2&3/7",
        "⬛🟩🟩🟨🟩 🟨⬛🟩⬛🟩",
        "🟩🟩🟩🟩🟩 ⬛⬛🟩⬛🟩",
        "⬜⬜⬜⬜⬜ 🟩🟩🟩🟩🟩",  # board 1 solved: padded with white
    ]
    lost = played(lists, ("crane", "moist"), ("crane", "aback", "abase", "abate", "abbey", "abbot", "abhor"))
    assert boards_share_text(lost).splitlines()[0] == "Dordle 1&X/7"


def test_quordle_shares_each_boards_count_two_a_line_then_the_rows_of_two_boards_side_by_side(lists):
    game = played(lists, ("crane", "slate", "moist", "pound"), ("slate", "crane", "moist", "aback", "pound"))
    lines = boards_share_text(game).splitlines()
    assert lines[:4] == ["Quordle", "2️⃣1️⃣", "3️⃣5️⃣", ""]
    assert lines[4] == "⬛⬛🟩⬛🟩 🟩🟩🟩🟩🟩" and lines[5] == "🟩🟩🟩🟩🟩 ⬜⬜⬜⬜⬜"
    missed = played(lists, ("crane", "slate", "moist", "pound"), ("crane", *["aback"] * 8))
    assert boards_share_text(missed).splitlines()[1:3] == ["1️⃣🟥", "🟥🟥"]


def test_octordle_shares_ten_as_one_emoji_the_last_guesses_as_clocks_and_its_score(lists):
    """Octordle's own worked example: 6 🟥 / 5 8 / 3 🟥 / 13 10 scores 73, a board missed counting 14."""
    answers = ("crane", "slate", "moist", "pound", "brick", "fight", "jumpy", "vowel")
    order = {3: "brick", 5: "moist", 6: "crane", 8: "pound", 10: "vowel", 13: "jumpy"}
    guesses = tuple(order.get(n, "aback") for n in range(1, 14))
    assert boards_share_text(played(lists, answers, guesses)).splitlines() == [
        "Octordle",
        "6️⃣🟥",
        "5️⃣8️⃣",
        "3️⃣🟥",
        "🕐🔟",
        "Score: 73",
    ]
    # 10, 11 and 12 are one emoji each: eight boards never read as more.
    late = {1: "crane", 2: "slate", 3: "moist", 4: "pound", 5: "brick", 10: "fight", 11: "jumpy", 12: "vowel"}
    counts = boards_share_text(played(lists, answers, tuple(late.get(n, "aback") for n in range(1, 13))))
    assert counts.splitlines()[3:5] == ["5️⃣🔟", "🕚🕛"]


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
