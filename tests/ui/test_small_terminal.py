"""At the smallest size the app draws (44x18), every screen of the family of games shows its boards and its
whole keyboard, as a player sees them: nothing cut off at the edge, nothing pushed out of the window."""

from __future__ import annotations

import pytest
from textual.errors import NoWidget
from textual.screen import Screen
from textual.widget import Widget

from wordle_tui.core.rules.variant import ABSURDLE as ABSURDLE_GAME
from wordle_tui.core.rules.variant import Variant
from wordle_tui.ui.app import CoachOptions, PlayOptions, WatchOptions
from wordle_tui.ui.dialogs.too_small import MIN_HEIGHT, MIN_WIDTH
from wordle_tui.ui.widgets.keyboard import Key
from wordle_tui.ui.widgets.small_boards import ShadedKey, SmallBoard

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
    app = make_app(play=PlayOptions(variant=Variant(boards)), seed=3)
    async with app.run_test(size=SMALLEST) as pilot:
        await pilot.press(*"slate", "enter", *"crony", "enter")
        await pilot.pause()
        keys = list(app.screen.query(ShadedKey))
        assert len(keys) == 28 and keys_cut(app.screen) == []


def boards_in_sight(screen: Screen) -> list[int]:
    """For each board of the first line of boards, how many of its lines are in sight, from its heading down
    (0 where its heading is not)."""
    first = list(screen.query(SmallBoard))
    top = first[0].region.y
    lines = []
    for board in first:
        if board.region.y != top:
            break
        geometry = screen.find_widget(board)
        lines.append(geometry.visible_region.height if geometry.visible_region.y == top else 0)
    return lines


FAMILY = {  # each screen of the family: how the app starts, and the lines of each board that must be in sight
    "play Dordle": ("play", {"play": PlayOptions(variant=Variant(2))}, 8),
    "play Quordle": ("play", {"play": PlayOptions(variant=Variant(4))}, 8),
    "play Octordle": ("play", {"play": PlayOptions(variant=Variant(8))}, 2),
    "coach Dordle": ("coach", {"coach": CoachOptions(variant=Variant(2))}, 8),
    "coach Quordle": ("coach", {"coach": CoachOptions(variant=Variant(4))}, 8),
    "coach Octordle": ("coach", {"coach": CoachOptions(variant=Variant(8))}, 2),
    "watch Dordle": ("watch", {"watch": WatchOptions(variant=Variant(2))}, 8),
    "watch Quordle": ("watch", {"watch": WatchOptions(variant=Variant(4))}, 8),
    "watch Octordle": ("watch", {"watch": WatchOptions(variant=Variant(8))}, 2),
    "play Absurdle": ("play", {"play": PlayOptions(variant=ABSURDLE_GAME)}, 7),
    "watch Absurdle": ("watch", {"watch": WatchOptions(variant=ABSURDLE_GAME)}, 7),
}


@pytest.mark.parametrize("screen", FAMILY)
async def test_every_screen_of_the_family_shows_its_boards_and_its_whole_keyboard_in_the_smallest_window(
    make_app, screen
):
    """Where a ranking goes under the boards (the coach's, the bot's), it folds away with no room left for it
    under a line of boards, and the message line says how tall a window it needs."""
    mode, options, lines = FAMILY[screen]
    app = make_app(mode, seed=3, **options)
    async with app.run_test(size=SMALLEST) as pilot:
        await pilot.pause()
        shown = boards_in_sight(app.screen)
        assert keys_cut(app.screen) == [] and shown and min(shown) >= lines, shown
        if ranking := app.screen.query("#boards-ranking.-shown"):
            assert not ranking.first().display
            if mode == "coach":  # the bot's messages take the line in watch
                rows = {2: 20, 4: 25, 8: 35}[app.screen.count]  # a line of boards, the ranking, the keys
                assert app.screen.query_one("#message").content == f"The ranking needs a window {rows} rows high"
