"""At the smallest size the app draws (44x18), every screen of the family of games shows its boards and its
whole keyboard, as a player sees them: nothing cut off at the edge, nothing pushed out of the window."""

from __future__ import annotations

import threading

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
    "play Octordle": ("play", {"play": PlayOptions(variant=Variant(8))}, 3),
    "coach Dordle": ("coach", {"coach": CoachOptions(variant=Variant(2))}, 8),
    "coach Quordle": ("coach", {"coach": CoachOptions(variant=Variant(4))}, 8),
    "coach Octordle": ("coach", {"coach": CoachOptions(variant=Variant(8))}, 3),
    "watch Dordle": ("watch", {"watch": WatchOptions(variant=Variant(2))}, 8),
    "watch Quordle": ("watch", {"watch": WatchOptions(variant=Variant(4))}, 8),
    "watch Octordle": ("watch", {"watch": WatchOptions(variant=Variant(8))}, 3),
    "play Absurdle": ("play", {"play": PlayOptions(variant=ABSURDLE_GAME)}, 7),
    "watch Absurdle": ("watch", {"watch": WatchOptions(variant=ABSURDLE_GAME)}, 7),
}


@pytest.mark.parametrize("screen", FAMILY)
async def test_every_screen_of_the_family_shows_its_boards_and_its_whole_keyboard_in_the_smallest_window(
    make_app, screen
):
    """Where not every row of every board fits, the message line says the window that shows them all (and that
    PageDown scrolls to the rest); the coach's and the bot's ranking go on a line where there is one to spare."""
    mode, options, lines = FAMILY[screen]
    app = make_app(mode, seed=3, **options)
    async with app.run_test(size=SMALLEST) as pilot:
        await pilot.pause()
        shown = boards_in_sight(app.screen)
        assert keys_cut(app.screen) == [] and shown and min(shown) >= lines, shown
        if not app.screen.query(SmallBoard).first().view.title:  # several boards, not Absurdle
            cut = [board for board in app.screen.query(SmallBoard) if not whole(app.screen, board)]
            told = str(app.screen.query_one("#message").content)
            if mode == "coach":  # the bot's messages take the line in watch
                assert ("PageDown scrolls" in told) == bool(cut), told
            if cut:
                assert f"All boards need {app.screen.view.fitted.wanted[0]}x" in told or mode != "coach"
            elif ranking := app.screen.query("#boards-ranking.-shown"):
                assert whole(app.screen, ranking.first())  # a line of it


@pytest.mark.parametrize("mode", ["play", "coach", "watch"])
@pytest.mark.parametrize("boards", [2, 4, 8])
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_every_row_of_every_board_and_the_ranking_are_in_sight_in_a_normal_window(make_app, mode, boards, size):
    """At 80x24 and more, every game of the family shows all its boards whole, the ranking (asked for in play)
    whole beside them and covering none of them, and the whole keyboard."""
    app = make_app(
        mode,
        seed=3,
        **{mode: {"play": PlayOptions, "coach": CoachOptions, "watch": WatchOptions}[mode](variant=Variant(boards))},
    )
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        if mode == "play":
            await pilot.press("ctrl+t")
            await pilot.pause()
        screen = app.screen
        cut = [board.id for board in screen.query(SmallBoard) if not whole(screen, board)]
        assert cut == [] and keys_cut(screen) == []
        ranking = screen.query_one("#boards-ranking")
        assert ranking.display and whole(screen, ranking)
        assert not any(ranking.region.overlaps(board.region) for board in screen.query(SmallBoard))
        assert "PageDown" not in str(screen.query_one("#message").content)


async def test_the_statistics_bars_never_wrap_in_the_smallest_window(make_app):
    from wordle_tui.ui.dialogs.statistics import StatsScreen

    app = make_app(play=PlayOptions(answer="crane"))
    async with app.run_test(size=SMALLEST) as pilot:
        await pilot.press(*"crane", "enter")
        await pilot.pause(1)
        assert isinstance(app.screen, StatsScreen)
        bars = app.screen.query_one("#distribution")
        lines = [line.text.rstrip() for line in bars.render_lines(bars.region.reset_offset)]
        shown = [line for line in lines if line]
        assert len(shown) == 6 and [line[0] for line in shown] == list("123456")  # a line a bar, none wrapped
        assert "← this game" in shown[0]


async def test_the_keys_of_a_dialogs_footer_stand_apart(make_app):
    from textual.widgets._footer import FooterKey, FooterLabel

    app = make_app(play=PlayOptions(answer="crane"))
    async with app.run_test(size=SMALLEST) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        label = app.screen.query_one(FooterLabel)  # "↑↓ Scroll", then "esc Close"
        after = [key for key in app.screen.query(FooterKey) if key.region.x > label.region.x]
        assert str(label.content) == "Scroll" and after[0].region.x > label.region.right


async def test_every_setting_is_said_whole_in_the_smallest_window(make_app):
    app = make_app()
    async with app.run_test(size=SMALLEST) as pilot:
        await pilot.press("f4")
        await pilot.pause()
        for row in app.screen.query(".setting"):
            label, control = row.children
            words = str(label.content).split()
            assert label.region.right < control.region.x  # a column apart
            assert max(map(len, words)) <= label.region.width and label.region.height >= 1
            lines = [line.text.strip() for line in label.render_lines(label.region.reset_offset)]
            assert " ".join(line for line in lines if line) == " ".join(words)  # wrapped, nothing cut


@pytest.mark.parametrize("size", [SMALLEST, (80, 24), (120, 40)])
async def test_the_help_opens_on_how_to_play(make_app, size):
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        heading = app.screen.query_one(".dialog-title")
        assert str(heading.content) == "HOW TO PLAY" and whole(app.screen, heading)
        if size != SMALLEST:  # the rules and their example in sight, before any key
            assert whole(app.screen, app.screen.query(".example-row Tile").first())


@pytest.mark.parametrize("length", [4, 5, 7])
async def test_watching_absurdle_says_its_search_whole_in_a_normal_window(make_app, length):
    from wordle_tui.core.cancel import Cancelled
    from wordle_tui.core.rules.words import load_preset, preset_for_length
    from wordle_tui.core.strategies.ranking import Ranker
    from wordle_tui.core.workers.pool import RankingPool
    from wordle_tui.ui.app import WordleApp

    class SearchHeld(Ranker):
        """The search for the shortest line waits until the app closes: what is said meanwhile is what counts
        (at four letters it would take minutes)."""

        closed = threading.Event()

        def absurdle_line(self, model):
            self.closed.wait(30)
            raise Cancelled

        def close(self):
            self.closed.set()
            super().close()

    lists = load_preset(preset_for_length(length))
    options = {"watch": WatchOptions(variant=ABSURDLE_GAME), "ranker": SearchHeld}
    app = WordleApp(lists, mode="watch", pool=RankingPool(workers=1), **options)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        message = app.screen.query_one("#message")
        assert "Searching the fewest guesses" in str(message.content) and whole(app.screen, message)
