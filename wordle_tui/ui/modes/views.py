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
from ...core.rules.words import capitals
from ..host import HostPanel
from ..messages import HintsSeen, RestingChanged
from ..widgets.board import Board
from ..widgets.boards_fit import FOLDED, LINE, RANKING_LINES, BoardsFit, fit_boards
from ..widgets.keyboard import Keyboard
from ..widgets.small_boards import BoardView, ShadedKeyboard, SmallBoard

if TYPE_CHECKING:
    from collections.abc import Callable

    from ...core.position.model import CandidateModel
    from ...core.rules.words import WordLists
    from ...core.strategies.boards import BoardsRanked
    from ...core.strategies.ranking import Ranker

HINTS = 6  # guesses the ranking of several boards shows: it shares the room under the boards with them
SCROLL_HELP = "PageDown PageUp scroll the boards, in a window too small for them all"
LEFT = " (guesses left, all boards)"  # what the figures of the ranking on one line are
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


def boards_title(count: int, solved: int, played: int, limit: int, short: bool = False, turn: str = "guess") -> str:
    """What the title says of a game of several boards: its name, the boards solved, the guesses played (the
    rows entered, in the coach: `turn`); `short`, in fewer words."""
    if short:
        return f"{game_name(count)} · {solved}/{count} solved · {played}/{limit}"
    return f"{game_name(count)} · {solved} of {count} solved · {turn} {played}/{limit}"


def game_title(game: BoardsGame, short: bool = False) -> str:
    """boards_title of a game played."""
    solved = sum(n is not None for n in game.solved_in())
    return boards_title(len(game.answers), solved, len(game.guesses), game.limit, short)


class BoardsView(HostPanel):
    """Several boards at once, every row of every board in sight where the window has room (tiles folded to a
    cell a letter where it must, see boards_fit.py), the ranking for every board under them (a table, or a line
    of the best guesses), and the keyboard with each letter's colour on every board."""

    DEFAULT_CSS = """
    BoardsView .boards-area {
        height: 1fr;
        width: 100%;
        align-horizontal: center;
    }

    BoardsView #boards-ranking {
        display: none;  /* until it is asked for, and where it has room (see fit) */
        height: auto;
        width: auto;
        margin: 0 2;
    }

    BoardsView #boards-ranking.-shown {
        display: block;
    }

    BoardsView #boards-ranking.-folded {
        display: none;
    }

    BoardsView #boards {
        grid-rows: auto;
        grid-columns: auto;
        width: auto;
        height: auto;
    }
    """

    def __init__(
        self,
        count: int,
        lists: WordLists,
        engine: Callable[[], Ranker],
        model_of: Callable[[WordLists], CandidateModel],
    ):
        """`count` boards of words of `lists`, ranked by a Ranker that `engine` makes (for the first ranking
        asked for) over the model `model_of` gives of them."""
        super().__init__(id="boards-view")
        self.engine, self.model_of = engine, model_of
        self.lists, self.count, self.length, self.limit = lists, count, lists.length, guess_limit(count)
        self.fitted: BoardsFit | None = None  # how the boards fit the window, once it has a size
        self.asked: tuple[History, ...] | None = None  # the boards the ranking last asked for is of
        self.ranking: list[BoardsRanked] = []  # the ranking shown
        self._ranker: Ranker | None = None  # made for the first ranking asked for

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="boards-area"), Grid(id="boards"):
            for number in range(1, self.count + 1):
                yield SmallBoard(BoardView(number, self.limit, self.length), id=f"board-{number}")
        yield Static(id="boards-ranking")
        yield ShadedKeyboard(self.count, self.lists.alphabet, id="keyboard")

    def on_mount(self) -> None:
        self.watch(self.app, "marks", lambda _: self.fit(), init=False)  # marks take a cell of a compact tile

    def on_unmount(self) -> None:
        if self._ranker is not None:
            self._ranker.close()

    def on_resize(self, event: Resize) -> None:
        self.fit()

    def fit(self) -> None:
        """Lay the boards, the ranking and the keys out as boards_fit.py says for this window."""
        if not self.size.area:
            return
        marks = bool(self.app.marks)
        key_rows = len(self.query_one(ShadedKeyboard).rows)
        fit = fit_boards(self.count, self.length, self.limit, *self.size, marks, self.ranking_shown, key_rows)
        grid = self.query_one("#boards", Grid)
        grid.styles.grid_size_columns = fit.columns
        # Full tiles a column apart from the next board's read as one board: the column holds a line instead.
        ruled = not fit.compact and fit.gutter == 1
        grid.styles.grid_gutter_vertical = 0 if ruled else fit.gutter  # Textual's vertical gutters part columns
        grid.styles.grid_gutter_horizontal = fit.row_gap
        grid.styles.margin = (fit.margin, 0, 0, 0)
        for index, board in enumerate(self.query(SmallBoard)):
            board.fold(fit.compact, marks, ruled and index % fit.columns > 0)
        ranking = self.query_one("#boards-ranking", Static)
        ranking.set_class(fit.ranking == FOLDED, "-folded")
        ranking.styles.max_height = RANKING_LINES[fit.ranking] or None
        self.query_one(ShadedKeyboard).set_class(fit.key_gaps, "-spaced")
        changed, self.fitted = fit != self.fitted, fit
        if changed:
            self.draw_ranking()
            self.post_message(RestingChanged())  # the screen's message line may say what the window lacks

    def resting(self) -> str:
        """What the screen's message line says while it has nothing else to say: what a window too small lacks."""
        fit = self.fitted
        if fit is None:
            return ""
        if fit.wanted:
            width, height = fit.wanted
            return f"All boards need {width}x{height}: PageDown scrolls"
        if fit.ranking_height:
            return f"The ranking needs a window {fit.ranking_height} rows high"
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
        self.fit()  # the ranking takes room of its own, or gives it back

    @property
    def in_sight(self) -> bool:
        """Whether a ranking is on screen now: asked for, arrived, and with room in the window."""
        return self.ranking_shown and bool(self.ranking) and self.fitted is not None and self.fitted.ranking != FOLDED

    def rank(self, boards: tuple[History, ...]) -> None:
        """Rank the guesses for `boards` in the pool (a newer ranking stops this one), and show them if
        they are still the boards asked for; boards with nothing to rank say so (every board solved, or the
        one answer left on each board still open, named)."""
        from ...core.strategies.boards import BoardsState, nothing_to_rank_on_boards  # the engine, once asked for

        self.asked, self.ranking = boards, []
        if self._ranker is None:
            self._ranker = self.engine()
        self._ranker.cancel()
        ranking = self.query_one("#boards-ranking", Static)
        if (settled := nothing_to_rank_on_boards(BoardsState(self.model_of(self.lists), boards))) is not None:
            ranking.update(Text(settled, style="bold"))
            return
        ranking.update(Text("Ranking the guesses for every board…", style="dim"))
        self._rank(self._ranker, boards)

    def settle(self, said: str) -> None:
        """No ranking any more, the game being over: `said` in its place."""
        self.asked, self.ranking = None, []
        if self._ranker is not None:
            self._ranker.cancel()
        self.query_one("#boards-ranking", Static).update(Text(said, style="bold"))

    @work(thread=True, exclusive=True, group="boards-ranking", exit_on_error=False)
    def _rank(self, ranker: Ranker, boards: tuple[History, ...]) -> None:
        try:
            ranking = ranker.boards(self.model_of(self.lists), boards, HINTS)
        except Cancelled:
            return
        self.app.call_from_thread(self.ranked, boards, ranking)

    def ranked(self, boards: tuple[History, ...], ranking: list[BoardsRanked]) -> None:
        if boards == self.asked and self.ranking_shown:  # else the game moved on meanwhile
            self.show_ranking(ranking)

    def show_ranking(self, ranking: list[BoardsRanked]) -> None:
        self.ranking = ranking
        self.draw_ranking()

    def draw_ranking(self) -> None:
        """The ranking as the window has room for it: a table, or the best guesses on one line."""
        if not self.ranking or self.fitted is None:
            return
        ranking = self.query_one("#boards-ranking", Static)
        if self.fitted.ranking == LINE:
            ranking.update(ranking_line(self.ranking, self.size.width - 4))
        else:
            ranking.update(ranking_table(self.ranking))
        if self.in_sight:
            self.post_message(HintsSeen())


def ranking_table(ranking: list[BoardsRanked]) -> Group:
    """The best next guesses for every board at once, with their figures and the boards each can solve."""
    table = Table(box=None, padding=(0, 1))
    for heading in ("#", "guess", "guesses", "bits", "can solve"):
        table.add_column(heading, justify="left" if heading in ("guess", "can solve") else "right")
    for place, row in enumerate(ranking, start=1):
        solves = ", ".join(f"board {n}" for n in row.boards)
        table.add_row(str(place), capitals(row.word), f"{row.score:.2f}", f"{row.entropy:.2f}", solves)
    title = Text("Best next guesses, every board at once", style="bold")
    caption = Text(
        "guesses: each board's expected guesses after it, added up; a board with one answer left goes first",
        style="dim",
    )
    return Group(title, table, caption)


def ranking_line(ranking: list[BoardsRanked], width: int) -> Text:
    """The best next guesses on one line of `width` columns, as many as fit whole: each with the guesses it
    leaves every board, added up, and the boards it may solve."""
    line = Text("Best: ", style="bold")
    for place, row in enumerate(ranking):
        solves = f" may solve {numbers_of(row.boards)}" if row.boards else ""
        item = f"{' · ' if place else ''}{capitals(row.word)} {row.score:.1f}{solves}"
        if line.cell_len + len(item) > width:
            break
        line.append(item)
    if line.cell_len + len(LEFT) <= width:
        line.append(LEFT, style="dim")
    return line


def numbers_of(boards: Sequence[int]) -> str:
    """Board numbers, runs of them shortened: `1-3, 5`."""
    runs: list[list[int]] = []
    for number in boards:
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    return ", ".join(f"{run[0]}-{run[-1]}" if len(run) > 2 else ", ".join(map(str, run)) for run in runs)


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

    def __init__(self, length: int, alphabet: str):
        super().__init__(id="absurdle-view")
        self.length, self.alphabet = length, alphabet

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="absurdle-area"):
            yield SmallBoard(BoardView(1, ROWS_SHOWN, self.length, title="ABSURDLE"), id="absurdle-board")
        yield Keyboard(self.alphabet, id="keyboard")

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
