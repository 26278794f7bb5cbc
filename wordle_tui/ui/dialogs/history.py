"""The history: every finished game, played here or coached, newest first, with the averages of 14 and 90 days."""

from __future__ import annotations

from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Footer, Static

from ...core.rules.boards import game_name, guess_limit
from ...core.rules.game import MAX_GUESSES
from ...storage.records import ABSURDLE, BOARDS, WINDOWS, Averages, GameRecord, averages
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

    #history-games {
        margin-top: 1;
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
                yield Static(games_table(records), id="history-games")
            else:
                yield Static("No finished game yet: play one (F1), or mirror the NYT's in the coach (F2).")
            yield Static(
                "hints: the coach's ranking was shown during the game · skill, luck: the averages of each game's "
                "analysis (0-99; ? defines them) · ↑↓ scroll",
                classes="dialog-keys",
            )
        yield Footer(compact=True, show_command_palette=False)
