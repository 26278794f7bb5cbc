"""Coach: mirror the NYT puzzle (or a game of another length, as hello wordl plays them) row by row and see the
best next guesses ranked beside it."""

from __future__ import annotations

import uuid
from dataclasses import replace
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.events import Key
from textual.widgets import Select

from ...core.position.model import NoCandidatesError, State
from ...core.rules.daily import puzzle_title
from ...core.rules.feedback import GREY, digits_of, from_digits
from ...core.rules.game import (
    MAX_GUESSES,
    Difficulty,
    Feedback,
    GuessError,
    check_guess,
    letter_states,
    mode_violation,
    over,
    won,
)
from ...core.rules.variant import WORDLE
from ...core.strategies import STRATEGY_NAMES
from ...storage.kinds import kind_of
from ...storage.records import GameRecord, finished_now
from ...storage.saved import InProgress
from ..dialogs.analysis import AnalysisScreen
from ..host import CoachOptions, Means
from ..widgets.board import Board
from ..widgets.choice import Choice
from ..widgets.keyboard import Keyboard
from ..widgets.mode_choice import mode_choice
from .mode import COLOUR_KEYS, ModeScreen
from .views import OneBoard

if TYPE_CHECKING:
    from ...core.rules.setup import Setup


class CoachScreen(ModeScreen):
    DEFAULT_CSS = """
    #coach-controls {
        height: 1;
        padding: 0 1;
    }

    #coach-controls Select {
        width: 1fr;
    }

    #coach-controls #hard {
        width: 16;
        margin-left: 1;
    }
    """
    MODE_TITLE = "Coach"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+z", "undo", "Undo row"),
        Binding("ctrl+r", "restart", "Start again"),
        Binding("ctrl+a", "analyse", "Analyse"),
        Binding("ctrl+e", "next_strategy", "Strategy"),
        Binding("ctrl+d", "next_mode", "Mode"),
    ]
    KEY_HELP = (
        "type the word you played",
        "0 1 2 colour the selected tile grey/yellow/green",
        "Space cycles it",
        "← → select a tile",
        "click a tile to cycle it",
        "Enter adds the row",
    )

    def __init__(self, setup: Setup, means: Means, asked: CoachOptions | None = None) -> None:
        super().__init__(setup, means)
        self.asked = asked or CoachOptions()  # what the command line asked for: the NYT puzzle mirrored
        self.game_id = uuid.uuid4().hex  # names the coached game in the history
        self.rows: list[Feedback] = []
        self.typed = ""
        self.colours: list[int] = []
        self.selected: int | None = None
        self.painted = False  # colours were set while the row was typed, letter by letter

    def game_area(self) -> ComposeResult:
        settings = self.settings
        # The NYT puzzle being mirrored; none of words of another length than its five.
        self.puzzle = self.asked.puzzle(self.means.today()) if self.lists.length == 5 else None
        hard_mode = settings.coach_hard_mode  # the NYT's game is in normal mode unless the player turned it on
        strategies = [(name, name) for name in STRATEGY_NAMES]
        strategy = settings.strategy if settings.strategy in STRATEGY_NAMES else "entropy"
        controls = Horizontal(
            Choice(strategies, value=strategy, id="strategy"),
            mode_choice(hard_mode, "hard"),
            id="coach-controls",
        )
        yield OneBoard(self.lists.length, Vertical(controls, self.ranking_panel(), id="coach-side"))
        yield Keyboard(self.lists.alphabet, id="keyboard")

    @property
    def heading(self) -> str:
        """The game mirrored, as a shared result heads it: the NYT's puzzle, or Wordle (of N letters: see
        shared_title)."""
        return puzzle_title(self.puzzle) if self.puzzle is not None else "Wordle"

    @property
    def panel_wanted(self) -> bool:
        return True

    @property
    def hard_mode(self) -> Difficulty:
        """The mode of the game mirrored."""
        return Difficulty(self.query_one("#hard", Select).value)  # type: ignore[arg-type]

    @property
    def finished(self) -> bool:
        return over(tuple(self.rows))

    def on_mount(self) -> None:
        self.set_focus(None)
        self.read_saved(WORDLE, coached=True, nyt=self.puzzle)

    def carry_on(self, saved: InProgress | None) -> None:
        """The rows kept of the same puzzle, carried on (a row's colours on the one board are never None: see
        InProgress), in the mode they were entered in."""
        if saved:
            rows = [(guess, pattern) for guess, (pattern,) in zip(saved.guesses, saved.patterns) if pattern is not None]
            self.game_id, self.rows = saved.id, rows
            modes = self.query_one("#hard", Select)
            with modes.prevent(Select.Changed):  # the game's own mode: the settings' stays as it is
                modes.value = saved.hard_mode
        self.update_position()

    def rank_again(self) -> None:
        self.update_position()

    def on_key(self, event: Key) -> None:
        if self.coach_key(event.key):
            event.stop()
            self.take(event.key)

    def on_keyboard_pressed(self, event: Keyboard.Pressed) -> None:
        self.take(event.key)

    def coach_key(self, key: str) -> bool:
        """Whether `key` is one of the coach's own (see press)."""
        letter = self.lists.is_letter(key.lower())
        return letter or key in COLOUR_KEYS or key in ("space", "left", "right", "backspace", "enter")

    def press(self, key: str) -> bool:
        """Handle one key of the coach's own; False if it is not one."""
        if self.lists.is_letter(key.lower()):
            self.type_letter(key.lower())
        elif key in COLOUR_KEYS:
            self.set_colour(COLOUR_KEYS[key])
        elif key == "space":
            self.cycle(self.selected)
        elif key in ("left", "right"):
            self.move(-1 if key == "left" else 1)
        elif key == "backspace":
            self.typed, self.colours = self.typed[:-1], self.colours[:-1]
            self.selected = len(self.typed) - 1 if self.typed else None
        elif key == "enter":
            self.add_row()
        else:
            return False
        self.show_typing()
        return True

    def type_letter(self, letter: str) -> None:
        if self.finished or len(self.typed) >= self.lists.length:
            return
        self.typed += letter
        self.colours.append(GREY)
        # Once the word is complete, colouring starts from its first letter, unless it went along with the typing.
        complete = len(self.typed) == self.lists.length
        self.selected = 0 if complete and not self.painted else len(self.typed) - 1

    def set_colour(self, colour: int) -> None:
        if self.selected is None:
            return
        self.colours[self.selected] = colour
        self.selected = min(self.selected + 1, len(self.typed) - 1)
        self.painted = True

    def cycle(self, column: int | None) -> None:
        if column is not None and column < len(self.typed):
            self.colours[column] = (self.colours[column] + 1) % 3

    def move(self, step: int) -> None:
        if self.typed:
            self.selected = max(0, min(len(self.typed) - 1, (self.selected or 0) + step))

    def on_board_tile_clicked(self, event: Board.TileClicked) -> None:
        """A click cycles the tile's colour: in the row being entered, or in a row already added."""
        if event.row == len(self.rows):
            self.selected = event.column if event.column < len(self.typed) else self.selected
            self.cycle(event.column)
            self.show_typing()
        elif event.row < len(self.rows):
            guess, pattern = self.rows[event.row]
            colours = digits_of(pattern, len(guess))
            colours[event.column] = (colours[event.column] + 1) % 3
            self.rows[event.row] = (guess, from_digits(colours))
            self.update_position()

    def show_typing(self) -> None:
        if len(self.rows) < MAX_GUESSES:
            self.board.show_row(len(self.rows), self.typed, self.colours)
            self.board.select(len(self.rows) if self.typed else None, self.selected)

    def add_row(self) -> None:
        if self.finished:
            return
        try:
            guess = check_guess(self.typed, self.lists, tuple(self.rows), self.hard_mode)
        except GuessError as refusal:
            if mode_violation(self.typed.lower(), tuple(self.rows), self.hard_mode):
                mode = self.hard_mode.title.capitalize()
                self.say(f"{mode} mode: {refusal}. Ctrl+D changes the mode", seconds=4, error=True)
            else:
                self.say(str(refusal), error=True)
            return
        self.rows.append((guess, from_digits(self.colours)))
        self.typed, self.colours, self.selected, self.painted = "", [], None, False
        self.update_position()
        if self.finished:
            self.action_analyse()

    def action_undo(self) -> None:
        if self.rows:
            guess, pattern = self.rows.pop()
            self.typed, self.colours = guess, digits_of(pattern, len(guess))
            self.selected = len(guess) - 1
            self.update_position()

    def action_analyse(self) -> None:
        if not self.rows:
            self.say("Add a row to analyse first", error=True)
            return
        title = self.heading
        self.open_dialog(
            AnalysisScreen(self.lists, self.means, tuple(self.rows), self.hard_mode, title, finished=self.finished)
        )

    def action_restart(self) -> None:
        self.rows, self.typed, self.colours, self.selected, self.painted = [], "", [], None, False
        self.store.forget(self.game_id)
        self.game_id = uuid.uuid4().hex
        self.update_position()

    def action_next_strategy(self) -> None:
        strategy = self.query_one("#strategy", Select)
        names = list(STRATEGY_NAMES)
        strategy.value = names[(names.index(str(strategy.value)) + 1) % len(names)]

    def action_next_mode(self) -> None:
        """Normal, hard, ultra hard, and round again."""
        modes = self.query_one("#hard", Select)
        modes.value = Difficulty((self.hard_mode + 1) % len(Difficulty))

    def on_select_changed(self, event: Select.Changed) -> None:
        self.set_focus(None)
        if event.select.id == "hard":  # the coach's own: play's stays as it is
            self.app.change_setting("coach_hard_mode", self.hard_mode)
        elif event.select.id == "strategy" and event.value != self.settings.strategy:
            self.app.change_setting("strategy", str(event.value))  # the settings' one, for hints, coach and bot
        self.update_position()

    def save(self) -> None:
        """Keep the rows, so that the coach carries on after a restart, until it starts again."""
        guesses, patterns = tuple(guess for guess, _ in self.rows), tuple((pattern,) for _, pattern in self.rows)
        coached = InProgress(self.game_id, WORDLE, self.lists.name, True, guesses=guesses, patterns=patterns)
        self.store.keep(replace(coached, hard_mode=self.hard_mode, nyt=self.puzzle))

    def record(self, solved: bool) -> None:
        """Record the finished game as coached (apart from the games played here); edits replace it."""
        self.store.record(
            GameRecord(
                self.game_id,
                self.rows[-1][0] if solved else "",
                tuple(guess for guess, _ in self.rows),
                solved,
                self.hard_mode,
                nyt=self.puzzle,
                lists=self.lists.name,
                kind=kind_of(WORDLE, coached=True),
                finished=finished_now(),
                patterns=tuple(pattern for _, pattern in self.rows),
            ),
            update=True,
        )

    def update_position(self) -> None:
        """Redraw the board and rank the position, or say why it cannot be ranked."""
        self.save()
        board = self.board
        self.query_one(OneBoard).show(self.rows)
        self.show_typing()
        self.query_one("#keyboard", Keyboard).show(letter_states(tuple(self.rows)))
        puzzle = puzzle_title(self.puzzle) if self.puzzle is not None else ""  # at five letters: the NYT's
        mode = f"{self.hard_mode.title} mode" if self.hard_mode else ""
        self.set_title(" · ".join(part for part in (puzzle, mode) if part))
        state = State(self.model, tuple(self.rows), self.hard_mode)
        try:
            remaining = state.remaining()
        except NoCandidatesError as error:
            board.mark(error.row)
            self.panel.show_problem(f"No accepted word fits this feedback: check the colours of row {error.row + 1}.")
            return
        if self.finished:
            solved = won(tuple(self.rows))
            self.record(solved)
            self.panel.show_remaining(remaining)
            ended = f"Solved in {len(self.rows)}." if solved else "Six rows played; no more guesses."
            self.panel.stop(f"{ended} Ctrl+A analyses the game.")
            return
        strategy = self.means.strategy(str(self.query_one("#strategy", Select).value))
        self.panel.rank(state, strategy)
