"""Statistics after a game (or on request): its analysis, the figures, the distribution and the result to share."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, ClassVar

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Static

from ...core.rules.feedback import digits_of
from ...core.rules.game import Difficulty, Game, History
from ...core.rules.share import praise, share_text
from ...core.rules.words import capitals
from ...storage.records import Stats
from ..host import HostDialog, Means, read_aside
from ..themes import MARK, MARK_NAMES
from ..widgets.analysis_panel import AnalysisPanel
from ..widgets.dialog_frame import DialogFrame
from ..widgets.wide_table import SIDEWAYS_HELP, SIDEWAYS_KEYS, scroll_every, sideways_offered

if TYPE_CHECKING:
    from ...core.rules.words import WordLists

COUNTING = "Counting your games…"
UNCOUNTED = "Your games could not be counted: the notice says why."
UNREAD = Stats()  # what a read of the games gives where they cannot be read (see Store.stats)
BAR_WIDTH = 18  # the longest bar, leaving room for "← this game" beside the result
THIS_GAME = " ← this game"
MODES = (None, *Difficulty)  # the figures of every mode (one streak, as the NYT keeps it), then of each
MODE_NAMES = {None: "every mode", 0: "normal mode only", 1: "hard mode only", 2: "ultra hard mode only"}


class Figures:
    """The five figures side by side, two columns apart; one apart where the window is too narrow for
    that, and the longer labels wrap."""

    def __init__(self, stats: Stats):
        self.stats = stats

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, figures(self.stats))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        spaced = figures(self.stats)
        unbounded = options.update_width(1 << 16)  # measured so, its width with every label on one line
        yield (
            spaced
            if Measurement.get(console, unbounded, spaced).maximum <= options.max_width
            else figures(self.stats, 1)
        )


def figures(stats: Stats, gap: int = 2) -> Table:
    table = Table.grid(padding=(0, gap))
    labels = ("Played", "Win %", "Current Streak", "Max Streak", "Average")
    average = f"{stats.average:.2f}" if stats.wins else "—"  # no game won: no guesses a win to average
    values = (stats.played, stats.win_percent, stats.current_streak, stats.max_streak, average)
    for _ in labels:
        table.add_column(justify="center")
    table.add_row(*(Text(str(value), style="bold") for value in values))
    table.add_row(*labels)
    return table


class Distribution:
    """The guess distribution, its bars as long as the room it is given allows (a bar never wraps)."""

    def __init__(self, stats: Stats, highlight: int | None, colours: dict[str, str]):
        self.stats, self.highlight, self.colours = stats, highlight, colours

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, distribution(self.stats, self.highlight, self.colours))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield distribution(self.stats, self.highlight, self.colours, options.max_width)


def distribution(stats: Stats, highlight: int | None, colours: dict[str, str], room: int = 1 << 16) -> Text:
    """One bar a number of guesses, the longest BAR_WIDTH cells or as many as `room` columns leave it; the
    bar of the game just won is lit, and says so in words."""
    most = max(stats.distribution) or 1
    said = len(THIS_GAME) if highlight else 0
    longest = max(len(str(most)), min(BAR_WIDTH, room - len("1 ") - 1 - said))  # "1 ", the bar and its end
    text = Text()
    for guesses, count in enumerate(stats.distribution, start=1):
        width = max(len(str(count)), round(longest * count / most))
        state = "tile-green" if guesses == highlight else "tile-grey"
        text.append(f"{guesses} ")
        text.append(f"{count:>{width}} ", style=f"bold {colours[state + '-text']} on {colours[state]}")
        text.append(f"{THIS_GAME}\n" if guesses == highlight else "\n")
    text.rstrip()
    return text


def result_grid(history: History, colours: dict[str, str], marks: bool) -> Text:
    """The game's colours a row a guess, as tiles: each with its mark when marks are shown."""
    rows = []
    for guess, pattern in history:
        row = Text()
        for column, colour in enumerate(digits_of(pattern, len(guess))):
            state = f"tile-{MARK_NAMES[colour]}"
            cell = f" {MARK[colour] if marks else ' '} "
            row.append(cell, style=f"bold {colours[state + '-text']} on {colours[state]}")
            row.append(" " if column < len(guess) - 1 else "")
        rows.append(row)
    return Text("\n").join(rows)  # not stripped: a row of tiles without marks is all blanks


class StatsScreen(HostDialog[str | None]):
    DEFAULT_CSS = """
    .figures {
        width: auto;
        max-width: 100%;  /* in a narrow window the figures close up and their labels wrap (see Figures) */
    }

    .dialog-note {
        color: $text-muted;
    }

    #stats-body {
        height: auto;
    }

    #distribution-box {
        width: 1fr;
        height: auto;
    }

    #share-box {
        width: 22;
        height: auto;
    }

    StatsScreen.-narrow #stats-body {
        layout: vertical;  /* the result under the distribution: side by side, the bars would have no room */
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss", "Close"),
        Binding("c", "copy", "Copy result"),
        Binding("m", "next_mode", "Mode"),
        Binding("n", "new_game", "New game"),
        *SIDEWAYS_KEYS,
    ]
    KEY_HELP = ("↑ ↓ scroll", SIDEWAYS_HELP)

    def __init__(
        self,
        lists: WordLists,
        means: Means,
        game: Game | None,
        title: str = "Wordle",
        hints: bool = False,
        hard_mode: Difficulty = Difficulty.NORMAL,
    ):
        """The statistics of the games on `lists`; `game` is the game just finished (played with `hints` or not),
        if any. `title` heads its share text; `hard_mode` is the mode of the game on the board.
        """
        super().__init__()
        self.lists, self.means = lists, means
        self.game = game
        self.share_title = title
        self.hints = hints
        self.hard_mode = game.hard_mode if game else hard_mode
        self.mode: Difficulty | None = None
        self.counting: Difficulty | None = None  # the mode whose statistics are being read

    def compose(self) -> ComposeResult:
        game = self.game
        with DialogFrame(id="stats-dialog", classes="dialog"):
            if game:
                verdict = praise(len(game.history)) if game.won else f"The answer was {capitals(game.answer)}"
                hinted = " · played with hints" if self.hints else ""
                yield Static(verdict + hinted, classes="dialog-title verdict")
                # First, so that it shows without scrolling: the figures below are the same after every game.
                yield Static("YOUR GAME · skill and luck of each guess (? explains them)", classes="dialog-heading")
                yield AnalysisPanel(self.lists, self.means.model_of, self.means.ranker, id="analysis")
            yield Static(id="stats-heading", classes="dialog-heading")
            yield Static(id="figures", classes="figures")
            yield Static(id="imported", classes="dialog-note")
            with Horizontal(id="stats-body"):
                with Vertical(id="distribution-box"):
                    yield Static("GUESS DISTRIBUTION", classes="dialog-heading")
                    yield Static(id="distribution")
                if game:
                    with Vertical(id="share-box"):
                        yield Static("YOUR RESULT", classes="dialog-heading")
                        yield Static(id="result-grid")
            if game:
                yield Static("TO SHARE · c copies it, or select it", classes="dialog-heading")
                yield Static(self.share_text(), id="share-text", classes="share-text")
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        self.show_figures()
        if self.game:
            self.query_one(AnalysisPanel).analyse(tuple(self.game.history), self.game.hard_mode)
            self.watch(self.app, "marks", self.show_grid)

    def show_figures(self) -> None:
        """The statistics of the mode shown, read off the app's thread: the dialog shows at once, and fills in when
        they are read (another program may hold the games' database for a while)."""
        shown = f"STATISTICS · {self.lists.name} lists · {MODE_NAMES[self.mode]}"
        self.query_one("#stats-heading", Static).update(f"{shown} [dim](m: {MODE_NAMES[self.next_mode]})[/dim]")
        lists, mode, store = self.lists.name, self.mode, self.means.store
        self.counting = mode
        if not read_aside(self, lambda: store.stats(lists, mode, unread=UNREAD), partial(self.fill_figures, mode)):
            self.query_one("#figures", Static).update(Text(COUNTING, style="dim italic"))

    def fill_figures(self, mode: Difficulty | None, stats: Stats) -> None:
        if mode != self.counting:  # another mode was asked for meanwhile
            return
        if stats is UNREAD:
            self.query_one("#figures", Static).update(Text(UNCOUNTED, style="bold"))
            self.query_one("#distribution", Static).update("")
            return
        self.query_one("#figures", Static).update(Figures(stats))
        imported = self.query_one("#imported", Static)
        imported.display = stats.imported is not None
        if stats.imported is not None:
            games = f"{stats.imported.played:,} game{'s' if stats.imported.played != 1 else ''}"
            imported.update(f"with {games} of the NYT's own statistics (imported)")
        won = self.game is not None and self.game.won and self.mode in (None, self.game.hard_mode)
        highlight = len(self.game.history) if self.game and won else None
        self.query_one("#distribution", Static).update(Distribution(stats, highlight, self.app.get_css_variables()))

    def show_grid(self, marks: bool) -> None:
        assert self.game is not None  # shown for a finished game only
        grid = result_grid(tuple(self.game.history), self.app.get_css_variables(), marks)
        self.query_one("#result-grid", Static).update(grid)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "copy":
            return self.game is not None  # a game in progress has no result to copy: not offered
        return action != "scroll_sideways" or sideways_offered(self)

    def action_scroll_sideways(self, steps: int) -> None:
        scroll_every(self, steps)

    def share_text(self) -> str:
        game = self.game
        assert game is not None  # shared for a finished game only
        squares = self.means.settings.high_contrast_squares
        return share_text(tuple(game.history), game.won, game.hard_mode, squares, self.share_title)

    def action_copy(self) -> None:
        if self.game:
            self.app.share(self.share_text(), "the result")

    @property
    def next_mode(self) -> Difficulty | None:
        return MODES[(MODES.index(self.mode) + 1) % len(MODES)]

    def action_next_mode(self) -> None:
        self.mode = self.next_mode
        self.show_figures()

    def action_new_game(self) -> None:
        self.dismiss("new")
