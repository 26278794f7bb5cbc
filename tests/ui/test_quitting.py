"""Ctrl+C in the app: it copies the text selected with the mouse, and with nothing selected quits as Ctrl+Q does.

(Ctrl+C sent as a signal, `kill -INT`, is tests/test_faults.py's.)"""

from __future__ import annotations

from wordle_tui.ui.app import PlayOptions
from wordle_tui.ui.dialogs.statistics import StatsScreen
from wordle_tui.ui.dialogs.too_small import TooSmallScreen

from .conftest import SIZE, tile_colours, tile_text, until

TALL = (80, 40)  # the statistics after a game, down to the result to share, without scrolling


async def drag_over(pilot, widget, columns: int) -> None:
    """Select the first `columns` cells of the widget's first line, as a mouse does."""
    await pilot.mouse_down(widget, offset=(0, 0))
    await pilot.hover(widget, offset=(columns, 0))
    await pilot.mouse_up(widget, offset=(columns, 0))


async def test_ctrl_c_copies_the_selected_text_and_says_where_it_went(make_app, monkeypatch):
    app = make_app(play=PlayOptions(answer="crane"))
    told: list[str] = []
    monkeypatch.setattr(app, "notify", lambda message, **options: told.append(message))
    async with app.run_test(size=TALL) as pilot:
        await pilot.press(*"slate", "enter", *"crane", "enter")
        await until(pilot, lambda: isinstance(app.screen, StatsScreen))
        await pilot.pause()
        await drag_over(pilot, app.screen.query_one("#share-text"), len("Wordle 2/6"))
        await pilot.press("ctrl+c")
        await until(pilot, lambda: bool(told))
        # No clipboard tool here (see conftest): the terminal is asked, and the message says so.
        assert app.clipboard == "Wordle 2/6"
        assert told == [told[0]] and told[0].startswith("Asked the terminal to copy the selected text (OSC 52)")
        assert told[0].endswith("select it with Shift+drag instead, which most terminals copy themselves.")
        assert app.return_code is None and isinstance(app.screen, StatsScreen)  # still open
        await pilot.press("escape")  # the dialog and its selection gone: nothing to copy
        await pilot.press("ctrl+c")
        assert app.return_code == 0


async def test_ctrl_c_with_nothing_selected_quits_as_ctrl_q_does_and_the_game_is_kept(make_app):
    app = make_app(play=PlayOptions(answer="crane"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"slate", "enter")
        await until(pilot, lambda: tile_colours(app.screen.board, 0) == "bbgbg")
        await pilot.press("ctrl+c")
        assert app.return_code == 0  # as Ctrl+Q's
    again = make_app()
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert tile_text(again.screen.board, 0) == "SLATE"


async def test_ctrl_c_quits_where_the_window_is_too_small_to_draw_the_app(make_app):
    app = make_app()
    async with app.run_test(size=(30, 10)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TooSmallScreen))
        await pilot.press("ctrl+c")
        assert app.return_code == 0
