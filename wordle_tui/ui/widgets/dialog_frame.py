"""The frame a dialog scrolls in: each key scrolls it at once, so that keys that come together (one held
down, or typed ahead) scroll as far as they ask."""

from __future__ import annotations

from textual.actions import SkipAction
from textual.containers import VerticalScroll


class DialogFrame(VerticalScroll):
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
        if not self.allow_vertical_scroll:
            raise SkipAction()  # nothing to scroll: the key is the dialog's, if it has one
        self.scroll_to(y=self.scroll_y + lines, animate=False, immediate=True)
