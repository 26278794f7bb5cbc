"""Each game of the family is registered once with its screens: the app shows them, the help lists their keys."""

from wordle_tui.core.rules.setup import Setup
from wordle_tui.core.rules.variant import FAMILY
from wordle_tui.core.rules.words import load_preset
from wordle_tui.ui.modes.mode import ModeScreen
from wordle_tui.ui.screens import ACTIVITIES, SCREENS, key_sections, screen_of


def test_every_game_offered_is_played_and_watched_and_coached_where_it_holds_an_answer():
    lists = load_preset("nyt2022")
    for variant in FAMILY:
        setup = Setup(lists, variant)
        shown = [activity for activity in ACTIVITIES if activity in SCREENS[variant.type.key]]
        assert shown == (list(ACTIVITIES) if variant.has_answer else ["play", "watch"])
        for activity in shown:
            assert issubclass(screen_of(activity, setup).type(), ModeScreen)
        assert screen_of("coach", setup.mirrored()).type().__name__.startswith("Coach")


def test_the_help_lists_the_keys_of_every_screen_registered():
    from wordle_tui.ui.app import WordleApp

    sections = dict(key_sections(WordleApp))
    titles = [of.title for screens in SCREENS.values() for of in screens.values()]
    assert set(titles) <= set(sections) and len(titles) == 8
    assert "Ctrl+N new game" in sections["Several boards"] and "Ctrl+T hints" in sections["Play"]
    assert list(sections)[:2] == ["Everywhere", "Play"] and list(sections)[-1] == "Settings"
