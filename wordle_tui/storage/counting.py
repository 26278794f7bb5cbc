"""What the finished games add up to, counted by SQLite over the indexed columns of database.py.

Each function takes a connection and the games to count (database.Source: the table, or the table
with the games finished but not recorded yet), so that a statistic of years of games costs an index
look-up and an aggregate, never a pass of Python over every game.

Games played here count in the statistics of their game (one query for every game of the family,
`stats`), one streak through every mode as the NYT keeps it, Wordle's with the NYT web game's own
statistics once imported; coached games are counted apart (see records.py).
"""

from __future__ import annotations

import datetime as dt
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from ..core.rules.game import Difficulty
from ..core.rules.variant import WORDLE, Variant
from ..core.rules.words import CUSTOM
from .kinds import COUNTED_APART, Kind, kind_of
from .records import (
    NYT_GAME_LISTS,
    DayTotals,
    NytStatistics,
    Stats,
    moment_of,
    streaks,
)
from .schema import Source


@dataclass(frozen=True)
class Chosen:
    """A choice of games as SQL: a condition and its values."""

    condition: str
    values: tuple = ()

    def __and__(self, other: Chosen) -> Chosen:
        return Chosen(f"{self.condition} AND {other.condition}", self.values + other.values)


def played_here(variant: Variant = WORDLE, lists: str | None = None, hard_mode: Difficulty | None = None) -> Chosen:
    """The games of `variant` played here (of its number of boards), on one preset's lists (None: any), in one
    mode (None: every one)."""
    chosen = Chosen("kind = ?", (kind_of(variant),))
    if variant.several:
        chosen &= Chosen("boards = ?", (variant.boards,))
    if lists is not None:
        chosen &= Chosen("lists = ?", (lists,))
    if hard_mode is not None:
        chosen &= Chosen("hard_mode = ?", (int(hard_mode),))
    return chosen


def stats(
    db: sqlite3.Connection,
    source: Source,
    variant: Variant,
    lists: str | None,
    hard_mode: Difficulty | None,
    nyt: NytStatistics | None,
) -> Stats:
    """The statistics of the games of `variant` played here on `lists` (any if None), in one mode or all.

    Coached games are not counted; nor are games of another game or on other lists: a six-letter word
    list, or the 2022 one, is another game. As on the NYT, one streak runs through games of every mode.
    The NYT's imported statistics count with Wordle's in every mode on its lists: its streak goes on
    through the games finished here after the import.
    """
    chosen = played_here(variant, lists, hard_mode)
    imported = variant == WORDLE and hard_mode is None and lists == NYT_GAME_LISTS
    counted = nyt if imported else None
    played, distribution = _distribution(db, source, chosen, variant.guess_limit)
    if counted is None:
        streak, best = streaks(_runs(db, source, chosen))
    else:
        since = moment_of(counted.imported).timestamp()
        _, best_before = streaks(_runs(db, source, chosen & Chosen("(moment IS NULL OR moment <= ?)", (since,))))
        after = _runs(db, source, chosen & Chosen("moment > ?", (since,)))
        streak, best = streaks(after, counted.current_streak)
        best = max(best, best_before, counted.max_streak)
        played += counted.played
        distribution = [mine + theirs for mine, theirs in zip(distribution, counted.distribution)]
    return Stats(played, sum(distribution), streak, best, tuple(distribution), counted, variant)


def _distribution(db: sqlite3.Connection, source: Source, chosen: Chosen, limit: int | None) -> tuple[int, list[int]]:
    """(the games chosen, the wins in 1, 2, ... `limit` guesses); with no limit (Absurdle, played until it is
    beaten), up to the most guesses a game won took."""
    query = f"SELECT MAX(1, tries), won, COUNT(*) FROM {source} WHERE {chosen.condition} GROUP BY 1, 2"
    counts = db.execute(query, chosen.values).fetchall()
    most = limit or max((tries for tries, won, _ in counts if won), default=0)
    played, distribution = 0, [0] * most
    for tries, won, count in counts:
        played += count
        if won:
            distribution[min(tries, most) - 1] += count
    return played, distribution


def _runs(db: sqlite3.Connection, source: Source, chosen: Chosen) -> dict[int, int]:
    """The wins after each loss, in the order the games finished (see records.streaks)."""
    query = f"""
        SELECT losses, SUM(won) FROM (
            SELECT won, SUM(1 - won) OVER (ORDER BY moment, seq ROWS UNBOUNDED PRECEDING) AS losses
            FROM {source} WHERE {chosen.condition}
        ) GROUP BY losses
    """
    return dict(db.execute(query, chosen.values).fetchall())


def day_totals(db: sqlite3.Connection, source: Source, first: dt.date, last: dt.date) -> list[DayTotals]:
    """What the games of one board (played here or coached) finished on each day from `first` to `last`
    add up to, with the number of the others (several boards, Absurdle), a day with games at a time."""
    apart = ", ".join("?" * len(COUNTED_APART))
    query = f"""
        SELECT day, kind IN ({apart}), COUNT(*), SUM(won), SUM(CASE WHEN won THEN tries ELSE 0 END),
               TOTAL(skill), COUNT(skill), TOTAL(luck), COUNT(luck)
        FROM {source} WHERE day BETWEEN ? AND ? GROUP BY day, 2 ORDER BY day, 2
    """
    totals: dict[str, DayTotals] = {}
    for day, other, count, *figures in db.execute(query, (*COUNTED_APART, first.isoformat(), last.isoformat())):
        date = dt.date.fromisoformat(day)
        counted = DayTotals(date, others=count) if other else DayTotals(date, count, *figures)
        totals[day] = totals[day] + counted if day in totals else counted
    return list(totals.values())


@dataclass(frozen=True)
class Overview:
    """How many games are recorded, of which kinds and on which lists."""

    games: int = 0
    lists: tuple[str, ...] = ()  # the lists games were played here on (coached games aside)
    coached: int = 0
    coached_solved: int = 0
    to_analyse: int = 0  # games of one board whose skill and luck are still to be worked out (see overview)
    boards: tuple[tuple[str, int], ...] = ()  # (lists, number of boards) of the games of several boards played


def overview(db: sqlite3.Connection, source: Source, lists: str | None = None) -> Overview:
    """The games recorded; those still to be analysed are counted on `lists` (None: every preset's)."""
    analysed_on = "lists = ?" if lists is not None else "lists != ?"
    query = f"""
        SELECT COUNT(*), TOTAL(kind = ?), TOTAL(kind = ? AND won), TOTAL(analysed IS NULL AND {analysed_on})
        FROM {source}
    """
    values = (Kind.COACHED, Kind.COACHED, CUSTOM if lists is None else lists)
    games, coached, solved, to_analyse = db.execute(query, values).fetchone()
    played_on = [row[0] for row in db.execute(f"SELECT DISTINCT lists FROM {source} WHERE kind != ?", (Kind.COACHED,))]
    boards = db.execute(f"SELECT DISTINCT lists, boards FROM {source} WHERE kind = ? ORDER BY 1, 2", (Kind.BOARDS,))
    return Overview(games, tuple(sorted(played_on)), int(coached), int(solved), int(to_analyse), tuple(boards))


class Listed(NamedTuple):
    """A finished game as the history lists it."""

    day: str | None  # YYYY-MM-DD
    nyt: int | None
    kind: Kind
    answer: str
    boards: int
    won: int  # 1 won, 0 lost
    tries: int
    hard_mode: Difficulty
    hints: int  # 1 if the coach's ranking was shown
    skill: float | None
    luck: float | None

    @classmethod
    def of(cls, row: Row) -> Listed:
        """The game of a row as `newest_first` reads it, its kind made a Kind and its mode a Difficulty."""
        game = cls._make(row)
        return game._replace(kind=Kind.of_record(game.kind), hard_mode=Difficulty(game.hard_mode))

    @property
    def variant(self) -> Variant:
        return self.kind.variant(self.boards)


LISTED = "day, nyt, kind, answer, boards, won, tries, hard_mode, hints, skill, luck"
Row = tuple  # a game as newest_first reads it: Listed's fields in order (Listed._make names them)


def newest_first(
    db: sqlite3.Connection, source: Source, take: Callable[[list[Row]], bool], first: int, batch: int
) -> None:
    """Every finished game, newest first, handed to `take` as it is read, the `first` so many, then `batch`
    at a time, until it says to stop (returns False). Rows, not Listed: years of games are read at once."""
    cursor = db.execute(f"SELECT {LISTED} FROM {source} ORDER BY moment DESC, seq DESC")
    size = first
    while rows := cursor.fetchmany(size):
        size = batch
        if not take(rows):  # tuples of plain values, which the garbage collector never looks through
            return


def widest(db: sqlite3.Connection, source: Source) -> list[Listed]:
    """A game as wide as the widest of each kind, number of boards and mode, in every column: the history's
    table is as wide as these, whatever the number of games."""
    query = f"""
        SELECT kind, boards, hard_mode, MAX(tries), MAX(LENGTH(answer)), MAX(nyt), MAX(hints)
        FROM {source} GROUP BY kind, boards, hard_mode
    """
    return [
        Listed(
            "0000-00-00",
            nyt,
            Kind.of_record(kind),
            "W" * letters,
            boards,
            1,
            tries,
            Difficulty(hard_mode),
            hints,
            99.0,
            99.0,
        )
        for kind, boards, hard_mode, tries, letters, nyt, hints in db.execute(query)
    ]
