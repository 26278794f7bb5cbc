"""Playing several boards at once as a person would: a guess on every board, a solved board frozen, the
keyboard shaded per board, the result to share, a game kept across restarts and from other windows."""

from __future__ import annotations

from textual.widgets import Static
from textual.widgets._footer import FooterKey

from wordle_tui.core.position.model import uniform_model
from wordle_tui.core.rules.boards import BoardsGame
from wordle_tui.core.rules.feedback import format_pattern, score
from wordle_tui.core.rules.game import letter_states
from wordle_tui.core.rules.variant import Variant
from wordle_tui.core.strategies.boards import BoardsState, rank_boards
from wordle_tui.storage.store import Store
from wordle_tui.ui.app import CoachOptions, PlayOptions, WatchOptions
from wordle_tui.ui.dialogs.boards_result import BoardsResultScreen
from wordle_tui.ui.dialogs.confirm import ConfirmScreen
from wordle_tui.ui.dialogs.result import ResultScreen
from wordle_tui.ui.modes.bot import DELAYS
from wordle_tui.ui.widgets.small_boards import ShadedKey, SmallBoard

from ..conftest import until

SIZE = (100, 40)  # four boards of nine rows side by side, and the keyboard


async def guess(pilot, word: str) -> None:
    await pilot.press(*word, "enter")
    await pilot.pause()


def boards(app) -> list[SmallBoard]:
    return list(app.screen.query(SmallBoard))


def lines(board: SmallBoard) -> list[str]:
    return board.render().plain.splitlines()


def footer_key(screen, key: str):
    """The footer's entry for `key` on `screen`, as the player sees it (dimmed where disabled)."""
    return next(shown for shown in screen.query(FooterKey) if shown.key == key)


async def test_a_guess_goes_on_every_unsolved_board_and_a_solved_board_stays_as_it_was(make_app):
    app = make_app(play=PlayOptions(variant=Variant(4)), seed=3)
    async with app.run_test(size=SIZE) as pilot:
        answers = app.screen.game.answers
        assert len(set(answers)) == 4 and "Quordle · 0 of 4 solved · guess 0/9" in app.screen._detail
        await pilot.press(*"sal")
        assert all(lines(board)[1].split() == ["S", "A", "L", "·", "·"] for board in boards(app))
        await pilot.press(*"et", "enter")
        await pilot.pause()
        await guess(pilot, answers[1])
        first, second = boards(app)[:2]
        assert lines(second)[0].strip() == "2 ✓ in 2" and lines(second)[3].split() == ["·"] * 5
        await guess(pilot, answers[0])
        # Board 2 got no third row: the guess went on the boards still open only.
        assert lines(second)[3].split() == ["·"] * 5 and lines(first)[0].strip() == "1 ✓ in 3"
        assert lines(first)[3].replace(" ", "") == answers[0].upper()
        assert "2 of 4 solved · guess 3/9" in app.screen._detail
        # The keyboard: a letter's cell on each board, in its colour there; a tick for a board solved.
        game = app.screen.game
        for key in app.screen.query(ShadedKey):
            if key.key in ("enter", "backspace"):
                continue
            assert key.done == [True, True, False, False]
            assert key.states == [letter_states(board).get(key.key) for board in game.boards]
        played = {letter for word in game.guesses for letter in word}
        unplayed = next(key for key in app.screen.query(ShadedKey) if key.key not in played | {"enter", "backspace"})
        assert unplayed.states == [None] * 4 and unplayed.render().plain.startswith(f" {unplayed.label} ✓✓  ")


async def test_the_last_board_solved_wins_and_the_result_is_there_to_share(make_app):
    app = make_app(play=PlayOptions(variant=Variant(2)), seed=5)
    async with app.run_test(size=SIZE) as pilot:
        answers = app.screen.game.answers
        for word in answers:
            await guess(pilot, word)
        await pilot.pause()
        assert isinstance(app.screen, BoardsResultScreen)
        share = str(app.screen.query_one("#share-text").content)
        assert share.splitlines()[0] == "Dordle 1&2/7"
        assert "every board solved in 2 of 7 guesses" in str(app.screen.query_one(".verdict").content)
        figures = str(app.screen.query_one("#boards-figures").content)
        assert figures == "1 played · 100% won · streak 1 (best 1) · 2.00 guesses a win"
        history = app.store.records()
        assert [(r.kind, r.answer, r.won) for r in history] == [("boards", " ".join(answers), True)]
        await pilot.press("n")  # a new game, at once
        await pilot.pause()
        assert app.screen.game.guesses == [] and app.screen.game.answers != answers
        assert app.store.in_progress(Variant(2), app.lists.name) is None  # nothing played in it yet: nothing kept


async def test_ctrl_s_during_a_game_shows_the_statistics_and_no_answer(make_app):
    app = make_app(play=PlayOptions(variant=Variant(2)), seed=5)
    async with app.run_test(size=SIZE) as pilot:
        screen, answers = app.screen, app.screen.game.answers
        await guess(pilot, answers[0])
        await pilot.press("ctrl+s")
        assert isinstance(app.screen, BoardsResultScreen)
        verdict = str(app.screen.query_one(".verdict").content)
        assert verdict == "Dordle in progress: 1 of 2 boards solved, guess 1"
        figures = str(app.screen.query_one("#boards-figures").content)
        assert figures == "0 played · 0% won · streak 0 (best 0) · — guesses a win"
        shown = " ".join(str(static.content) for static in app.screen.query(Static))
        assert answers[1].upper() not in shown and not app.screen.query("#share-text")
        await pilot.press("n")  # a new game gives up this one only if the player says so
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is screen and screen.game.guesses == [answers[0]]


async def test_out_of_guesses_shows_every_answer_left(make_app):
    app = make_app(play=PlayOptions(variant=Variant(2)), seed=7)
    async with app.run_test(size=SIZE) as pilot:
        answers = app.screen.game.answers
        wrong = [
            word for word in ("aback", "abase", "abate", "abbey", "abbot", "abhor", "abide") if word not in answers
        ]
        await guess(pilot, answers[0])
        for word in wrong[:6]:
            await guess(pilot, word)
        await pilot.pause()
        assert isinstance(app.screen, BoardsResultScreen) and app.screen.game.lost
        assert "1 of 2 boards solved, out of guesses" in str(app.screen.query_one(".verdict").content)
        await pilot.press("escape")
        assert lines(boards(app)[1])[0].strip() == f"2 ✗ {answers[1].upper()}"
        assert app.store.stats(app.lists.name, variant=Variant(2)).played == 1 and not app.store.records()[0].won


async def test_a_refused_word_is_said_and_played_nowhere(make_app):
    app = make_app(play=PlayOptions(variant=Variant(4)), seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await guess(pilot, "xxxxx")
        assert app.screen.message == "Not in word list" and app.screen.game.guesses == []


async def test_a_game_in_progress_is_kept_for_the_next_start_and_not_for_another_window(make_app, tmp_path):
    app = make_app(play=PlayOptions(variant=Variant(4)), seed=3)
    async with app.run_test(size=SIZE) as pilot:
        answers = app.screen.game.answers
        await guess(pilot, "salet")
        other = Store(tmp_path / "config", tmp_path / "data")  # another window, while this one plays
        assert other.in_progress(Variant(4), app.lists.name) is None
    again = make_app(play=PlayOptions(variant=Variant(4)), seed=11)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert again.screen.game.answers == answers and again.screen.game.guesses == ["salet"]
        assert "guess 1/9" in again.screen._detail
    dordle = make_app(play=PlayOptions(variant=Variant(2)), seed=3)  # a game of other boards is not that one
    async with dordle.run_test(size=SIZE) as pilot:
        assert dordle.screen.game.guesses == []


async def test_marks_tell_the_tiles_apart_without_colour(make_app):
    app = make_app(play=PlayOptions(variant=Variant(2)), seed=3)
    async with app.run_test(size=SIZE) as pilot:
        app.marks = True
        answers = app.screen.game.answers
        await guess(pilot, answers[0])
        await pilot.pause()
        assert lines(boards(app)[0])[1].split() == [f"{letter.upper()}●" for letter in answers[0]]
        # Board 1 is solved: its cell on every key says so, and is never the grey mark of a letter not in a word.
        grey = next(letter for letter in answers[0] if letter not in answers[1])
        key = next(key for key in app.screen.query(ShadedKey) if key.key == grey)
        assert key.render().plain == f" {grey.upper()} ✓·"


async def test_hints_rank_the_guesses_for_every_board_at_once(make_app):
    app = make_app(play=PlayOptions(variant=Variant(2)), seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await guess(pilot, "salet")
        await pilot.press("ctrl+t")
        ranking = app.screen.query_one("#boards-ranking")
        await until(pilot, lambda: bool(app.screen.view.ranking))
        expected = rank_boards(BoardsState(uniform_model(app.lists), app.screen.game.boards), "boards", 3)
        assert app.screen.view.ranking[:3] == expected and ranking.display
        await pilot.press("ctrl+t")
        assert not ranking.display


async def test_a_game_of_several_boards_counts_its_hints_once_the_ranking_is_seen(make_app, store):
    app = make_app(play=PlayOptions(variant=Variant(8)), seed=3)
    async with app.run_test(size=(80, 23)) as pilot:  # a line too short for the ranking under eight boards
        await guess(pilot, "salet")
        await pilot.press("ctrl+t")
        await until(pilot, lambda: bool(app.screen.view.ranking))
        assert app.screen.view.fitted.ranking == "folded" and not app.screen.hints_used
        assert str(app.screen.query_one("#message").content) == "The ranking needs a window 24 rows high"
        await pilot.resize_terminal(80, 24)
        await until(pilot, lambda: app.screen.hints_used)
        line = str(app.screen.query_one("#boards-ranking").content)
        assert line.startswith("Best: ") and "hints" in str(app.screen.query_one("#title").content)
        assert store.in_progress(Variant(8), "nyt2022").hints
        screen = app.screen
        for word in screen.game.answers:
            await guess(pilot, word)
        # Over: no ranking stands for a game that has ended.
        assert str(screen.query_one("#boards-ranking").content) == "Every board solved."
    assert store.records()[0].hints


async def test_watching_the_bot_play_several_boards(make_app):
    app = make_app(mode="watch", watch=WatchOptions(variant=Variant(2)), seed=3)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert screen.game_number == 1 and "the bot does not know them" in screen.message
        said: list[str] = []  # every message, so that none is missed on a machine slow to poll
        say = screen.say
        screen.say = lambda text, *args, **kwargs: (said.append(text), say(text, *args, **kwargs))[1]
        game, answers = screen.game, screen.game.answers
        for _ in range(len(DELAYS)):
            await pilot.press("plus")
        await until(pilot, lambda: game.over, steps=3000)
        await pilot.press("space")  # paused: the next game waits (a second after this one, at the fastest pace)
        assert screen.results[0] == len(game.guesses) and game.won and game.answers == answers
        # Every guess was the top of the ranking for the boards as they stood.
        replay = BoardsGame(game.answers, app.lists)
        for word in game.guesses:
            assert rank_boards(BoardsState(uniform_model(app.lists), replay.boards), "boards", 1)[0].word == word
            replay.guess(word)
        assert any(f"in {len(game.guesses)} of {game.limit} · 1 watched, 1 solved in time" in text for text in said)
        number = screen.game_number
        await pilot.press("n")
        await pilot.pause()
        assert screen.game_number == number + 1 and screen.game.guesses == [] and not screen.running
        await pilot.press("s")  # one guess, then paused
        await until(pilot, lambda: len(screen.game.guesses) == 1)
        assert app.store.in_progress(Variant(2), app.lists.name) is None  # the bot's games are not kept


async def enter_row(pilot, word: str, answers: tuple[str, ...], solved: set[str]) -> None:
    """Type `word` and the colours each board still open showed, as a player mirroring a game would."""
    await pilot.press(*word)
    for answer in answers:
        if answer not in solved:
            await pilot.press(*format_pattern(score(word, answer), 5))
    await pilot.press("enter")
    await pilot.pause()
    solved.update(answer for answer in answers if answer == word)


async def test_coaching_several_boards_mirrors_a_game_played_elsewhere(make_app, monkeypatch):
    app = make_app(mode="coach", coach=CoachOptions(variant=Variant(2)))
    shared: list[str] = []
    monkeypatch.setattr(type(app), "share", lambda self, text, what: shared.append(text))
    answers, solved = ("crane", "moist"), set()
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        await pilot.press("1")
        assert "Type the word you played first" in screen.message
        await pilot.press(*"slate", "0", "0", "backspace", "backspace", "backspace")
        assert screen.typed == "slat" and screen.colours == {}  # colours first, then letters
        await pilot.press("e", "enter")
        assert "Give board 1 its colours" in screen.message and screen.rows == []
        await pilot.press(*"00201", *"22221", "enter")  # four letters in place and the fifth elsewhere: no word
        assert screen.message == "No answer fits the colours of board 2: check them" and screen.rows == []
        await pilot.press("ctrl+r")
        await enter_row(pilot, "slate", answers, solved)
        await until(pilot, lambda: bool(screen.view.ranking))
        expected = rank_boards(BoardsState(uniform_model(app.lists), screen.histories()), "boards", 2)
        assert screen.view.ranking[:2] == expected
        await enter_row(pilot, "crane", answers, solved)
        assert lines(boards(app)[0])[0].strip() == "1 ✓ in 2" and screen.open_boards() == [1]
        # The next row takes the colours of board 2 alone.
        await pilot.press("ctrl+s")  # no result before the game is over: dimmed in the footer, and nothing shown
        assert app.screen is screen and footer_key(screen, "ctrl+s").has_class("-disabled")
        await enter_row(pilot, "moist", answers, solved)
        assert screen.finished and "2 of 2 solved · row 3/7" in screen._detail
        # The result is shown, as text to select, and copied only when asked.
        assert isinstance(app.screen, ResultScreen) and shared == []
        assert app.screen.query_one(".verdict").content == "Dordle: every board solved in 3 of 7 guesses"
        await pilot.press("c")
        assert shared[0].splitlines()[0] == "Dordle 2&3/7"
        assert str(app.screen.query_one("#share-text").content) == shared[0]
        await pilot.press("escape", "ctrl+s")  # and shown again on asking
        assert isinstance(app.screen, ResultScreen) and not footer_key(screen, "ctrl+s").has_class("-disabled")
    again = make_app(mode="coach", coach=CoachOptions(variant=Variant(2)))
    async with again.run_test(size=SIZE) as pilot:
        assert [guess for guess, _ in again.screen.rows] == ["slate", "crane", "moist"]
        await pilot.press("ctrl+r")
        assert again.screen.rows == [] and not again.screen.finished


async def test_the_games_dialog_moves_play_watch_and_coach_between_the_games_of_the_family(make_app):
    from wordle_tui.ui.dialogs.games import GamesScreen
    from wordle_tui.ui.modes.coach import CoachScreen
    from wordle_tui.ui.modes.coach_boards import CoachBoardsScreen
    from wordle_tui.ui.modes.play import PlayScreen
    from wordle_tui.ui.modes.play_absurdle import PlayAbsurdleScreen
    from wordle_tui.ui.modes.play_boards import PlayBoardsScreen
    from wordle_tui.ui.modes.watch_absurdle import WatchAbsurdleScreen
    from wordle_tui.ui.modes.watch_boards import WatchBoardsScreen

    app = make_app(seed=3)
    async with app.run_test(size=SIZE) as pilot:

        async def choose(key: str) -> None:
            await pilot.press("f6")
            await until(pilot, lambda: isinstance(app.screen, GamesScreen))
            await pilot.press(key)
            await pilot.pause()

        assert isinstance(app.screen, PlayScreen)
        await choose("3")
        assert isinstance(app.screen, PlayBoardsScreen) and app.screen.count == 4 and len(boards(app)) == 4
        await guess(pilot, "salet")
        await choose("4")
        assert isinstance(app.screen, PlayBoardsScreen) and app.screen.count == 8 and len(boards(app)) == 8
        await choose("3")  # the Quordle game goes on where it was
        assert app.screen.count == 4 and app.screen.game.guesses == ["salet"]
        await pilot.press("f6", "down", "enter")  # from Quordle, the next in the list: Octordle
        await pilot.pause()
        assert app.screen.count == 8
        await choose("5")
        assert isinstance(app.screen, PlayAbsurdleScreen)
        await pilot.press("f3")
        await pilot.pause()
        assert isinstance(app.screen, WatchAbsurdleScreen)
        await choose("2")
        assert isinstance(app.screen, WatchBoardsScreen) and app.screen.count == 2
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, CoachBoardsScreen) and app.screen.count == 2
        await choose("5")  # no Absurdle to mirror: the coach of one board, and it says so
        assert isinstance(app.screen, CoachScreen)
        await pilot.press("f6")
        await until(pilot, lambda: isinstance(app.screen, GamesScreen))
        assert "(now)" in str(app.screen.query_one("#games").get_option_at_index(0).prompt)  # Wordle, as shown
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, PlayAbsurdleScreen)
        await choose("1")
        assert isinstance(app.screen, PlayScreen)


async def test_a_size_message_goes_when_the_game_shown_needs_less(make_app):
    app = make_app("coach", coach=CoachOptions(variant=Variant(8)))
    async with app.run_test(size=(80, 23)) as pilot:
        await pilot.pause()
        assert str(app.screen.query_one("#message").content) == "The ranking needs a window 24 rows high"
        await pilot.press("f6", "2")  # Dordle: room for its ranking
        await until(pilot, lambda: getattr(app.screen, "count", 0) == 2)
        await pilot.pause()
        assert str(app.screen.query_one("#message").content) == ""
        await pilot.press("f6", "4")
        await until(pilot, lambda: getattr(app.screen, "count", 0) == 8)
        await pilot.pause()
        assert str(app.screen.query_one("#message").content) == "The ranking needs a window 24 rows high"
