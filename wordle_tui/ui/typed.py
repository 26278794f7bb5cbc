"""The app's own type for its screens and widgets: to a type checker, `self.app` is a WordleApp.

At run time they keep Textual's own `app`; Textual's getter only tells the checker its type.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, TypeVar

from textual.containers import Vertical
from textual.screen import ModalScreen, Screen

if TYPE_CHECKING:
    from textual import getters

    from .app import WordleApp

ResultType = TypeVar("ResultType")


class AppScreen(Screen):
    KEY_HELP: ClassVar[tuple[str, ...]] = ()  # the keys it handles besides its bindings, for the help

    if TYPE_CHECKING:
        app = getters.app(WordleApp)


class AppDialog(ModalScreen[ResultType]):
    KEY_HELP: ClassVar[tuple[str, ...]] = ()

    if TYPE_CHECKING:
        app = getters.app(WordleApp)


class AppPanel(Vertical):
    if TYPE_CHECKING:
        app = getters.app(WordleApp)
