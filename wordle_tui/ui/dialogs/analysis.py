"""The analysis of the rows entered in the coach, with what skill and luck mean; a finished game can be copied."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Footer, Static

from ...core.exact.guess_analysis import LUCK, SKILL, analysis_text, judged_note
from ...core.rules.game import Difficulty, History, won
from ...core.rules.share import share_text
from ..host import HostDialog, Means
from ..widgets.analysis_panel import AnalysisPanel
from ..widgets.dialog_frame import DialogFrame
from ..widgets.wide_table import SIDEWAYS_HELP, SIDEWAYS_KEYS, scroll_every, sideways_offered

if TYPE_CHECKING:
    from ...core.rules.words import WordLists


class AnalysisScreen(HostDialog[None]):
    DEFAULT_CSS = """
    #analysis-dialog {
        width: 72;
    }

    .definition {
        margin-top: 1;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,ctrl+a", "dismiss", "Close"),
        Binding("c", "copy", "Copy result and analysis"),
        *SIDEWAYS_KEYS,
    ]
    KEY_HELP = ("↑ ↓ scroll", SIDEWAYS_HELP)

    def __init__(
        self,
        lists: WordLists,
        means: Means,
        history: History,
        hard_mode: Difficulty,
        title: str = "Wordle",
        finished: bool = False,
    ):
        """The analysis of `history` on `lists`; `title` heads the shared result (`Wordle 1,983`), which a
        `finished` game copies."""
        super().__init__()
        self.lists, self.means = lists, means
        self.history = tuple(history)
        self.hard_mode = hard_mode
        self.share_title = title
        self.finished = finished

    def compose(self) -> ComposeResult:
        with DialogFrame(id="analysis-dialog", classes="dialog"):
            count = len(self.history)
            mode = f" · {self.hard_mode.title} mode" if self.hard_mode else ""
            yield Static(f"ANALYSIS · {count} guess{'es' if count != 1 else ''}{mode}", classes="dialog-title")
            yield AnalysisPanel(self.lists, self.means.model_of, self.means.ranker, id="analysis")
            yield Static(f"[b]Skill.[/b] {SKILL}", classes="definition")
            yield Static(f"[b]Luck.[/b] {LUCK}", classes="definition")
            if self.finished:
                yield Static("TO SHARE · c copies it with the analysis, or select it", classes="dialog-heading")
                yield Static(self.result(), id="share-text", classes="share-text")
        yield Footer(compact=True, show_command_palette=False)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "scroll_sideways":
            return sideways_offered(self)
        return self.finished or action != "copy"  # only a finished game has a result to share

    def on_mount(self) -> None:
        self.query_one(AnalysisPanel).analyse(self.history, self.hard_mode)

    def action_scroll_sideways(self, steps: int) -> None:
        scroll_every(self, steps)

    def result(self) -> str:
        """The NYT's share text for the game."""
        squares = self.means.settings.high_contrast_squares
        return share_text(self.history, won(self.history), self.hard_mode, squares, self.share_title)

    def share(self) -> str:
        """The share text, then the analysis a line a guess when it is ready."""
        text = self.result()
        rows = self.query_one(AnalysisPanel).rows
        if rows:
            text += "\n\n" + "\n".join([*analysis_text(rows), judged_note(rows, self.lists)])
        return text

    def action_copy(self) -> None:
        if not self.finished:
            return
        ready = bool(self.query_one(AnalysisPanel).rows)
        self.app.share(
            self.share(), "the result and its analysis" if ready else "the result (the analysis is not ready)"
        )
