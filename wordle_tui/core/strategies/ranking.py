"""Rankings through the pool: partial rankings as chunks of guesses are measured, then the final one."""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass

import numpy as np

from ..cancel import Cancelled, Ticket
from ..position.figures import Figures
from ..position.model import State
from ..position.opening_figures import cached_opening, keep_opening
from ..workers.jobs import in_process
from ..workers.pool import RANK, RankingPool
from . import Ranked, Strategy, strategy_named
from .base import measure_guesses, with_risks


@dataclass(frozen=True)
class Progress:
    """A ranking so far: `done` of `total` chunks measured, `ranking` over those, `final` when complete."""

    done: int
    total: int
    ranking: list[Ranked]
    final: bool


class Ranker:
    """Ranks positions for one consumer (a panel, the bot): a newer ranking stops the older one, in the workers too."""

    def __init__(self, pool: RankingPool):
        self.pool = pool
        self.channel = pool.channel()

    def close(self) -> None:
        self.pool.release(self.channel)

    def cancel(self) -> None:
        self.channel.cancel()

    def stream(
        self, state: State, strategy: Strategy, top: int | None = None, partial: bool = True, risks: bool = False
    ) -> Generator[Progress, None, None]:
        """Partial rankings as chunks of guesses are measured (unless `partial` is False), then the final one.

        With `risks`, the ranked rows are shown, then the final ranking marks the answers each puts at
        risk (see risk.guess_risks). A newer ranking, cancelling, or closing this generator stops this
        one: it ends without a final ranking.
        """
        ticket = self.channel.begin()
        try:
            for progress in self._stream(state, strategy, top, partial, ticket):
                if not (risks and progress.final):
                    yield progress
                    continue
                yield Progress(progress.done, progress.total + 1, progress.ranking, final=False)
                marked = with_risks(state, progress.ranking, self.pool.runner(state.model, RANK, ticket))
                yield Progress(progress.total + 1, progress.total + 1, marked, final=True)
        except Cancelled:
            return

    def rank(self, state: State, strategy: Strategy, top: int | None = None) -> list[Ranked]:
        """The complete ranking, waiting for it; empty if a newer ranking superseded it."""
        ranking: list[Ranked] = []
        for progress in self.stream(state, strategy, top, partial=False):
            ranking = progress.ranking
        return ranking

    def _stream(self, state: State, strategy: Strategy, top: int | None, partial: bool, ticket: Ticket):
        pool, model = self.pool, state.model
        if (opening := cached_opening(state)) is not None:
            yield Progress(1, 1, self._final(state, strategy, opening, top, ticket), final=True)
            return
        # A whole number of chunks per worker, so that none waits on another's last chunk; with no
        # partial rankings to show, one each, since every job costs a round trip (0.5 ms here).
        count = -(-len(state.allowed) // pool.chunk_size) if partial else 1
        chunks = np.array_split(state.allowed, max(1, -(-count // pool.workers) * pool.workers))
        jobs = [(state.history, state.hard_mode, chunk) for chunk in chunks]
        finished = pool.flow(model, ticket=ticket)(measure_guesses, jobs)
        parts: list[Figures] = []
        provisional = strategy_named("entropy") if strategy.expensive else strategy
        try:
            for done, (_, part) in enumerate(finished, start=1):
                parts.append(part)
                if self.channel.superseded(ticket):
                    raise Cancelled  # a result that finished as a newer ranking began is not delivered
                if partial and done < len(jobs):
                    figures = Figures.concatenate(parts)
                    scores = provisional.scores(state, figures, in_process(model))
                    yield Progress(done, len(jobs), provisional.rows(state, figures, scores, top), final=False)
        finally:
            finished.close()
        figures = Figures.concatenate(parts)
        keep_opening(state, figures)
        yield Progress(len(jobs), len(jobs), self._final(state, strategy, figures, top, ticket), final=True)

    def _final(self, state: State, strategy: Strategy, figures: Figures, top: int | None, ticket: Ticket):
        """The strategy's ranking of measured figures; its expensive work (lookahead, the exact search) in the pool."""
        scores = strategy.scores(state, figures, self.pool.runner(state.model, RANK, ticket))
        return strategy.rows(state, figures, scores, top)
