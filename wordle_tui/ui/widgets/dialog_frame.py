"""The frame a dialog scrolls in: the footer offers ↑ ↓ while there is more to see, and each key scrolls
at once, so that keys that come together (one held down, or typed ahead) scroll as far as they ask."""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.events import Resize

SCROLL = Binding.Group("Scroll", compact=True)
VERTICAL = ("scroll_up", "scroll_down", "page_up", "page_down")
HORIZONTAL = ("scroll_left", "scroll_right", "page_left", "page_right")


class DialogFrame(VerticalScroll):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "scroll_up", "Scroll", key_display="↑", group=SCROLL),
        Binding("down", "scroll_down", "Scroll", key_display="↓", group=SCROLL),
    ]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Keys that cannot scroll the frame are left to the dialog (← → scroll a wide table in it sideways).
        if action in VERTICAL:
            return self.allow_vertical_scroll
        return self.allow_horizontal_scroll if action in HORIZONTAL else True

    def on_resize(self, event: Resize) -> None:
        self.screen.refresh_bindings()  # more (or less) to see: the footer says whether ↑ ↓ scroll

    def action_scroll_up(self) -> None:
        self.scroll_at_once(-1)

    def action_scroll_down(self) -> None:
        self.scroll_at_once(1)

    def action_page_up(self) -> None:
        self.scroll_at_once(-self.scrollable_content_region.height)

    def action_page_down(self) -> None:
        self.scroll_at_once(self.scrollable_content_region.height)

    def scroll_at_once(self, lines: int) -> None:
        """Scroll `lines` down (up if negative) now. Textual's own keys scroll after the next refresh, each
        from where the frame stood before it: a burst of them scrolls no further than one."""
        self.scroll_to(y=self.scroll_y + lines, animate=False, immediate=True)
