"""The analysis of a game: each guess against the optimal one, with its skill and luck, computed in the pool."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.table import Table
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.content import Content
from textual.widgets import Static
from textual.worker import Worker, WorkerState

from ...core.cancel import Cancelled
from ...core.exact.guess_analysis import GuessAnalysis, judged_note, need_luck, unsafe
from ...core.exact.marks import risk_mark
from ...core.rules.feedback import digits_of
from ...core.rules.game import Difficulty, History
from ...core.rules.words import capitals
from ..host import HostPanel
from ..messages import AnalysisReady
from ..themes import MARK, MARK_NAMES
from .wide_table import WideTable

if TYPE_CHECKING:
    from collections.abc import Callable

    from ...core.position.model import CandidateModel
    from ...core.rules.words import WordLists
    from ...core.strategies.ranking import Ranker

EXPECTED = "yours, its: guesses still needed on average after your guess and after the best one, each included."
BOUNDED = "* an upper bound from a search of the most promising guesses only."
RISK = "⚠N: N answers that even optimal play after your guess may not find within six guesses (⚠≤N: at most N)."
BUSY = "Analysing the game: each guess against the optimal one…"


def coloured_guess(row: GuessAnalysis, colours: dict[str, str], marks: bool) -> Text:
    """The guess in capitals, each letter on its feedback colour; its marks after it when marks are shown."""
    text = Text()
    states = digits_of(row.pattern, len(row.guess))
    for letter, colour in zip(row.guess, states):
        state = f"tile-{MARK_NAMES[colour]}"
        text.append(capitals(letter), style=f"bold {colours[state + '-text']} on {colours[state]}")
    if marks:
        text.append(" " + "".join(MARK[colour] for colour in states))
    return text


def analysis_table(rows: list[GuessAnalysis], colours: dict[str, str], marks: bool = False) -> Table:
    """Per guess: answers before→after, expected guesses yours vs the best's, the best guess, skill and luck."""
    table = Table(box=None, padding=(0, 1), pad_edge=False, header_style="bold")
    for heading in ("#", "guess", "answers", "yours", "best", "its", "skill", "luck"):
        table.add_column(heading, justify="left" if heading in ("guess", "best") else "right", no_wrap=True)
    for place, row in enumerate(rows, start=1):
        mark = "" if row.exact else "*"
        # The answers a guess puts at risk stand beside its expectation: why a guess that needs fewer guesses on
        # average than the best can score low (SALET in hard mode).
        yours = Text(f"{row.expected_guesses:.3f}{mark}")
        if row.at_risk:
            yours.append(f" {risk_mark(row.at_risk, row.exact)}", style="bold")
        table.add_row(
            str(place),
            coloured_guess(row, colours, marks),
            f"{row.remaining_before}→{row.remaining_after}",
            yours,
            Text(capitals(row.best_guess), style="bold"),
            f"{row.best_expected_guesses:.3f}{mark}",
            Text(str(row.skill), style="bold"),
            str(row.luck),
        )
    return table


class AnalysisPanel(HostPanel):
    """Ask it to `analyse` a game; it says it is busy, then shows the table (or why there is none)."""

    DEFAULT_CSS = """
    AnalysisPanel {
        height: auto;
    }

    AnalysisPanel.-busy .analysis-status {
        color: $text-muted;
        text-style: italic;
    }

    .analysis-status.-error {
        color: $error;
        text-style: bold;
    }

    .analysis-note {
        color: $text-muted;
    }
    """

    def __init__(
        self,
        lists: WordLists,
        model_of: Callable[[WordLists], CandidateModel],
        engine: Callable[[], Ranker],
        id: str | None = None,
    ):
        super().__init__(id=id)
        self.lists, self.model_of = lists, model_of  # of the games analysed (the model built in the analysis' thread)
        self.engine = engine  # makes the panel's Ranker, for the first analysis asked for
        self._request = 0
        self._engine: Ranker | None = None  # what this panel's analyses run on, from the first one
        self.rows: list[GuessAnalysis] = []

    def compose(self) -> ComposeResult:
        yield Static(id="analysis-status", classes="analysis-status")
        yield WideTable(id="analysis-table")
        yield Static(id="analysis-note", classes="analysis-note")

    def analyse(self, history: History, hard_mode: Difficulty) -> None:
        """Analyse `history`; a newer request supersedes this one."""
        self._request += 1
        self.rows = []
        self.add_class("-busy")
        status = self.query_one("#analysis-status", Static)
        status.remove_class("-error")
        status.update(BUSY)
        status.display = True
        self.query_one(WideTable).clear()
        self.query_one("#analysis-note", Static).update("")
        if self._engine is None:
            self._engine = self.engine()
        self._analyse(self._engine, self._request, tuple(history), hard_mode)

    @property
    def busy(self) -> bool:
        return self.has_class("-busy")

    @work(thread=True, exclusive=True, group="analysis", exit_on_error=False)
    def _analyse(self, engine: Ranker, request: int, history: History, hard_mode: Difficulty) -> None:
        try:
            analysis = engine.analysis(self.model_of(self.lists), history, hard_mode)
        except Cancelled:
            return  # a newer request took over (it stops in the worker too)
        self.post_message(AnalysisReady.of(request, analysis))

    def on_unmount(self) -> None:
        if self._engine is not None:
            self._engine.close()

    def on_analysis_ready(self, message: AnalysisReady) -> None:
        message.stop()
        if message.request == self._request:
            self.show(message.rows, message.problem)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.state == WorkerState.ERROR and event.worker.group == "analysis":
            self.show([], f"The analysis failed: {event.worker.error}")

    def show(self, rows: list[GuessAnalysis], problem: str = "") -> None:
        self.rows = rows
        self.remove_class("-busy")
        status = self.query_one("#analysis-status", Static)
        status.set_class(bool(problem), "-error")
        status.update(Content(problem))  # plain text: an error may hold brackets
        status.display = bool(problem)
        if rows:
            self.query_one(WideTable).show(analysis_table(rows, self.app.get_css_variables(), self.app.marks))
            bounded = [] if all(row.exact for row in rows) else [BOUNDED]
            risky = [RISK] if any(row.at_risk for row in rows) else []
            risky += [f"From here you need luck: {need_luck(row)}"] if (row := unsafe(rows)) else []
            note = "\n".join([judged_note(rows, self.lists), EXPECTED, *bounded, *risky])
            self.query_one("#analysis-note", Static).update(note)
