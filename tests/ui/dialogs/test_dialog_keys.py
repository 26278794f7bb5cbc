"""The keys of the dialogs, as a player meets them: the footer shows those at hand, and keys that come
together (one held down, or typed ahead) scroll as far as they ask."""

from __future__ import annotations

from textual import events
from textual.widgets import Footer, Switch
from textual.widgets._footer import FooterKey, KeyGroup

from wordle_tui.storage.kinds import Kind
from wordle_tui.storage.records import GameRecord
from wordle_tui.ui.app import PlayOptions
from wordle_tui.ui.dialogs.help import HelpScreen
from wordle_tui.ui.dialogs.history import HistoryScreen
from wordle_tui.ui.dialogs.settings import SettingsScreen
from wordle_tui.ui.widgets.wide_table import STEP, WideTable

from ..conftest import SIZE, until

OCTORDLE = "crane moist blimp shard pious given fjord wacky"


async def burst(pilot, key: str, times: int) -> None:
    """`times` presses of `key` arriving together, as from a key held down: all read before any is handled."""
    for _ in range(times):
        pilot.app.post_message(events.Key(key, None))
    await pilot.pause()


async def test_a_burst_of_arrow_keys_scrolls_a_dialog_as_far_as_it_asks(make_app):
    app = make_app(play=PlayOptions(answer="crane"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        frame = app.screen.query_one(".dialog")
        await burst(pilot, "down", 5)
        assert frame.scroll_y == 5
        await burst(pilot, "up", 3)
        assert frame.scroll_y == 2


async def test_a_burst_of_side_arrows_scrolls_a_wide_table_as_far_as_it_asks(make_app, store):
    store.record(
        GameRecord("o1", OCTORDLE, tuple(OCTORDLE.split()), True, kind=Kind.BOARDS, finished="2026-11-20T10:00")
    )
    app = make_app(play=PlayOptions(answer="crane"))
    async with app.run_test(size=(44, 30)) as pilot:
        await pilot.press("f5")
        await until(pilot, lambda: isinstance(app.screen, HistoryScreen) and bool(app.screen.games))
        await pilot.pause()
        scroller = app.screen.query_one(WideTable).scroller
        await burst(pilot, "right", 3)
        assert scroller.scroll_x == 3 * STEP


def footer_text(screen) -> str:
    """The footer as the player reads it: each key and what it does, a group of keys sharing one label."""
    parts = []
    for shown in screen.query_one(Footer).children:
        if isinstance(shown, FooterKey):
            parts.append(f"{shown.key_display} {shown.description}")
        elif isinstance(shown, KeyGroup):
            parts.append("".join(key.key_display for key in shown.query(FooterKey)))
        else:
            parts.append(str(shown.content))
    return " ".join(parts)


async def test_the_footers_of_settings_help_and_history_offer_the_keys_at_hand(make_app, store):
    store.record(
        GameRecord("o1", OCTORDLE, tuple(OCTORDLE.split()), True, kind=Kind.BOARDS, finished="2026-11-20T10:00")
    )
    app = make_app(play=PlayOptions(answer="crane"))
    async with app.run_test(size=(90, 24)) as pilot:
        await pilot.press("f4")
        await until(pilot, lambda: isinstance(app.screen, SettingsScreen))
        await pilot.pause()
        assert footer_text(app.screen) == "⏎ Choose tab Next setting esc Close"  # on a list
        while not isinstance(app.focused, Switch):
            await pilot.press("tab")
        await pilot.pause()
        assert footer_text(app.screen).startswith("⏎ On/off")
        await pilot.press("escape", "question_mark")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        await pilot.pause()
        assert footer_text(app.screen) == "↑↓ Scroll esc Close"
        await pilot.press("escape", "f5")
        await until(pilot, lambda: isinstance(app.screen, HistoryScreen) and bool(app.screen.games))
        await pilot.pause()
        assert footer_text(app.screen) == "esc Close ←→ Sideways"  # the answers of the Octordle go further
        await pilot.resize_terminal(140, 24)  # room for every column: nothing to scroll sideways
        await until(pilot, lambda: "Sideways" not in footer_text(app.screen))


async def test_the_footer_of_the_games_offers_enter_to_play_the_one_highlighted(make_app):
    from wordle_tui.ui.dialogs.games import GamesScreen
    from wordle_tui.ui.modes.play_boards import PlayBoardsScreen

    app = make_app(play=PlayOptions(answer="crane"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f6")
        await until(pilot, lambda: isinstance(app.screen, GamesScreen))
        await pilot.pause()
        assert footer_text(app.screen) == "← Fewer letters → More letters ⏎ Play esc Close"
        await pilot.press("down", "down", "enter")
        await until(pilot, lambda: isinstance(app.screen, PlayBoardsScreen))
        assert app.screen.count == 4
