"""Watch the bot play Absurdle: the shortest line that always wins, as `wordle-tui absurdle` searches
it (once, in the pool, when the first game starts); where no line of eight guesses or fewer wins,
each guess the one whose largest group is smallest, so that the adversary keeps the fewest answers."""

from __future__ import annotations

from typing import ClassVar

from textual import work
from textual.binding import Binding, BindingType
from textual.events import Key, Mount

from ...core.cancel import Cancelled
from ...core.rules.game import History
from ..widgets.keyboard import Keyboard
from .absurdle import AbsurdleScreen
from .watch import DELAYS, START_SPEED


class WatchAbsurdleScreen(AbsurdleScreen, inherit_bindings=False):
    """Textual calls a handler of every class a screen is made of: those here stop the play screen's own
    (the bot's games are neither typed in nor kept)."""

    MODE_TITLE = "Watch"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space", "pause", "Pause"),
        Binding("s", "step", "Step"),
        Binding("n", "next_game", "Next"),
    ]
    KEY_HELP: ClassVar[tuple[str, ...]] = ()

    def __init__(self) -> None:
        super().__init__()
        self.running = True
        self.thinking = False
        self.game_number = 0
        self.line: tuple[str, ...] | None = None  # the shortest line that wins; () none found; None not searched

    def on_mount(self, event: Mount) -> None:
        event.prevent_default()
        self.engine = self.app.ranker()
        self.start()

    def on_unmount(self) -> None:
        self.engine.close()

    def on_key(self, event: Key) -> None:
        event.prevent_default()  # no typing here: the bot plays

    def on_keyboard_pressed(self, event: Keyboard.Pressed) -> None:
        event.prevent_default()

    def save(self) -> None:
        """The bot's games are not kept."""

    def start(self) -> None:
        super().start()
        self.game_number += 1
        self.thinking = False
        if self.line is None:
            self.say(
                "The bot searches the fewest guesses that always beat Absurdle, once: seconds "
                "(about 20 on the nyt lists)",
                seconds=None,
            )
        else:
            self.say_plan()
        if self.running:
            self.think()

    def think(self) -> None:
        if self.thinking or self.game.won:
            return
        self.thinking = True
        self._choose(self.game_number, tuple(self.game.rows))

    def say_plan(self) -> None:
        if self.line:
            self.say(f"The bot plays the shortest line that always wins: {len(self.line)} guesses", seconds=None)
        else:
            self.say("No line of 8 guesses wins: the bot leaves Absurdle the fewest answers it can", seconds=None)

    @work(thread=True, exclusive=True, group="bot", exit_on_error=False)
    def _choose(self, game: int, rows: History) -> None:
        try:
            line = self.line
            if line is None:
                line = self.engine.absurdle_line(self.app.model)
                self.app.call_from_thread(self.found, line)
            if tuple(word for word, _ in rows) == line[: len(rows)] and len(rows) < len(line):
                word = line[len(rows)]
            else:
                word = self.engine.absurdle_move(self.app.model, rows)
        except Cancelled:
            return
        self.app.call_from_thread(self.play, game, rows, word)

    def found(self, line: tuple[str, ...]) -> None:
        self.line = line
        self.say_plan()

    def play(self, game: int, rows: History, word: str) -> None:
        if game != self.game_number or rows != tuple(self.game.rows):
            return  # a game left behind
        self.thinking = False
        self.game.guess(word)
        self.redraw()
        if self.game.won:
            self.say(f"Beaten in {len(self.game.rows)} guesses · n: next game", seconds=None)
        elif self.running:
            self.set_timer(DELAYS[START_SPEED], self.think_if_running)

    def think_if_running(self) -> None:
        if self.running:
            self.think()

    def action_pause(self) -> None:
        self.running = not self.running
        if self.running:
            self.think()

    def action_step(self) -> None:
        """One guess, then paused."""
        self.running = False
        self.think()

    def action_next_game(self) -> None:
        self.engine.cancel()
        self.start()
