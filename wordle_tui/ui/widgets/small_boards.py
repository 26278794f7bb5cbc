"""Several boards at once: small boards (a tile a letter wide, three cells) side by side, and a keyboard
whose keys are shaded for each board, as Quordle's are.

Both are drawn as text in the theme's tile colours (read from the app's CSS variables, so that every
colour depth gets its own palette, see themes.py); with marks on, a scored tile carries its mark
after the letter, and a key's board cells carry the marks instead of blanks.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.style import Style
from rich.text import Text
from textual.containers import Horizontal, Vertical
from textual.events import Click, Resize
from textual.widgets import Static

from ...core.rules.feedback import GREEN, GREY, YELLOW
from ...core.rules.words import capitals
from ..themes import MARK
from .keyboard import ROWS, SPECIAL, Keyboard, rows_for

TYPED, EMPTY = -1, -2  # a tile with a letter typed and not yet scored; a tile with nothing in it
KEY_CELLS = 4  # board cells on one line of a key, where the window has room: more boards take more lines
SOLVED = "✓"  # a key's cell for a board solved, as its heading says it (never a mark: · is grey)
KEYS_IN_A_ROW = 10  # the keyboard's longest row (Q to P), which the window's width must hold


def board_width(length: int, compact: bool, marks: bool) -> int:
    """Columns of one small board: full tiles are three cells and a gap; compact ones a cell, the letter on its
    colour, so that a row reads as the word (and a cell after it for its mark, where there are marks)."""
    return length * (2 if marks else 1) if compact else 4 * length - 1


def key_layout(boards: int, width: int) -> tuple[bool, int]:
    """How the keys of a keyboard of `boards` boards fit `width` columns: (whether each letter has a blank
    either side, the board cells on a line). The fewest lines first, then the letters spaced out."""
    for cells in sorted({min(cells, boards) for cells in (KEY_CELLS, 2, 1)}, reverse=True):
        for spaced in (True, False):
            key = (3 if spaced else 1) + cells
            if KEYS_IN_A_ROW * (key + 1) - 1 <= width:  # a column between two keys
                return spaced, cells
    return False, 1


def keyboard_lines(boards: int, width: int, key_rows: int = len(ROWS)) -> int:
    """The lines the keyboard of `boards` boards takes in a window `width` columns wide: `key_rows` rows of keys
    (English's three, a fourth for letters it lacks: see rows_for)."""
    _, cells = key_layout(boards, width)
    return key_rows * -(-boards // cells)


def tile_styles(variables: dict[str, str]) -> dict[int, Style]:
    """The style of a tile in each state, from the theme's variables."""
    names = {GREEN: "green", YELLOW: "yellow", GREY: "grey"}
    styles = {
        state: Style(bgcolor=variables[f"tile-{name}"], color=variables[f"tile-{name}-text"], bold=True)
        for state, name in names.items()
    }
    styles[TYPED] = Style(bgcolor=variables["tile-typed"], color=variables["key-text"], bold=True)
    styles[EMPTY] = Style(color=variables["tile-typed"])
    return styles


@dataclass
class BoardView:
    """What one small board shows: its scored rows, the letters typed, and how it ended."""

    number: int  # from 1
    limit: int  # rows
    length: int
    rows: list[tuple[str, list[int]]] = field(default_factory=list)
    typed: str = ""  # shown on the next row while the board is open
    colours: list[int] = field(default_factory=list)  # the colours given so far to the letters typed (the coach)
    selected: int | None = None  # the tile of the typed row the next colour goes to (the coach)
    solved_in: int | None = None
    answer_shown: str | None = None  # the answer, once the game is lost with this board unsolved
    title: str | None = None  # the heading, in place of the board's number


class ThemedText(Static):
    """Text drawn in the theme's tile colours: drawn again when the theme or the marks change."""

    def on_mount(self) -> None:
        self.watch(self.app, "theme", self._repaint, init=False)
        self.watch(self.app, "marks", self._repaint, init=False)

    def _repaint(self, _: object) -> None:
        self.refresh()


class SmallBoard(ThemedText):
    """One board of several: a heading, then its rows of three-cell tiles."""

    DEFAULT_CSS = """
    SmallBoard {
        width: auto;
        height: auto;
    }

    SmallBoard.-ruled {
        border-left: vkey $foreground 40%;
    }
    """

    def __init__(self, view: BoardView, id: str | None = None):
        super().__init__(id=id)
        self.view = view
        self.compact = False  # a cell a letter (see boards_fit.py), rather than three
        self.styles.width = board_width(view.length, False, False)
        self.styles.height = view.limit + 1

    def show(self, view: BoardView) -> None:
        self.view = view
        self.refresh(layout=True)

    def fold(self, compact: bool, marks: bool, ruled: bool = False) -> None:
        """Draw the tiles compact (a letter and its mark) or full, with room for marks or not; `ruled`, with a
        line down its left side, where one column is all that stands between it and the board before (as
        between two of its tiles)."""
        self.compact = compact
        self.styles.width = board_width(self.view.length, compact, marks) + ruled
        self.set_class(ruled, "-ruled")
        self.refresh(layout=True)

    def heading(self, width: int) -> str:
        """The board's number, and how it ended, as long as `width` columns allow."""
        view = self.view
        name = view.title or f"{view.number}"
        said: tuple[str, ...]
        if view.solved_in is not None:
            said = (f"{name} ✓ in {view.solved_in}", f"{name} ✓{view.solved_in}", f"✓{view.solved_in}")
        elif view.answer_shown:
            answer = capitals(view.answer_shown)
            said = (f"{view.number} ✗ {answer}", f"✗ {answer}", answer)
        else:
            said = (name,)
        return next((heading for heading in said if len(heading) <= width), said[-1])

    def render(self) -> Text:
        view = self.view
        styles = tile_styles(self.app.get_css_variables())
        marks = bool(getattr(self.app, "marks", False))
        width = board_width(view.length, self.compact, marks)
        text = Text(self.heading(width).center(width), style="bold", no_wrap=True, overflow="crop")
        for row in range(view.limit):
            text.append("\n")
            if row < len(view.rows):
                letters, colours = view.rows[row][0], view.rows[row][1]
            elif row == len(view.rows) and view.solved_in is None and not view.answer_shown:
                letters = view.typed
                colours = [*view.colours, *[TYPED] * len(view.typed)][: len(view.typed)]
            else:
                letters, colours = "", []
            typing = row == len(view.rows)
            for column in range(view.length):
                chosen = typing and column == view.selected
                if column < len(letters):
                    state = colours[column]
                    mark = MARK[state] if marks and state >= 0 else " "
                    style = styles[state] + Style(underline=True, reverse=state == TYPED) if chosen else styles[state]
                    letter = capitals(letters[column])
                else:  # an empty tile: a dot, or a line where the next letter goes
                    mark, style, letter = " ", styles[EMPTY], "_" if chosen else "·"
                if self.compact:  # the letter on its colour, and its mark after it
                    text.append(letter, style)
                    text.append(mark if marks else "")
                else:
                    text.append(" " if column else "")
                    text.append(f" {letter}{mark}", style)
        return text


class ShadedKey(ThemedText):
    """A key with its letter and a cell for each board, in the letter's colour on that board (blank where
    it is not played yet, a tick once the board is solved)."""

    DEFAULT_CSS = """
    ShadedKey {
        width: auto;
        height: auto;
        margin-right: 1;
        background: $key;
        color: $key-text;
        text-style: bold;
    }

    ShadedKey:hover {
        background: $tile-typed;
    }
    """

    def __init__(self, key: str, label: str, boards: int):
        super().__init__()
        self.key, self.label, self.boards = key, label, boards
        self.states: list[int | None] = [None] * boards  # per board: its colour; None: not played on it
        self.done: list[bool] = [False] * boards  # per board: solved
        self.spaced, self.cells = True, KEY_CELLS  # as the keyboard lays its keys out (see key_layout)

    def show(self, states: list[int | None], done: list[bool]) -> None:
        self.states, self.done = states, done
        self.refresh()

    def render(self) -> Text:
        label = f" {self.label} " if self.spaced else self.label
        if self.key in ("enter", "backspace"):
            return Text(label)
        styles = tile_styles(self.app.get_css_variables())
        marks = bool(getattr(self.app, "marks", False))
        text = Text(label)
        for board, (state, done) in enumerate(zip(self.states, self.done)):
            if board and board % self.cells == 0:
                text.append("\n" + " " * len(label))
            if done:
                text.append(SOLVED, Style(dim=True))  # there to read, but receding: nothing more to learn there
            elif state is None:
                text.append(" ")
            else:
                text.append(MARK[state] if marks else " ", styles[state])
        return text

    def on_click(self, event: Click) -> None:
        self.post_message(Keyboard.Pressed(self.key))


class ShadedKeyboard(Vertical):
    """The keyboard of a game of several boards: each letter's colour on every board."""

    DEFAULT_CSS = """
    ShadedKeyboard {
        width: 100%;
        height: auto;
        align-horizontal: center;
    }

    ShadedKeyboard .keyboard-row {
        height: auto;
        width: auto;
        margin-bottom: 0;
    }

    ShadedKeyboard.-spaced .keyboard-row {
        margin-bottom: 1;  /* a line between two rows of keys, where the window has it to spare */
    }

    ShadedKeyboard.-spaced .keyboard-row:last-of-type {
        margin-bottom: 0;
    }
    """

    def __init__(self, boards: int, alphabet: str, id: str | None = None):
        super().__init__(id=id)
        self.boards = boards
        self.rows = rows_for(alphabet)

    def compose(self):
        for row in self.rows:
            with Horizontal(classes="keyboard-row"):
                for char in row:
                    key, label = SPECIAL.get(char, (char, capitals(char)))
                    yield ShadedKey(key, label, self.boards)

    def on_resize(self, event: Resize) -> None:
        """Keys as narrow as the window needs: on more lines, their letters closer to the cells (see key_layout)."""
        spaced, cells = key_layout(self.boards, event.size.width)
        for key in self.query(ShadedKey):
            if (key.spaced, key.cells) != (spaced, cells):
                key.spaced, key.cells = spaced, cells
                key.refresh(layout=True)

    def show(self, states: list[dict[str, int]], done: list[bool]) -> None:
        """`states`: for each board, its letters' best colours so far; `done`: which boards are solved."""
        for key in self.query(ShadedKey):
            key.show([board.get(key.key) for board in states], done)
