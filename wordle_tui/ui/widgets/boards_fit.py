"""How a game of several boards fits a window: every row of every board in sight where that can be, with the
whole keyboard under the boards and the ranking for every board between them.

Tiles are drawn full (three cells a letter, as wide as a tile of the keyboard) or compact (a cell a letter, so
that a row reads as its word, and a cell after it for its mark where there are marks), as Octordle's tiles
shrink on a phone; the ranking is a table, or a line of
the best guesses where a table has no room, or folded away. The first of these that shows every board whole
is chosen: full tiles before compact ones, a table before a line. Where none does, the boards scroll, and the
window that would show them whole is said (see BoardsFit.wanted).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .keyboard import ROWS
from .small_boards import board_width, keyboard_lines

TABLE, LINE, FOLDED = "table", "line", "folded"
RANKING_LINES = {TABLE: 10, LINE: 1, FOLDED: 0}  # a table: its title, its headings, six guesses, its caption (two)
GUTTERS = (3, 2, 1)  # columns between two boards, the most first (see gutters)
SMALLEST = (44, 18)  # the smallest window the app draws (see dialogs/too_small.py)
CHROME = 3  # lines of the screen around the view: the title bar, the message line, the footer


def gutters(compact: bool, marks: bool) -> tuple[int, ...]:
    """The gutters two boards may have between them, the widest first: none at all between compact boards
    with marks, whose last tile's mark already stands between them."""
    return GUTTERS + ((0,) if compact and marks else ())


@dataclass(frozen=True)
class BoardsFit:
    compact: bool  # the tiles a cell a letter, rather than three
    columns: int  # boards to a line
    gutter: int  # columns between two boards
    ranking: str  # TABLE, LINE or FOLDED
    whole: bool  # every row of every board is in sight
    margin: int = 0  # lines above the boards
    row_gap: int = 0  # lines between two lines of boards
    key_gaps: bool = False  # the rows of keys a line apart
    wanted: tuple[int, int] | None = None  # where not whole: the smallest window that shows every board whole
    ranking_height: int | None = None  # where the ranking asked for has no room: the window's height it needs


def _arrangement(count: int, length: int, width: int, compact: bool, marks: bool) -> tuple[int, int] | None:
    """The most boards to a line that `width` holds (all of them, four, two or one) and the widest gutter
    between them; None if not even one board fits."""
    board = board_width(length, compact, marks)
    for columns in sorted({min(n, count) for n in (count, 4, 2, 1)}, reverse=True):
        for gutter in gutters(compact, marks) if columns > 1 else (0,):
            if columns * board + (columns - 1) * gutter <= width:
                return columns, gutter
    return None


def _lines(count: int, limit: int, columns: int) -> int:
    """Lines of the boards alone, laid `columns` to a line with no line between them: a heading and a row a guess."""
    return -(-count // columns) * (limit + 1)


def fit_boards(
    count: int,
    length: int,
    limit: int,
    width: int,
    height: int,
    marks: bool,
    ranking: bool,
    key_rows: int = len(ROWS),
) -> BoardsFit:
    """How `count` boards of `length` letters and `limit` rows fit a view of `width` x `height` (the window less
    its title bar, message line and footer), with the ranking if it is `ranking` (asked for), over a keyboard of
    `key_rows` rows."""
    keys = keyboard_lines(count, width, key_rows)
    arranged = {compact: _arrangement(count, length, width, compact, marks) for compact in (False, True)}
    # Full tiles before compact ones, but a ranking asked for before full tiles.
    order = [(False, TABLE), (False, LINE), (True, TABLE), (True, LINE)] if ranking else []
    for compact, shown in [*order, (False, FOLDED), (True, FOLDED)]:
        if (fits := arranged[compact]) is None:
            continue
        columns, gutter = fits
        lines = _lines(count, limit, columns)
        spare = height - lines - keys - RANKING_LINES[shown]
        if spare >= 0:
            taller = CHROME + lines + keys + RANKING_LINES[LINE] if ranking and shown == FOLDED else None
            fit = BoardsFit(compact, columns, gutter, shown, True, ranking_height=taller)
            return _with_spare(fit, count, spare, key_rows)
    # No way shows every board whole: the most compact arrangement, scrolled, the ranking folded away.
    columns, gutter = arranged[True] or (1, 0)
    window = (width, height + CHROME)
    wanted = smallest_window(count, length, limit, marks, window, key_rows)
    return BoardsFit(True, columns, gutter, FOLDED, False, wanted=wanted)


def _with_spare(fit: BoardsFit, count: int, spare: int, key_rows: int) -> BoardsFit:
    """Lines to spare, given where they help most: a line above the boards, a line between two lines of them,
    then a line between each two rows of keys."""
    margin = min(spare, 1)
    spare -= margin
    between = -(-count // fit.columns) - 1
    row_gap = 1 if between and spare >= between else 0
    spare -= row_gap * between
    key_gaps = spare >= key_rows - 1
    return replace(fit, margin=margin, row_gap=row_gap, key_gaps=key_gaps)


def smallest_window(
    count: int, length: int, limit: int, marks: bool, now: tuple[int, int] = SMALLEST, key_rows: int = len(ROWS)
) -> tuple[int, int]:
    """The window of least area, at least as large as `now` (and as the smallest the app draws), that shows
    every row of every board whole, in compact tiles, with a line of ranking."""
    board = board_width(length, True, marks)
    sizes = []
    for columns in sorted({min(n, count) for n in (count, 4, 2, 1)}):
        width = max(SMALLEST[0], now[0], columns * board + (columns - 1) * gutters(True, marks)[-1])
        lines = CHROME + _lines(count, limit, columns) + keyboard_lines(count, width, key_rows) + RANKING_LINES[LINE]
        height = max(SMALLEST[1], now[1], lines)
        sizes.append((width * height, width, height))
    _, width, height = min(sizes)
    return width, height
