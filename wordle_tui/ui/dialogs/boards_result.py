"""The result of a game of several boards: each board's answer and guesses, and the text to share."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Footer, Static

from ...core.rules.boards import BoardsGame, game_name
from ..host import HostDialog


class BoardsResultScreen(HostDialog[str]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss", "Close"),
        Binding("c", "copy", "Copy result"),
        Binding("n", "new_game", "New game"),
    ]

    def __init__(self, game: BoardsGame, share: str):
        super().__init__()
        self.game, self.share = game, share

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
            yield Static("TO SHARE · c copies it, or select it", classes="dialog-heading")
            yield Static(self.share, id="share-text", classes="share-text")
            yield Static("c copy · n new game · Esc close", classes="dialog-keys")
        yield Footer(compact=True, show_command_palette=False)

    def action_copy(self) -> None:
        self.app.share(self.share, "the result")

    def action_new_game(self) -> None:
        self.dismiss("new")
