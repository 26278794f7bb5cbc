"""Statistics after a game (or on request): the analysis of the game, the figures, the distribution, the share grid."""

from __future__ import annotations

from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Static

from ...core.feedback import GREEN, GREY, YELLOW, digits_of
from ...core.game import Game, mode_name
from ...core.share import praise, share_text
from ...records import Stats
from ..messages import GameAnalysed
from ..typed import AppDialog
from ..widgets.analysis import AnalysisPanel, note_analysis

BAR_WIDTH = 24
TILE_VARIABLE = {GREY: "tile-grey", YELLOW: "tile-yellow", GREEN: "tile-green"}


def figures(stats: Stats) -> Table:
    table = Table.grid(padding=(0, 2))
    labels = ("Played", "Win %", "Current Streak", "Max Streak", "Average")
    values = (stats.played, stats.win_percent, stats.current_streak, stats.max_streak, f"{stats.average:.2f}")
    for _ in labels:
        table.add_column(justify="center")
    table.add_row(*(Text(str(value), style="bold") for value in values))
    table.add_row(*labels)
    return table


def distribution(stats: Stats, highlight: int | None, colours: dict[str, str]) -> Text:
    """One bar a number of guesses; the bar of the game just won is highlighted."""
    most = max(stats.distribution) or 1
    text = Text()
    for guesses, count in enumerate(stats.distribution, start=1):
        width = max(1, round(BAR_WIDTH * count / most))
        style = f"bold white on {colours['tile-green' if guesses == highlight else 'tile-grey']}"
        text.append(f"{guesses} ")
        text.append(f"{count:>{width}} ", style=style)
        text.append("\n")
    text.rstrip()
    return text


class StatsScreen(AppDialog[str | None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss", "Close"),
        Binding("c", "copy", "Copy result"),
        Binding("n", "new_game", "New game"),
    ]
    KEY_HELP = ("↑ ↓ scroll",)

    def __init__(self, game: Game | None, hard_mode: bool, title: str = "Wordle", game_id: str = ""):
        """`game` is the game just finished (recorded as `game_id`), if any; the figures are those of its mode.

        `title` heads its share text.
        """
        super().__init__()
        self.game = game
        self.hard_mode = hard_mode
        self.share_title = title
        self.game_id = game_id

    def compose(self) -> ComposeResult:
        game = self.game
        hard = self.hard_mode
        stats = self.app.store.stats(hard, self.app.lists.name)
        with VerticalScroll(id="stats-dialog", classes="dialog"):
            if game:
                verdict = praise(len(game.history)) if game.won else f"The answer was {game.answer.upper()}"
                yield Static(verdict, classes="dialog-title verdict")
                # First, so that it shows without scrolling: the figures below are the same after every game.
                yield Static("YOUR GAME · skill and luck of each guess (? explains them)", classes="dialog-heading")
                yield AnalysisPanel(id="analysis")
            yield Static(f"STATISTICS · {mode_name(hard)} mode · {self.app.lists.name} lists", classes="dialog-heading")
            yield Static(figures(stats), classes="figures")
            highlight = len(game.history) if game and game.won else None
            with Horizontal(id="stats-body"):
                with Vertical(id="distribution-box"):
                    yield Static("GUESS DISTRIBUTION", classes="dialog-heading")
                    yield Static(distribution(stats, highlight, self.app.get_css_variables()), id="distribution")
                if game:
                    with Vertical(id="share-box"):
                        yield Static(self.share_header(), classes="dialog-heading")
                        yield Static(self.share_grid(), id="share-grid")
            keys = "c copy the result · n new game · ↑↓ scroll · esc close" if game else "n new game · esc close"
            yield Static(keys, classes="dialog-keys")

    def on_mount(self) -> None:
        if self.game:
            self.query_one(AnalysisPanel).analyse(tuple(self.game.history), self.game.hard_mode)

    def on_game_analysed(self, message: GameAnalysed) -> None:
        note_analysis(self.app.store, self.game_id, message.rows)

    def share_header(self) -> str:
        return self.share_text().splitlines()[0]

    def share_grid(self) -> str:
        """The share grid drawn in the theme's colours (emoji do not draw everywhere)."""
        assert self.game is not None  # shown for a finished game only
        rows = []
        for guess, pattern in self.game.history:
            cells = (f"[${TILE_VARIABLE[colour]}]▆▆[/]" for colour in digits_of(pattern, len(guess)))
            rows.append(" ".join(cells))
        return "\n".join(rows)

    def share_text(self) -> str:
        game = self.game
        assert game is not None  # shared for a finished game only
        return share_text(tuple(game.history), game.won, game.hard_mode, self.app.high_contrast, self.share_title)

    def action_copy(self) -> None:
        if self.game:
            self.app.copy_to_clipboard(self.share_text())
            self.notify("Copied results to clipboard", timeout=2)

    def action_new_game(self) -> None:
        self.dismiss("new")
