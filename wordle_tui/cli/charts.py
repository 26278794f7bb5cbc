"""Distributions as bars in the terminal: how many games took each number of guesses."""

from __future__ import annotations

from rich.bar import Bar
from rich.table import Table
from rich.text import Text

BAR_WIDTH = 50
NARROWEST_BAR = 8
GAP = 2  # cells between charts side by side


def distribution_chart(distribution: dict[int, int], limit: int, width: int = BAR_WIDTH, most: int = 0) -> Table:
    """One bar a number of guesses, green within `limit` and red past it, with its count; bars are
    scaled to `most` (default: the largest count), so that charts side by side compare."""
    chart = Table.grid(padding=(0, 1))
    most = most or max(distribution.values(), default=0) or 1
    for guesses, count in distribution.items():
        colour = "green" if guesses <= limit else "red"
        chart.add_row(f"{guesses:>2}", Bar(most, 0, count, width=width, color=colour), f"{count}")
    return chart


def distribution_charts(distributions: dict[str, dict[int, int]], limit: int, columns: int) -> Table:
    """A chart for each name, side by side in `columns` of the terminal (as many a row as fit with bars
    of NARROWEST_BAR cells at least), on one scale, one row a number of guesses from 1 to the most any needed."""
    longest = max(max(distribution, default=1) for distribution in distributions.values())
    most = max(max(distribution.values(), default=0) for distribution in distributions.values())
    around = len(f"{longest:>2}") + len(str(most)) + 2 + GAP  # a chart's cells besides its bar, and the gap after it
    per_row = max(1, min(len(distributions), (columns + GAP) // (NARROWEST_BAR + around)))
    width = max(NARROWEST_BAR, min(BAR_WIDTH, (columns + GAP) // per_row - around))
    grid = Table.grid(padding=(0, GAP, 0, 0))
    for _ in range(per_row):
        grid.add_column(no_wrap=True)
    charts = []
    for name, distribution in distributions.items():
        every = {guesses: distribution.get(guesses, 0) for guesses in range(1, longest + 1)}
        chart = distribution_chart(every, limit, width, most)
        chart.title = Text(name.upper(), style="bold")
        charts.append(chart)
    for start in range(0, len(charts), per_row):
        grid.add_row(*charts[start : start + per_row])
    return grid
