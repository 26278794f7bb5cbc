"""The board: rows of tiles that show letters and, once scored, their colours (and marks, when asked for)."""

from __future__ import annotations

from dataclasses import dataclass

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.events import Click
from textual.message import Message
from textual.reactive import reactive
from textual.timer import Timer
from textual.widgets import Static

from ...core.rules.game import MAX_GUESSES
from ...core.rules.words import capitals
from ..themes import MARK, STATE_CLASS

TILE_CLASSES = ("-typed", *STATE_CLASS.values())
REVEAL_STEP = 0.18  # seconds between tiles turning over
TILE_WIDTH = 6  # columns of a tile, as Tile's CSS has it where the window does not ask for others
LEAST_TILE = 3  # columns of the narrowest tile: its letter between its edges


class Tile(Static):
    """A letter on a tile; a scored tile shows its colour, and its mark under the letter when marks are shown."""

    DEFAULT_CSS = """
    Tile {
        width: 6;
        height: 3;
        margin-right: 1;
        content-align: center middle;
        text-style: bold;
        color: $foreground;
        border: round $tile-empty;
        background: $background;
        border-subtitle-align: center;
        border-subtitle-style: bold;
    }

    Tile.-typed {
        border: round $tile-typed;
    }

    /* Scored: its colour, a gap above and below, and its mark (when shown) in the gap below (edges left
       and right would leave the mark no room). */

    Tile.-grey, Tile.-yellow, Tile.-green {
        border: none;
        border-top: hkey $background;
        border-bottom: hkey $background;
    }

    Tile.-grey {
        background: $tile-grey;
        color: $tile-grey-text;
        border-subtitle-color: $tile-grey-text;
    }

    Tile.-yellow {
        background: $tile-yellow;
        color: $tile-yellow-text;
        border-subtitle-color: $tile-yellow-text;
    }

    Tile.-green {
        background: $tile-green;
        color: $tile-green-text;
        border-subtitle-color: $tile-green-text;
    }

    Tile.-selected {
        border: round $foreground;
    }
    """

    marked: reactive[bool] = reactive(False)

    def __init__(self, row: int, column: int):
        super().__init__("")
        self.row, self.column = row, column
        self.colour: int | None = None

    def show(self, letter: str, colour: int | None) -> None:
        self.update(capitals(letter))
        self.colour = colour
        self.remove_class(*TILE_CLASSES)
        if colour is not None:
            self.add_class(STATE_CLASS[colour])
        elif letter:
            self.add_class("-typed")
        self.watch_marked(self.marked)

    def watch_marked(self, marked: bool) -> None:
        self.border_subtitle = MARK[self.colour] if marked and self.colour is not None else ""

    def on_click(self, event: Click) -> None:
        self.post_message(Board.TileClicked(self.row, self.column))


class Board(Vertical):
    """MAX_GUESSES rows of `length` tiles."""

    DEFAULT_CSS = """
    Board {
        width: auto;
        height: 18;
    }

    Board .board-row {
        height: 3;
        width: auto;
    }

    Board .board-row.-refused Tile {
        border: round $error;
    }

    Board .board-row.-impossible Tile {
        border: round $error;
        text-style: bold underline;
    }
    """

    marked: reactive[bool] = reactive(False)

    @dataclass
    class TileClicked(Message):
        row: int
        column: int

    def __init__(self, length: int = 5, rows: int = MAX_GUESSES, id: str | None = None):
        super().__init__(id=id)
        self._reveals: list[Timer] = []  # the tiles still to turn over
        self._tiles: list[Tile] = []  # row by row, once composed
        self.length, self.rows = length, rows

    def on_mount(self) -> None:
        self.watch(self.app, "marks", self._follow_marks)  # the app says whether marks are shown

    def _follow_marks(self, marks: bool) -> None:
        self.marked = marks

    def compose(self) -> ComposeResult:
        for row in range(self.rows):
            with Horizontal(classes="board-row"):
                for column in range(self.length):
                    yield Tile(row, column).data_bind(Board.marked)

    def tile(self, row: int, column: int) -> Tile:
        if not self._tiles:  # found once composed: a board keeps its tiles
            self._tiles = list(self.query(Tile).results(Tile))
        return self._tiles[row * self.length + column]

    def fit(self, room: int) -> None:
        """Tiles as wide as the theme's where `room` columns hold them, else as wide as fits, down to three
        columns a tile: words of eleven letters fit 44 columns, and 100 beside the ranking."""
        tiles = list(self.query(Tile).results(Tile))
        if not tiles:
            return
        natural = tiles[0].styles.base.width  # the theme's, for the window's size (see app.tcss)
        width = int(natural.value) if natural is not None else TILE_WIDTH
        fitted = max(LEAST_TILE, min(width, room // self.length - 1))  # each tile has a column to its right
        for tile in tiles:
            tile.styles.width = None if fitted == width else fitted

    def row_widget(self, row: int) -> Horizontal:
        return list(self.query(".board-row").results(Horizontal))[row]

    def show_row(self, row: int, letters: str, colours: list[int] | None = None) -> None:
        for column in range(self.length):
            letter = letters[column] if column < len(letters) else ""
            colour = colours[column] if colours is not None and column < len(letters) else None
            self.tile(row, column).show(letter, colour)

    def reveal_row(self, row: int, letters: str, colours: list[int]) -> None:
        """Colour the row a tile at a time, or at once when animations are off."""
        if self.app.animation_level == "none":
            self.show_row(row, letters, colours)
            return
        self.tile(row, 0).show(letters[0], colours[0])
        for column in range(1, self.length):
            tile = self.tile(row, column)
            timer = self.set_timer(REVEAL_STEP * column, lambda t=tile, c=column: t.show(letters[c], colours[c]))
            self._reveals.append(timer)

    def clear(self) -> None:
        for timer in self._reveals:  # a row still turning over belongs to the game left behind
            timer.stop()
        self._reveals.clear()
        for row in range(self.rows):
            self.show_row(row, "")
        self.mark(None)
        self.select(None, None)

    def mark(self, row: int | None) -> None:
        """Mark one row as impossible feedback, or none."""
        for index in range(self.rows):
            self.row_widget(index).set_class(index == row, "-impossible")

    def select(self, row: int | None, column: int | None) -> None:
        """Outline the tile whose colour the keys change."""
        for tile in self.query(Tile):
            tile.set_class(tile.row == row and tile.column == column, "-selected")

    def shake(self, row: int) -> None:
        """Flag a refused row until the next key."""
        self.row_widget(row).add_class("-refused")

    def calm(self) -> None:
        for row in self.query(".board-row"):
            row.remove_class("-refused")
