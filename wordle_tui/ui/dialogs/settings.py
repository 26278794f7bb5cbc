"""Settings: the modes, the strategy, the look, the hints, the workers, the length of the words and the lists;
saved as they change."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.widget import Widget
from textual.widgets import Footer, Label, Select, Static, Switch

from ...core.rules.words import LENGTHS, PRESETS, preset_for_length, preset_length
from ...core.strategies import STRATEGY_NAMES
from ...storage.settings_file import MARKS, SHARE_PALETTES, THEMES
from ..host import HostDialog
from ..widgets.choice import Choice
from ..widgets.dialog_frame import DialogFrame
from ..widgets.mode_choice import mode_choice
from ..widgets.switch import OnOff

if TYPE_CHECKING:
    from ...core.rules.words import WordLists
    from ...storage.settings_file import Settings


class SettingsScreen(HostDialog[str | None]):
    """The settings, each saved as it changes; closed, it hands back the lists chosen in it, if any, to be played
    from then on (the dialog stays with the screen it opened on: see WordleApp.action_settings)."""

    DEFAULT_CSS = """
    .setting {
        height: auto;
        margin-top: 1;
    }

    .setting-label {
        width: 1fr;
        height: auto;  /* wraps in a narrow window rather than being cut */
        margin-right: 1;
    }

    .setting Select {
        width: 24;
    }

    SettingsScreen.-narrow .setting Select {
        width: 17;  /* "one per core", "high-contrast" and "ultra hard" whole, beside a label that wraps */
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("tab", "app.focus_next", "Next setting"),
        Binding("escape", "close", "Close"),
    ]
    KEY_HELP = ("Space turns a switch on or off", "Enter opens a list, ↑ ↓ choose")

    shown = ""  # the lists the dialog opened on: those of the game on screen

    def __init__(self, settings: Settings, playing: WordLists):
        """The dialog of `settings` (the app's own, which change_setting changes), opened on `playing`, the lists of
        the game on screen."""
        super().__init__()
        self.settings, self.playing = settings, playing

    def compose(self) -> ComposeResult:
        settings = self.settings
        cores = os.cpu_count() or 1
        workers = [("one per core", 0)] + [(str(n), n) for n in range(1, max(cores, settings.workers) + 1)]
        with DialogFrame(id="settings-dialog", classes="dialog"):
            yield Static("SETTINGS", classes="dialog-title")
            yield from self.setting("Mode in play (from the next game)", mode_choice(settings.hard_mode, "hard_mode"))
            coach_mode = mode_choice(settings.coach_hard_mode, "coach_hard_mode")
            yield from self.setting("Mode in the coach (Ctrl+D there)", coach_mode)
            yield from self.setting("Strategy for hints, coach and bot", self.choice("strategy", list(STRATEGY_NAMES)))
            yield from self.setting("Theme", self.choice("theme", THEMES))
            yield from self.setting("Marks ● ○ · on tiles and keys", self.choice("marks", MARKS))
            yield from self.setting("Squares of a shared result", self.choice("share_palette", SHARE_PALETTES))
            yield from self.setting(
                "Show hints from the start of each game", OnOff(settings.show_hints, id="show_hints")
            )
            worker_choice = Choice(workers, value=settings.workers, id="workers")
            yield from self.setting("Ranking workers (from next start)", worker_choice)
            # The lists of the game on screen, as far as they are shipped ones (not lists from files of one's own).
            playing = self.playing
            shown = playing.name if playing.name in PRESETS else preset_for_length(playing.length, settings.lists)
            self.shown = shown
            length = Choice([(str(n), n) for n in LENGTHS], value=playing.length, id="length")
            yield from self.setting("Letters of each word", length)
            lists = Choice([(name, name) for name in PRESETS], value=shown, id="lists")
            yield from self.setting("Word lists", lists)
            yield from self.setting("Download NYT answers for play --nyt", OnOff(settings.fetch_nyt, id="fetch_nyt"))
            yield Static("changes are saved at once; other lists are played once this closes", classes="dialog-keys")
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        self.query_one("#hard_mode", Select).focus()  # the first setting, rather than the scrolling box

    @staticmethod
    def setting(label: str, control: Widget) -> ComposeResult:
        with Horizontal(classes="setting"):
            yield Label(label, classes="setting-label")
            yield control

    def choice(self, name: str, values: tuple[str, ...] | list[str]) -> Choice[str]:
        """A list of `values` for the setting `name`, showing its value."""
        value = getattr(self.settings, name)
        return Choice([(value, value) for value in values], value=value, id=name)

    def on_switch_changed(self, event: Switch.Changed) -> None:
        self.change(event.switch.id, event.value)

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.value is not Select.NULL:  # none of its lists has a blank row: see Choice
            self.change(event.select.id, event.value)

    def change(self, setting: str | None, value: object) -> None:
        """Each control is named after the setting it changes, which is saved at once; but the lists, chosen by
        their letters or their name, which are saved and played once the settings close."""
        if setting == "length" and isinstance(value, int):  # the lists of that length, shown and chosen
            lists = self.query_one("#lists", Select)
            if preset_length(str(lists.value)) != value:  # the settings' own lists where they are of that length
                lists.value = preset_for_length(value, self.settings.lists)  # saved only once it closes
            return
        if setting == "lists" and isinstance(value, str):
            self.query_one("#length", Select).value = preset_length(value)
        elif setting is not None and getattr(self.settings, setting) != value:
            self.app.change_setting(setting, value)

    def action_close(self) -> None:
        """Close, handing back the lists chosen, if other than those the dialog opened on (see
        WordleApp.settings_closed)."""
        chosen = str(self.query_one("#lists", Select).value)
        self.dismiss(None if chosen == self.shown else chosen)
