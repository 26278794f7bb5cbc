"""Watch the bot play several boards at once (see bot.py): a guess a step, the ranking for every board
behind it, and a running score of the games watched here."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType

from ...core.rules.boards import BoardsGame
from ...core.rules.game import History
from ...core.rules.words import capitals
from ..host import Means
from .bot import DELAYS, NEXT_KEY, PACE_KEYS, PAUSE_KEYS, Bot
from .mode import ModeScreen
from .views import HINTS, SCROLL_HELP, BoardsView, board_views, game_title

if TYPE_CHECKING:
    from ...core.rules.setup import Setup
    from ...core.strategies.boards import BoardsRanked


class WatchBoardsScreen(Bot, ModeScreen):
    """Several boards at once: a guess a step, the ranking for every board behind it, and a running score
    of the games watched here."""

    MODE_TITLE = "Watch"
    BINDINGS: ClassVar[list[BindingType]] = [*PAUSE_KEYS, *PACE_KEYS, NEXT_KEY]
    KEY_HELP: ClassVar[tuple[str, ...]] = (SCROLL_HELP,)
    game: BoardsGame  # the bot's game, from the screen's mount on

    def __init__(self, setup: Setup, means: Means) -> None:
        super().__init__(setup, means)
        self.count = setup.variant.boards
        self.results: list[int | None] = []  # guesses per game watched here; None where not solved in time

    def game_area(self) -> ComposeResult:
        self.view = BoardsView(self.count, self.lists, self.means.ranker, self.means.model_of)
        yield self.view

    def on_mount(self) -> None:
        self.view.ranking_shown = True  # why the bot plays what it plays

    def resting(self) -> str:
        return self.view.resting()

    def start(self) -> None:
        self.game = BoardsGame(tuple(self.means.rng.sample(self.lists.answers, self.count)), self.lists)
        self.redraw()
        self.say(f"The answers are {' '.join(capitals(a) for a in self.game.answers)}; the bot does not know them.")

    def redraw(self) -> None:
        game = self.game
        self.view.show(board_views(game, self.lists.length), game.boards)
        watched = f" · game {self.game_number} · {self.pace()}"
        self.set_title(game_title(game) + watched, game_title(game, short=True) + watched)

    def score(self) -> str:
        """The games watched so far: how many, and their average guesses."""
        solved = [n for n in self.results if n is not None]
        average = f", average {sum(solved) / len(solved):.2f}" if solved else ""
        return f"{len(self.results)} watched, {len(solved)} solved in time{average}"

    @property
    def bot_over(self) -> bool:
        return self.game.over

    def position(self) -> tuple[History, ...]:
        return self.game.boards

    def choose(self, position: tuple[History, ...]) -> list[BoardsRanked]:
        return self.engine.boards(self.model, position, HINTS)

    def apply(self, move: list[BoardsRanked]) -> None:
        self.view.show_ranking(move)
        self.game.guess(move[0].word)
        self.redraw()

    def game_ended(self) -> None:
        game = self.game
        self.results.append(len(game.guesses) if game.won else None)
        verdict = f"Solved every board in {len(game.guesses)} of {game.limit}" if game.won else "Out of guesses"
        self.say(f"{verdict} · {self.score()} · n: next game", seconds=None)
        if self.running:
            self.set_timer(max(DELAYS[self.speed] * 3, 1.0), self.next_if_running)

    def show_pace(self) -> None:
        self.redraw()
