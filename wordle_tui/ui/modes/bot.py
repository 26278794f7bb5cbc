"""The bot's loop, one for every game it plays: it chooses a move in a thread (through the screen's Ranker,
so that a newer choice stops an older one), the move comes back as a message, and the screen applies it
unless its game has moved on; then, while the bot runs, the next move after the pace's delay. Pause,
one step, faster and slower drive it, and it waits while another screen is in front."""

from __future__ import annotations

from typing import TYPE_CHECKING, Generic, TypeVar

from textual import work
from textual.binding import Binding
from textual.worker import Worker, WorkerState

from ...core.cancel import Cancelled
from ..messages import BotMoved

if TYPE_CHECKING:
    from collections.abc import Callable

    from ...core.strategies.ranking import Ranker
    from ..host import Means

DELAYS = (3.0, 2.0, 1.0, 0.5, 0.25, 0.1, 0.0)  # seconds between moves, slowest first
START_SPEED = 2
# The bot's keys, for a watch screen's bindings (Textual takes a screen's bindings from its screen classes only).
PAUSE_KEYS = [Binding("space", "pause", "Pause"), Binding("s", "step", "Step")]
PACE_KEYS = [
    Binding("plus,equals_sign", "faster", "Faster", key_display="+"),
    Binding("minus", "slower", "Slower", key_display="-"),
]
NEXT_KEY = Binding("n", "next_game", "Next")

Position = TypeVar("Position")
Move = TypeVar("Move")


if TYPE_CHECKING:
    from ..host import HostScreen as Screen  # what the bot is mixed into
else:
    Screen = object


class Bot(Generic[Position, Move], Screen):
    """The bot's loop, mixed into a watch screen. The screen sets up and draws a new game (`start`), and
    gives the position to choose from (`position`), the choice itself, run in a thread (`choose`, which
    raises Cancelled when stopped), what a move does to its game (`apply`), whether the game is over
    (`bot_over`), what follows a game's end (`game_ended`) and how it shows the pace (`show_pace`)."""

    engine: Ranker  # the bot's: a newer choice stops an older one, and a new game stops both
    means: Means  # the watch screen's (see ModeScreen)
    speed = START_SPEED
    running = True
    thinking = False
    game_number = 0
    turn = 0  # counts the positions the bot was in: a move chosen for an older one is dropped
    running_when_left = False  # running when another screen came in front

    if TYPE_CHECKING:  # each watch screen has its own

        def start(self) -> None: ...

        def position(self) -> Position: ...

        def choose(self, position: Position) -> Move: ...

        def apply(self, move: Move) -> None: ...

        @property
        def bot_over(self) -> bool: ...

        def game_ended(self) -> None: ...

        def show_pace(self) -> None: ...

        def say(self, text: str, seconds: float | None = ..., error: bool = ...) -> None: ...

    @property
    def goes_on(self) -> bool:
        """Whether a finished game gives way to the next when the bot is resumed."""
        return True

    def show_thinking(self, thinking: bool) -> None:
        """Show that the bot is choosing (or no longer is), where the screen shows it."""

    def on_mount(self) -> None:
        self.engine = self.means.ranker()
        self.new_game()

    def on_unmount(self) -> None:
        self.engine.close()

    def on_screen_suspend(self) -> None:
        self.running_when_left = self.running
        if self.running:
            self.action_pause()

    def on_screen_resume(self) -> None:
        if self.running_when_left and not self.running:
            self.action_pause()
        self.running_when_left = False

    def pace(self) -> str:
        return "paused" if not self.running else f"{DELAYS[self.speed]:g}s a guess"

    def new_game(self) -> None:
        """The bot's next game, played at once if it runs: a move still being chosen for the one left behind
        is stopped and dropped."""
        self.engine.cancel()
        self.game_number += 1
        self.turn += 1
        self.thinking = False
        self.show_thinking(False)
        self.start()
        if self.running:
            self.think()

    def action_next_game(self) -> None:
        self.say("")
        self.new_game()

    def think(self) -> None:
        """Ask for the bot's next move, unless it is already choosing or the game is over."""
        if self.thinking or self.bot_over:
            return
        self.thinking = True
        self.show_thinking(True)
        self._choose(self.turn, self.position())

    @work(thread=True, exclusive=True, group="bot", exit_on_error=False)
    def _choose(self, turn: int, position: Position) -> None:
        try:
            move: Move | None = self.choose(position)
        except Cancelled:
            move = None
        self.post_message(BotMoved(turn, move))

    def on_bot_moved(self, message: BotMoved) -> None:
        if message.turn != self.turn:
            return  # chosen for a position left behind
        self.thinking = False
        self.show_thinking(False)
        if message.move is None:
            return  # stopped: the screen is closing
        self.turn += 1
        self.apply(message.move)
        if self.bot_over:
            self.game_ended()
        elif self.running:
            self.after(DELAYS[self.speed], self.think_if_running)
        self.show_pace()

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.state == WorkerState.ERROR and event.worker.group == "bot":
            self.thinking, self.running = False, False
            self.show_thinking(False)
            self.say(f"The bot could not choose a guess: {event.worker.error}", seconds=None, error=True)
            self.show_pace()

    def after(self, seconds: float, callback: Callable[[], object]) -> None:
        """Call back after a pause; at full speed, as soon as the screen has drawn."""
        if seconds:
            self.set_timer(seconds, callback)
        else:
            self.call_after_refresh(callback)

    def think_if_running(self) -> None:
        if self.running:
            self.think()

    def next_if_running(self) -> None:
        """The next game, if the bot still runs and the game is still over (see game_ended)."""
        if self.running and self.goes_on and self.bot_over:
            self.action_next_game()

    def action_pause(self) -> None:
        self.running = not self.running
        if self.running:
            if self.bot_over and self.goes_on:
                self.action_next_game()
            else:
                self.think()
        self.show_pace()

    def action_step(self) -> None:
        """One move (or, the game over, the next game), then paused."""
        self.running = False
        if self.bot_over:
            self.action_next_game()
        else:
            self.think()
        self.show_pace()

    def action_faster(self) -> None:
        self.speed = min(self.speed + 1, len(DELAYS) - 1)
        self.show_pace()

    def action_slower(self) -> None:
        self.speed = max(self.speed - 1, 0)
        self.show_pace()
