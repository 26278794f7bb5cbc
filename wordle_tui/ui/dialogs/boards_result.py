"""The result of a game of several boards: each board's answer and guesses, and the text to share."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Footer, Static

from ...core.rules.boards import BoardsGame, game_name
from ...storage.records import Stats
from ..host import HostDialog


class BoardsResultScreen(HostDialog[str]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss", "Close"),
        Binding("c", "copy", "Copy result"),
        Binding("n", "new_game", "New game"),
    ]

    def __init__(self, game: BoardsGame, share: str, stats: Stats):
        super().__init__()
        self.game, self.share, self.stats = game, share, stats

    def compose(self) -> ComposeResult:
        game = self.game
        name = game_name(len(game.answers))
        if game.won:
            verdict = f"{name}: every board solved in {len(game.guesses)} of {game.limit} guesses"
        else:
            solved = sum(n is not None for n in game.solved_in())
            verdict = f"{name}: {solved} of {len(game.answers)} boards solved, out of guesses"
        with VerticalScroll(id="boards-result", classes="dialog"):
            yield Static(verdict, classes="dialog-title verdict")
            lines = [
                f"{number}. {answer.upper()}  " + (f"guess {taken}" if taken is not None else "not solved")
                for number, (answer, taken) in enumerate(zip(game.answers, game.solved_in()), start=1)
            ]
            yield Static("\n".join(lines))
            stats = self.stats
            yield Static(f"STATISTICS · {name} on the {self.app.lists.name} lists", classes="dialog-heading")
            average = f"{stats.average:.2f}" if stats.wins else "—"
            yield Static(
                f"{stats.played} played · {stats.win_percent}% won · streak {stats.current_streak} "
                f"(best {stats.max_streak}) · {average} guesses a win",
                id="boards-figures",
            )
            yield Static("TO SHARE · c copies it, or select it", classes="dialog-heading")
            yield Static(self.share, id="share-text", classes="share-text")
            yield Static("c copy · n new game · Esc close", classes="dialog-keys")
        yield Footer(compact=True, show_command_palette=False)

    def action_copy(self) -> None:
        self.app.share(self.share, "the result")

    def action_new_game(self) -> None:
        self.dismiss("new")
