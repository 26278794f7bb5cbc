"""Each game as the screens draw it, whatever they do with it (play, coach or watch): one board, with what
stands beside it; several boards at once, with the ranking for every board and the keyboard shaded by
board; Absurdle, one board that grows a row a guess. A screen composes the view of its game and tells it
what to show."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.events import Resize
from textual.widget import Widget
from textual.widgets import Static

from ...core.cancel import Cancelled
from ...core.rules.boards import BoardsGame, game_name, guess_limit
from ...core.rules.feedback import digits_of
from ...core.rules.game import Feedback, History, letter_states
from ..host import HostPanel
from ..messages import RestingChanged
from ..widgets.board import Board
from ..widgets.keyboard import Keyboard
from ..widgets.small_boards import BoardView, ShadedKeyboard, SmallBoard, keyboard_lines

if TYPE_CHECKING:
    from ...core.rules.words import WordLists
    from ...core.strategies.boards import BoardsRanked
    from ...core.strategies.ranking import Ranker

GUTTER = 3  # columns between two small boards
HINTS = 6  # guesses the ranking of several boards shows: it shares the room under the boards with them
RANKING_LEAST = 5  # lines that ranking needs to be worth showing: its title, its headings and three guesses
RANKING_ALL = HINTS + 4  # lines that ranking takes whole: its title, its headings, its guesses, its caption (two)
KEY_GAPS = 2  # lines between the three rows of keys, where the window has them to spare
ROWS_SHOWN = 6  # rows Absurdle's board shows before it grows with the guesses
SIDE_LEAST = 38  # columns the panel beside one board of five letters keeps, with its margin, narrowing the tiles


class OneBoard(Horizontal):
    """One board, and what stands beside it: the ranking, the coach's controls, the bot's reasons."""

    DEFAULT_CLASSES = "play-area"

    def __init__(self, length: int, *beside: Widget):
        super().__init__(Board(length, id="board"), *beside)

    @property
    def board(self) -> Board:
        return self.query_one("#board", Board)

    def on_resize(self, event: Resize) -> None:
        self.call_after_refresh(self.fit)  # once the window's size has chosen the tiles' look and the panel's

    def fit(self) -> None:
        """The board takes the room the window has for it, less what the panel beside it needs, when shown."""
        beside = [child for child in self.children if child.id != "board" and child.display]
        side = SIDE_LEAST + max(0, self.board.length - 5)  # the ranking's words are as long as the board's
        room = self.content_size.width - (side if beside else 0)
        self.board.fit(room)

    def show(self, history: Sequence[Feedback]) -> None:
        """The rows played so far, and nothing after them."""
        board = self.board
        board.clear()
        for row, (guess, pattern) in enumerate(history):
            board.show_row(row, guess, digits_of(pattern, len(guess)))


def board_views(game: BoardsGame, length: int, typed: str = "") -> list[BoardView]:
    """Each board of `game` as its small board shows it: the word `typed` on every open board, and the
    answer of every board left unsolved once the game is lost."""
    views = []
    for number, (board, solved_in) in enumerate(zip(game.boards, game.solved_in(), strict=True), start=1):
        rows = [(guess, digits_of(pattern, length)) for guess, pattern in board]
        view = BoardView(number, game.limit, length, rows, typed, solved_in=solved_in)
        if game.lost and solved_in is None:
            view.answer_shown = game.answers[number - 1]
        views.append(view)
    return views


def boards_title(game: BoardsGame) -> str:
    """What the title says of a game of several boards: its name, the boards solved, the guesses played."""
    count, solved = len(game.answers), sum(n is not None for n in game.solved_in())
    return f"{game_name(count)} · {solved} of {count} solved · guess {len(game.guesses)}/{game.limit}"


class BoardsView(HostPanel):
    """Several boards at once: as many to a line as the window has room for, the ranking for every board
    under them (in the room a line of boards leaves it), and the keyboard with each letter's colour on
    every board."""

    DEFAULT_CSS = """
    BoardsView .boards-area {
        height: 1fr;
        width: 100%;
        align-horizontal: center;
    }

    BoardsView #boards-ranking {
        display: none;  /* until it is asked for */
        height: auto;
        width: auto;
        margin: 0 2;
    }

    BoardsView #boards-ranking.-shown {
        display: block;  /* cut to the room a row of boards leaves it (see fit_ranking) */
    }

    BoardsView #boards-ranking.-folded {
        display: none;
    }

    BoardsView #boards {
        grid-gutter: 1 3;  /* GUTTER columns */
        margin-top: 1;
        grid-rows: auto;
        grid-columns: auto;
        width: auto;
        height: auto;
    }
    """

    def __init__(self, count: int, lists: WordLists):
        super().__init__(id="boards-view")
        self.lists, self.count, self.length, self.limit = lists, count, lists.length, guess_limit(count)
        self.short = 0  # lines the window lacks for the ranking under a line of boards (see fit_ranking)
        self.asked: tuple[History, ...] | None = None  # the boards the ranking last asked for is of
        self.ranking: list[BoardsRanked] = []  # the ranking shown
        self._ranker: Ranker | None = None  # made for the first ranking asked for

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="boards-area"), Grid(id="boards"):
            for number in range(1, self.count + 1):
                yield SmallBoard(BoardView(number, self.limit, self.length), id=f"board-{number}")
        yield Static(id="boards-ranking")
        yield ShadedKeyboard(self.count, id="keyboard")

    def on_mount(self) -> None:
        self.fit_columns()

    def on_unmount(self) -> None:
        if self._ranker is not None:
            self._ranker.close()

    def on_resize(self, event: Resize) -> None:
        self.fit_columns()
        self.call_after_refresh(self.fit_ranking)  # once the boards are laid out

    def fit_columns(self) -> None:
        """As many boards a line as the window has room for: all of them, four, two or one."""
        width = self.length * 4 - 1 + GUTTER
        room = (self.app.size.width - 2 + GUTTER) // width
        columns = next(n for n in (self.count, 4, 2, 1) if n <= min(room, self.count) or n == 1)
        self.query_one("#boards", Grid).styles.grid_size_columns = columns

    def fit_ranking(self) -> None:
        """The ranking takes the room under the boards that a line of them leaves it, with the whole
        keyboard below; with less than it needs, it folds away (the screen says so: see `short`)."""
        ranking, keyboard, grid = (
            self.query_one("#boards-ranking"),
            self.query_one(ShadedKeyboard),
            self.query_one("#boards"),
        )
        row = self.query_one(SmallBoard).outer_size.height + grid.styles.margin.top
        room = self.size.height - keyboard_lines(self.count, self.size.width) - row
        # The rows of keys stand a line apart where the window has those two lines to spare, every board and the
        # whole ranking shown: rows of keys one line high would otherwise read as one block.
        boards = grid.outer_size.height + grid.styles.margin.top
        spare = room + row - boards - (RANKING_ALL if self.ranking_shown else 0)
        keyboard.set_class(spare >= KEY_GAPS, "-spaced")
        room -= KEY_GAPS if spare >= KEY_GAPS else 0
        ranking.styles.max_height = max(room, RANKING_LEAST)
        ranking.set_class(room < RANKING_LEAST, "-folded")
        self.short = max(0, RANKING_LEAST - room)
        self.post_message(RestingChanged())  # the screen's message line may say where the ranking went

    def resting(self) -> str:
        """What the screen's message line says while it has nothing else to say: how tall a window the
        ranking needs, while it is asked for but has no room."""
        if self.ranking_shown and self.short:
            return f"The ranking needs a window {self.screen.size.height + self.short} rows high"
        return ""

    def show(self, views: list[BoardView], histories: tuple[History, ...]) -> None:
        """Each board as `views` say, and the keyboard with the colours of `histories` (the boards solved:
        those whose views say so)."""
        for view in views:
            self.query_one(f"#board-{view.number}", SmallBoard).show(view)
        done = [view.solved_in is not None for view in views]
        self.query_one("#keyboard", ShadedKeyboard).show([letter_states(board) for board in histories], done)

    # -- the ranking for every board at once ---------------------------------------------------------

    @property
    def ranking_shown(self) -> bool:
        return self.query_one("#boards-ranking", Static).has_class("-shown")

    @ranking_shown.setter
    def ranking_shown(self, shown: bool) -> None:
        self.query_one("#boards-ranking", Static).set_class(shown, "-shown")
        self.call_after_refresh(self.fit_ranking)  # the keys may stand closer, or further apart

    def rank(self, boards: tuple[History, ...]) -> None:
        """Rank the guesses for `boards` in the pool (a newer ranking stops this one), and show them if
        they are still the boards asked for."""
        self.asked = boards
        self.query_one("#boards-ranking", Static).update(Text("Ranking the guesses for every board…", style="dim"))
        if self._ranker is None:
            self._ranker = self.app.ranker()
        self._rank(self._ranker, boards)

    @work(thread=True, exclusive=True, group="boards-ranking", exit_on_error=False)
    def _rank(self, ranker: Ranker, boards: tuple[History, ...]) -> None:
        try:
            ranking = ranker.boards(self.app.model_of(self.lists), boards, HINTS)
        except Cancelled:
            return
        self.app.call_from_thread(self.ranked, boards, ranking)

    def ranked(self, boards: tuple[History, ...], ranking: list[BoardsRanked]) -> None:
        if boards == self.asked and self.ranking_shown:  # else the game moved on meanwhile
            self.show_ranking(ranking)

    def show_ranking(self, ranking: list[BoardsRanked]) -> None:
        self.ranking = ranking
        table = Table(box=None, padding=(0, 1))
        for heading in ("#", "guess", "guesses", "bits", "can solve"):
            table.add_column(heading, justify="left" if heading in ("guess", "can solve") else "right")
        for place, row in enumerate(ranking, start=1):
            solves = ", ".join(f"board {n}" for n in row.boards)
            table.add_row(str(place), row.word.upper(), f"{row.score:.2f}", f"{row.entropy:.2f}", solves)
        title = Text("Best next guesses, every board at once", style="bold")
        caption = Text(
            "guesses: each board's expected guesses after it, added up; a board with one answer left goes first",
            style="dim",
        )
        self.query_one("#boards-ranking", Static).update(Group(title, table, caption))


class AbsurdleView(Vertical):
    """Absurdle's one board, which grows a row a guess (no limit of guesses), and the keyboard."""

    DEFAULT_CSS = """
    AbsurdleView .absurdle-area {
        height: 1fr;
        width: 100%;
        align-horizontal: center;
    }

    AbsurdleView #absurdle-board {
        margin-top: 1;
    }
    """

    def __init__(self, length: int):
        super().__init__(id="absurdle-view")
        self.length = length

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="absurdle-area"):
            yield SmallBoard(BoardView(1, ROWS_SHOWN, self.length, title="ABSURDLE"), id="absurdle-board")
        yield Keyboard(id="keyboard")

    def show(self, rows: History, typed: str, beaten: bool) -> None:
        """The rows played, the word typed on the next, and the newest row in sight."""
        shown = [(word, digits_of(pattern, self.length)) for word, pattern in rows]
        view = BoardView(1, max(ROWS_SHOWN, len(shown) + 1), self.length, shown, typed, title="ABSURDLE")
        if beaten:
            view.solved_in = len(shown)
        board = self.query_one("#absurdle-board", SmallBoard)
        board.show(view)
        board.styles.height = view.limit + 1
        self.query_one("#keyboard", Keyboard).show(letter_states(rows))
        self.query_one(".absurdle-area", VerticalScroll).scroll_end(animate=False)
