"""The one door from the app to the engine: rankings through the pool (partial rankings as chunks of guesses
are measured, then the final one), and the other work the app asks of the workers, each typed: the ranking
for several boards, Absurdle's moves, a game's analysis, the first run's preparation of the search."""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass

import numpy as np

from ..cancel import Cancelled, Ticket
from ..exact.absurdle import shortest_line
from ..exact.guess_analysis import GuessAnalysis, analysis_or_problem
from ..exact.search import prepared
from ..position.figures import Figures
from ..position.model import CandidateModel, State
from ..position.opening_figures import cached_opening, keep_opening
from ..rules.game import Difficulty, History
from ..workers.jobs import in_process
from ..workers.pool import ANALYSIS, RANK, RankingPool
from ..workers.pool import RankingError as RankingError  # what a request raises if the pool cannot be kept running
from . import Ranked, Strategy, strategy_named
from .base import measure_guesses, with_risks
from .boards import BoardsRanked, rank_boards_job
from .selfplay import absurdle_move


@dataclass(frozen=True)
class Progress:
    """A ranking so far: `done` of `total` chunks measured, `ranking` over those, `final` when complete."""

    done: int
    total: int
    ranking: list[Ranked]
    final: bool


class Ranker:
    """The engine for one consumer (a panel, the bot, the analyst): each request stops the one before it, in
    the workers too; a request stopped so raises Cancelled. Rankings run in the pool's ranking lane, analyses
    and the search's preparation in its analysis lane (see pool.py)."""

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

    def boards(self, model: CandidateModel, boards: tuple[History, ...], top: int) -> list[BoardsRanked]:
        """The `top` guesses for every board of a game at once (see strategies/boards.py)."""
        return self.pool.call(model, rank_boards_job, (boards, "boards", top), RANK, self.channel)

    def absurdle_line(self, model: CandidateModel) -> tuple[str, ...]:
        """The shortest line that always beats Absurdle on `model`'s lists; () if none of eight guesses does."""
        return self.pool.call(model, shortest_line, (), RANK, self.channel)

    def absurdle_move(self, model: CandidateModel, rows: History) -> str:
        """The bot's guess against Absurdle after `rows` (see selfplay.absurdle_move)."""
        return self.pool.call(model, absurdle_move, (rows,), RANK, self.channel)

    def analysis(
        self, model: CandidateModel, history: History, hard_mode: Difficulty, last_only: bool = False
    ) -> list[GuessAnalysis] | str:
        """Each guess of `history` against the optimal one (the last only, if `last_only`), or one sentence
        saying why the game cannot be analysed (see guess_analysis.py)."""
        job = (tuple(history), hard_mode, last_only)
        return self.pool.call(model, analysis_or_problem, job, ANALYSIS, self.channel)

    def prepare_search(self, model: CandidateModel) -> None:
        """Have numba compile the exact search where it was not built at install (see search.prepare)."""
        self.pool.call(model, prepared, (), ANALYSIS, self.channel)

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
