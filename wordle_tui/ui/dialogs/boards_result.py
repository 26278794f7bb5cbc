"""The statistics of games of several boards, and, once a game is over, each board's answer and guesses and
the text to share."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Footer, Static

from ...core.rules.boards import BoardsGame, game_name
from ...core.rules.variant import Variant
from ...core.rules.words import capitals
from ...storage.records import Stats
from ..host import HostDialog, read_aside
from ..widgets.dialog_frame import DialogFrame
from .statistics import COUNTING, UNCOUNTED, UNREAD

if TYPE_CHECKING:
    from ...storage.store import Store


def boards_verdict(boards: int, solved: int, guesses: int, limit: int) -> str:
    """`Quordle: every board solved in 7 of 9 guesses`, or how many were, out of guesses."""
    name = game_name(boards)
    if solved == boards:
        return f"{name}: every board solved in {guesses} of {limit} guesses"
    return f"{name}: {solved} of {boards} boards solved, out of guesses"


class BoardsResultScreen(HostDialog[str]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss", "Close"),
        Binding("c", "copy", "Copy result"),
        Binding("n", "new_game", "New game"),
    ]

    def __init__(self, game: BoardsGame, share: str, lists: str, store: Store):
        """`share` is shown once `game` is over; before, the statistics (of the games of that many boards on
        `lists`, kept in `store`) alone, and no answer."""
        super().__init__()
        self.game, self.share, self.lists, self.store = game, share, lists, store

    def compose(self) -> ComposeResult:
        game = self.game
        name = game_name(len(game.answers))
        solved_in = game.solved_in()
        solved = sum(n is not None for n in solved_in)
        if game.over:
            verdict = boards_verdict(len(game.answers), solved, len(game.guesses), game.limit)
        else:
            verdict = f"{name} in progress: {solved} of {len(game.answers)} boards solved, guess {len(game.guesses)}"
        with DialogFrame(id="boards-result", classes="dialog"):
            yield Static(verdict, classes="dialog-title verdict")
            if game.over:
                lines = [
                    f"{number}. {capitals(answer)}  " + (f"guess {taken}" if taken is not None else "not solved")
                    for number, (answer, taken) in enumerate(zip(game.answers, solved_in), start=1)
                ]
                yield Static("\n".join(lines))
            yield Static(f"STATISTICS · {name} on the {self.lists} lists", classes="dialog-heading")
            yield Static(Text(COUNTING, style="dim italic"), id="boards-figures")
            if game.over:
                yield Static("TO SHARE · c copies it, or select it", classes="dialog-heading")
                yield Static(self.share, id="share-text", classes="share-text")
            yield Static(f"{'c copy · ' if game.over else ''}n new game · Esc close", classes="dialog-keys")
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        """The statistics, read off the app's thread (another program may hold the games' database a while)."""
        store, lists, boards = self.store, self.lists, len(self.game.answers)
        read_aside(self, lambda: store.stats(lists, variant=Variant(boards), unread=UNREAD), self.show_figures)

    def show_figures(self, stats: Stats) -> None:
        figures = self.query_one("#boards-figures", Static)
        if stats is UNREAD:
            figures.update(Text(UNCOUNTED, style="bold"))
            return
        average = f"{stats.average:.2f}" if stats.wins else "—"
        figures.update(
            f"{stats.played} played · {stats.win_percent}% won · streak {stats.current_streak} "
            f"(best {stats.max_streak}) · {average} guesses a win"
        )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return action != "copy" or self.game.over  # nothing to share before the game is over

    def action_copy(self) -> None:
        self.app.share(self.share, "the result")

    def action_new_game(self) -> None:
        self.dismiss("new")
