"""A table shown whole, never cut: where the window is too narrow for it, it scrolls sideways, and a line
under it says which way more columns are while some are out of sight."""

from __future__ import annotations

from rich.console import RenderableType
from rich.measure import Measurement
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import HorizontalScroll
from textual.events import Resize
from textual.widget import Widget
from textual.widgets import Static

from ..host import HostPanel
from ..messages import WideContent

UNBOUNDED = 1 << 16  # measured in so many columns, a table's width is that of its every cell on one line
STEP = 8  # columns a press of ← or → scrolls


def more_columns(left: bool, right: bool) -> str:
    """`more columns → · ← → scroll sideways`, its arrows on the sides where columns are out of sight."""
    if not (left or right):
        return ""
    return f"{'← ' if left else ''}more columns{' →' if right else ''} · ← → scroll sideways"


# A dialog holding a wide table binds these to its action `scroll_sideways` (see scroll_every), offers them in its
# footer while a table has columns out of sight (see sideways_offered), and says so in its KEY_HELP as SIDEWAYS_HELP.
SIDEWAYS = Binding.Group("Sideways", compact=True)
SIDEWAYS_KEYS = (
    Binding("left", "scroll_sideways(-1)", "Sideways", key_display="←", group=SIDEWAYS),
    Binding("right", "scroll_sideways(1)", "Sideways", key_display="→", group=SIDEWAYS),
)
SIDEWAYS_HELP = "← → scroll the table sideways"


def sideways_offered(dialog: Widget) -> bool:
    """Whether a wide table on `dialog` has columns out of sight, which ← → bring in."""
    return any(table.scroller.max_scroll_x > 0 for table in dialog.query(WideTable))


def scroll_every(dialog: Widget, steps: int) -> None:
    """Scroll every wide table on `dialog` `steps` steps right (left if negative)."""
    for table in dialog.query(WideTable):
        table.scroll_sideways(steps)


class WideTable(HostPanel):
    """`show` a table: the dialog around it widens for it as far as the screen allows (see WideContent);
    in a narrower window the table alone scrolls sideways (← →, or shift and the wheel), over the cue.

    A table of its own drawing (`content`) says how wide it is with `widened`; the cue goes above a table
    too long to look under (`cue_above`).
    """

    DEFAULT_CSS = """
    WideTable {
        height: auto;
    }

    WideTable > HorizontalScroll {
        height: auto;
        scrollbar-size-horizontal: 1;
    }

    WideTable .wide-table {
        width: auto;
    }

    WideTable .more-columns {
        display: none;
        text-style: bold;
        color: $text-warning;
    }
    """

    def __init__(self, id: str | None = None, content: Widget | None = None, cue_above: bool = False):
        super().__init__(id=id)
        # Made here, not found once composed: a dialog may show a table before its parts are mounted.
        # The scroller takes no focus: the dialog's ← → scroll it, wherever the focus is.
        self.cells = Static(classes="wide-table")
        self.scroller = HorizontalScroll(content or self.cells, can_focus=False)
        self.cue = Static(classes="more-columns")
        self.cue_above = cue_above

    def compose(self) -> ComposeResult:
        if self.cue_above:
            yield self.cue
        yield self.scroller
        if not self.cue_above:
            yield self.cue

    def on_mount(self) -> None:
        self.watch(self.scroller, "scroll_x", self.show_cue, init=False)

    def show(self, table: RenderableType) -> None:
        """Show `table` at its natural width, every cell whole."""
        console = self.app.console
        width = Measurement.get(console, console.options.update_width(UNBOUNDED), table).maximum
        self.cells.styles.min_width = width  # never narrower, where Rich would cut the cells that do not fit
        self.cells.update(table)
        self.widened(width)

    def widened(self, width: int) -> None:
        """The table is now `width` columns wide."""
        # Straight to the dialog: a message posted while the parent runs (as the panel calls `show`) stops there.
        self.screen.post_message(WideContent(width))
        self.call_after_refresh(self.show_cue)

    def clear(self) -> None:
        self.cells.styles.min_width = None
        self.cells.update("")
        self.call_after_refresh(self.show_cue)

    def on_resize(self, event: Resize) -> None:
        self.call_after_refresh(self.show_cue)

    def show_cue(self) -> None:
        scroller = self.scroller
        cue = more_columns(scroller.scroll_x > 0, scroller.scroll_x < scroller.max_scroll_x)
        self.cue.update(cue)
        self.cue.display = bool(cue)
        self.screen.refresh_bindings()  # the footer offers ← → while columns are out of sight

    def scroll_sideways(self, steps: int) -> None:
        """Scroll `steps` steps right (left if negative), at once: scrolled after the next refresh, each from
        where the table stood before it, keys that come together would scroll no further than one."""
        self.scroller.scroll_relative(x=steps * STEP, animate=False, immediate=True)
