"""Settings: hard mode, the strategy, the ranking workers, the theme and the hints; saved as they change."""

from __future__ import annotations

import os
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Label, Select, Static, Switch

from ...core.strategies import STRATEGIES
from ...core.words import PRESETS
from ...store import THEMES
from ..typed import AppDialog
from ..widgets.switch import OnOff


class SettingsScreen(AppDialog[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "dismiss", "Close")]
    KEY_HELP = ("Tab moves between the settings", "Space turns a switch on or off", "Enter opens a list, ↑ ↓ choose")

    def compose(self) -> ComposeResult:
        settings = self.app.settings
        cores = os.cpu_count() or 1
        workers = [("one per core", 0)] + [(str(n), n) for n in range(1, max(cores, settings.workers) + 1)]
        with Vertical(id="settings-dialog", classes="dialog"):
            yield Static("SETTINGS", classes="dialog-title")
            with Horizontal(classes="setting"):
                yield Label("Hard mode (from the next game)", classes="setting-label")
                yield OnOff(settings.hard_mode, id="hard_mode")
            with Horizontal(classes="setting"):
                yield Label("Strategy for hints, coach and bot", classes="setting-label")
                strategies = [(f"{name}", name) for name in STRATEGIES]
                yield Select(strategies, value=settings.strategy, allow_blank=False, id="strategy", compact=True)
            with Horizontal(classes="setting"):
                yield Label("Ranking workers (from next start)", classes="setting-label")
                yield Select(workers, value=settings.workers, allow_blank=False, id="workers", compact=True)
            with Horizontal(classes="setting"):
                yield Label("Theme", classes="setting-label")
                yield Select(
                    [(name, name) for name in THEMES], value=settings.theme, allow_blank=False, id="theme", compact=True
                )
            with Horizontal(classes="setting"):
                yield Label("Show hints while playing", classes="setting-label")
                yield OnOff(settings.show_hints, id="show_hints")
            with Horizontal(classes="setting"):
                yield Label("Word lists (from next start)", classes="setting-label")
                presets = [(name, name) for name in PRESETS]
                yield Select(presets, value=settings.lists, allow_blank=False, id="lists", compact=True)
            with Horizontal(classes="setting"):
                yield Label("Download NYT answers for play --nyt", classes="setting-label")
                yield OnOff(settings.fetch_nyt, id="fetch_nyt")
            yield Static("esc close · changes are saved at once", classes="dialog-keys")

    def on_switch_changed(self, event: Switch.Changed) -> None:
        self.change(event.switch.id, event.value)

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.value is not Select.BLANK:
            self.change(event.select.id, event.value)

    def change(self, setting: str | None, value: object) -> None:
        """Each control is named after the setting it changes, which is saved at once."""
        if setting is not None:
            setattr(self.app.settings, setting, value)
            self.app.save_settings()
