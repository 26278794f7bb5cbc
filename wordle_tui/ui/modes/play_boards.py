"""Play several boards at once (Dordle, Quordle, Octordle): each guess goes on every unsolved board, and
the ranking for every board at once when hints are asked for."""

from __future__ import annotations

import uuid
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType

from ...core.rules.boards import BoardsGame, boards_share_text
from ...core.rules.game import GuessError
from ...core.rules.variant import Variant
from ...core.rules.words import capitals
from ...storage.kinds import kind_of
from ...storage.records import GameRecord, finished_now
from ...storage.saved import InProgress
from ..dialogs.boards_result import BoardsResultScreen
from ..host import Means
from .mode import HINTS_ON, PLAY_KEYS, PlayingScreen
from .views import SCROLL_HELP, BoardsView, board_views, game_title

if TYPE_CHECKING:
    from ...core.rules.setup import Setup


class PlayBoardsScreen(PlayingScreen):
    """Several boards at once (Dordle, Quordle, Octordle): each guess goes on every unsolved board, a
    solved board stays as it was, and the keyboard shows each letter's colour on every board."""

    BINDINGS: ClassVar[list[BindingType]] = [*PLAY_KEYS, Binding("ctrl+t", "toggle_hints", "Hints")]
    KEY_HELP: ClassVar[tuple[str, ...]] = (
        "letters type (or click the on-screen keyboard)",
        "Enter guesses on every board",
        "Backspace deletes",
        SCROLL_HELP,
    )

    game: BoardsGame  # the game on the boards, from the screen's mount on
    hints_used = False  # a ranking was in sight during the game

    def __init__(self, setup: Setup, means: Means) -> None:
        super().__init__(setup, means)
        self.count = setup.variant.boards  # how many boards: Quordle's four unless told

    def game_area(self) -> ComposeResult:
        self.view = BoardsView(self.count, self.lists, self.means.ranker, self.means.model_of)
        yield self.view

    def on_mount(self) -> None:
        self.read_saved(Variant(self.count))

    def carry_on(self, saved: InProgress | None) -> None:
        if saved is None or not self.resume(saved):
            self.start()

    def resting(self) -> str:
        return self.view.resting()

    def start(self, answers: tuple[str, ...] | None = None) -> None:
        """A new game: against `answers`, else as many different random words of the answer list."""
        lists = self.lists
        if answers is None:
            answers = tuple(self.means.rng.sample(lists.answers, self.count))
        if self.game_id:
            self.store.forget(self.game_id)  # a game left with no guess played is not kept
        self.game = BoardsGame(answers, lists)
        self.game_id, self.typed, self.hints_used = uuid.uuid4().hex, "", False
        self.redraw()
        self.save()
        self.refresh_hints()

    def resume(self, saved: InProgress) -> bool:
        """Carry on a saved game; False if its words do not fit these lists."""
        game = BoardsGame(saved.answers, self.lists)
        try:
            for guess in saved.guesses:
                game.guess(guess)
        except GuessError:
            return False
        self.game, self.game_id, self.typed, self.hints_used = game, saved.id, "", saved.hints
        self.redraw()
        if game.over:
            self.record()
            self.finish()
        return True

    def save(self) -> None:
        if not self.game.over:
            game, lists = self.game, self.lists.name
            guesses, hints = tuple(game.guesses), self.hints_used
            saved = InProgress(
                self.game_id, Variant(self.count), lists, answers=game.answers, guesses=guesses, hints=hints
            )
            self.store.keep(saved)

    def redraw(self) -> None:
        self.view.show(board_views(self.game, self.lists.length, self.typed), self.game.boards)
        hints = " · hints" if self.hints_used else ""
        self.set_title(game_title(self.game) + hints, game_title(self.game, short=True) + hints)

    @property
    def hints_shown(self) -> bool:
        return self.view.ranking_shown

    def action_toggle_hints(self) -> None:
        """Show or hide the best next guesses for all the boards at once (see strategies/boards.py); a game
        where they came into sight is recorded as played with hints."""
        if self.game.over:
            return
        self.view.ranking_shown = not self.view.ranking_shown
        self.say("")  # a short window says how tall a window the ranking needs, or no longer needs to
        self.refresh_hints()

    def on_hints_seen(self) -> None:
        if not self.hints_used and not self.game.over:
            self.hints_used = True
            self.save()
            self.redraw()
            self.say(HINTS_ON, seconds=3)

    def refresh_hints(self) -> None:
        if self.game.over:
            self.view.settle("Every board solved." if self.game.won else "Out of guesses.")
        elif self.hints_shown:
            self.view.rank(self.game.boards)

    def press(self, key: str) -> None:
        if self.game.over:
            return
        if key == "enter":
            self.submit()
            return
        self.edit_typed(key)
        self.redraw()

    def submit(self) -> None:
        if not self.play_typed(self.game):
            return
        self.redraw()
        self.refresh_hints()
        if self.game.over:
            self.record()
            self.finish()
        else:
            self.save()

    def unfinished(self) -> int:
        return 0 if self.game.over else len(self.game.guesses)

    def record(self, abandoned: bool = False) -> None:
        game = self.game
        record = GameRecord(
            self.game_id,
            " ".join(game.answers),
            tuple(game.guesses),
            game.won and not abandoned,
            hints=self.hints_used,
            lists=self.lists.name,
            kind=kind_of(Variant(self.count)),
            finished=finished_now(),
        )
        self.store.record(record)
        self.store.forget(self.game_id)

    def finish(self) -> None:
        game = self.game
        if game.won:
            self.say(f"Every board solved in {len(game.guesses)} of {game.limit} guesses", seconds=None)
        else:
            self.say(f"Out of guesses: {' '.join(capitals(answer) for answer in game.answers)}", seconds=None)
        self.action_result()

    def action_result(self) -> None:
        def after(choice: str | None) -> None:
            if choice == "new":
                self.action_new_game()  # a game in progress is given up only if the player says so

        share = boards_share_text(self.game, self.settings.high_contrast_squares)
        self.open_dialog(BoardsResultScreen(self.game, share, self.lists.name, self.store), after)
