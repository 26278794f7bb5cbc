"""Watch the bot play Absurdle (see bot.py) along the shortest line that always beats it."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType

from ...core.rules.absurdle import AbsurdleGame
from ...core.rules.game import History
from ..host import Means
from .bot import NEXT_KEY, PAUSE_KEYS, Bot
from .mode import ModeScreen
from .views import AbsurdleView

if TYPE_CHECKING:
    from ...core.rules.setup import Setup

# How long the search for the shortest line that always wins takes, by the letters of the words (measured on
# the shipped lists of each length, one core); said in full, the message line would not hold it.
SEARCH_TAKES = {4: "about 3 minutes", 5: "about 20 s", 6: "about 15 s", 7: "about 45 s"}
SEARCH_TAKES |= {length: "a second or so" for length in range(8, 12)}


class WatchAbsurdleScreen(Bot, ModeScreen):
    """Absurdle: the shortest line that always wins, as `wordle-tui absurdle` searches it (once, in the
    pool, when the first game starts); where no line of eight guesses or fewer wins, each guess the one
    whose largest group is smallest, so that the adversary keeps the fewest answers."""

    MODE_TITLE = "Watch"
    BINDINGS: ClassVar[list[BindingType]] = [*PAUSE_KEYS, NEXT_KEY]
    game: AbsurdleGame  # from the screen's mount on

    def __init__(self, setup: Setup, means: Means) -> None:
        super().__init__(setup, means)
        self.line: tuple[str, ...] | None = None  # the shortest line that wins; () none found; None not searched

    def game_area(self) -> ComposeResult:
        yield AbsurdleView(self.lists.length, self.lists.alphabet)

    def start(self) -> None:
        self.game = AbsurdleGame(self.lists)
        self.redraw()
        if self.line is None:
            took = SEARCH_TAKES.get(self.lists.length, "a minute or so")
            self.say(f"Searching the fewest guesses that always win, once: {took}", seconds=None)
        else:
            self.say_plan()

    def redraw(self) -> None:
        game = self.game
        self.query_one(AbsurdleView).show(tuple(game.rows), "", game.won)
        left = "beaten" if game.won else f"{len(game.left):,} answer{'s' if len(game.left) != 1 else ''} left"
        self.set_title(f"Absurdle · guess {len(game.rows)} · {left}")

    def say_plan(self) -> None:
        if self.line:
            self.say(f"The bot plays the shortest line that always wins: {len(self.line)} guesses", seconds=None)
        else:
            self.say("No line of 8 guesses wins: the bot leaves Absurdle the fewest answers it can", seconds=None)

    @property
    def bot_over(self) -> bool:
        return self.game.won

    @property
    def goes_on(self) -> bool:
        return False  # a game beaten stays on the board until asked for the next (n, or a step)

    def position(self) -> History:
        return tuple(self.game.rows)

    def choose(self, position: History) -> tuple[str, tuple[str, ...]]:
        """The next word, and the winning line (searched here the first time)."""
        line = self.line if self.line is not None else self.engine.absurdle_line(self.model)
        if tuple(word for word, _ in position) == line[: len(position)] and len(position) < len(line):
            return line[len(position)], line
        return self.engine.absurdle_move(self.model, position), line

    def apply(self, move: tuple[str, tuple[str, ...]]) -> None:
        word, line = move
        if self.line is None:
            self.line = line
            self.say_plan()
        self.game.guess(word)
        self.redraw()

    def game_ended(self) -> None:
        self.say(f"Beaten in {len(self.game.rows)} guesses · n: next game", seconds=None)

    def show_pace(self) -> None:
        """Absurdle's title says how far the game went; the bot keeps its starting pace."""
