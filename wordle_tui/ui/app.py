"""The app: a shell that shows the screen of what is played (play, coach or watch a game of the family, on the
lists chosen), and keeps the means they work with: the user's files, the settings, one ranking pool."""

from __future__ import annotations

import asyncio
import datetime as dt
import os
import random
import signal
from contextlib import ExitStack
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar

from textual.app import App
from textual.binding import Binding, BindingType
from textual.events import Resize
from textual.reactive import reactive

from ..core.files import cache_news_to
from ..core.rules.setup import Setup
from ..core.rules.variant import Variant
from ..core.rules.words import WordListError, WordLists
from ..core.workers.pool import RankingPool
from ..core.workers.processes import start_server
from ..storage.settings_file import Settings
from ..storage.store import Store
from ..storage.writer import Writer
from .analyst import Analyst
from .clipboard import SELECTED, share
from .dialogs.too_small import TooSmallScreen, window_sizes
from .first_run import prepare_solver
from .host import CoachOptions, Means, PlayOptions, WatchOptions, strategy_for
from .problems import PROBLEM, Problems
from .screens import key_sections, screen_of
from .shelf import Shelf
from .terminal import ending_on_signals, unsaved
from .themes import DEFAULT_VARIABLES, THEMES, depth_of, every_theme, palette

if TYPE_CHECKING:
    from ..core.position.model import CandidateModel
    from ..core.strategies.ranking import Ranker

WRITING_SECONDS = 2.0  # how long leaving waits for the games still being written (another program's lock)


class WordleApp(App):
    """The shell: the screens of the game chosen, each made with what it plays (its Setup) and what it works with
    (the Means), the dialogs the app opens, and what the terminal and the user's files need of it."""

    CSS_PATH = "app.tcss"
    TITLE = "Wordle"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f1", "show('play')", "Play", show=False),
        Binding("f2", "show('coach')", "Coach", show=False),
        Binding("f3", "show('watch')", "Watch", show=False),
        Binding("question_mark", "help", "Help", key_display="?"),
        Binding("f4", "settings", "Settings"),
        Binding("f5", "history", "History"),
        Binding("f6", "games", "Games"),
        Binding("ctrl+q", "quit", "Quit", priority=True),
        Binding("ctrl+c", "copy_or_quit", "Copy the selection, or quit", show=False, priority=True),
    ]
    marks: reactive[bool] = reactive(False)  # tiles and keys carry marks besides their colours

    def __init__(
        self,
        lists: WordLists,
        mode: str = "play",
        store: Store | None = None,
        pool: RankingPool | None = None,
        play: PlayOptions = PlayOptions(),
        watch: WatchOptions = WatchOptions(),
        coach: CoachOptions = CoachOptions(),
        seed: int | None = None,
        ranker: type[Ranker] | None = None,
    ):
        no_color = "NO_COLOR" in os.environ  # read before Textual takes it
        super().__init__()
        self.depth = depth_of(self.console.color_system, no_color)  # see themes.DEPTHS
        self.HORIZONTAL_BREAKPOINTS, self.VERTICAL_BREAKPOINTS, self.least = window_sizes(lists.alphabet)
        self.shelf = Shelf(lists)
        self.store = store or Store()
        self.settings: Settings = self.store.settings()
        self.pool = pool or RankingPool(workers=self.settings.workers or None)
        self.ranker_type = ranker  # what ranks positions for a panel or the bot (None: the Ranker)
        self.activity = mode  # play, coach or watch: what is on screen
        # What each activity plays (the command line's choice, then the Games dialog's and the settings'), and
        # what the command line asked for of its first screen.
        self.setups = {
            "play": Setup(lists, play.variant, play.hard_mode),
            "coach": Setup(lists, coach.variant).mirrored(),
            "watch": Setup(lists, watch.variant, watch.hard_mode),
        }
        self.asked: dict[str, PlayOptions | CoachOptions | WatchOptions] = dict(play=play, coach=coach, watch=watch)
        self.modes_made: dict[tuple[str, Setup], str] = {}  # the mode of each activity and setup shown so far
        rng = random.Random(seed)  # the answers of new games, in play and watch alike
        strategy, today = partial(strategy_for, self.settings), lambda: self.today()  # today: as tests set it
        self.means = Means(
            self.store, self.settings, rng, seed is not None, self.ranker, self.shelf.model_of, strategy, today
        )
        self.farewell: list[str] = []  # said on the terminal once the app has left it
        self.problems = Problems(self, self.store)  # with the user's files: said as they happen once the app runs
        self.listening = ExitStack()  # what the app is told while it runs: a cache damaged, a signal (see on_mount)
        # The games written on a thread of their own, the finished ones kept in the outbox first: the screen
        # never waits for the disk, nor for another program holding the database.
        self.writer = Writer(self.store.games, self.problems.tell)
        self.analyst = Analyst(self.store, self.pool.in_process)
        for theme in every_theme():
            self.register_theme(theme)
        self.apply_look()

    @classmethod
    def key_sections(cls) -> list[tuple[str, list[str]]]:
        """The keys of the app and of each screen, as the help lists them (see screens.key_sections)."""
        return key_sections(cls)

    def get_theme_variable_defaults(self) -> dict[str, str]:
        return dict(DEFAULT_VARIABLES)

    def today(self) -> dt.date:
        """The local date: of the coach's puzzle, of games finished, of the history's spans."""
        return dt.date.today()

    @property
    def lists(self) -> WordLists:
        """The lists of the game on screen."""
        return self.setups[self.activity].lists

    @property
    def model(self) -> CandidateModel:
        """The model of the lists of the game on screen."""
        return self.shelf.model_of(self.lists)

    def ranker(self) -> Ranker:
        """A new Ranker over the app's pool, for a panel or the bot."""
        from ..core.strategies.ranking import Ranker

        return (self.ranker_type or Ranker)(self.pool)

    def change_setting(self, name: str, value: Any) -> None:
        """Change one setting here and in the settings file, where another window's changes stay as they are."""
        setattr(self.settings, name, value)
        self.store.change_settings(**{name: value})
        self.apply_look()

    def apply_look(self) -> None:
        """The theme's palette for this terminal's colours; marks where the settings ask (auto: 16 colours or none)."""
        self.theme = THEMES[self.settings.theme][palette(self.depth)].name
        marks = self.settings.marks
        self.marks = marks == "on" or (marks == "auto" and self.depth in ("16", "none"))

    def share(self, text: str, what: str) -> None:
        """Copy `text` where it can be pasted, then say where (see clipboard.share)."""
        share(self, text, what)

    def on_mount(self) -> None:
        self.listening.enter_context(cache_news_to(self.problems.tell))  # a damaged cache rebuilt, a large one built
        self.store.defer = self.writer.submit
        self.action_show(self.activity)
        self.call_after_refresh(self.after_first_frame)
        self.listening.enter_context(ending_on_signals(asyncio.get_running_loop(), self.end))

    def after_first_frame(self) -> None:
        """What the first frame does not show waits for it: the worker processes' server (which imports the
        solver), the games left unrecorded, the analysis of past games, the problems with the user's files."""
        from ..core.exact import search

        if not self.pool.in_process:
            start_server()
        self.writer.submit(self.store.record_unrecorded, None)  # if never done, the outbox keeps them still
        self.analyst.start(self.model, self.ranker())
        self.problems.start(asyncio.get_running_loop())
        if not search.ready():
            prepare_solver(self, self.ranker, self.model)

    def end(self, ending: signal.Signals) -> None:
        """Leave as Ctrl+Q does: the terminal restored, the workers gone, with the signal's status."""
        self.pool.close()
        self.exit(return_code=128 + ending)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Nothing but quitting while the terminal is too small to draw the app.
        return action in ("quit", "copy_or_quit") or not isinstance(self.screen, TooSmallScreen)

    def on_resize(self, event: Resize) -> None:
        small = event.size.width < self.least[0] or event.size.height < self.least[1]
        showing = isinstance(self.screen, TooSmallScreen)
        if small and not showing:
            self.push_screen(TooSmallScreen(self.least))
        elif not small and showing:
            self.pop_screen()

    def action_show(self, activity: str) -> None:
        """Play, coach or watch (`activity`) the game chosen, on the lists chosen: its screen is made the first
        time, with what it plays, and kept, to come back to (the screens of other lists and games stay too)."""
        setup = self.setups[activity]
        key = (activity, setup)
        if key not in self.modes_made:
            name = self.modes_made[key] = f"{activity} {len(self.modes_made)}"
            self.add_mode(name, partial(screen_of(activity, setup).make, setup, self.means, self.asked[activity]))
        self.activity = activity
        self.switch_mode(self.modes_made[key])

    def action_games(self) -> None:
        from .dialogs.games import GamesScreen

        if not isinstance(self.screen, GamesScreen):
            self.push_screen(GamesScreen(self.setups[self.activity].variant, self.lists.length), self.choose_game)

    def choose(self, lists: WordLists, variant: Variant | None = None) -> None:
        """Play, coach and watch `variant` (None: the game played now) of `lists` from now on, and show it: the
        games before stay as they are, and so do their screens, to come back to; what the command line asked
        for was for the first screens only; the past games analysed are those of these lists."""
        before = self.lists
        self.shelf.play(lists)
        for activity, setup in self.setups.items():
            chosen = replace(setup, lists=lists, variant=variant or setup.variant)
            self.setups[activity] = chosen.mirrored() if activity == "coach" else chosen
        strategy = getattr(self.asked["watch"], "strategy", None)  # the bot's, as the command line named it
        self.asked = dict(play=PlayOptions(), coach=CoachOptions(), watch=WatchOptions(strategy=strategy))
        if lists is not before and self.is_running:  # the analyst works on the lists of the game on screen
            self.analyst.start(self.model, self.ranker())
        self.action_show(self.activity)

    def choose_game(self, chosen: tuple[Variant, int] | None) -> None:
        """Play, watch and coach `variant` of words of `length` letters from now on (the coach one board for
        Absurdle), and show it."""
        if chosen is None:
            return
        variant, length = chosen
        try:
            lists = self.shelf.of_length(length, self.settings.lists)
        except WordListError as problem:
            self.notify(str(problem), **PROBLEM)
            return
        if self.activity == "coach" and not variant.has_answer:
            self.notify("Absurdle holds no answer, so there is no game to mirror: the coach mirrors one board.")
        self.choose(lists, variant)

    def action_help(self) -> None:
        from .dialogs.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(self.lists.length, self.key_sections()))

    def action_settings(self) -> None:
        from .dialogs.settings import SettingsScreen

        if not isinstance(self.screen, SettingsScreen):
            self.push_screen(SettingsScreen(self.settings, self.lists), self.settings_closed)

    def settings_closed(self, chosen: str | None) -> None:
        """Other shipped lists chosen in the settings are the settings' and played from now on (the dialog closed:
        it stays with the screen it opened on); lists that cannot be read are one sentence, and nothing changes."""
        if chosen is None:
            return
        try:
            lists = self.shelf.shipped(chosen)
        except WordListError as problem:
            self.notify(str(problem), **PROBLEM)
            return
        self.change_setting("lists", chosen)
        self.choose(lists)

    def action_history(self) -> None:
        from .dialogs.history import HistoryScreen

        if not isinstance(self.screen, HistoryScreen):
            self.push_screen(HistoryScreen(self.lists, self.means))

    async def action_quit(self) -> None:
        self.pool.close()  # the workers go first, so that nothing they do delays leaving the terminal
        self.exit()

    async def action_copy_or_quit(self) -> None:
        """Ctrl+C: copy the text selected with the mouse, as `C` copies a result; with none selected, quit as
        Ctrl+Q does (the game is saved at every guess), which is what Ctrl+C does in a terminal, but not in a
        browser, where Ctrl+C only ever means copy."""
        if selected := self.screen.get_selected_text():
            self.share(selected, SELECTED)
        elif self.is_web:
            self.notify("Nothing is selected to copy: drag the mouse over some text first.", title="Copy")
        else:
            await self.action_quit()

    def on_unmount(self) -> None:
        self.listening.close()
        self.analyst.stop()
        self.pool.close()
        undone = self.writer.close(WRITING_SECONDS)
        self.store.defer = self.store.report = None
        if undone:
            self.farewell.append(unsaved(undone, self.store.games.path))
        if (left := self.store.not_recorded()) is not None:
            self.farewell.append(left)
