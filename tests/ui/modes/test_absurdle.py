"""Playing Absurdle in the app: the adversary's responses, a board that grows, the win, and a game kept."""

from __future__ import annotations

from wordle_tui.core.exact.absurdle import shortest_line
from wordle_tui.core.rules.absurdle import AbsurdleGame
from wordle_tui.core.rules.variant import ABSURDLE as ABSURDLE_GAME
from wordle_tui.core.strategies.selfplay import absurdle_move
from wordle_tui.storage.counting import Listed
from wordle_tui.ui.app import PlayOptions, WatchOptions
from wordle_tui.ui.dialogs.history import kind_name, result
from wordle_tui.ui.dialogs.result import ResultScreen
from wordle_tui.ui.modes.views import ROWS_SHOWN
from wordle_tui.ui.widgets.small_boards import SmallBoard

from ..conftest import until

SIZE = (80, 30)


def history_of(store) -> list:
    """The games as the history lists them, newest first."""
    games: list = []
    store.newest_first(lambda batch: games.extend(map(Listed.of, batch)) or True)
    return games


async def guess(pilot, word: str) -> None:
    await pilot.press(*word, "enter")
    await pilot.pause()


async def test_absurdle_answers_as_the_adversary_and_is_beaten_by_the_last_answer_left(make_app, monkeypatch):
    app = make_app(play=PlayOptions(variant=ABSURDLE_GAME))
    shared: list[str] = []
    monkeypatch.setattr(type(app), "share", lambda self, text, what: shared.append(text))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        reference = AbsurdleGame(app.lists)
        for word in ("aesir", "yauld"):
            await guess(pilot, word)
            reference.guess(word)
        assert screen.game.rows == reference.rows and screen.game.left == reference.left
        assert f"{len(reference.left)} answers left" in screen._detail
        await guess(pilot, "zzzzz")
        assert screen.message == "Not in word list" and len(screen.game.rows) == 2
        await pilot.press(*["backspace"] * 5)  # the word refused stays, to be mended, as in play
        while not screen.game.won:  # a word still possible each time: the adversary must give one up
            await guess(pilot, screen.game.left[0])
        board = screen.query_one(SmallBoard)
        rows = len(screen.game.rows)
        assert board.view.limit == max(ROWS_SHOWN, rows + 1) and board.view.solved_in == rows
        assert screen.message == f"Beaten in {rows} guesses (beaten 1 time · best {rows} · average {rows}.00)"
        assert isinstance(app.screen, ResultScreen) and not shared  # the result is shown, and copied when asked
        await pilot.press("c")
        assert shared[0].splitlines()[0] == f"Absurdle {rows}/∞" and shared[0].splitlines()[-1] == "🟩🟩🟩🟩🟩"
        assert str(app.screen.query_one("#share-text").content) == shared[0]
        assert app.store.in_progress(ABSURDLE_GAME, app.lists.name) is None  # a game won is not carried on
    (record,) = app.store.records()  # counted apart: in Absurdle's statistics, not in one board's
    assert (
        record.kind == "absurdle" and record.history == tuple(screen.game.rows) and record.answer == record.guesses[-1]
    )
    assert app.store.stats().played == 0 and app.store.stats(app.lists.name, variant=ABSURDLE_GAME).played == 1
    (listed,) = history_of(app.store)
    assert result(listed) == f"{rows}/∞" and kind_name(listed) == "Absurdle"


async def test_the_result_is_shown_to_select_where_no_clipboard_takes_it_and_ctrl_s_shows_the_statistics(
    make_app, monkeypatch
):
    app = make_app(play=PlayOptions(variant=ABSURDLE_GAME))
    told: list[str] = []
    monkeypatch.setattr(app, "notify", lambda message, **options: told.append(message))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        await guess(pilot, "aesir")
        await pilot.press("ctrl+s")  # during the game: the statistics, and no result yet
        assert isinstance(app.screen, ResultScreen) and not app.screen.query("#share-text")
        assert str(app.screen.query_one("#result-figures").content) == "not beaten yet"
        await pilot.press("c")  # nothing to copy yet
        await pilot.press("escape")
        while not screen.game.won:
            await guess(pilot, screen.game.left[0])
        shown = str(app.screen.query_one("#share-text").content)
        assert shown.splitlines()[0] == f"Absurdle {len(screen.game.rows)}/∞"
        await pilot.press("c")
        await until(pilot, lambda: bool(told))
        # No clipboard tool here (see conftest): the message points at the text in the dialog, which is there.
        assert told == [told[0]] and "select the text in the dialog instead" in told[0]
        assert app.clipboard == shown and isinstance(app.screen, ResultScreen)
        await pilot.press("n")  # a new game, at once
        await pilot.pause()
        assert app.screen is screen and screen.game.rows == []


async def test_a_game_against_absurdle_in_progress_is_kept(make_app):
    app = make_app(play=PlayOptions(variant=ABSURDLE_GAME))
    async with app.run_test(size=SIZE) as pilot:
        await guess(pilot, "crane")
    again = make_app(play=PlayOptions(variant=ABSURDLE_GAME))
    async with again.run_test(size=SIZE) as pilot:
        assert [word for word, _ in again.screen.game.rows] == ["crane"]
        await pilot.press("ctrl+n", "y")  # asked first
        assert again.screen.game.rows == []


async def test_watching_the_bot_beat_absurdle(make_app):
    app = make_app(mode="watch", watch=WatchOptions(variant=ABSURDLE_GAME))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert screen.game_number == 1 and "Searching the fewest guesses" in screen.message
        await until(pilot, lambda: screen.game.won, steps=5000)
        # The shortest line that always wins, as `wordle-tui absurdle` finds it: 4 guesses, where greedy
        # minimax takes 5 (RAISE BLUDY COMPT CHUCK CHUNK).
        played = tuple(word for word, _ in screen.game.rows)
        assert played == shortest_line(app.model) and len(played) == 4
        replay, greedy = AbsurdleGame(app.lists), AbsurdleGame(app.lists)
        for word in played:
            replay.guess(word)
        while not greedy.won:
            greedy.guess(absurdle_move(app.model, tuple(greedy.rows)))
        assert replay.won and len(greedy.rows) == 5
        assert screen.message.startswith("Beaten in 4 guesses")
        await pilot.press("space", "n")  # paused, then the next game waits for a step
        await pilot.pause()
        assert screen.game_number == 2 and screen.game.rows == [] and not screen.running
        await pilot.press("s")
        await until(pilot, lambda: len(screen.game.rows) == 1)
        assert app.store.in_progress(ABSURDLE_GAME, app.lists.name) is None  # the bot's games are not kept


async def test_a_new_game_of_absurdle_asks_before_dropping_one_in_progress_and_counts_nothing(make_app, store):
    from wordle_tui.ui.dialogs.confirm import ConfirmScreen

    app = make_app(play=PlayOptions(variant=ABSURDLE_GAME))
    async with app.run_test(size=SIZE) as pilot:
        await guess(pilot, "aesir")
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "It is not counted: only games won are." in app.screen.question
        await pilot.press("n")
        await pilot.pause()
        assert len(app.screen.game.rows) == 1  # carried on
        await pilot.press("ctrl+n", "y")
        await pilot.pause()
        assert app.screen.game.rows == [] and store.records() == []  # dropped, and no loss recorded
