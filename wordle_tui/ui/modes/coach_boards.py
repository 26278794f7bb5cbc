"""Coach several boards: mirror a Dordle, Quordle or Octordle played elsewhere (the word played, then the
colours each board showed) and see the best next guesses for every board at once."""

from __future__ import annotations

import uuid
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.events import Key

from ...core.position.model import NoCandidatesError
from ...core.rules.boards import guess_limit, share_boards
from ...core.rules.feedback import digits_of, from_digits, solved_pattern
from ...core.rules.game import GuessError, History, check_guess
from ...core.rules.variant import Variant
from ...core.strategies.boards import answers_model
from ...storage.saved import InProgress
from ..dialogs.boards_result import boards_verdict
from ..dialogs.result import ResultScreen
from ..host import Means
from ..widgets.small_boards import BoardView
from .mode import COLOUR_KEYS, TypingScreen
from .views import SCROLL_HELP, BoardsView, boards_title

if TYPE_CHECKING:
    from ...core.rules.setup import Setup


class CoachBoardsScreen(TypingScreen):
    MODE_TITLE = "Coach"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+z", "undo", "Undo row"),
        Binding("ctrl+r", "restart", "Start again"),
        Binding("ctrl+s", "result", "Result"),
        Binding("ctrl+t", "toggle_hints", "Hints"),
    ]
    KEY_HELP: ClassVar[tuple[str, ...]] = (
        "type the word you played",
        "0 1 2 colour the next tile grey/yellow/green, board after board",
        "Backspace takes back a colour, then a letter",
        "Enter adds the row",
        SCROLL_HELP,
    )

    def __init__(self, setup: Setup, means: Means) -> None:
        super().__init__(setup, means)
        self.count = setup.variant.boards
        self.game_id = uuid.uuid4().hex  # names the rows kept, until the coach starts again
        self.rows: list[tuple[str, list[int | None]]] = []  # each guess, and each board's pattern (None: solved before)
        self.colours: dict[int, list[int]] = {}  # the colours given so far to the typed word, by open board

    @property
    def limit(self) -> int:
        return guess_limit(self.count)

    def game_area(self) -> ComposeResult:
        self.view = BoardsView(self.count, self.lists, self.means.ranker, self.means.model_of)
        yield self.view

    def on_mount(self) -> None:
        self.view.ranking_shown = True  # the point of the coach
        self.read_saved(Variant(self.count), coached=True)

    def carry_on(self, saved: InProgress | None) -> None:
        if saved:
            self.game_id = saved.id
            self.rows = [(guess, list(patterns)) for guess, patterns in zip(saved.guesses, saved.patterns)]
        self.redraw()
        self.refresh_hints()

    def resting(self) -> str:
        return self.view.resting()

    # -- the boards as entered ---------------------------------------------------------------------

    def histories(self) -> tuple[History, ...]:
        """Each board's feedback so far, up to the row that solved it."""
        return tuple(
            tuple((guess, pattern) for guess, patterns in self.rows if (pattern := patterns[b]) is not None)
            for b in range(self.count)
        )

    def open_boards(self) -> list[int]:
        done = solved_pattern(self.lists.length)
        return [b for b, board in enumerate(self.histories()) if not board or board[-1][1] != done]

    @property
    def finished(self) -> bool:
        return not self.open_boards() or len(self.rows) >= self.limit

    def colouring(self) -> int | None:
        """The open board whose colours the next digit sets, once the word is typed."""
        if len(self.typed) < self.lists.length:
            return None
        return next((b for b in self.open_boards() if len(self.colours.get(b, [])) < len(self.typed)), None)

    def view_of(self, number: int) -> BoardView:
        length, b = self.lists.length, number - 1
        view = BoardView(number, self.limit, length)
        board = self.histories()[b]
        view.rows = [(guess, digits_of(pattern, length)) for guess, pattern in board]
        if board and board[-1][1] == solved_pattern(length):
            view.solved_in = next(i for i, (guess, patterns) in enumerate(self.rows, 1) if patterns[b] == board[-1][1])
        elif not self.finished:
            view.typed, view.colours = self.typed, self.colours.get(b, [])
            if self.colouring() == b:
                view.selected = len(view.colours)
        return view

    def redraw(self) -> None:
        views = [self.view_of(number) for number in range(1, self.count + 1)]
        self.view.show(views, self.histories())
        solved = sum(view.solved_in is not None for view in views)
        said = (self.count, solved, len(self.rows), self.limit)
        self.set_title(boards_title(*said, turn="row"), boards_title(*said, short=True))
        self.refresh_bindings()  # the result is there once the game is over (see check_action)

    # -- typing the word and its colours -------------------------------------------------------------

    def on_key(self, event: Key) -> None:
        if event.key in COLOUR_KEYS:  # letters, Enter and Backspace as on every screen typed in
            event.stop()
            self.take(event.key)

    def press(self, key: str) -> None:
        if self.finished:
            return
        if key == "enter":
            self.add_row()
            return
        if key == "backspace":
            coloured = [b for b in self.open_boards() if self.colours.get(b)]
            if coloured:  # the boards are coloured in order: the last colour given is the last board's
                self.colours[coloured[-1]].pop()
                if not self.colours[coloured[-1]]:
                    del self.colours[coloured[-1]]
            else:
                self.typed = self.typed[:-1]
        elif key in COLOUR_KEYS:
            board = self.colouring()
            if board is None:
                self.say("Type the word you played first, then its colours", seconds=3)
                return
            self.colours.setdefault(board, []).append(COLOUR_KEYS[key])
        else:
            self.edit_typed(key)
        self.redraw()

    def add_row(self) -> None:
        lists = self.lists
        try:
            guess = check_guess(self.typed, lists)
        except GuessError as refusal:
            self.say(str(refusal), error=True)
            return
        if (board := self.colouring()) is not None:
            self.say(f"Give board {board + 1} its colours (0 grey, 1 yellow, 2 green)", error=True)
            return
        patterns: list[int | None] = [None] * self.count
        model = answers_model(lists)
        histories = self.histories()
        for b in self.open_boards():
            patterns[b] = pattern = from_digits(self.colours[b])
            try:
                model.candidates((*histories[b], (guess, pattern)))
            except NoCandidatesError:
                self.say(f"No answer fits the colours of board {b + 1}: check them", error=True)
                return
        self.rows.append((guess, patterns))
        self.typed, self.colours = "", {}
        self.save()
        self.redraw()
        self.refresh_hints()
        if self.finished:
            self.say(self.ending(), seconds=None)
            self.action_result()

    # -- the ranking, the rows kept, and the result --------------------------------------------------

    def action_toggle_hints(self) -> None:
        """Show or hide the best next guesses for all the boards at once (see strategies/boards.py)."""
        self.view.ranking_shown = not self.view.ranking_shown
        self.say("")  # a short window says how tall a window the ranking needs, or no longer needs to
        self.refresh_hints()

    def ending(self) -> str:
        return "Every board solved" if not self.open_boards() else "Out of guesses"

    def refresh_hints(self) -> None:
        if self.finished:
            self.view.settle(f"{self.ending()}: Ctrl+S shows the result.")
        elif self.view.ranking_shown:
            self.view.rank(self.histories())

    def save(self) -> None:
        guesses, patterns = tuple(guess for guess, _ in self.rows), tuple(tuple(colours) for _, colours in self.rows)
        coached = InProgress(
            self.game_id, Variant(self.count), self.lists.name, True, guesses=guesses, patterns=patterns
        )
        self.store.keep(coached)

    def action_undo(self) -> None:
        if self.rows:
            self.rows.pop()
            self.typed, self.colours = "", {}
            self.save()
            self.say("")
            self.redraw()
            self.refresh_hints()

    def action_restart(self) -> None:
        self.rows, self.typed, self.colours = [], "", {}
        self.save()
        self.say("")
        self.redraw()
        self.refresh_hints()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "result":  # dimmed in the footer until there is one
            return (self.ready and self.finished) or None
        return super().check_action(action, parameters)

    def action_result(self) -> None:
        """The result of the game mirrored, to share: shown, and copied only when asked (the coach keeps no
        statistics of it)."""
        solved = self.count - len(self.open_boards())
        verdict = boards_verdict(self.count, solved, len(self.rows), self.limit)
        text = share_boards(self.histories(), self.limit, self.settings.high_contrast_squares)
        self.open_dialog(ResultScreen(verdict, text))
