"""Play one board: type guesses, see the colours, win or lose, then the statistics; the ranking beside
the board when hints are asked for."""

from __future__ import annotations

import uuid
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType

from ...core.rules.daily import daily_answer, puzzle_title
from ...core.rules.feedback import digits_of
from ...core.rules.game import Difficulty, Game, GuessError
from ...core.rules.setup import chosen_or
from ...core.rules.share import praise
from ...core.rules.variant import WORDLE
from ...core.rules.words import capitals
from ...storage.kinds import kind_of
from ...storage.records import GameRecord, finished_now
from ...storage.saved import InProgress
from ..host import Means, PlayOptions
from ..widgets.board import REVEAL_STEP
from ..widgets.keyboard import Keyboard
from .mode import HINTS_ON, PLAY_KEYS, PlayingScreen
from .views import OneBoard

if TYPE_CHECKING:
    from ...core.rules.setup import Setup


class PlayScreen(PlayingScreen):
    """One board: Wordle itself, with the ranking beside the board when hints are asked for."""

    BINDINGS: ClassVar[list[BindingType]] = [*PLAY_KEYS, Binding("ctrl+t", "toggle_hints", "Hints")]
    KEY_HELP = ("letters type (or click the on-screen keyboard)", "Enter guesses", "Backspace deletes")

    game: Game  # the game on the board, from the screen's mount on

    def __init__(self, setup: Setup, means: Means, asked: PlayOptions | None = None) -> None:
        super().__init__(setup, means)
        self.asked = asked or PlayOptions()  # what the command line asked for: the first game's answer, its day or code
        self.typed = ""
        self.game_id = ""
        self.hints_used = False
        self.daily = False
        self.nyt: int | None = None  # the NYT puzzle number of an NYT game
        self.code: str | None = None  # the challenge code of a coded game

    def game_area(self) -> ComposeResult:
        yield OneBoard(self.lists.length, self.ranking_panel())
        yield Keyboard(self.lists.alphabet, id="keyboard")

    @property
    def hints_shown(self) -> bool:
        """Whether the ranking is shown beside the board (a narrow window folds it away all the same)."""
        return self.panel.has_class("-shown")

    @hints_shown.setter
    def hints_shown(self, shown: bool) -> None:
        self.panel.set_class(shown, "-shown")
        self.call_after_refresh(self.query_one(OneBoard).fit)  # the board makes room for it, or takes it back

    @property
    def panel_wanted(self) -> bool:
        return self.hints_shown

    def on_mount(self) -> None:
        self.read_saved(WORDLE)

    def carry_on(self, saved: InProgress | None) -> None:
        """Carry on the game kept, if it is one with a guess played on these lists; else the game asked for (if
        one was, and the game kept is another, the player is asked first)."""
        options = self.asked
        wanted = daily_answer(self.lists) if options.daily else options.answer

        def requested() -> None:
            self.start(wanted, daily=options.daily, hard_mode=self.setup.difficulty, nyt=options.nyt, code=options.code)

        if not self.resume_saved(saved):
            requested()
            return
        asked_for = wanted is not None or self.setup.difficulty is not None or self.means.seeded
        same = wanted in (None, self.game.answer) and self.setup.difficulty in (None, self.game.hard_mode)
        if asked_for and not same and not self.game.over:
            self.ask_to_abandon(requested, instead="the game you asked for")
        elif same and options.code and options.code != self.code and not self.game.over:
            self.code = options.code  # the challenge's word is the game in progress: it is that challenge now
            self.save()
            self.show_title()

    def resume_saved(self, saved: InProgress | None) -> bool:
        """Carry on the saved game, if there is one with a guess played on these lists."""
        if saved is None or saved.answers[0] not in self.lists.guess_index:
            return False
        try:
            self.resume(saved)
        except GuessError:
            return False  # its guesses do not fit these lists
        return True

    def start(
        self,
        answer: str | None = None,
        daily: bool = False,
        hard_mode: Difficulty | None = None,
        nyt: int | None = None,
        code: str | None = None,
    ) -> None:
        """A new game: against `answer` (any accepted word), else a random word of the answer list."""
        lists = self.lists
        answer = answer or self.means.rng.choice(lists.answers)
        hard = chosen_or(hard_mode, self.settings.hard_mode)
        if self.game_id:
            self.store.forget(self.game_id)  # a game left with no guess played is not kept
        self.game = Game(answer, lists, hard)
        self.game_id, self.daily, self.nyt, self.code, self.typed = uuid.uuid4().hex, daily, nyt, code, ""
        self.hints_shown, self.hints_used = self.settings.show_hints, False  # each game starts as the settings say
        self.redraw()
        self.save()

    def resume(self, saved: InProgress) -> None:
        """Carry on a saved game; GuessError if its guesses do not fit these word lists."""
        game = Game(saved.answers[0], self.lists, saved.hard_mode)
        for guess in saved.guesses:
            game.guess(guess)
        self.game = game
        self.game_id, self.typed = saved.id, ""
        self.hints_shown = self.hints_used = saved.hints
        self.daily, self.nyt, self.code = saved.daily, saved.nyt, saved.code
        self.redraw()
        if game.over:
            self.record()
            self.finish()

    def save(self) -> None:
        game = self.game
        if game.over:
            return
        self.store.keep(
            InProgress(
                self.game_id,
                WORDLE,
                self.lists.name,
                answers=(game.answer,),
                guesses=tuple(game.guesses),
                hard_mode=game.hard_mode,
                hints=self.hints_used,
                daily=self.daily,
                nyt=self.nyt,
                code=self.code,
            )
        )

    def redraw(self) -> None:
        game = self.game
        self.query_one(OneBoard).show(game.history)
        self.show_typing()
        self.query_one("#keyboard", Keyboard).show(game.letter_states())
        self.show_title()
        self.refresh_hints()

    def show_title(self) -> None:
        """The title: the puzzle, and whatever is special about this game, hints used included."""
        nyt = puzzle_title(self.nyt) if self.nyt is not None else ""
        special = (
            (nyt, bool(nyt)),
            (f"challenge {self.code}", bool(self.code)),
            ("daily", self.daily),
            (f"{self.game.hard_mode.title} mode", self.game.hard_mode),
            ("hints", self.hints_used),
        )
        self.set_title(" · ".join(label for label, on in special if on))

    def show_typing(self) -> None:
        if not self.game.over:
            self.board.show_row(len(self.game.history), self.typed)

    def press(self, key: str) -> None:
        if self.game.over:
            return
        self.board.calm()
        if key == "enter":
            self.submit()
        else:
            self.edit_typed(key)
        self.show_typing()

    def submit(self) -> None:
        game = self.game
        row = len(game.history)
        try:
            pattern = game.guess(self.typed)
        except GuessError as refusal:
            self.say(str(refusal), error=True)
            self.board.shake(row)
            return
        guess, self.typed = game.history[-1][0], ""
        self.board.reveal_row(row, guess, digits_of(pattern, len(guess)))
        if game.over:
            self.record()
        else:
            self.save()
        delay = 0 if self.app.animation_level == "none" else REVEAL_STEP * (self.lists.length + 1)
        if delay:
            self.set_timer(delay, self.after_reveal)
        else:
            self.after_reveal()

    def after_reveal(self) -> None:
        self.query_one("#keyboard", Keyboard).show(self.game.letter_states())
        if self.game.over:
            self.finish()
        else:
            self.refresh_hints()

    def record(self, abandoned: bool = False) -> None:
        game = self.game
        self.store.record(
            GameRecord(
                self.game_id,
                game.answer,
                tuple(game.guesses),
                game.won and not abandoned,
                game.hard_mode,
                self.hints_used,
                self.nyt,
                self.lists.name,
                kind=kind_of(WORDLE),
                finished=finished_now(),
            )
        )
        self.store.forget(self.game_id)

    def finish(self) -> None:
        game = self.game
        self.say(praise(len(game.history)) if game.won else capitals(game.answer), seconds=None)
        self.hints_shown = False
        self.action_result()

    def rank_again(self) -> None:
        self.refresh_hints()

    def refresh_hints(self) -> None:
        if self.hints_shown and not self.game.over:
            from ...core.position.model import State  # the engine, loaded once a ranking is asked for

            state = State(self.model, tuple(self.game.history), self.game.hard_mode)
            self.panel.rank(state, self.means.strategy(None))

    def action_toggle_hints(self) -> None:
        """Show or hide the ranking for this game; a game where it came into sight is recorded as hinted (one
        asked for in a window too narrow for it is not, until the window widens)."""
        if self.game.over:
            return
        self.hints_shown = not self.hints_shown
        self.say("")  # a narrow window says where the ranking went, or no longer needs to
        self.refresh_hints()

    def on_hints_seen(self) -> None:
        if self.hints_shown and not self.hints_used and not self.game.over:
            self.hints_used = True
            self.save()
            self.show_title()
            if not self.settings.show_hints:  # the settings said so already
                self.say(HINTS_ON, seconds=3)

    def unfinished(self) -> int:
        return 0 if self.game.over else len(self.game.history)

    def action_result(self) -> None:
        from ..dialogs.statistics import StatsScreen  # with the analysis, which loads the engine

        def after(choice: str | None) -> None:
            if choice == "new":
                self.action_new_game()

        game = self.game
        title = puzzle_title(self.nyt) if self.nyt is not None else f"Wordle {self.code}" if self.code else "Wordle"
        finished = game if game.over else None
        self.open_dialog(StatsScreen(self.lists, self.means, finished, title, self.hints_used, game.hard_mode), after)
