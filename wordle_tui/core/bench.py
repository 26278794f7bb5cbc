"""Benchmark a strategy on many answers at once: one decision tree, each position decided once."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from .curve import GuessCurve
from .feedback import solved_pattern
from .game import MAX_GUESSES, History
from .model import CandidateModel, State
from .selfplay import GIVE_UP_AFTER
from .strategies import Runner, in_process, strategy_named
from .strategies.search import uncertainty

BATCHES_PER_LEVEL = 48  # jobs per tree level: small enough that no worker idles long at the level's end
ONE_POSITION_JOBS = 8  # a level of one position (the opening) measures its guesses in this many jobs


def choose_moves(model: CandidateModel, strategy: str, histories: list[History], hard_mode: bool) -> list[str]:
    """The strategy's guess in each of some positions: the unit of work a benchmark hands out."""
    chooser = strategy_named(strategy)
    return [chooser.choose(State(model, history, hard_mode)) for history in histories]


@dataclass(frozen=True)
class BenchResult:
    strategy: str
    hard_mode: bool
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
            "mode": "hard" if self.hard_mode else "normal",
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
    hard_mode: bool = False,
    start: str | None = None,
    run: Runner | None = None,
    solved: Callable[[int], None] = lambda count: None,
) -> dict[str, History]:
    """Play every answer, deciding each position of the shared decision tree once, a level at a time.

    `solved(count)` is told how many games each level finished, for a progress bar.
    """
    run = run or in_process(model)
    done = solved_pattern(model.lists.length)
    column = {word: i for i, word in enumerate(model.targets)}  # feedback comes from the pattern table
    games: dict[str, History] = {}
    level: dict[History, list[str]] = {(): list(answers)}
    while level:
        positions = list(level)
        if start and positions == [()]:
            guesses = [start]
        elif len(positions) == 1:  # nothing to deal out but the position's own guesses
            chooser = strategy_named(strategy)
            guesses = [chooser.choose(State(model, positions[0], hard_mode), run, parts=ONE_POSITION_JOBS)]
        else:
            # Big positions first, dealt round-robin, so that every batch gets a share of the heavy ones.
            positions.sort(key=lambda history: -len(level[history]))
            batches = [positions[i::BATCHES_PER_LEVEL] for i in range(min(BATCHES_PER_LEVEL, len(positions)))]
            chosen = run(choose_moves, [(strategy, batch, hard_mode) for batch in batches])
            guess_of = {
                history: guess for batch, guesses in zip(batches, chosen) for history, guess in zip(batch, guesses)
            }
            guesses = [guess_of[history] for history in positions]
        following: dict[History, list[str]] = defaultdict(list)
        finished = 0
        for history, guess in zip(positions, guesses):
            reached = level[history]
            patterns = model.table.matrix[model.lists.guess_index[guess], [column[answer] for answer in reached]]
            for answer, pattern in zip(reached, patterns.tolist()):
                path = (*history, (guess, pattern))
                if path[-1][1] == done or len(path) >= GIVE_UP_AFTER:
                    games[answer] = path
                    finished += 1
                else:
                    following[path].append(answer)
        solved(finished)
        level = following
    return {answer: games[answer] for answer in answers}


def fit_guess_curve(games: dict[str, History], model: CandidateModel, hard_mode: bool) -> GuessCurve:
    """Fit f(bits) -> guesses still needed, from every position of every game played."""
    bits, left = [], []
    for history in games.values():
        for played in range(len(history)):
            bits.append(uncertainty(State(model, history[:played], hard_mode)))
            left.append(len(history) - played)
    return GuessCurve.fit(np.array(bits), np.array(left, dtype=float))
