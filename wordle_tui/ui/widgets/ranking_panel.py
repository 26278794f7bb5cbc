"""The coach's panel: how many answers remain, which ones, and the best next guesses as they arrive."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.widgets import DataTable, ProgressBar, Static
from textual.worker import Worker, WorkerState, get_current_worker

from ...core.exact.marks import RISK_MARK, SAFE_MARK, risk_mark
from ...core.rules.words import capitals
from ..host import HostPanel
from ..messages import HintsSeen, RankingProgress

if TYPE_CHECKING:
    from collections.abc import Callable

    from ...core.position.model import Remaining, State
    from ...core.strategies import Ranked, Strategy
    from ...core.strategies.ranking import Ranker

TOP = 20
# Marks of their own, never the tiles' (● ○ · are green, yellow and grey): said under the table.
ANSWER_MARK = "◆"  # a likely answer
UNLIKELY_MARK = "◇"  # a possible answer, off the answer list
LEGEND = (
    f"{ANSWER_MARK} likely answer · {UNLIKELY_MARK} possible answer · "
    f"{SAFE_MARK} sure within six · {RISK_MARK}N N at risk"
)
COLUMNS = (  # heading, key: short enough for the panel beside the board at 80 columns
    ("guess", "guess"),
    ("bits", "entropy"),
    ("worst", "worst_case"),
    ("left", "expected_remaining"),
    ("tries", "expected_guesses"),
    ("ans", "candidate"),
)


def guess_cell(row: Ranked) -> Text:
    """The guess, marked once it is known whether it keeps six guesses guaranteed."""
    text = Text(capitals(row.word), style="bold")
    if mark := risk_mark(row.at_risk, row.risk_exact):
        # A proved risk stands out; a bound is often loose (a bounded search rarely finds the one
        # guess that keeps six guaranteed), so it is shown dim.
        text.append(f" {mark}", style=("bold" if row.risk_exact else "dim") if row.at_risk else "")
    return text


class RankingPanel(HostPanel):
    """Ask it to `rank` a position; it fills in as the pool finishes chunks and says when it is done."""

    DEFAULT_CSS = """
    RankingPanel {
        width: 1fr;
        height: 1fr;
    }

    .remaining {
        height: auto;
    }

    .candidates {
        height: auto;
        max-height: 4;
        color: $secondary;
        text-style: bold;
    }

    .long-search {
        height: auto;
        color: $text-warning;
    }

    #ranking-progress {
        height: 1;
    }

    #ranking-progress Bar {
        width: 1fr;
    }

    .ranking-legend {
        height: auto;
        color: $text-muted;
    }

    #ranking-table {
        height: 1fr;
        scrollbar-size-vertical: 1;
        background: $background;
    }
    """

    def __init__(self, engine: Callable[[], Ranker], id: str | None = None):
        super().__init__(id=id)
        self.engine = engine  # makes the panel's Ranker, for the first ranking asked for
        self._position = 0
        self._ranker: Ranker | None = None  # made for the first ranking asked for

    def compose(self) -> ComposeResult:
        yield Static(id="remaining", classes="remaining")
        yield Static(id="candidates", classes="candidates")
        yield Static(id="long-search", classes="long-search")
        yield ProgressBar(id="ranking-progress", show_eta=False)
        yield DataTable(id="ranking-table", cursor_type="none", zebra_stripes=True)
        yield Static(LEGEND, id="ranking-legend", classes="ranking-legend")

    def on_mount(self) -> None:
        self.query_one("#ranking-progress").display = False
        self.query_one("#long-search").display = False
        self.show_table(False)  # until there is a ranking to show
        self.table.can_focus = False

    @property
    def ranker(self) -> Ranker:
        if self._ranker is None:
            self._ranker = self.engine()
        return self._ranker

    @property
    def table(self) -> DataTable:
        return self.query_one("#ranking-table", DataTable)

    def show_table(self, shown: bool) -> None:
        """The table of a ranking, with the legend of its marks under it, or neither."""
        self.table.display = shown
        self.query_one("#ranking-legend").display = shown

    def show_remaining(self, remaining: Remaining, before: str = "") -> None:
        """How many answers remain, likely and unlikely, and which when few: likely ones first (`before`: the
        position a ranking shown was made for, where the board has moved on)."""
        self.query_one("#remaining", Static).update(Text(f"{before}{remaining.summary()}", style="bold"))
        likely, unlikely = remaining.named()
        named = Text(" ".join(capitals(word) for word in likely))
        if unlikely:
            named.append(" · " if likely else "")
            named.append(" ".join(capitals(word) for word in unlikely), style="dim italic")
        self.query_one("#candidates", Static).update(named)
        self.query_one("#candidates").display = bool(named.plain)

    def show_problem(self, message: str) -> None:
        """Say plainly why there is nothing to rank."""
        self.query_one("#candidates").display = False
        self.stop(message, error=True)

    def stop(self, message: str, error: bool = False) -> None:
        """Cancel any ranking and show `message` instead of one."""
        self._position += 1
        if self._ranker is not None:
            self._ranker.cancel()
        self.workers.cancel_group(self, "ranking")
        self.remove_class("-busy")
        self.query_one("#remaining", Static).update(Text(message, style="bold red" if error else "bold"))
        self.query_one("#ranking-progress").display = False
        self.query_one("#long-search").display = False
        self.table.clear(columns=True)
        self.show_table(False)

    def rank(self, state: State, strategy: Strategy) -> None:
        """Rank `state`; a newer request cancels this one. A position with nothing to rank (the game won, or one
        answer left) says so instead, naming the answer."""
        from ...core.strategies.base import nothing_to_rank  # the engine, loaded with the state

        self.show_remaining(state.remaining())
        if (settled := nothing_to_rank(state)) is not None:
            self.stop(settled)
            return
        self._position += 1
        self.table.clear(columns=True)  # the ranking of another position must not stand in for this one's
        self.show_table(False)
        progress = self.query_one("#ranking-progress", ProgressBar)
        progress.display = True
        progress.update(total=None, progress=0)
        note = strategy.long_search(state)  # said before it starts: the ranking waits on it
        self.query_one("#long-search", Static).update(note or "")
        self.query_one("#long-search").display = note is not None
        self.add_class("-busy")
        self._rank(self._position, self.ranker, state, strategy)

    @work(thread=True, exclusive=True, group="ranking", exit_on_error=False)
    def _rank(self, position: int, ranker: Ranker, state: State, strategy: Strategy) -> None:
        worker = get_current_worker()
        stream = ranker.stream(state, strategy, top=TOP, risks=True)
        try:
            for step in stream:
                if worker.is_cancelled:
                    break
                self.post_message(RankingProgress(position, step.done, step.total, step.ranking, step.final))
        finally:
            stream.close()

    def on_ranking_progress(self, message: RankingProgress) -> None:
        message.stop()
        if message.position != self._position:
            return
        self.query_one("#ranking-progress", ProgressBar).update(total=message.total, progress=message.done)
        self.query_one("#ranking-progress").display = not message.final
        if message.final:
            self.query_one("#long-search").display = False
        self.set_class(not message.final, "-busy")
        self.show_ranking(message.ranking)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.state == WorkerState.ERROR and event.worker.group == "ranking":
            self.show_problem(f"The ranking failed: {event.worker.error}")

    def on_unmount(self) -> None:
        if self._ranker is not None:
            self._ranker.close()

    @property
    def busy(self) -> bool:
        return self.has_class("-busy")

    def show_ranking(self, rows: list[Ranked]) -> None:
        cells = [
            (
                guess_cell(row),
                Text(f"{max(0.0, row.entropy):.2f}", justify="right"),
                Text(str(row.worst_case), justify="right"),
                Text(f"{row.expected_remaining:.1f}", justify="right"),
                Text(f"{row.expected_guesses:.2f}", justify="right"),
                Text(ANSWER_MARK if row.likely else UNLIKELY_MARK if row.candidate else "", style="bold"),
            )
            for row in rows
        ]
        table = self.table
        table.clear(columns=True)
        self.show_table(True)
        # Each column as wide as what it holds, given rather than measured: the table measures new
        # rows only when idle, and a frame drawn before that keeps the old widths (a guess's risk
        # mark would be cut off until the next change).
        for index, (heading, key) in enumerate(COLUMNS):
            width = max([cell_len(heading)] + [line[index].cell_len for line in cells])
            table.add_column(heading, key=key, width=width)
        for row, line in zip(rows, cells, strict=True):
            table.add_row(*line, key=row.word)
        self.tell_seen()

    def on_show(self) -> None:
        self.tell_seen()  # a window widened enough for it

    def tell_seen(self) -> None:
        """Say when a ranking is in sight: a game played with it is played with hints."""
        if self.display and self.table.display and self.table.row_count:
            self.post_message(HintsSeen())
