"""What the screens, dialogs and widgets get from the app, and nothing more: the Means it lends each screen
when it makes it (with the screen's Setup, core/rules/setup.py), the options a command line opens it with,
and Host, the few things a screen still asks of the app itself (app.WordleApp provides them). None of them
imports the app.

To a type checker, their `self.app` is Textual's App with what Host promises (see HostApp); at
run time they keep Textual's own `app`.
"""

from __future__ import annotations

import datetime as dt
import random
import threading
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypeVar, runtime_checkable

from textual.containers import Vertical
from textual.dom import DOMNode
from textual.events import Resize
from textual.screen import ModalScreen, Screen

from ..core.rules.daily import day_number
from ..core.rules.game import Difficulty
from ..core.rules.variant import WORDLE, Variant
from ..core.rules.words import WordLists
from ..storage.settings_file import Settings
from ..storage.store import Store

if TYPE_CHECKING:
    from textual import getters
    from textual.app import App

    from ..core.position.model import CandidateModel
    from ..core.strategies import Strategy
    from ..core.strategies.ranking import Ranker
    from .messages import WideContent

ResultType = TypeVar("ResultType")
Read = TypeVar("Read")
# A read of the user's files that ends this soon is waited for, so that a screen opens with what it read; one
# that takes longer (another program holding the games' database, for as long as 30 s) is not.
READ_AT_ONCE_SECONDS = 0.1


def read_aside(node: DOMNode, read: Callable[[], Read], then: Callable[[Read], None]) -> bool:
    """`read()` (of the user's files) in a thread of its own, never on the app's, and `then(what it read)` on
    the app's thread: at once if the read took less than READ_AT_ONCE_SECONDS, else once it ends, if `node` is
    still on a screen. Whether `then` ran at once."""
    app = node.app
    kept: list[Read] = []
    late = False
    lock = threading.Lock()

    def reading() -> None:
        value = read()
        with lock:
            kept.append(value)
            waited = late
        if waited:
            with suppress(RuntimeError):  # the app has ended meanwhile
                app.call_from_thread(lambda: then(value) if node.is_attached else None)

    thread = threading.Thread(target=reading, name="wordle-tui-read", daemon=True)  # never keeps the app open
    thread.start()
    thread.join(READ_AT_ONCE_SECONDS)
    with lock:
        late = not kept
    if not late:
        then(kept[0])
    return not late


@dataclass(frozen=True)
class PlayOptions:
    answer: str | None = None  # a fixed first answer
    daily: bool = False
    hard_mode: Difficulty | None = None  # None: as the settings say
    nyt: int | None = None  # the NYT puzzle number whose answer `answer` is
    code: str | None = None  # the challenge code `answer` came from
    variant: Variant = WORDLE  # which game: one board, several at once, or Absurdle


@dataclass(frozen=True)
class CoachOptions:
    nyt: int | None = None  # the NYT puzzle being mirrored; None: today's
    variant: Variant = WORDLE  # the game mirrored: one board, or several (Absurdle holds no answer to mirror)

    def puzzle(self, today: dt.date) -> int:
        return day_number(today) if self.nyt is None else self.nyt


@dataclass(frozen=True)
class WatchOptions:
    answer: str | None = None
    strategy: str | None = None  # None: as the settings say
    hard_mode: Difficulty | None = None
    variant: Variant = WORDLE  # which game the bot plays


@dataclass(frozen=True)
class Means:
    """What the app lends each screen besides its setup: the user's files and the settings in force, the draw of
    answers, the engine (a Ranker for each consumer, over the app's worker pool, which no screen touches), the
    model of each lists and the day. A dialog or widget is handed the part it needs by the screen that makes it."""

    store: Store
    settings: Settings  # the app's own, which change_setting changes
    rng: random.Random  # the answers of new games
    seeded: bool  # a series asked for on the command line
    ranker: Callable[[], Ranker]  # the engine for one consumer (a panel, the bot): close it when done
    model_of: Callable[[WordLists], CandidateModel]  # every accepted word may be the answer, those listed likely
    strategy: Callable[[str | None], Strategy]  # the one named, else the settings'
    today: Callable[[], dt.date]  # the local date: of the coach's puzzle, of games finished


def strategy_for(settings: Settings, name: str | None = None) -> Strategy:
    """The strategy named, else the settings' (entropy where the settings name none that is known)."""
    from ..core.strategies import STRATEGY_NAMES, strategy_named

    name = name or settings.strategy
    return strategy_named(name if name in STRATEGY_NAMES else "entropy")


@runtime_checkable
class Host(Protocol):
    """The app, as its screens see it once they are made: what it shows everywhere and the few things it does
    for them. What they work on (their Setup, the Means) comes in through their constructors."""

    marks: bool  # tiles and keys carry marks besides their colours

    def change_setting(self, name: str, value: Any) -> None: ...

    def share(self, text: str, what: str) -> object: ...


if TYPE_CHECKING:

    class HostApp(App[Any], Host):
        """Textual's App with what Host promises: the type of `self.app` on the screens below."""


class HostScreen(Screen):
    KEY_HELP: ClassVar[tuple[str, ...]] = ()  # the keys it handles besides its bindings, for the help

    if TYPE_CHECKING:
        app = getters.app(HostApp)

    def open_dialog(
        self, dialog: ModalScreen[ResultType], then: Callable[[ResultType | None], None] | None = None
    ) -> None:
        """Show `dialog` over this screen; `then` gets what it hands back when it closes."""
        self.app.push_screen(dialog, then)


class HostDialog(ModalScreen[ResultType]):
    """A dialog: its content in a `.dialog` frame (a dialog of its own may size it by the frame's id)."""

    DEFAULT_CSS = """
    .dialog {
        width: 66;
        max-width: 100%;
        height: auto;
        max-height: 100%;
        padding: 0 2;
        border: round $primary;
        background: $surface;
        overflow-x: auto;  /* a table wider than a narrow window scrolls rather than being cut */
        scrollbar-size: 1 1;
    }

    HostDialog.-narrow .dialog {
        padding: 0 1;
    }

    .dialog-title {
        text-style: bold;
        text-align: center;
        width: 100%;
    }

    .dialog-heading {
        text-style: bold;
        margin-top: 1;
    }

    .dialog-keys {
        color: $text-muted;
        margin-top: 1;
    }

    .share-text {  /* a result to share, shown as text to select */
        width: auto;
        padding: 0 1;
        margin-bottom: 1;
    }
    """
    KEY_HELP: ClassVar[tuple[str, ...]] = ()
    widest_table = 0  # the columns its widest table needs (see WideContent); 0: the frame's own width will do

    if TYPE_CHECKING:
        app = getters.app(HostApp)

    def on_wide_content(self, message: WideContent) -> None:
        self.widest_table = max(self.widest_table, message.width)
        self.fit_frame()

    def on_resize(self, event: Resize) -> None:
        self.call_after_refresh(self.fit_frame)  # once a narrow window's padding is in place

    def fit_frame(self) -> None:
        """Widen the frame to show its widest table whole, within its border, padding and scrollbar."""
        if self.widest_table:
            frame = self.query_one(".dialog").styles
            frame.min_width = self.widest_table + frame.gutter.width + frame.scrollbar_size_vertical


class HostPanel(Vertical):
    if TYPE_CHECKING:
        app = getters.app(HostApp)
