"""Play Absurdle: the adversary holds no answer, and the board grows a row a guess until it is beaten."""

from __future__ import annotations

import uuid
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType

from ...core.rules.absurdle import AbsurdleGame, absurdle_share
from ...core.rules.game import GuessError
from ...core.rules.variant import ABSURDLE as ABSURDLE_GAME
from ...storage.kinds import kind_of
from ...storage.records import GameRecord, finished_now
from ...storage.saved import InProgress
from ..dialogs.result import ResultScreen
from ..host import read_aside
from .mode import PLAY_KEYS, PlayingScreen
from .views import AbsurdleView


class PlayAbsurdleScreen(PlayingScreen):
    """Absurdle: the adversary holds no answer and, after each guess, keeps the largest group of the
    answers that fit (see rules/absurdle.py). No limit of guesses: the board grows a row a guess."""

    BINDINGS: ClassVar[list[BindingType]] = [*PLAY_KEYS]
    KEY_HELP: ClassVar[tuple[str, ...]] = ("letters type", "Enter guesses", "Backspace deletes")

    game: AbsurdleGame  # from the screen's mount on
    GIVEN_UP_LOSES = False  # only the games beaten are counted: one left behind is not lost

    def game_area(self) -> ComposeResult:
        yield AbsurdleView(self.lists.length, self.lists.alphabet)

    def on_mount(self) -> None:
        self.read_saved(ABSURDLE_GAME)

    def carry_on(self, saved: InProgress | None) -> None:
        if saved is not None:
            game = AbsurdleGame(self.lists)
            try:
                for word in saved.guesses:
                    game.guess(word)
            except GuessError:
                self.store.forget(saved.id)  # its guesses do not fit these lists
            else:
                self.game, self.game_id = game, saved.id
                self.redraw()
                return
        self.start()

    def start(self) -> None:
        if self.game_id:
            self.store.forget(self.game_id)
        self.game, self.game_id, self.typed = AbsurdleGame(self.lists), uuid.uuid4().hex, ""
        self.say("Absurdle holds no answer: it keeps the most answers your guesses allow", seconds=5)
        self.redraw()

    def unfinished(self) -> int:
        """The guesses of a game not beaten yet: asked before it is dropped, though it is not counted as lost."""
        return 0 if self.game.won else len(self.game.rows)

    def save(self) -> None:
        if self.game.won:
            self.store.forget(self.game_id)
        else:
            guesses = tuple(word for word, _ in self.game.rows)
            self.store.keep(InProgress(self.game_id, ABSURDLE_GAME, self.lists.name, guesses=guesses))

    def record(self, abandoned: bool = False) -> None:
        """Count the beaten game in Absurdle's statistics: its answer is the word it was left with."""
        rows = self.game.rows
        record = GameRecord(
            self.game_id,
            rows[-1][0],
            tuple(word for word, _ in rows),
            True,
            lists=self.lists.name,
            kind=kind_of(ABSURDLE_GAME),
            finished=finished_now(),
            patterns=tuple(pattern for _, pattern in rows),
        )
        self.store.record(record)

    def redraw(self) -> None:
        game = self.game
        self.query_one(AbsurdleView).show(tuple(game.rows), self.typed, game.won)
        left = "beaten" if game.won else f"{len(game.left):,} answer{'s' if len(game.left) != 1 else ''} left"
        self.set_title(f"Absurdle · guess {len(game.rows)} · {left}")

    def press(self, key: str) -> None:
        if self.game.won:
            return
        if key == "enter":
            if not self.play_typed(self.game):
                return
            self.save()
            if self.game.won:
                self.record()
                taken, store, lists = len(self.game.rows), self.store, self.lists.name
                self.say(f"Beaten in {taken} guesses", seconds=None)  # and, once they are read, the statistics
                read_aside(self, lambda: store.stats(lists, variant=ABSURDLE_GAME).summary(), self.say_beaten)
                self.action_result()
        else:
            self.edit_typed(key)
        self.redraw()

    def say_beaten(self, statistics: str) -> None:
        if self.game.won:  # not a new game by now
            self.say(f"Beaten in {len(self.game.rows)} guesses ({statistics})", seconds=None)

    def action_result(self) -> None:
        """Absurdle's statistics, with the result to share (as text to select, too) once it is beaten."""
        game, lists = self.game, self.lists.name
        if game.won:
            verdict = f"Absurdle beaten in {len(game.rows)} guesses"
            share: str | None = absurdle_share(game.rows, self.settings.high_contrast_squares)
        else:
            verdict, share = f"Absurdle in progress: guess {len(game.rows)}, {len(game.left):,} answers left", None
        store = self.store
        figures = (
            f"STATISTICS · Absurdle on the {lists} lists",
            lambda: store.stats(lists, variant=ABSURDLE_GAME).summary(),
        )

        def after(choice: str | None) -> None:
            if choice == "new":
                self.action_new_game()  # a game in progress is dropped only if the player says so

        self.open_dialog(ResultScreen(verdict, share, figures, new=game.won), after)
