"""Play several boards at once (Dordle, Quordle, Octordle): each guess goes on every unsolved board, a
solved board stays as it was, and the keyboard shows each letter's colour on every board."""

from __future__ import annotations

import uuid
from typing import TYPE_CHECKING, ClassVar

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, VerticalScroll
from textual.events import Mount, Resize
from textual.widgets import Static

from ...core.cancel import Cancelled
from ...core.rules.boards import BoardsGame, boards_share_text, game_name
from ...core.rules.feedback import digits_of
from ...core.rules.game import GuessError, History, letter_states
from ...storage.records import BOARDS, GameRecord, finished_now
from ...storage.saved import SavedBoards
from ..dialogs.boards_result import BoardsResultScreen
from ..dialogs.confirm import ConfirmScreen
from ..widgets.small_boards import BoardView, ShadedKeyboard, SmallBoard, keyboard_lines
from .mode import TypingScreen

if TYPE_CHECKING:
    from ...core.strategies.boards import BoardsRanked
    from ...core.strategies.ranking import Ranker

GUTTER = 3  # columns between two boards
HINTS = 6  # guesses the ranking shows: it shares the room under the boards with them
RANKING_LEAST = 5  # lines the ranking needs to be worth showing: its title, its headings and three guesses


class BoardsScreen(TypingScreen):
    MODE_TITLE = "Play"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+n", "new_game", "New game"),
        Binding("ctrl+s", "result", "Stats"),
        Binding("ctrl+t", "toggle_hints", "Hints"),
    ]
    KEY_HELP: ClassVar[tuple[str, ...]] = (
        "letters type (or click the on-screen keyboard)",
        "Enter guesses on every board",
        "Backspace deletes",
    )
    DEFAULT_CSS = """
    BoardsScreen .boards-area {
        height: 1fr;
        width: 100%;
        align-horizontal: center;
    }

    BoardsScreen #boards-ranking {
        display: none;  /* until hints are asked for */
        height: auto;
        width: auto;
        margin: 0 2;
    }

    BoardsScreen #boards-ranking.-shown {
        display: block;  /* cut to the room a row of boards leaves it (see fit_ranking) */
    }

    BoardsScreen #boards-ranking.-folded {
        display: none;
    }

    BoardsScreen #boards {
        grid-gutter: 1 3;  /* GUTTER columns */
        margin-top: 1;
        grid-rows: auto;
        grid-columns: auto;
        width: auto;
        height: auto;
    }
    """

    game: BoardsGame  # the game on the boards, from the screen's mount on

    def __init__(self, count: int = 4) -> None:
        super().__init__()
        self.count = count  # how many boards: Quordle's four unless told
        self.typed = ""
        self.game_id = ""
        self.hints: list[BoardsRanked] = []  # the ranking shown
        self.ranking_short = 0  # lines the window lacks for the ranking under a row of boards (see fit_ranking)

    def compose(self) -> ComposeResult:
        yield from self.title_bar()
        with VerticalScroll(classes="boards-area"), Grid(id="boards"):
            for number in range(1, self.count + 1):
                yield SmallBoard(self.view_of(number), id=f"board-{number}")
        yield Static(id="boards-ranking")
        yield ShadedKeyboard(self.count, id="keyboard")
        yield from self.footer()

    def on_mount(self, event: Mount) -> None:
        self.engine: Ranker = self.app.ranker()  # a newer ranking asked for here stops the older one
        self.fit_columns()
        saved = self.app.store.saved_boards(self.app.lists.name, self.count)
        if saved is not None and self.resume(saved):
            return
        self.start()

    def on_unmount(self) -> None:
        self.engine.close()

    def on_resize(self, event: Resize) -> None:
        self.fit_columns()
        self.call_after_refresh(self.fit_ranking)  # once the title, message line and footer are laid out

    def fit_columns(self) -> None:
        """As many boards a line as the window has room for: all of them, four, two or one."""
        width = self.app.lists.length * 4 - 1 + GUTTER
        room = (self.app.size.width - 2 + GUTTER) // width
        columns = next(n for n in (self.count, 4, 2, 1) if n <= min(room, self.count) or n == 1)
        self.query_one("#boards", Grid).styles.grid_size_columns = columns

    def fit_ranking(self) -> None:
        """The ranking takes the room under the boards that a row of them leaves it, with the whole keyboard
        below; with less than it needs, it folds away and the message line says so (see resting)."""
        ranking, area, keyboard = (self.query_one(name) for name in ("#boards-ranking", ".boards-area", "#keyboard"))
        fixed = sum(widget.outer_size.height for widget in self.children if widget not in (ranking, area, keyboard))
        row = self.query_one(SmallBoard).outer_size.height + self.query_one("#boards").styles.margin.top
        room = self.size.height - fixed - keyboard_lines(self.count, self.size.width) - row
        ranking.styles.max_height = max(room, RANKING_LEAST)
        ranking.set_class(room < RANKING_LEAST, "-folded")
        self.ranking_short = max(0, RANKING_LEAST - room)
        if not self.message:
            self.say("")

    def resting(self) -> str:
        if self.hints_shown and self.ranking_short:
            return f"The ranking needs a window {self.size.height + self.ranking_short} rows high"
        return ""

    def view_of(self, number: int) -> BoardView:
        length = self.app.lists.length
        view = BoardView(number, self.count + 5, length)
        if not hasattr(self, "game"):
            return view
        game, board = self.game, self.game.boards[number - 1]
        view.rows = [(guess, digits_of(pattern, length)) for guess, pattern in board]
        view.solved_in = game.solved_in()[number - 1]
        view.typed = self.typed
        if game.lost and view.solved_in is None:
            view.answer_shown = game.answers[number - 1]
        return view

    def start(self, answers: tuple[str, ...] | None = None) -> None:
        """A new game: against `answers`, else as many different random words of the answer list."""
        lists = self.app.lists
        if answers is None:
            answers = tuple(self.app.rng.sample(lists.answers, self.count))
        if self.game_id:
            self.app.store.clear_game(self.game_id)  # a game left with no guess played is not kept
        self.game = BoardsGame(answers, lists)
        self.game_id, self.typed = uuid.uuid4().hex, ""
        self.redraw()
        self.save()
        self.refresh_hints()

    def resume(self, saved: SavedBoards) -> bool:
        """Carry on a saved game; False if its words do not fit these lists."""
        game = BoardsGame(tuple(saved.answers), self.app.lists)
        try:
            for guess in saved.guesses:
                game.guess(guess)
        except GuessError:
            return False
        self.game, self.game_id, self.typed = game, saved.id, ""
        self.redraw()
        if game.over:
            self.record()
            self.finish()
        return True

    def save(self) -> None:
        if not self.game.over:
            saved = SavedBoards(self.game_id, list(self.game.answers), list(self.game.guesses), self.app.lists.name)
            self.app.store.save_boards(saved)

    def redraw(self) -> None:
        for number in range(1, self.count + 1):
            self.query_one(f"#board-{number}", SmallBoard).show(self.view_of(number))
        game = self.game
        states = [letter_states(board) for board in game.boards]
        done = [n is not None for n in game.solved_in()]
        self.query_one("#keyboard", ShadedKeyboard).show(states, done)
        solved = sum(done)
        self.set_title(
            f"{game_name(self.count)} · {solved} of {self.count} solved · guess {len(game.guesses)}/{game.limit}"
        )

    # -- the ranking for every board at once ---------------------------------------------------------

    @property
    def hints_shown(self) -> bool:
        return self.query_one("#boards-ranking", Static).has_class("-shown")

    def action_toggle_hints(self) -> None:
        """Show or hide the best next guesses for all the boards at once (see strategies/boards.py)."""
        self.query_one("#boards-ranking", Static).set_class(not self.hints_shown, "-shown")
        self.say("")  # a short window says how tall a window the ranking needs, or no longer needs to
        self.refresh_hints()

    def refresh_hints(self) -> None:
        if self.hints_shown and not self.game.over:
            self.query_one("#boards-ranking", Static).update(Text("Ranking the guesses for every board…", style="dim"))
            self.rank(self.game.boards)

    @work(thread=True, exclusive=True, group="boards-ranking", exit_on_error=False)
    def rank(self, boards: tuple[History, ...]) -> None:
        """The ranking, computed in the pool (a newer one stops this one), then shown if still wanted."""
        try:
            ranking = self.engine.boards(self.app.model, boards, HINTS)
        except Cancelled:
            return
        self.app.call_from_thread(self.show_ranking, boards, ranking)

    def current_boards(self) -> tuple[History, ...]:
        """The boards as they stand: what a ranking must still be for to be shown."""
        return self.game.boards

    def show_ranking(self, boards: tuple[History, ...], ranking: list[BoardsRanked]) -> None:
        if boards != self.current_boards() or not self.hints_shown:
            return  # the game moved on meanwhile
        self.hints = ranking
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

    def press(self, key: str) -> None:
        if self.game.over:
            return
        if key == "enter":
            self.submit()
            return
        self.edit_typed(key)
        self.redraw()

    def submit(self) -> None:
        if not self.play_typed(self.game):
            return
        self.redraw()
        if self.game.over:
            self.record()
            self.finish()
        else:
            self.save()
            self.refresh_hints()

    def record(self, abandoned: bool = False) -> None:
        """Count the finished (or `abandoned`) game in the statistics of games of this many boards."""
        game = self.game
        record = GameRecord(
            self.game_id,
            " ".join(game.answers),
            tuple(game.guesses),
            game.won and not abandoned,
            lists=self.app.lists.name,
            kind=BOARDS,
            finished=finished_now(),
        )
        self.app.store.record(record)
        self.app.store.clear_game(self.game_id)

    def finish(self) -> None:
        game = self.game
        if game.won:
            self.say(f"Every board solved in {len(game.guesses)} of {game.limit} guesses", seconds=None)
        else:
            self.say(f"Out of guesses: {' '.join(answer.upper() for answer in game.answers)}", seconds=None)
        self.action_result()

    def action_result(self) -> None:
        """The statistics of games of this many boards, with the result to share once the game is over."""

        def after(choice: str | None) -> None:
            if choice == "new":
                self.action_new_game()  # a game in progress is given up only if the player says so

        share = boards_share_text(self.game, self.app.high_contrast_squares)
        stats = self.app.store.boards_stats(self.app.lists.name, self.count)
        self.app.push_screen(BoardsResultScreen(self.game, share, stats), after)

    def action_new_game(self) -> None:
        if self.game.guesses and not self.game.over:
            played = len(self.game.guesses)
            question = (
                f"A game is in progress ({played} guess{'es' if played != 1 else ''} played). "
                "Give it up? It counts as a loss."
            )

            def answered(yes: bool | None) -> None:
                if yes:
                    self.record(abandoned=True)  # a game given up counts as a loss, as in play
                    self.new_game()

            self.app.push_screen(ConfirmScreen("GIVE UP THIS GAME?", question), answered)
        else:
            self.new_game()

    def new_game(self) -> None:
        self.say("")
        self.start()
