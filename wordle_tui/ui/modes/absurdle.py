"""Play Absurdle: the adversary holds no answer and, after each guess, keeps the largest group of the
answers that fit (see rules/absurdle.py). No limit of guesses: the board grows a row a guess."""

from __future__ import annotations

import uuid
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.events import Mount

from ...core.rules.absurdle import AbsurdleGame, absurdle_share
from ...core.rules.feedback import digits_of
from ...core.rules.game import GuessError, letter_states
from ...storage.records import ABSURDLE, GameRecord, finished_now
from ..dialogs.result import ResultScreen
from ..widgets.keyboard import Keyboard
from ..widgets.small_boards import BoardView, SmallBoard
from .mode import TypingScreen

ROWS_SHOWN = 6  # rows the board shows before it grows with the guesses


class AbsurdleScreen(TypingScreen):
    MODE_TITLE = "Play"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+n", "new_game", "New game"),
        Binding("ctrl+s", "result", "Stats"),
    ]
    KEY_HELP: ClassVar[tuple[str, ...]] = ("letters type", "Enter guesses", "Backspace deletes")
    DEFAULT_CSS = """
    AbsurdleScreen .absurdle-area {
        height: 1fr;
        width: 100%;
        align-horizontal: center;
    }

    AbsurdleScreen #absurdle-board {
        margin-top: 1;
    }
    """

    game: AbsurdleGame  # from the screen's mount on

    def __init__(self) -> None:
        super().__init__()
        self.typed = ""
        self.game_id = ""

    def compose(self) -> ComposeResult:
        yield from self.title_bar()
        with VerticalScroll(classes="absurdle-area"):
            yield SmallBoard(BoardView(1, ROWS_SHOWN, self.app.lists.length, title="ABSURDLE"), id="absurdle-board")
        yield Keyboard(id="keyboard")
        yield from self.footer()

    def on_mount(self, event: Mount) -> None:
        if (saved := self.app.store.saved_absurdle(self.app.lists.name)) is not None:
            game_id, guesses = saved
            game = AbsurdleGame(self.app.lists)
            try:
                for word in guesses:
                    game.guess(word)
            except GuessError:
                self.app.store.clear_game(game_id)  # its guesses do not fit these lists
            else:
                self.game, self.game_id = game, game_id
                self.redraw()
                return
        self.start()

    def start(self) -> None:
        if self.game_id:
            self.app.store.clear_game(self.game_id)
        self.game, self.game_id, self.typed = AbsurdleGame(self.app.lists), uuid.uuid4().hex, ""
        self.say("Absurdle holds no answer: it keeps the most answers your guesses allow", seconds=5)
        self.redraw()

    def save(self) -> None:
        if self.game.won:
            self.app.store.clear_game(self.game_id)
        else:
            self.app.store.save_absurdle(self.game_id, [word for word, _ in self.game.rows], self.app.lists.name)

    def record(self) -> None:
        """Count the beaten game in Absurdle's statistics: its answer is the word it was left with."""
        rows = self.game.rows
        record = GameRecord(
            self.game_id,
            rows[-1][0],
            tuple(word for word, _ in rows),
            True,
            lists=self.app.lists.name,
            kind=ABSURDLE,
            finished=finished_now(),
            patterns=tuple(pattern for _, pattern in rows),
        )
        self.app.store.record(record)

    def redraw(self) -> None:
        game, length = self.game, self.app.lists.length
        rows = [(word, digits_of(pattern, length)) for word, pattern in game.rows]
        view = BoardView(1, max(ROWS_SHOWN, len(rows) + 1), length, rows, self.typed, title="ABSURDLE")
        if game.won:
            view.solved_in = len(rows)
        board = self.query_one("#absurdle-board", SmallBoard)
        board.show(view)
        board.styles.height = view.limit + 1
        self.query_one("#keyboard", Keyboard).show(letter_states(tuple(game.rows)))
        left = "beaten" if game.won else f"{len(game.left):,} answer{'s' if len(game.left) != 1 else ''} left"
        self.set_title(f"Absurdle · guess {len(rows)} · {left}")
        self.query_one(".absurdle-area", VerticalScroll).scroll_end(animate=False)

    def press(self, key: str) -> None:
        if self.game.won:
            return
        if key == "enter":
            if not self.play_typed(self.game):
                return
            self.save()
            if self.game.won:
                self.record()
                stats = self.app.store.absurdle_stats(self.app.lists.name)
                taken = len(self.game.rows)
                self.say(f"Beaten in {taken} guesses ({stats.summary()})", seconds=None)
                self.action_result()
        else:
            self.edit_typed(key)
        self.redraw()

    def action_result(self) -> None:
        """Absurdle's statistics, with the result to share (as text to select, too) once it is beaten."""
        game, lists = self.game, self.app.lists.name
        if game.won:
            verdict = f"Absurdle beaten in {len(game.rows)} guesses"
            share: str | None = absurdle_share(game.rows, self.app.high_contrast_squares)
        else:
            verdict, share = f"Absurdle in progress: guess {len(game.rows)}, {len(game.left):,} answers left", None
        figures = f"STATISTICS · Absurdle on the {lists} lists", self.app.store.absurdle_stats(lists).summary()

        def after(choice: str | None) -> None:
            if choice == "new":
                self.start()

        self.app.push_screen(ResultScreen(verdict, share, figures, new=game.won), after)

    def action_new_game(self) -> None:
        self.start()
