"""The history: every finished game, played here or coached, newest first, with the averages of 14 and 90 days."""

from __future__ import annotations

import datetime as dt
from typing import ClassVar

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Footer, Static

from ...core.rules.boards import game_name, guess_limit
from ...core.rules.game import MAX_GUESSES
from ...storage.records import ABSURDLE, BOARDS, WINDOWS, Averages, GameRecord, averages, trend
from ..host import HostDialog


def figure(value: float | None, digits: int = 0) -> str:
    return "—" if value is None else f"{value:.{digits}f}"


def averages_line(span: Averages) -> Text:
    """`last 14 days: 5 games · 4 won · 3.75 guesses · skill 87 · luck 55`."""
    if not span.games:
        return Text(f"last {span.days} days: no games", style="dim")
    text = Text(f"last {span.days} days: ", style="bold")
    text.append(f"{span.games} game{'s' if span.games != 1 else ''} · {span.wins} won · ")
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


def trends_table(records: list[GameRecord], today: dt.date) -> Table | Text:
    """Each figure's 14-day average as it stood on each of the last 90 days, as a plot, with its range."""
    days, span = WINDOWS
    spans = trend(records, days, span, today)
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


def result(record: GameRecord) -> str:
    """`3/6`, `X/6` for a loss, with the NYT's star for hard mode (two for ultra hard); `7/9` for a Quordle,
    `5/∞` for Absurdle."""
    guesses = str(len(record.guesses)) if record.won else "X"
    if record.kind == ABSURDLE:
        return f"{guesses}/∞"
    limit = guess_limit(record.boards) if record.kind == BOARDS else MAX_GUESSES
    return f"{guesses}/{limit}{'*' * record.hard_mode}"


def kind_name(record: GameRecord) -> str:
    """`played`, `coached`, `Quordle` (several boards, by their number), `Absurdle`."""
    if record.kind == BOARDS:
        return game_name(record.boards)
    return "Absurdle" if record.kind == ABSURDLE else record.kind


def games_table(records: list[GameRecord]) -> Table:
    table = Table(box=None, padding=(0, 1), pad_edge=False, header_style="bold")
    for heading in ("date", "puzzle", "game", "answer", "result", "hints", "skill", "luck"):
        table.add_column(heading, justify="right" if heading in ("skill", "luck") else "left", no_wrap=True)
    for record in reversed(records):
        table.add_row(
            record.date.isoformat() if record.date else "—",
            f"#{record.nyt:,}" if record.nyt is not None else "—",
            kind_name(record),
            (record.answer or "?").upper(),
            result(record),
            "yes" if record.hints else "",
            figure(record.skill),
            figure(record.luck),
        )
    return table


class HistoryScreen(HostDialog[None]):
    DEFAULT_CSS = """
    #history-dialog {
        width: 76;
    }

    .history-averages {
        width: 100%;
    }

    .history-heading {
        margin-top: 1;
        text-style: bold;
    }

    #history-games {
        margin-top: 1;
        width: auto;  /* whole: in a narrow window it scrolls sideways, as the dialog does */
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,f5", "dismiss", "Close")]
    KEY_HELP = ("↑ ↓ scroll",)

    def compose(self) -> ComposeResult:
        records = self.app.store.records()
        with VerticalScroll(id="history-dialog", classes="dialog"):
            count = f"{len(records)} game{'s' if len(records) != 1 else ''}"
            yield Static(f"HISTORY · {count}, played here or coached", classes="dialog-title")
            for days in WINDOWS:
                yield Static(averages_line(averages(records, days, self.app.today())), classes="history-averages")
            if records:
                yield Static(
                    f"TRENDS · the {WINDOWS[0]}-day figures as they stood each day, over {WINDOWS[1]} days",
                    classes="history-heading",
                )
                yield Static(trends_table(records, self.app.today()), id="history-trends")
                yield Static(games_table(records), id="history-games")
            else:
                yield Static("No finished game yet: play one (F1), or mirror the NYT's in the coach (F2).")
            yield Static(
                "hints: the coach's ranking was shown during the game · skill, luck: the averages of each game's "
                "analysis (0-99; ? defines them) · ↑↓ scroll",
                classes="dialog-keys",
            )
        yield Footer(compact=True, show_command_palette=False)
