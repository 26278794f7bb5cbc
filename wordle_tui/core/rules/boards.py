"""Several boards at once (Dordle, Quordle, Octordle): one guess is played on every board still
unsolved, a board is solved when its answer is guessed and is frozen from then on, and the game is
won once every board is solved within the guess limit (five more guesses than boards)."""

from __future__ import annotations

from dataclasses import dataclass, field

from .feedback import emoji_row, score, shared_title
from .game import GuessError, History, check_guess
from .words import WordLists

NAMES = {2: "Dordle", 4: "Quordle", 8: "Octordle"}
MOST_BOARDS = 8


def guess_limit(boards: int) -> int:
    """The guesses a game of `boards` boards allows: 7 for Dordle, 9 for Quordle, 13 for Octordle."""
    return boards + 5


def game_name(boards: int) -> str:
    return NAMES.get(boards, f"{boards} boards")


def check_boards(boards: int) -> int:
    """`boards`, or ValueError with one sentence if no game of that many boards is played."""
    if not 2 <= boards <= MOST_BOARDS:
        raise ValueError(f"A game of several boards has 2 to {MOST_BOARDS} of them (Dordle 2, Quordle 4, Octordle 8).")
    return boards


def board_histories(answers: tuple[str, ...], guesses: tuple[str, ...]) -> tuple[History, ...]:
    """Each board's feedback: every guess until the one that found its answer."""
    boards = []
    for answer in answers:
        rows: list[tuple[str, int]] = []
        for guess in guesses:
            rows.append((guess, score(guess, answer)))
            if guess == answer:
                break
        boards.append(tuple(rows))
    return tuple(boards)


@dataclass
class BoardsGame:
    """A game of several boards against known answers (a board's answer may repeat another's)."""

    answers: tuple[str, ...]
    lists: WordLists
    guesses: list[str] = field(default_factory=list)

    @property
    def limit(self) -> int:
        return guess_limit(len(self.answers))

    @property
    def boards(self) -> tuple[History, ...]:
        return board_histories(self.answers, tuple(self.guesses))

    def solved_in(self) -> list[int | None]:
        """For each board, the guesses it took, or None while (or if) unsolved."""
        return [self.guesses.index(answer) + 1 if answer in self.guesses else None for answer in self.answers]

    @property
    def won(self) -> bool:
        return all(answer in self.guesses for answer in self.answers)

    @property
    def over(self) -> bool:
        return self.won or len(self.guesses) >= self.limit

    @property
    def lost(self) -> bool:
        return self.over and not self.won

    def guess(self, word: str) -> list[int | None]:
        """Play `word` on every board: the pattern each unsolved board gets (None on a board solved
        before); GuessError leaves the game unchanged."""
        if self.over:
            raise GuessError("The game is over")
        word = check_guess(word, self.lists)
        patterns = [None if answer in self.guesses else score(word, answer) for answer in self.answers]
        self.guesses.append(word)
        return patterns


# A board's guesses as Quordle and Octordle share them: keycaps, then ten and the clocks of eleven, twelve and
# one (thirteen), the last guesses of Octordle; a red square for a board missed.
COUNT_MARKS = {n: f"{n}\ufe0f\u20e3" for n in range(1, 10)} | {10: "🔟", 11: "🕚", 12: "🕛", 13: "🕐"}
MISSED = "🟥"


def boards_share_text(game: BoardsGame, high_contrast: bool = False, title: str | None = None) -> str:
    """The share of a game played here, as its game shares it (see share_boards)."""
    return share_boards(game.boards, game.limit, high_contrast, title)


def share_boards(boards: tuple[History, ...], limit: int, high_contrast: bool = False, title: str | None = None) -> str:
    """A game of several boards as its own game shares it: Dordle's `Dordle 5&3/7` (X for a board missed) over
    the boards' rows side by side; Quordle's title over each board's count, two a line (a red square for a board
    missed), then the rows of two boards side by side; Octordle's counts the same way (ten as 🔟, eleven to
    thirteen as clocks), and its score, every board's guesses added up with limit + 1 for a board missed."""
    count = len(boards)
    length = len(boards[0][0][0]) if boards and boards[0] else 5
    solved = [len(board) if board and board[-1][1] == 3**length - 1 else None for board in boards]
    title = shared_title(title or game_name(count), length)
    if count == 2:
        result = "&".join(str(n or "X") for n in solved)
        return "\n".join([f"{title} {result}/{limit}", *_rows(boards, length, high_contrast)])
    marks = [MISSED if n is None else COUNT_MARKS[n] for n in solved]
    lines = [title, *("".join(marks[i : i + 2]) for i in range(0, count, 2))]
    if count == 8:
        return "\n".join([*lines, f"Score: {sum(n or limit + 1 for n in solved)}"])
    return "\n".join([*lines, "", *_rows(boards, length, high_contrast)])


def _rows(boards: tuple[History, ...], length: int, high_contrast: bool) -> list[str]:
    """The boards' rows, two boards side by side (a board solved padded with white), a line between pairs."""
    lines = []
    blank = "⬜" * length
    for first in range(0, len(boards), 2):
        pair = boards[first : first + 2]
        if first:
            lines.append("")
        for row in range(max(len(board) for board in pair)):
            cells = [emoji_row(board[row][1], length, high_contrast) if row < len(board) else blank for board in pair]
            lines.append(" ".join(cells))
    return lines
