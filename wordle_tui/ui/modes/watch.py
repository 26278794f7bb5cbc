"""Watch the bot: it plays one guess a step, shows the ranking row behind each choice, and keeps score."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.markup import escape
from textual.widgets import Static
from textual.worker import Worker, WorkerState

from ...core.cancel import Cancelled
from ...core.exact.guess_analysis import unsafe
from ...core.position.model import State
from ...core.rules.feedback import digits_of
from ...core.rules.game import MAX_GUESSES, Difficulty, Game, History
from ...core.strategies import Strategy
from ...core.strategies.ranking import Ranker
from ..messages import AnalysisReady, BotGuess
from ..widgets.board import Board
from ..widgets.ranking_panel import TOP
from .mode import ModeScreen

DELAYS = (3.0, 2.0, 1.0, 0.5, 0.25, 0.1, 0.0)  # seconds between guesses, slowest first
START_SPEED = 2
BAR_CELLS = 3  # the longest bar of the running distribution


class BotControls:
    """Pause, one step, faster and slower, for a screen where the bot plays: the screen tells whether its
    game is over (`bot_over`), whether a finished game gives way to the next when the bot is resumed
    (`goes_on`), how to ask for a guess (`think`), start the next game (`action_next_game`) and show
    the pace (`show_pace`)."""

    speed: int
    running: bool
    if TYPE_CHECKING:  # each screen has its own

        @property
        def bot_over(self) -> bool: ...

        def think(self) -> None: ...

        def action_next_game(self) -> None: ...

        def show_pace(self) -> None: ...

    @property
    def goes_on(self) -> bool:
        return True

    def action_pause(self) -> None:
        self.running = not self.running
        if self.running:
            if self.bot_over and self.goes_on:
                self.action_next_game()
            else:
                self.think()
        self.show_pace()

    def action_step(self) -> None:
        """One guess (or, the game over, the next game), then paused."""
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


class WatchScreen(BotControls, ModeScreen):
    DEFAULT_CSS = """
    .why {
        height: auto;
        max-height: 4;
    }

    .step-analysis {
        height: auto;
        max-height: 3;
    }

    .summary {
        height: 3;
        width: 100%;
        content-align: center middle;
        text-align: center;
    }
    """
    game: Game  # the bot's game, from the screen's mount on
    state: State  # the same game as a position of the app's candidate model

    MODE_TITLE = "Watch"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space", "pause", "Pause"),
        Binding("s", "step", "Step"),
        Binding("plus,equals_sign", "faster", "Faster", key_display="+"),
        Binding("minus", "slower", "Slower", key_display="-"),
        Binding("c", "continuous", "Continuous"),
        Binding("n", "next_game", "Next"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.speed = START_SPEED
        self.running = True
        self.continuous = False
        self.thinking = False
        self.game_number = 0
        self.results: list[int | None] = []  # guesses per game played here; None for a loss
        self.analysis_request = 0  # the newest step sent for analysis; older answers are dropped
        self.analysis_step = 0  # the guess that request judges
        self.running_when_left = False  # running when another screen came in front

    def compose(self) -> ComposeResult:
        yield from self.title_bar()
        with Horizontal(classes="play-area"):
            yield Board(self.app.lists.length, id="board")
            with Vertical(id="watch-side"):
                yield Static(id="why", classes="why")
                yield Static(id="step-analysis", classes="step-analysis")
                yield self.ranking_panel()
        yield Static(id="summary", classes="summary")
        yield from self.footer()

    @property
    def panel_wanted(self) -> bool:
        return True

    @property
    def strategy(self) -> Strategy:
        return self.app.strategy(self.app.watch_options.strategy)

    @property
    def over(self) -> bool:
        return self.game.over

    @property
    def answer(self) -> str:
        return self.game.answer

    def on_mount(self) -> None:
        self.bot: Ranker = self.app.ranker()
        self.analyst: Ranker = self.app.ranker()  # the bot's guesses judged as it plays them
        self.new_game(self.app.watch_options.answer)

    def on_unmount(self) -> None:
        self.bot.close()
        self.analyst.close()

    def on_screen_suspend(self) -> None:
        # The bot waits while another screen (a mode, the help, the settings) is in front, then carries on.
        self.running_when_left = self.running
        if self.running:
            self.action_pause()

    def on_screen_resume(self) -> None:
        if self.running_when_left and not self.running:
            self.action_pause()
        self.running_when_left = False

    def new_game(self, answer: str | None = None) -> None:
        options = self.app.watch_options
        hard = self.app.settings.hard_mode if options.hard_mode is None else options.hard_mode
        self.game = Game(answer or self.app.rng.choice(self.app.lists.answers), self.app.lists, hard)
        self.bot.cancel()  # a guess still being chosen for the game left behind
        self.analyst.cancel()
        self.state = State(self.app.model, (), hard)
        self.game_number += 1
        self.board.clear()
        self.query_one("#why", Static).update(f"The answer is [b]{self.answer.upper()}[/b]; the bot does not know it.")
        self.show_status()
        self.panel.show_remaining(self.state.remaining())
        self.analysis_request += 1
        self.query_one("#step-analysis", Static).update("")
        if self.running:
            self.think()

    def show_status(self) -> None:
        hard = f" · {self.state.hard_mode.title} mode" if self.state.hard_mode else ""
        pace = "paused" if not self.running else f"{DELAYS[self.speed]:g}s a guess"
        mode = " · continuous" if self.continuous else ""
        self.set_title(f"{self.strategy.name}{hard} · game {self.game_number} · {pace}{mode}")
        self.query_one("#summary", Static).update(self.summary())

    def summary(self) -> str:
        if not self.results:
            return "[dim]Press C to play game after game and keep a running score.[/]"
        wins = [n for n in self.results if n is not None]
        counts = (*(wins.count(n) for n in range(1, MAX_GUESSES + 1)), len(self.results) - len(wins))
        average = f"{sum(wins) / len(wins):.3f}" if wins else "-"
        most = max(counts) or 1
        bars = []
        for n, count in enumerate(counts, start=1):
            bar = "█" * max(1, round(BAR_CELLS * count / most)) if count else "·"
            colour = "$tile-green" if n <= MAX_GUESSES else "$error"
            bars.append(f"[b]{'X' if n > MAX_GUESSES else n}[/b] [{colour}]{bar}[/] {count}")
        games = f"{len(self.results)} game{'s' if len(self.results) != 1 else ''}"
        return f"[b]{games}[/b] · {len(wins)} won · average {average} guesses\n" + "  ".join(bars)

    def think(self) -> None:
        """Ask for the bot's next guess, unless it is already thinking or the game is over."""
        if self.thinking or self.over:
            return
        self.thinking = True
        self.panel.add_class("-busy")
        self._rank(self.game_number, self.state, self.strategy)

    def after(self, seconds: float, callback) -> None:
        """Call back after a pause; at full speed, as soon as the screen has drawn."""
        if seconds:
            self.set_timer(seconds, callback)
        else:
            self.call_after_refresh(callback)

    def think_if_running(self) -> None:
        if self.running:
            self.think()

    @work(thread=True, exclusive=True, group="bot", exit_on_error=False)
    def _rank(self, game: int, state: State, strategy: Strategy) -> None:
        self.post_message(BotGuess(game, self.bot.rank(state, strategy, top=TOP)))

    def analyse_step(self) -> None:
        """Judge the bot's newest guess (only it) against the optimal one, in the background: the bot never waits."""
        self.analysis_request += 1
        self.analysis_step = len(self.state.history)
        self.query_one("#step-analysis", Static).update(f"[dim]Analysing guess {self.analysis_step}…[/]")
        self._analyse(self.analysis_request, self.state.history, self.state.hard_mode)

    @work(thread=True, exclusive=True, group="analysis", exit_on_error=False)
    def _analyse(self, request: int, history: History, hard_mode: Difficulty) -> None:
        try:
            analysis = self.analyst.analysis(self.app.model, history, hard_mode, last_only=True)
        except Cancelled:
            return  # the game moved on
        self.post_message(AnalysisReady.of(request, analysis))

    def on_analysis_ready(self, message: AnalysisReady) -> None:
        if message.request != self.analysis_request:
            return
        text = self.query_one("#step-analysis", Static)
        if not message.rows:
            text.update(f"[$error]{escape(message.problem)}[/]")
            return
        row = message.rows[-1]
        mark = "" if row.exact else "*"
        if row.best_guess == row.guess:
            verdict = f"the optimal guess ({row.expected_guesses:.3f}{mark} guesses to go)"
        else:
            verdict = (
                f"optimal: [b]{row.best_guess.upper()}[/b], {row.best_expected_guesses:.3f}{mark} guesses to go "
                f"against {row.expected_guesses:.3f}{mark}"
            )
        if unsafe([row]):
            verdict += f" · from here it needs luck: [b]{row.at_risk}[/b] at risk of more than six guesses"
        text.update(f"Guess {self.analysis_step}: skill [b]{row.skill}[/b] · luck [b]{row.luck}[/b] · {verdict}")

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.state == WorkerState.ERROR and event.worker.group == "analysis":
            self.query_one("#step-analysis", Static).update(
                f"[$error]The analysis failed: {escape(str(event.worker.error))}[/]"
            )
        if event.state == WorkerState.ERROR and event.worker.group == "bot":
            self.thinking, self.running = False, False
            self.panel.remove_class("-busy")
            self.say(f"The bot could not choose a guess: {event.worker.error}", seconds=None, error=True)
            self.show_status()

    def on_bot_guess(self, message: BotGuess) -> None:
        self.thinking = False
        self.panel.remove_class("-busy")
        if message.game != self.game_number:
            self.think_if_running()  # a guess for a game already left behind: choose one for this game
            return
        if not message.ranking:
            return  # cancelled: the app is closing
        choice = message.ranking[0]
        before = self.state.remaining().summary()
        row = len(self.game.history)
        pattern = self.game.guess(choice.word)
        self.state = self.state.then(choice.word, pattern)
        self.board.reveal_row(row, choice.word, digits_of(pattern, len(choice.word)))
        self.panel.show_ranking(message.ranking)
        self.panel.show_remaining(self.state.remaining())
        self.query_one("#why", Static).update(
            f"[b]{choice.word.upper()}[/b] ranked first ({before}): "
            f"{max(0.0, choice.entropy):.2f} bits, worst case {choice.worst_case}, "
            f"{choice.expected_remaining:.1f} expected left. It left [b]{self.state.remaining().summary()}[/b]."
        )
        self.analyse_step()
        if self.over:
            self.end_game()
        elif self.running:
            self.after(DELAYS[self.speed], self.think_if_running)
        self.show_status()

    def end_game(self) -> None:
        game = self.game
        self.results.append(len(game.history) if game.won else None)
        verdict = f"Solved in {len(game.history)}." if game.won else f"Lost: the answer was {self.answer.upper()}."
        self.say(verdict, seconds=None)
        if self.continuous and self.running:
            self.after(DELAYS[self.speed] * 2, self.next_if_running)

    def next_if_running(self) -> None:
        if self.running and self.continuous and self.over:
            self.action_next_game()

    @property
    def bot_over(self) -> bool:
        return self.over

    @property
    def goes_on(self) -> bool:
        return self.continuous

    def show_pace(self) -> None:
        self.show_status()

    def action_continuous(self) -> None:
        self.continuous = not self.continuous
        if self.continuous and self.running and self.over:
            self.action_next_game()
        self.show_status()

    def action_next_game(self) -> None:
        self.say("")
        self.new_game()
