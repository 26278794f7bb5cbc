"""Watch the bot play one board (see bot.py): the ranking row behind each choice, each guess judged
against the optimal one, and a running score."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.markup import escape
from textual.widgets import Static
from textual.worker import Worker, WorkerState

from ...core.cancel import Cancelled
from ...core.exact.guess_analysis import unsafe
from ...core.position.model import State
from ...core.rules.feedback import digits_of
from ...core.rules.game import MAX_GUESSES, Difficulty, Game, History
from ...core.rules.words import capitals
from ...core.strategies import Strategy
from ..host import Means, WatchOptions
from ..messages import AnalysisReady
from ..widgets.ranking_panel import TOP
from .bot import DELAYS, NEXT_KEY, PACE_KEYS, PAUSE_KEYS, Bot
from .mode import ModeScreen
from .views import OneBoard

if TYPE_CHECKING:
    from ...core.rules.setup import Setup
    from ...core.strategies.ranking import Ranked, Ranker

BAR_CELLS = 3  # the longest bar of the running distribution


class WatchScreen(Bot, ModeScreen):
    """One board: the ranking row behind each choice, each guess judged against the optimal one, and a
    running score."""

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
        *PAUSE_KEYS,
        *PACE_KEYS,
        Binding("c", "continuous", "Continuous"),
        NEXT_KEY,
    ]

    def __init__(self, setup: Setup, means: Means, asked: WatchOptions | None = None) -> None:
        super().__init__(setup, means)
        self.asked = asked or WatchOptions()  # what the command line asked for: the first answer, the strategy
        self.continuous = False
        self.results: list[int | None] = []  # guesses per game played here; None for a loss
        self.analysis_request = 0  # the newest step sent for analysis; older answers are dropped
        self.analysis_step = 0  # the guess that request judges

    def game_area(self) -> ComposeResult:
        beside = Vertical(
            Static(id="why", classes="why"),
            Static(id="step-analysis", classes="step-analysis"),
            self.ranking_panel(),
            id="watch-side",
        )
        yield OneBoard(self.lists.length, beside)
        yield Static(id="summary", classes="summary")

    @property
    def panel_wanted(self) -> bool:
        return True

    @property
    def strategy(self) -> Strategy:
        return self.means.strategy(self.asked.strategy)

    @property
    def over(self) -> bool:
        return self.game.over

    @property
    def answer(self) -> str:
        return self.game.answer

    def on_mount(self) -> None:
        self.analyst: Ranker = self.means.ranker()  # the bot's guesses judged as it plays them
        self.opening_said = False  # the message line says how long a first guess takes (see show_thinking)

    def on_unmount(self) -> None:
        self.analyst.close()

    def start(self) -> None:
        hard = self.setup.difficulty_or(self.settings.hard_mode)
        asked = self.asked.answer if self.game_number == 1 else None  # the answer asked for is the first game's
        self.game = Game(asked or self.means.rng.choice(self.lists.answers), self.lists, hard)
        self.analyst.cancel()
        self.state = State(self.model, (), hard)
        self.board.clear()
        why = f"The answer is [b]{capitals(self.answer)}[/b]; the bot does not know it."
        self.query_one("#why", Static).update(why)
        self.show_pace()
        self.panel.show_remaining(self.state.remaining())
        self.analysis_request += 1
        self.query_one("#step-analysis", Static).update("")

    def show_pace(self) -> None:
        hard = f" · {self.state.hard_mode.title} mode" if self.state.hard_mode else ""
        mode = " · continuous" if self.continuous else ""
        self.set_title(f"{self.strategy.name}{hard} · game {self.game_number} · {self.pace()}{mode}")
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

    # -- the bot's moves: a guess, with the ranking row behind it ------------------------------------

    @property
    def bot_over(self) -> bool:
        return self.over

    @property
    def goes_on(self) -> bool:
        return self.continuous

    def show_thinking(self, thinking: bool) -> None:
        """The panel dims while the bot thinks; a first guess that takes long (see opening_seconds) is said."""
        from ...core.durations import roughly
        from ...core.position.opening_figures import opening_seconds

        self.panel.set_class(thinking, "-busy")
        if thinking and (seconds := opening_seconds(self.state, self.analyst.pool.workers)) is not None:
            words, how_long = f"{len(self.state.allowed):,} words", roughly(seconds * 0.7, seconds * 1.5)
            self.say(f"Ranking the first guess among {words}: {how_long}, once", seconds=None)
            self.opening_said = True
        elif not thinking and self.opening_said:
            self.opening_said = False
            self.say("")

    def position(self) -> tuple[State, Strategy]:
        return self.state, self.strategy

    def choose(self, position: tuple[State, Strategy]) -> list[Ranked] | None:
        state, strategy = position
        return self.engine.rank(state, strategy, top=TOP) or None  # none: stopped, the app is closing

    def apply(self, move: list[Ranked]) -> None:
        choice = move[0]
        remaining = self.state.remaining()
        before = remaining.summary()
        row = len(self.game.history)
        pattern = self.game.guess(choice.word)
        self.state = self.state.then(choice.word, pattern)
        self.board.reveal_row(row, choice.word, digits_of(pattern, len(choice.word)))
        self.panel.show_ranking(move)
        self.panel.show_remaining(remaining, before=f"Ranked for guess {row + 1}: ")  # the position it chose in
        self.query_one("#why", Static).update(
            f"[b]{capitals(choice.word)}[/b] ranked first ({before}): "
            f"{max(0.0, choice.entropy):.2f} bits, worst case {choice.worst_case}, "
            f"{choice.expected_remaining:.1f} expected left. It left [b]{self.state.remaining().summary()}[/b]."
        )
        self.analyse_step()

    def game_ended(self) -> None:
        game = self.game
        self.results.append(len(game.history) if game.won else None)
        verdict = f"Solved in {len(game.history)}." if game.won else f"Lost: the answer was {capitals(self.answer)}."
        self.say(verdict, seconds=None)
        if self.continuous and self.running:
            self.after(DELAYS[self.speed] * 2, self.next_if_running)

    def action_continuous(self) -> None:
        self.continuous = not self.continuous
        if self.continuous and self.running and self.over:
            self.action_next_game()
        self.show_pace()

    # -- each guess judged as the bot plays it -------------------------------------------------------

    def analyse_step(self) -> None:
        """Judge the bot's newest guess (only it) against the optimal one, in the background: the bot never waits."""
        self.analysis_request += 1
        self.analysis_step = len(self.state.history)
        self.query_one("#step-analysis", Static).update(f"[dim]Analysing guess {self.analysis_step}…[/]")
        self._analyse(self.analysis_request, self.state.history, self.state.hard_mode)

    @work(thread=True, exclusive=True, group="analysis", exit_on_error=False)
    def _analyse(self, request: int, history: History, hard_mode: Difficulty) -> None:
        try:
            analysis = self.analyst.analysis(self.model, history, hard_mode, last_only=True)
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
                f"optimal: [b]{capitals(row.best_guess)}[/b], {row.best_expected_guesses:.3f}{mark} guesses to go "
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
