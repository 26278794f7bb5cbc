"""What the mode screens share: a title bar, a message line, the ranking beside the board (shown, asked
for again when the screen comes back, and folded away in a narrow window), and the footer of keys; the
screens typed in (play, and the coach of several boards); and what every game played shares."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center
from textual.events import Key, Resize
from textual.timer import Timer
from textual.widgets import Footer, Static

from ...core.rules.feedback import GREEN, GREY, YELLOW
from ...core.rules.game import GuessError
from ..dialogs.confirm import ConfirmScreen
from ..dialogs.too_small import NARROW
from ..host import HostScreen, Means, read_aside
from ..widgets.board import Board
from ..widgets.keyboard import Keyboard
from ..widgets.ranking_panel import RankingPanel

if TYPE_CHECKING:
    from ...core.position.model import CandidateModel
    from ...core.rules.setup import Setup
    from ...core.rules.variant import Variant
    from ...storage.saved import InProgress

MODES = (("F1", "Play"), ("F2", "Coach"), ("F3", "Watch"))
COLOUR_KEYS = {"0": GREY, "1": YELLOW, "2": GREEN}  # the keys that colour a tile in the coach
# The keys of every game played, for its screen's bindings (the help lists a screen's own bindings).
PLAY_KEYS = [Binding("ctrl+n", "new_game", "New game"), Binding("ctrl+s", "result", "Stats")]
MESSAGE_SECONDS = 1.6  # how long a refusal such as "Not in word list" stays up
FOLDED = f"The ranking needs a window {NARROW} columns wide"
READING = "Reading the game kept from before…"  # said where that takes more than a moment
HINTS_ON = "Hints on: this game is recorded as played with hints"  # said once a ranking is first in sight


def fitted_title(lit: str, details: list[str], width: int) -> str:
    """The title bar's markup: the brand, the three modes with `lit` lit, then the first of `details` (the
    longest first); where that is more than `width` columns, the brand goes, then the modes not lit, then the
    longer details, until it fits."""
    tabs = [
        (f"[reverse] {key} {title} [/]" if title == lit else f" [dim]{key}[/] {title} ", title == lit)
        for key, title in MODES
    ]
    every = " ".join(tab for tab, _ in tabs)
    lit_only = next(tab for tab, shown in tabs if shown)
    tries = [("[b]WORDLE[/b]  " + every, details[0]), (every, details[0]), (lit_only, details[0])]
    tries += [(lit_only, detail) for detail in details[1:]]
    for modes, detail in tries:
        title = modes + (f" · {detail}" if detail else "")
        if Text.from_markup(title).cell_len <= width:
            return title
    return title


class ModeScreen(HostScreen):
    MODE_TITLE = ""
    ready = True  # False while the game kept from before is being read (see read_saved)
    held: list[str]  # the keys typed meanwhile

    _message_timer: Timer | None = None
    _detail = ""  # what the title says of this mode's game
    _short = ""  # the same in fewer words, for a narrow window
    _said = ""  # the message shown, until it goes

    def __init__(self, setup: Setup, means: Means) -> None:
        super().__init__()
        self.setup = setup  # what this screen plays, coaches or watches: the app keeps a screen for each
        self.lists = setup.lists
        self.means = means
        self.store, self.settings = means.store, means.settings

    @property
    def model(self) -> CandidateModel:
        return self.means.model_of(self.lists)

    def compose(self) -> ComposeResult:
        yield Static(id="title", classes="title-bar")
        with Center(classes="message-line"):
            yield Static(id="message", classes="message")
        yield from self.game_area()
        yield Footer(compact=True, show_command_palette=False)

    def game_area(self) -> ComposeResult:
        """What the screen shows of its game, between the message line and the footer: its view, and what
        stands beside it or under it."""
        raise NotImplementedError

    def read_saved(self, variant: Variant, coached: bool = False, nyt: int | None = None) -> None:
        """Read the game of `variant` kept from before on this screen's lists, off the app's thread (another
        program may hold the games' database for a while), and hand it to carry_on; until then the screen's
        keys wait, and, where the read takes more than a moment, the message line says why."""
        store, lists = self.store, self.lists.name
        self.ready, self.held = False, []
        if not read_aside(self, lambda: store.in_progress(variant, lists, coached, nyt), self._saved_read):
            self.say(READING, seconds=None)
            self.refresh_bindings()

    def _saved_read(self, saved: InProgress | None) -> None:
        self.ready = True
        if self._said == READING:
            self.say("")
        self.refresh_bindings()
        self.carry_on(saved)
        for key in self.held:  # typed meanwhile: played now, in order
            self.press(key)
        self.held = []

    def take(self, key: str) -> None:
        """A key of the game's own (a letter, Enter, Backspace, a colour): pressed, or held until the game kept
        from before is read."""
        if self.ready:
            self.press(key)
        else:
            self.held.append(key)

    def press(self, key: str) -> object:
        """A key of the game's own (see take)."""
        raise NotImplementedError

    def carry_on(self, saved: InProgress | None) -> None:
        """Carry on `saved`, the game kept from before (None: there is none), or start one (see read_saved)."""
        raise NotImplementedError

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return True if self.ready else None  # the screen's keys dimmed while the game kept is read

    @property
    def board(self) -> Board:
        return self.query_one("#board", Board)

    def ranking_panel(self) -> RankingPanel:
        """The ranking beside the board, to compose: every mode has one."""
        return RankingPanel(self.means.ranker, id="ranking")

    @property
    def panel(self) -> RankingPanel:
        return self.query_one("#ranking", RankingPanel)

    def rank_again(self) -> None:
        """Ask again for the ranking a mode shows (the screen came back with it cut short)."""

    def on_screen_resume(self) -> None:
        # A ranking cut short while another mode used the pool is asked for again (a mode without one:
        # several boards, has nothing to ask for).
        if self.query("#ranking") and self.panel.busy:
            self.rank_again()
        self.call_after_refresh(self.on_resting_changed)  # what the window lacks now (it may have changed meanwhile)

    @property
    def narrow(self) -> bool:
        return self.size.width < NARROW

    @property
    def panel_wanted(self) -> bool:
        """Whether this mode has a ranking to show beside the board (which folds away in a narrow window)."""
        return False

    def set_title(self, detail: str = "", short: str = "") -> None:
        """The title bar: the three modes with this one lit, then what is special about this one (and the
        letters of its words, but for Wordle's five); as much as the window's width holds (see fitted_title),
        `short` saying the detail in fewer words where the whole does not fit."""
        self._detail, self._short = detail, short
        letters = f"{self.lists.length} letters" if self.lists.length != 5 else ""  # five: Wordle's own
        details = [" · ".join(part for part in (letters, said) if part) for said in (detail, short or detail)]
        self.query_one("#title", Static).update(fitted_title(self.MODE_TITLE, details, self.size.width))

    def say(self, text: str, seconds: float | None = MESSAGE_SECONDS, error: bool = False) -> None:
        """Show a message above the board; None seconds keeps it until the next one.

        With no message, a narrow window says why the ranking beside the board is not there."""
        self._said = text
        resting = self.resting() if not text else ""
        message = self.query_one("#message", Static)
        message.update(text or resting)
        message.set_class(error, "-error")
        message.set_class(bool(text), "-shown")
        message.set_class(bool(resting), "-resting")
        if self._message_timer is not None:
            self._message_timer.stop()
            self._message_timer = None
        if text and seconds is not None:
            self._message_timer = self.set_timer(seconds, lambda: self.say(""))

    def resting(self) -> str:
        """What the message line says while no message is shown: where the ranking went, if it folded away."""
        return FOLDED if self.narrow and self.panel_wanted else ""

    def on_resting_changed(self) -> None:
        if not self._said:
            self.say("")

    def on_resize(self, event: Resize) -> None:
        if self.is_mounted and self.query("#title"):
            self.set_title(self._detail, self._short)
            if not self._said:
                self.say("")

    @property
    def message(self) -> str:
        return self._said


class TypingScreen(ModeScreen):
    """A mode played by typing: letters, Enter and Backspace, from the keys or the on-screen keyboard, go
    to press()."""

    typed = ""  # the word being typed

    def on_key(self, event: Key) -> None:
        if event.key in ("enter", "backspace") or self.lists.is_letter(event.key.lower()):
            event.stop()
            self.take(event.key.lower())

    def on_keyboard_pressed(self, event: Keyboard.Pressed) -> None:
        self.take(event.key)

    def press(self, key: str) -> None:
        """A letter, "enter" or "backspace"."""
        raise NotImplementedError

    def edit_typed(self, key: str) -> None:
        """Backspace takes the last letter of the word typed; a letter is added while the word is short."""
        if key == "backspace":
            self.typed = self.typed[:-1]
        elif len(self.typed) < self.lists.length:
            self.typed += key

    def play_typed(self, game: Guessing) -> bool:
        """Play the word typed in `game`: True once it is played (the word typed is cleared), False if
        the game refuses it, which the message line then says."""
        try:
            game.guess(self.typed)
        except GuessError as refusal:
            self.say(str(refusal), error=True)
            return False
        self.typed = ""
        return True


class PlayingScreen(TypingScreen):
    """What every game played shares: a new game on Ctrl+N (a game in progress given up only if the player
    says so, and then counted as lost), and its statistics on Ctrl+S."""

    MODE_TITLE = "Play"
    GIVEN_UP_LOSES = True  # a game given up counts as lost (Absurdle counts only the games beaten)
    game_id = ""  # names the game in progress, and then the game recorded

    def unfinished(self) -> int:
        """The guesses played of a game in progress that counts as lost if given up (0: nothing to lose)."""
        raise NotImplementedError

    def start(self) -> None:
        """A new game, drawn and kept."""
        raise NotImplementedError

    def record(self, abandoned: bool = False) -> None:
        """Count the finished (or `abandoned`) game at once, so that quitting during the reveal loses nothing."""
        raise NotImplementedError

    def action_result(self) -> None:
        """The statistics of this game's kind, with the result to share once the game is over."""
        raise NotImplementedError

    def action_new_game(self) -> None:
        if self.unfinished():
            self.ask_to_abandon(self.new_game)
        else:
            self.new_game()

    def new_game(self) -> None:
        self.say("")
        self.start()

    def ask_to_abandon(self, then: Callable[[], None], instead: str = "a new game") -> None:
        """Ask before the game in progress is given up; given up, it counts as a loss, as the NYT counts it
        (but where a game is counted only once won: see GIVEN_UP_LOSES)."""
        played = self.unfinished()
        counted = "It counts as a loss." if self.GIVEN_UP_LOSES else "It is not counted: only games won are."
        question = (
            f"A game is in progress ({played} guess{'es' if played != 1 else ''} played). "
            f"Give it up for {instead}? {counted}"
        )

        def answered(yes: bool | None) -> None:
            if yes:
                if self.GIVEN_UP_LOSES:
                    self.record(abandoned=True)
                then()
            else:
                self.say("Carrying on with the game in progress", seconds=3)

        self.open_dialog(ConfirmScreen("GIVE UP THIS GAME?", question), answered)


class Guessing(Protocol):
    """A game that takes guesses, and raises GuessError for a word it refuses."""

    def guess(self, word: str) -> object: ...
