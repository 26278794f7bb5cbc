"""The history: every finished game, played here or coached, newest first, with the averages of 14 and 90 days.

It opens at once whatever the number of games: SQLite counts the figures (storage/counting.py), and the
games fill the table a thousand at a time, read on a thread, while the keys work.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.segment import Segment
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Footer, Static
from textual.worker import get_current_worker

from ...core.rules.variant import WORDLE
from ...core.rules.words import capitals
from ...storage.counting import Listed, Overview, Row
from ...storage.records import WINDOWS, Averages, DayTotals, averages, trend
from ..host import HostDialog, Means
from ..widgets.dialog_frame import DialogFrame
from ..widgets.wide_table import SIDEWAYS_HELP, SIDEWAYS_KEYS, WideTable, scroll_every, sideways_offered

if TYPE_CHECKING:
    from ...core.rules.words import WordLists


def figure(value: float | None, digits: int = 0) -> str:
    return "—" if value is None else f"{value:.{digits}f}"


def games_count(count: int) -> str:
    return f"{count:,} game{'s' if count != 1 else ''}"


def averages_line(span: Averages) -> Text:
    """`last 14 days: 5 games · 4 won · 3.75 guesses · skill 87 · luck 55`; with games of several boards or
    Absurdle among them, `7 games · 5 of one board: 4 won · ...`, the figures being those of one board."""
    if not span.games + span.others:
        return Text(f"last {span.days} days: no games", style="dim")
    text = Text(f"last {span.days} days: ", style="bold")
    text.append(games_count(span.games + span.others))
    if not span.games:
        return text.append(", none of one board")
    text.append(f" · {span.games} of one board: " if span.others else " · ")
    text.append(f"{span.wins} won · ")
    text.append(f"{figure(span.guesses, 2)} guesses · skill {figure(span.skill)} · luck {figure(span.luck)}")
    return text


BLOCKS = "▁▂▃▄▅▆▇█"
PLOT_WIDTH = 30  # columns for the 90 days: three days a column
FIGURES: tuple[tuple[str, float], ...] = (("guesses", 1.0), ("win %", 10.0), ("skill", 10.0), ("luck", 10.0))


def figure_of(span: Averages, name: str) -> float | None:
    """One figure of a span of days by its name in FIGURES; None where no game of the span has it."""
    if name == "win %":
        return 100 * span.wins / span.games if span.games else None
    return {"guesses": span.guesses, "skill": span.skill, "luck": span.luck}[name]


def plot(values: list[float | None], low: float, high: float, width: int = PLOT_WIDTH) -> Text:
    """`values` as a row of blocks from low (▁) to high (█), in `width` columns of equal runs of days,
    each showing the value at the end of its run; a blank where there is none."""
    run = len(values) / width
    text = Text()
    for column in range(width):
        value = next((v for v in reversed(values[int(column * run) : int((column + 1) * run)]) if v is not None), None)
        if value is None:
            text.append(" ")
        else:
            share = (value - low) / (high - low) if high > low else 0.5
            text.append(BLOCKS[round(share * (len(BLOCKS) - 1))])
    return text


class AtPlotWidth:
    """A renderable as wide as the plots' column is given: PLOT_WIDTH columns, fewer in a narrow
    window, so that the figures beside the plots are never cut."""

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement(1, PLOT_WIDTH)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.drawn(max(1, min(options.max_width, PLOT_WIDTH)))

    def drawn(self, width: int) -> Text:
        raise NotImplementedError


class Plot(AtPlotWidth):
    """plot() at the plots' width."""

    def __init__(self, values: list[float | None], low: float, high: float):
        self.values, self.low, self.high = values, low, high

    def drawn(self, width: int) -> Text:
        return plot(self.values, self.low, self.high, width)


class Dates(AtPlotWidth):
    """The plots' heading: the first day at the left, `today` at the right (only `today` where the
    two do not fit)."""

    def __init__(self, start: str):
        self.start = start

    def drawn(self, width: int) -> Text:
        gap = width - len(self.start) - len("today")
        return Text(self.start + " " * gap + "today" if gap > 0 else "today".rjust(width))


def trends_table(totals: list[DayTotals], today: dt.date) -> Table | Text:
    """Each figure's 14-day average as it stood on each of the last 90 days, as a plot, with its range."""
    days, span = WINDOWS
    spans = trend(totals, days, span, today)
    if not any(averaged.games for averaged in spans):
        return Text(f"No game of one board in the last {span} days to plot.", style="dim")
    table = Table(box=None, padding=(0, 1), pad_edge=False, header_style="bold")
    start = (today - dt.timedelta(days=span - 1)).strftime("%b %d")
    table.add_column("", no_wrap=True)
    table.add_column(Dates(start))  # the one column that narrows in a narrow window
    table.add_column("now", justify="right", no_wrap=True)
    table.add_column("range", no_wrap=True)
    for name, least_spread in FIGURES:
        values = [figure_of(averaged, name) for averaged in spans]
        known = [value for value in values if value is not None]
        if not known:
            table.add_row(name, Text("no figure yet", style="dim"), "—", "")
            continue
        low, high = min(known), max(known)
        middle = (low + high) / 2  # a flat run is drawn mid-height, small wobbles small
        scale = (min(low, middle - least_spread / 2), max(high, middle + least_spread / 2))
        digits = 2 if name == "guesses" else 0
        table.add_row(name, Plot(values, *scale), figure(values[-1], digits), f"{low:.{digits}f}-{high:.{digits}f}")
    return table


def result(game: Listed) -> str:
    """`3/6`, `X/6` for a loss, with the NYT's star for hard mode (two for ultra hard); `7/9` for a Quordle,
    `5/∞` for Absurdle."""
    guesses = str(game.tries) if game.won else "X"
    limit = game.variant.guess_limit
    return f"{guesses}/∞" if limit is None else f"{guesses}/{limit}{'*' * game.hard_mode}"


def kind_name(game: Listed) -> str:
    """`played`, `coached`, `Quordle` (several boards, by their number), `Absurdle`."""
    return game.kind if game.variant == WORDLE else game.variant.name


# The answer last: the answers of several boards are long, and would push the figures of every game out of sight.
HEADINGS = ("date", "puzzle", "game", "result", "hints", "skill", "luck", "answer")
RIGHT = ("skill", "luck")  # figures, justified right
GAP = "  "  # between two columns
LAYOUT_SECONDS = 0.5  # between two layouts of the table as it fills


def cells(game: Listed) -> tuple[str, ...]:
    """A game's line of the table, cell by cell, under HEADINGS."""
    return (
        game.day or "—",
        f"#{game.nyt:,}" if game.nyt is not None else "—",
        kind_name(game),
        result(game),
        "yes" if game.hints else "",
        figure(game.skill),
        figure(game.luck),
        capitals(game.answer or "?"),
    )


class GamesTable(Widget):
    """Every game a line, newest first, under a line of headings: drawn a screenful at a time, so that
    years of games take no longer to show than a few, and filled in as they are read."""

    DEFAULT_CSS = """
    GamesTable {
        height: auto;
        width: auto;
    }
    """

    def __init__(self, id: str | None = None):
        super().__init__(id=id)
        self.rows: list[Row] = []
        self.widths = [len(heading) for heading in HEADINGS]
        self.laying_out = False  # the games added since the last layout are to be laid out shortly

    def size_for(self, widest: list[Listed]) -> int:
        """Columns as wide as those of the widest games, which SQLite tells before any game is read: how wide
        the table is."""
        lines = [cells(game) for game in widest]
        self.widths = [max([width, *(len(line[n]) for line in lines)]) for n, width in enumerate(self.widths)]
        self.refresh(layout=True)
        return self.table_width

    @property
    def table_width(self) -> int:
        return sum(self.widths) + len(GAP) * (len(self.widths) - 1)

    def add(self, games: list[Row]) -> None:
        """More games under those shown: the first at once, the rest laid out a few times a second at most
        (laying out years of games takes a while, and the screen shows the first screenful meanwhile)."""
        first = not self.rows
        self.rows.extend(games)
        if first:
            self.refresh(layout=True)
        elif not self.laying_out:
            self.laying_out = True
            self.set_timer(LAYOUT_SECONDS, self.lay_out)

    def lay_out(self) -> None:
        self.laying_out = False
        self.refresh(layout=True)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self.table_width

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return 1 + len(self.rows)

    def render_line(self, y: int) -> Strip:
        style = self.rich_style
        if y > len(self.rows):
            return Strip.blank(self.size.width, style)
        line = HEADINGS if y == 0 else cells(Listed.of(self.rows[y - 1]))  # only the lines on screen are written
        text = GAP.join(
            cell.rjust(width) if heading in RIGHT else cell.ljust(width)
            for heading, cell, width in zip(HEADINGS, line, self.widths)
        )
        shown = style + Style(bold=True) if y == 0 else style
        return Strip([Segment(text, shown)]).crop_extend(0, self.size.width, style)


@dataclass
class GamesRead(Message):
    """Games read for the table, newest first, after those read before."""

    games: list[Row]


@dataclass
class HistoryRead(Message):
    """What the games add up to: how many of which kinds, each recent day's totals, and the widest."""

    overview: Overview
    totals: list[DayTotals]
    today: dt.date
    widest: list[Listed]


FIRST, BATCH = 100, 5000  # games read and shown first (a screenful and more), then at a time
GAMES_SHOWN = ("history-trends-heading", "history-trends", "history-wide")  # shown once there is a game


class HistoryScreen(HostDialog[None]):
    DEFAULT_CSS = """
    #history-dialog {
        width: 76;  /* wider for a wide table of games, up to the window's (see HostDialog.fit_frame) */
    }

    .history-heading {
        margin-top: 1;
        text-style: bold;
    }

    #history-wide {
        margin-top: 1;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,f5", "dismiss", "Close"), *SIDEWAYS_KEYS]
    KEY_HELP = ("↑ ↓ scroll", SIDEWAYS_HELP)
    games: int | None = None  # how many there are, once counted

    def __init__(self, lists: WordLists, means: Means):
        """Every game kept in the means' store, the averages of those of `lists` (the game on screen's)."""
        super().__init__()
        self.lists, self.means = lists, means

    def compose(self) -> ComposeResult:
        with DialogFrame(id="history-dialog", classes="dialog"):
            yield Static("HISTORY · reading your games…", id="history-title", classes="dialog-title")
            for days in WINDOWS:
                yield Static(id=f"history-{days}-days", classes="history-averages")
            yield Static(
                f"TRENDS · the {WINDOWS[0]}-day figures as they stood each day, over {WINDOWS[1]} days",
                id="history-trends-heading",
                classes="history-heading",
            )
            yield Static(id="history-trends")
            yield WideTable(id="history-wide", content=GamesTable(id="history-games"), cue_above=True)
            yield Static(
                "No finished game yet: play one (F1), or mirror the NYT's in the coach (F2).", id="history-empty"
            )
            yield Static(id="history-keys", classes="dialog-keys")
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        for name in (*GAMES_SHOWN, "history-empty"):
            self.query_one(f"#{name}").display = False
        self.read()

    @work(thread=True, exclusive=True, group="history", exit_on_error=False)
    def read(self) -> None:
        """The figures first, then the games a batch at a time: the dialog shows at once, and fills in."""
        worker = get_current_worker()
        store, today = self.means.store, self.means.today()
        days, span = WINDOWS
        totals = store.day_totals(today - dt.timedelta(days=span + days - 2), today)
        lists = self.lists.name  # the analyst's: those of other lists are analysed when the app runs them
        self.post_message(HistoryRead(store.overview(lists), totals, today, store.widest()))

        def take(games: list[Row]) -> bool:
            return not worker.is_cancelled and self.post_message(GamesRead(games))

        store.newest_first(take, FIRST, BATCH)

    def on_history_read(self, message: HistoryRead) -> None:
        overview = message.overview
        self.games = overview.games
        self.query_one(WideTable).widened(self.query_one(GamesTable).size_for(message.widest))
        self.query_one("#history-title", Static).update(
            f"HISTORY · {games_count(overview.games)}, played here or coached"
        )
        for days in WINDOWS:
            line = averages_line(averages(message.totals, days, message.today))
            self.query_one(f"#history-{days}-days", Static).update(line)
        for name in GAMES_SHOWN:
            self.query_one(f"#{name}").display = bool(overview.games)
        self.query_one("#history-empty").display = not overview.games
        if overview.games:
            self.query_one("#history-trends", Static).update(trends_table(message.totals, message.today))
        waiting = (
            f" ({overview.to_analyse:,} still to come, worked out in the background)" if overview.to_analyse else ""
        )
        self.query_one("#history-keys", Static).update(
            "hints: the coach's ranking was shown during the game · skill, luck: the averages of each game's "
            f"analysis (0-99; ? defines them){waiting} · ↑↓ scroll"
        )

    def on_games_read(self, message: GamesRead) -> None:
        self.query_one(GamesTable).add(message.games)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return action != "scroll_sideways" or sideways_offered(self)

    def action_scroll_sideways(self, steps: int) -> None:
        scroll_every(self, steps)
