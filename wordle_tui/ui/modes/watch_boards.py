"""Watch the bot play several boards at once: a guess a step, the ranking for every board behind it, and a
running score of the games played here."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual import work
from textual.binding import Binding, BindingType
from textual.events import Key, Mount

from ...core.cancel import Cancelled
from ...core.rules.boards import BoardsGame
from ...core.rules.game import History
from ..widgets.keyboard import Keyboard
from .boards import HINTS, BoardsScreen
from .watch import DELAYS, START_SPEED, BotControls

if TYPE_CHECKING:
    from ...core.strategies.boards import BoardsRanked


class WatchBoardsScreen(BotControls, BoardsScreen, inherit_bindings=False):
    """Textual calls a handler of every class a screen is made of: those here stop the play screen's own
    (the bot's games are neither typed in nor kept)."""

    MODE_TITLE = "Watch"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space", "pause", "Pause"),
        Binding("s", "step", "Step"),
        Binding("plus,equals_sign", "faster", "Faster", key_display="+"),
        Binding("minus", "slower", "Slower", key_display="-"),
        Binding("n", "next_game", "Next"),
    ]
    KEY_HELP: ClassVar[tuple[str, ...]] = ()

    def __init__(self, count: int = 4) -> None:
        super().__init__(count)
        self.speed = START_SPEED
        self.running = True
        self.thinking = False
        self.game_number = 0
        self.results: list[int | None] = []  # guesses per game watched here; None where not solved in time

    def on_mount(self, event: Mount) -> None:
        event.prevent_default()
        self.query_one("#boards-ranking").add_class("-shown")  # why the bot plays what it plays
        self.engine = self.app.ranker()
        self.fit_columns()
        self.start()

    def save(self) -> None:
        """The bot's games are not kept: nothing to carry on."""

    def start(self, answers: tuple[str, ...] | None = None) -> None:
        self.game = BoardsGame(tuple(self.app.rng.sample(self.app.lists.answers, self.count)), self.app.lists)
        self.game_number += 1
        self.thinking = False
        self.redraw()
        self.say(f"The answers are {' '.join(a.upper() for a in self.game.answers)}; the bot does not know them.")
        if self.running:
            self.think()

    def redraw(self) -> None:
        super().redraw()
        pace = "paused" if not self.running else f"{DELAYS[self.speed]:g}s a guess"
        self.set_title(f"{self._detail} · game {self.game_number} · {pace}")

    def score(self) -> str:
        """The games watched so far: how many, and their average guesses."""
        solved = [n for n in self.results if n is not None]
        average = f", average {sum(solved) / len(solved):.2f}" if solved else ""
        return f"{len(self.results)} watched, {len(solved)} solved in time{average}"

    def refresh_hints(self) -> None:
        """The ranking comes with each of the bot's guesses (see think)."""

    def on_key(self, event: Key) -> None:
        event.prevent_default()  # no typing here: the bot plays

    def on_keyboard_pressed(self, event: Keyboard.Pressed) -> None:
        event.prevent_default()

    def think(self) -> None:
        if self.thinking or self.game.over:
            return
        self.thinking = True
        self._choose(self.game_number, self.game.boards)

    @work(thread=True, exclusive=True, group="bot", exit_on_error=False)
    def _choose(self, game: int, boards: tuple[History, ...]) -> None:
        try:
            ranking = self.engine.boards(self.app.model, boards, HINTS)
        except Cancelled:
            return
        self.app.call_from_thread(self.play, game, boards, ranking)

    def play(self, game: int, boards: tuple[History, ...], ranking: list[BoardsRanked]) -> None:
        if game != self.game_number or boards != self.game.boards:
            return  # a game left behind
        self.thinking = False
        self.show_ranking(boards, ranking)
        self.game.guess(ranking[0].word)
        self.redraw()
        if self.game.over:
            self.results.append(len(self.game.guesses) if self.game.won else None)
            self.redraw()
            verdict = (
                f"Solved every board in {len(self.game.guesses)} of {self.game.limit}"
                if self.game.won
                else "Out of guesses"
            )
            self.say(f"{verdict} · {self.score()} · n: next game", seconds=None)
            if self.running:
                self.set_timer(max(DELAYS[self.speed] * 3, 1.0), self.next_if_running)
        elif self.running:
            delay = DELAYS[self.speed]
            if delay:
                self.set_timer(delay, self.think_if_running)
            else:
                self.call_after_refresh(self.think_if_running)

    def think_if_running(self) -> None:
        if self.running:
            self.think()

    def next_if_running(self) -> None:
        if self.running and self.game.over:
            self.action_next_game()

    @property
    def bot_over(self) -> bool:
        return self.game.over

    def show_pace(self) -> None:
        self.redraw()

    def action_next_game(self) -> None:
        self.engine.cancel()  # a guess still being chosen for the game left behind
        self.start()
