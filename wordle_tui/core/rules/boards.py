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


KEYCAPS = {n: f"{n}\ufe0f\u20e3" for n in range(10)}


def boards_share_text(game: BoardsGame, high_contrast: bool = False, title: str | None = None) -> str:
    """Quordle's share of a game played here (see share_boards)."""
    return share_boards(game.boards, len(game.guesses), game.limit, high_contrast, title)


def share_boards(
    boards: tuple[History, ...], guesses: int, limit: int, high_contrast: bool = False, title: str | None = None
) -> str:
    """Quordle's share: a title with the guesses used (X unless every board is solved), each board's
    count (a red square if unsolved) two boards a line, then the boards' rows, two side by side."""
    count = len(boards)
    length = len(boards[0][0][0]) if boards and boards[0] else 5
    solved = [len(board) if board and board[-1][1] == 3**length - 1 else None for board in boards]
    title = shared_title(title or game_name(count), length)
    result = str(guesses) if all(n is not None for n in solved) else "X"
    marks = [_count_mark(n) for n in solved]
    lines = [f"{title} {result}/{limit}", *("".join(marks[i : i + 2]) for i in range(0, count, 2))]
    blank = "⬜" * length
    for first in range(0, count, 2):
        pair = boards[first : first + 2]
        lines.append("")
        for row in range(max(len(board) for board in pair)):
            cells = [emoji_row(board[row][1], length, high_contrast) if row < len(board) else blank for board in pair]
            lines.append(" ".join(cells))
    return "\n".join(lines)


def _count_mark(guesses: int | None) -> str:
    if guesses is None:
        return "🟥"
    return KEYCAPS[guesses] if guesses < 10 else "".join(KEYCAPS[int(digit)] for digit in str(guesses))
