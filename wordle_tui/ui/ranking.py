"""Rankings computed in this process, in the shape of the ranking pool: a stream of progress."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ..core.model import State
from ..core.strategies import Ranked, Strategy


@dataclass(frozen=True)
class Progress:
    done: int
    total: int
    ranking: list[Ranked]
    final: bool


class InProcessPool:
    """Ranks in the calling thread, all at once."""

    def stream(self, state: State, strategy: Strategy, top: int | None = 20) -> Iterator[Progress]:
        yield Progress(1, 1, strategy.rank(state, top=top), final=True)

    def rank(self, state: State, strategy: Strategy, top: int | None = None) -> list[Ranked]:
        return strategy.rank(state, top=top)

    def close(self) -> None:
        """Nothing to shut down."""
