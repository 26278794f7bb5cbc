"""The app: three modes (play, coach, watch) over the word lists of the length chosen, a candidate model for each
lists, and one ranking pool."""

from __future__ import annotations

import asyncio
import datetime as dt
import errno
import os
import random
import signal
import sys
import termios
from contextlib import ExitStack, suppress
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from textual import work
from textual.app import App
from textual.binding import Binding, BindingType
from textual.events import Resize
from textual.notifications import Notification, Notify
from textual.reactive import reactive
from textual.screen import Screen

from ..compat import withdraw_notification
from ..core.files import cache_news_to
from ..core.rules.variant import WORDLE, Variant
from ..core.rules.words import WordListError, WordLists, load_preset, preset_for_length
from ..core.strategies import STRATEGY_NAMES
from ..core.workers.pool import RankingPool
from ..core.workers.processes import start_server
from ..storage.settings_file import Settings
from ..storage.store import Store
from ..storage.writer import FINISHED, Writer
from .analyst import Analyst
from .clipboard import SELECTED, TMUX, copy_text, how_copied
from .dialogs.too_small import MIN_HEIGHT, MIN_WIDTH, NARROW, SHORT, TooSmallScreen
from .host import CoachOptions, PlayOptions, WatchOptions
from .keys import keys_of
from .modes.play import PlayScreen
from .themes import DEFAULT_VARIABLES, THEMES, depth_of, every_theme, palette
from .widgets.keyboard import ROWS, rows_for

if TYPE_CHECKING:
    from ..core.position.model import CandidateModel
    from ..core.strategies import Strategy
    from ..core.strategies.ranking import Ranker

# Asked to end, or interrupted (kill -INT: in the app, Ctrl+C comes as a key, not this signal; see
# action_copy_or_quit). SIGHUP, the terminal closed, is handled apart (see hung_up).
ENDINGS = (signal.SIGTERM, signal.SIGINT)
PROBLEM: dict[str, Any] = {"title": "Your files", "severity": "warning", "timeout": 10}
PREPARING_SHOWN = 24 * 3600.0  # the first run's notice stays until the solver is ready, however long that takes
WRITING_SECONDS = 2.0  # how long leaving waits for the games still being written (another program's lock)


def unsaved(undone: list[str], path: Path) -> str:
    """What leaving could not save, in one sentence: a finished game is kept all the same (see outbox.py)."""
    kept = "the finished game is kept, and recorded the next time wordle-tui starts"
    lost = [what for what in undone if what != FINISHED]
    said = ([kept] if len(lost) < len(undone) else []) + [f"{what} could not be saved" for what in lost]
    return f"Another program was still using {path}: {'; '.join(said)}."


def terminal_gone() -> bool:
    """Whether the app's terminal has closed (hung up): it then fails whatever is asked of it (EIO)."""
    terminal = sys.__stdin__  # where Textual reads keys and sets the terminal's modes
    if terminal is None:
        return False
    try:
        termios.tcgetattr(terminal.fileno())
    except termios.error as error:
        return error.args[0] == errno.EIO
    except (ValueError, OSError):  # closed by the app itself
        return False
    return False


# The screens a first frame seldom shows load when first shown: the app's first frame loads its own only, and
# a new game of play needs neither numpy nor the solver (they load once the first frame is drawn).


def coach_screen() -> Screen:
    from .modes.coach import CoachScreen

    return CoachScreen()


def watch_screen() -> Screen:
    from .modes.watch import WatchScreen

    return WatchScreen()


def absurdle_screen() -> Screen:
    from .modes.play_absurdle import PlayAbsurdleScreen

    return PlayAbsurdleScreen()


def watch_absurdle_screen() -> Screen:
    from .modes.watch_absurdle import WatchAbsurdleScreen

    return WatchAbsurdleScreen()


def boards_screen(family: str, boards: int) -> Screen:
    """The screen that plays, coaches or watches (`family`) a game of several boards."""
    from .modes.coach_boards import CoachBoardsScreen
    from .modes.play_boards import PlayBoardsScreen
    from .modes.watch_boards import WatchBoardsScreen

    return {"play": PlayBoardsScreen, "coach": CoachBoardsScreen, "watch": WatchBoardsScreen}[family](boards)


class WordleApp(App):
    CSS_PATH = "app.tcss"
    TITLE = "Wordle"
    MODES: ClassVar = {  # the modes of several boards, one for each number, are added when first asked for
        "play": PlayScreen,
        "absurdle": absurdle_screen,
        "coach": coach_screen,
        "watch": watch_screen,
        "watch-absurdle": watch_absurdle_screen,
    }
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f1", "play", "Play", show=False),
        Binding("f2", "coach", "Coach", show=False),
        Binding("f3", "watch", "Watch", show=False),
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
        # Big tiles and keys when the terminal has room for them, small ones and no side panel when it has
        # little (see wordle.tcss).
        self.HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (NARROW, "-wide"), (110, "-roomy")]
        # A row of keys more for the letters English lacks (see keyboard.rows_for) takes a line at every size, two
        # where keys stand a line apart.
        more = len(rows_for(lists.alphabet)) - len(ROWS)
        self.VERTICAL_BREAKPOINTS = [(0, "-short"), (SHORT + more, "-medium"), (40 + 2 * more, "-tall")]
        self.least = (MIN_WIDTH, MIN_HEIGHT + more)  # the smallest window the app draws
        self.lists = lists  # those of the game on screen: the length chosen (see use_lists)
        self.start_lists = lists  # those the command line or the settings named
        self.loaded: dict[str, WordLists] = {lists.name: lists}  # the shipped lists read so far, by name
        self.played: dict[int, WordLists] = {lists.length: lists}  # the lists played last, for each length
        self.models: dict[str, CandidateModel] = {}  # by the name of their lists, each built when first asked for
        self.store = store or Store()
        self.settings: Settings = self.store.settings()
        self.pool = pool or RankingPool(workers=self.settings.workers or None)
        self.ranker_type = ranker  # what ranks positions for a panel or the bot (None: the Ranker)
        self.start_mode = mode  # play, coach or watch, of the game the options name (see game_mode)
        self.added_modes: set[str] = set()  # the modes of several boards, and of other lists, added so far
        self.play_options = play
        self.watch_options = watch
        self.coach_options = coach
        self.rng = random.Random(seed)  # the answers of new games, in play and watch alike
        self.seeded = seed is not None  # a series asked for on the command line
        self.farewell: list[str] = []  # said on the terminal once the app has left it
        self.event_loop: asyncio.AbstractEventLoop | None = None  # the app's, once it runs
        self.listening = ExitStack()  # what the app is told while it runs: a cache found damaged (see on_mount)
        # The games are written on a thread of their own, the finished ones kept in the outbox first: the
        # screen never waits for the disk, nor for another program holding the database.
        self.writer = Writer(self.store.games, self.tell_problem)
        self.analyst = Analyst(self.store, self.pool.in_process)
        self.before_hang_up: Any = None  # the SIGHUP handler the app's own replaces while it runs
        for theme in every_theme():
            self.register_theme(theme)
        self.apply_look()

    @classmethod
    def key_sections(cls) -> list[tuple[str, list[str]]]:
        """The keys of the app and of each screen, as the help lists them: from the bindings themselves."""
        from .dialogs.analysis import AnalysisScreen
        from .dialogs.games import GamesScreen
        from .dialogs.history import HistoryScreen
        from .dialogs.settings import SettingsScreen
        from .dialogs.statistics import StatsScreen
        from .modes.coach import CoachScreen
        from .modes.coach_boards import CoachBoardsScreen
        from .modes.play_absurdle import PlayAbsurdleScreen
        from .modes.play_boards import PlayBoardsScreen
        from .modes.watch import WatchScreen
        from .modes.watch_absurdle import WatchAbsurdleScreen
        from .modes.watch_boards import WatchBoardsScreen

        sections = (
            ("Play", PlayScreen),
            ("Several boards", PlayBoardsScreen),
            ("Absurdle", PlayAbsurdleScreen),
            ("Coach", CoachScreen),
            ("Coaching several boards", CoachBoardsScreen),
            ("Analysis", AnalysisScreen),
            ("Watch", WatchScreen),
            ("Watching several boards", WatchBoardsScreen),
            ("Watching Absurdle", WatchAbsurdleScreen),
            ("Games", GamesScreen),
            ("Statistics", StatsScreen),
            ("History", HistoryScreen),
            ("Settings", SettingsScreen),
        )
        return [("Everywhere", keys_of(cls)), *((where, keys_of(screen)) for where, screen in sections)]

    def get_theme_variable_defaults(self) -> dict[str, str]:
        return dict(DEFAULT_VARIABLES)

    def today(self) -> dt.date:
        """The local date: of the coach's puzzle, of games finished, of the history's spans."""
        return dt.date.today()

    @property
    def high_contrast_squares(self) -> bool:
        """Whether shared results use the high-contrast squares (orange and blue)."""
        return self.settings.share_palette == "high-contrast"

    @property
    def model(self) -> CandidateModel:
        """The model of the lists of the game on screen."""
        return self.model_of(self.lists)

    def model_of(self, lists: WordLists) -> CandidateModel:
        """Every accepted word may be the answer, those on the answer list likely: how the NYT picks them now.
        Built when first asked for, which loads the engine: a new game of play draws without it."""
        from ..core.position.model import weighted_model

        if lists.name not in self.models:
            self.models[lists.name] = weighted_model(lists)
        return self.models[lists.name]

    def ranker(self) -> Ranker:
        """A new Ranker over the app's pool, for a panel or the bot."""
        from ..core.strategies.ranking import Ranker

        return (self.ranker_type or Ranker)(self.pool)

    def strategy(self, name: str | None = None) -> Strategy:
        from ..core.strategies import strategy_named

        name = name or self.settings.strategy
        return strategy_named(name if name in STRATEGY_NAMES else "entropy")

    def change_setting(self, name: str, value: Any) -> None:
        """Change one setting here and in the settings file, where another window's changes stay as they are."""
        setattr(self.settings, name, value)
        self.store.change_settings(**{name: value})
        self.apply_look()

    def apply_look(self) -> None:
        """The theme's palette for this terminal's colours, and marks where the settings ask (auto: where colour
        is poor: 16 colours or none)."""
        self.theme = THEMES[self.settings.theme][palette(self.depth)].name
        marks = self.settings.marks
        self.marks = marks == "on" or (marks == "auto" and self.depth in ("16", "none"))

    def share(self, text: str, what: str) -> None:
        """Copy `text` where it can be pasted, then say where: in a browser, its clipboard; in a terminal, with
        a clipboard tool (in a thread: one may be slow), else by asking the terminal."""
        if self.is_web:  # the browser's clipboard takes it: the machine the server runs on has nothing to do
            self.copy_to_clipboard(text)
            self.notify(f"Copied {what} to the clipboard.", title="Copy", timeout=3)
        else:
            self._share(text, what)

    @work(thread=True, group="copy", exit_on_error=False)
    def _share(self, text: str, what: str) -> None:
        self.call_from_thread(self._copied, text, what, copy_text(text))

    def _copied(self, text: str, what: str, tool: str | None) -> None:
        if tool in (None, TMUX):
            self.copy_to_clipboard(text)  # OSC 52: tmux passes it on when its set-clipboard option allows
        self.notify(how_copied(tool, what), title="Copy", timeout=3 if tool not in (None, TMUX) else 8)

    def tell_problem(self, problem: str) -> None:
        """Say what went wrong with the user's files, from whichever thread found it."""
        if self.event_loop is None:  # not running yet: said once it is (see tell_problems)
            self.store.problems.append(problem)
            return
        with suppress(RuntimeError):  # the loop has closed: the app has ended
            self.event_loop.call_soon_threadsafe(partial(self.notify, problem, **PROBLEM))

    def tell_problems(self) -> None:
        """Say once what could not be read from disk, and from now on say it as it happens."""
        for problem in self.store.problems:
            self.tell_problem(problem)
        self.store.problems.clear()
        self.store.report = self.tell_problem

    def on_mount(self) -> None:
        self.event_loop = asyncio.get_running_loop()
        self.listening.enter_context(cache_news_to(self.tell_problem))  # a damaged cache rebuilt, a large one built
        self.store.defer = self.writer.submit
        self.switch_mode(self.game_mode(self.start_mode))
        self.call_after_refresh(self.after_first_frame)
        loop = self.event_loop
        for ending in ENDINGS:  # leave as Ctrl+Q does: the terminal restored, the workers gone
            loop.add_signal_handler(ending, self.end, ending)
        # Not through the event loop, which may be busy, or blocked writing to a terminal that is gone.
        self.before_hang_up = signal.signal(signal.SIGHUP, partial(self.hung_up, loop))

    def after_first_frame(self) -> None:
        """What the first frame does not show waits for it: the worker processes' server (which imports the
        solver), the games left unrecorded, the analysis of past games, the problems with the user's files."""
        from ..core.exact import search

        if not self.pool.in_process:
            start_server()
        self.writer.submit(self.store.record_unrecorded, None)  # if never done, the outbox keeps them still
        self.analyst.start(self.model, self.ranker())
        self.tell_problems()
        if not search.ready():
            self.prepare_solver()

    def prepare_solver(self) -> None:
        """Where the search was not built at install, have numba compile it in a worker process, once a
        machine, saying so for as long as that takes (a compile cut short keeps what it did)."""
        from ..core.exact import search

        low, high = search.COMPILE_SECONDS
        if (damaged := search.set_aside()) is not None:
            what = (
                f"The exact solver's compiled cache under {search.compiled_folder()} was damaged ({damaged.damage}): "
                f"set aside as {damaged.path}; preparing it again, {low}-{high} s."
            )
        else:
            what = f"The exact solver runs a slower way here, as {search.slower_way()}: preparing it for this machine, "
            what += f"once, {low}-{high} s."
        what += " Optimal figures and the analysis follow when it is done."
        preparing = Notification(what, title="First run", timeout=PREPARING_SHOWN)
        self.post_message(Notify(preparing))
        self._prepare_solver(preparing)

    @work(thread=True, exclusive=True, group="prepare", exit_on_error=False)
    def _prepare_solver(self, preparing: Notification) -> None:
        engine = self.ranker()
        try:
            engine.prepare_search(self.model)
        finally:  # done or failed, the notice goes: it said it was under way
            engine.close()
            self.call_from_thread(withdraw_notification, self, preparing)
        self.call_from_thread(self.notify, "The exact solver is ready.", title="First run")

    def end(self, ending: signal.Signals) -> None:
        """Leave as Ctrl+Q does: the terminal restored, the workers gone, with the signal's status."""
        self.pool.close()
        self.exit(return_code=128 + ending)

    def hung_up(self, loop: asyncio.AbstractEventLoop, *_: object) -> None:
        """SIGHUP, in whatever the app was doing. The terminal closed: it has nothing to restore and shows nothing
        more, so the app ends here and now, without waiting for a busy event loop (its worker processes end with
        it, see processes.worker_started). A SIGHUP sent while the terminal is still there ends it as SIGTERM does."""
        if terminal_gone():
            os._exit(128 + signal.SIGHUP)
        loop.call_soon_threadsafe(self.end, signal.SIGHUP)

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

    def variant_of(self, family: str) -> Variant:
        """The game that `family` (play, coach or watch) is about."""
        if family == "coach":
            return self.coach_options.variant
        return (self.play_options if family == "play" else self.watch_options).variant

    def game_mode(self, family: str) -> str:
        """The mode that plays, coaches or watches (`family`) the game chosen, on the lists of the length chosen:
        one board, N boards at once (a mode for each N), or Absurdle (which has no coach). A mode of several
        boards, or of other lists than those the app started with, is added the first time; the screens of
        each lists stay as they were, to come back to."""
        variant = self.variant_of(family)
        if variant.absurdle:
            name = "absurdle" if family == "play" else "watch-absurdle"
        else:
            name = f"{family}-boards-{variant.boards}" if variant.several else family
        screen = self.MODES.get(name) or partial(boards_screen, family, variant.boards)
        if self.lists is not self.start_lists:
            name = f"{name} {self.lists.name}"
        if name not in self.MODES and name not in self.added_modes:
            self.add_mode(name, screen)
            self.added_modes.add(name)
        return name

    @property
    def family(self) -> str:
        """Whether the app is playing, coaching or watching now."""
        return next((name for name in ("coach", "watch") if self.current_mode.startswith(name)), "play")

    def action_play(self) -> None:
        self.switch_mode(self.game_mode("play"))

    def action_coach(self) -> None:
        self.switch_mode(self.game_mode("coach"))

    def action_watch(self) -> None:
        self.switch_mode(self.game_mode("watch"))

    def action_games(self) -> None:
        from .dialogs.games import GamesScreen

        if not isinstance(self.screen, GamesScreen):
            self.push_screen(GamesScreen(self.variant_of(self.family), self.lists.length), self.choose_game)

    def lists_of_length(self, length: int) -> WordLists:
        """The lists of words of `length` letters: those played last of that length, else the shipped ones (the
        settings' own where they hold that length). WordListError, in one sentence, for shipped lists that cannot
        be read."""
        if length in self.played:
            return self.played[length]
        return self.shipped(preset_for_length(length, self.settings.lists))

    def shipped(self, name: str) -> WordLists:
        """The shipped lists `name`, read once. WordListError, in one sentence, where they cannot be read."""
        if name not in self.loaded:
            self.loaded[name] = load_preset(name)
        return self.loaded[name]

    def use_lists(self, lists: WordLists) -> None:
        """Play, coach and watch words of `lists` from now on: the games of the lists before stay as they are,
        and so do their screens, to come back to; the past games analysed are those of these lists."""
        if lists is self.lists:
            return
        self.lists = self.played[lists.length] = lists
        self.play_options = replace(self.play_options, answer=None, daily=False, nyt=None, code=None)
        self.watch_options = replace(self.watch_options, answer=None)
        self.coach_options = replace(self.coach_options, nyt=None)
        if self.event_loop is not None:  # running: the analyst works on the lists of the game on screen
            self.analyst.start(self.model, self.ranker())

    def choose_game(self, chosen: tuple[Variant, int] | None) -> None:
        """Play, watch and coach `variant` of words of `length` letters from now on (the coach one board for
        Absurdle), and show it."""
        if chosen is None:
            return
        variant, length = chosen
        try:
            self.use_lists(self.lists_of_length(length))
        except WordListError as problem:
            self.notify(str(problem), **PROBLEM)
            return
        self.play_options = replace(self.play_options, variant=variant, answer=None, daily=False, nyt=None, code=None)
        self.watch_options = replace(self.watch_options, variant=variant, answer=None)
        self.coach_options = replace(self.coach_options, variant=variant if variant.has_answer else WORDLE)
        family = self.family
        if family == "coach" and not variant.has_answer:
            self.notify("Absurdle holds no answer, so there is no game to mirror: the coach mirrors one board.")
        self.switch_mode(self.game_mode(family))

    def action_help(self) -> None:
        from .dialogs.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def action_settings(self) -> None:
        from .dialogs.settings import SettingsScreen

        if not isinstance(self.screen, SettingsScreen):
            self.push_screen(SettingsScreen(), self.settings_closed)

    def settings_closed(self, chosen: str | None) -> None:
        """Other shipped lists chosen in the settings are the settings' and played from now on (the dialog closed:
        it stays with the screen it opened on); lists that cannot be read are one sentence, and nothing changes."""
        if chosen is None:
            return
        try:
            lists = self.shipped(chosen)
        except WordListError as problem:
            self.notify(str(problem), **PROBLEM)
            return
        self.change_setting("lists", chosen)
        self.use_lists(lists)
        self.switch_mode(self.game_mode(self.family))

    def action_history(self) -> None:
        from .dialogs.history import HistoryScreen

        if not isinstance(self.screen, HistoryScreen):
            self.push_screen(HistoryScreen())

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
        for ending in ENDINGS:
            asyncio.get_running_loop().remove_signal_handler(ending)
        if self.before_hang_up is not None:
            signal.signal(signal.SIGHUP, self.before_hang_up)
        undone = self.writer.close(WRITING_SECONDS)
        self.store.defer = self.store.report = None
        if undone:
            self.farewell.append(unsaved(undone, self.store.games.path))
        if (left := self.store.not_recorded()) is not None:
            self.farewell.append(left)
