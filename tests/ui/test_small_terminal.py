"""At the smallest size the app draws (44x18), every screen of the family of games shows its boards and its
whole keyboard, as a player sees them: nothing cut off at the edge, nothing pushed out of the window."""

from __future__ import annotations

import pytest
from textual.errors import NoWidget
from textual.screen import Screen
from textual.widget import Widget

from wordle_tui.ui.app import PlayOptions
from wordle_tui.ui.dialogs.too_small import MIN_HEIGHT, MIN_WIDTH
from wordle_tui.ui.widgets.keyboard import Key
from wordle_tui.ui.widgets.small_boards import ShadedKey

SMALLEST = (MIN_WIDTH, MIN_HEIGHT)


def whole(screen: Screen, widget: Widget) -> bool:
    """Whether all of `widget` is in sight: inside the window, and not cut by a scrolling box around it."""
    try:
        geometry = screen.find_widget(widget)
    except NoWidget:  # laid out past the window's edge
        return False
    return bool(geometry.region) and geometry.visible_region == geometry.region


def keys_cut(screen: Screen) -> list[str]:
    """The labels of the keys of the on-screen keyboard that are not whole in sight."""
    keys = [*screen.query(ShadedKey), *screen.query(Key)]
    return [key.label for key in keys if not whole(screen, key)]


@pytest.mark.parametrize("boards", [2, 4, 8])
async def test_the_keyboard_of_several_boards_is_whole_in_the_smallest_window(make_app, boards):
    app = make_app(play=PlayOptions(boards=boards), seed=3)
    async with app.run_test(size=SMALLEST) as pilot:
        await pilot.press(*"slate", "enter", *"crony", "enter")
        await pilot.pause()
        keys = list(app.screen.query(ShadedKey))
        assert len(keys) == 28 and keys_cut(app.screen) == []
