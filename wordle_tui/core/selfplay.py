"""The bot playing a whole game against a known answer."""

from __future__ import annotations

from dataclasses import dataclass

from .feedback import score, solved_pattern
from .game import MAX_GUESSES, History, check_guess, won
from .jobs import Runner
from .model import CandidateModel, State
from .strategies.base import Strategy

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
    hard_mode: bool = False,
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
