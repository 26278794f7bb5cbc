"""The bot playing: one whole game against a known answer, or every answer at once, as a benchmark.

A benchmark plays every answer as one decision tree: each position is decided once, and positions
are dealt out to the workers as soon as the decisions that lead to them are made.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from ..position.curve import GuessCurve
from ..position.model import CandidateModel, State
from ..rules.feedback import score, solved_pattern
from ..rules.game import MAX_GUESSES, Difficulty, History, check_guess, won
from ..workers.jobs import Flow, Job, Runner, in_process_flow
from . import strategy_named
from .base import Strategy
from .boards import answers_model
from .lookahead import uncertainty

# A strategy that cannot finish within this many guesses is broken, not unlucky.
GIVE_UP_AFTER = 20


@dataclass(frozen=True)
class SolvedGame:
    answer: str
    history: History

    @property
    def guesses(self) -> int:
        return len(self.history)

    @property
    def solved(self) -> bool:
        """Solved within the six guesses the game allows."""
        return won(self.history) and self.guesses <= MAX_GUESSES


def solve(
    answer: str,
    strategy: Strategy,
    model: CandidateModel,
    hard_mode: Difficulty = Difficulty.NORMAL,
    start: str | None = None,
    run: Runner | None = None,
) -> SolvedGame:
    """Play until the answer is found (past six guesses too, so that a benchmark can count losses)."""
    state = State(model, (), hard_mode)
    done = solved_pattern(len(answer))
    while len(state.history) < GIVE_UP_AFTER:
        guess = check_guess(start, model.lists) if start and not state.history else strategy.choose(state, run)
        pattern = score(guess, answer)
        state = state.then(guess, pattern)
        if pattern == done:
            break
    return SolvedGame(answer, state.history)


OPENING_JOBS = 8  # the opening's guesses are measured in this many jobs
OPENING_BATCHES = 24  # the positions after the opening are dealt into this many jobs
MOST_POSITIONS_PER_JOB = 64  # later jobs: the positions one job's decisions lead to, at most this many at once


def choose_moves(model: CandidateModel, strategy: str, histories: list[History], hard_mode: Difficulty) -> list[str]:
    """The strategy's guess in each of some positions: the unit of work a benchmark hands out."""
    chooser = strategy_named(strategy)
    return [chooser.choose(State(model, history, hard_mode)) for history in histories]


@dataclass(frozen=True)
class BenchResult:
    strategy: str
    hard_mode: Difficulty
    games: dict[str, History]  # answer -> the guesses played
    seconds: float
    workers: int

    @property
    def total_guesses(self) -> int:
        return sum(len(history) for history in self.games.values())

    @property
    def average(self) -> float:
        return self.total_guesses / len(self.games)

    @property
    def distribution(self) -> dict[int, int]:
        counts = Counter(len(history) for history in self.games.values())
        return {guesses: counts[guesses] for guesses in range(1, max(counts) + 1)}

    @property
    def failed(self) -> list[str]:
        """The answers that took more than six guesses."""
        return sorted(answer for answer, history in self.games.items() if len(history) > MAX_GUESSES)

    def as_dict(self) -> dict:
        return {
            "strategy": self.strategy,
            "mode": self.hard_mode.word,
            "games": len(self.games),
            "total_guesses": self.total_guesses,
            "average": round(self.average, 4),
            "distribution": {str(k): v for k, v in self.distribution.items()},
            "max": max(self.distribution),
            "failed": self.failed,
            "seconds": round(self.seconds, 3),
            "workers": self.workers,
        }


def play_every(
    answers: Sequence[str],
    strategy: str,
    model: CandidateModel,
    hard_mode: Difficulty = Difficulty.NORMAL,
    start: str | None = None,
    flow: Flow | None = None,
    solved: Callable[[int], None] = lambda count: None,
) -> dict[str, History]:
    """Play every answer, deciding each position of the shared decision tree once.

    The opening is decided first, its guesses measured in several jobs. The positions it leads to
    are dealt out in batches; as soon as a batch is decided, the positions it leads to go out as
    new jobs, so that no worker waits for a whole level of the tree to finish.
    `solved(count)` is told as games finish, for a progress bar.
    """
    flow = flow or in_process_flow(model)
    done = solved_pattern(model.lists.length)
    column = {word: i for i, word in enumerate(model.targets)}  # feedback comes from the pattern table
    games: dict[str, History] = {}

    def follow(history: History, guess: str, reached: list[str]) -> list[tuple[History, list[str]]]:
        """Play `guess` for the answers that reached `history`: the games it ends, and the positions it leads to."""
        patterns = model.table.row(model.lists.guess_index[guess], np.array([column[answer] for answer in reached]))
        after: dict[History, list[str]] = defaultdict(list)
        for answer, pattern in zip(reached, patterns.tolist()):
            path = (*history, (guess, pattern))
            if pattern == done or len(path) >= GIVE_UP_AFTER:
                games[answer] = path
            else:
                after[path].append(answer)
        solved(len(reached) - sum(map(len, after.values())))
        return list(after.items())

    opening = start or strategy_named(strategy).choose(State(model, (), hard_mode), _in_order(flow), OPENING_JOBS)
    # Big positions first, dealt round-robin, so that every batch gets a share of the heavy ones.
    positions = sorted(follow((), opening, list(answers)), key=lambda position: -len(position[1]))
    batches = [positions[i::OPENING_BATCHES] for i in range(min(OPENING_BATCHES, len(positions)))]
    jobs = [(strategy, [history for history, _ in batch], hard_mode) for batch in batches]
    for i, guesses in flow(choose_moves, jobs):
        following = [
            after for (history, reached), guess in zip(batches[i], guesses) for after in follow(history, guess, reached)
        ]
        for first in range(0, len(following), MOST_POSITIONS_PER_JOB):
            batches.append(following[first : first + MOST_POSITIONS_PER_JOB])
            jobs.append((strategy, [history for history, _ in batches[-1]], hard_mode))
    return {answer: games[answer] for answer in answers}


def _in_order(flow: Flow) -> Runner:
    """A runner on top of a flow: every result, in the jobs' order."""

    def run(job: Job, jobs: Sequence[tuple]) -> list:
        results = dict(flow(job, list(jobs)))
        return [results[i] for i in range(len(jobs))]

    return run


def fit_guess_curve(games: dict[str, History], model: CandidateModel, hard_mode: Difficulty) -> GuessCurve:
    """Fit f(bits) -> guesses still needed, from every position of every game played."""
    bits, left = [], []
    for history in games.values():
        for played in range(len(history)):
            bits.append(uncertainty(State(model, history[:played], hard_mode)))
            left.append(len(history) - played)
    return GuessCurve.fit(np.array(bits), np.array(left, dtype=float))


def absurdle_move(model: CandidateModel, rows: History) -> str:
    """The bot's guess against Absurdle after `rows`: the answers left are those that fit the responses,
    and the guess whose largest group is smallest (minimax) leaves the adversary the fewest (a job for
    the pool; the fewest guesses that always win are `wordle-tui absurdle`'s search)."""
    return strategy_named("minimax").choose(State(answers_model(model.lists), rows))
