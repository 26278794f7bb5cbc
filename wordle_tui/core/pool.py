"""The ranking pool: rankings and benchmarks computed by worker processes, never blocking the caller.

Workers build their own candidate model once (the pattern table is memory-mapped from the cache,
never pickled), then take small jobs: a chunk of guesses to measure, a position to decide.
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from multiprocessing import resource_tracker

import numpy as np

from .figures import Figures
from .model import CandidateModel, State, model_named
from .opening import cached_opening, keep_opening
from .processes import worker_context
from .strategies import Flow, Ranked, Runner, Strategy, in_process, in_process_flow, strategy_named
from .strategies.base import measure_guesses
from .words import WordLists

DEFAULT_CHUNK = 2048  # guesses per job: the fastest measured on 2 cores; an opening ranking fills in 8 steps

_worker_model: CandidateModel | None = None


class RankingError(RuntimeError):
    """The pool could not finish a job even after replacing its workers."""


def _start_worker(lists: WordLists, model_name: str) -> None:
    global _worker_model
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is the parent's to handle; it shuts us down
    _worker_model = model_named(lists, model_name)


def _call(job, args: tuple):
    return job(_worker_model, *args)


@dataclass(frozen=True)
class Progress:
    """A ranking so far: `done` of `total` chunks measured, `ranking` over those, `final` when complete."""

    done: int
    total: int
    ranking: list[Ranked]
    final: bool


class RankingPool:
    """N worker processes (default: one per core); `workers=1` runs everything in this process."""

    def __init__(self, workers: int | None = None, chunk_size: int = DEFAULT_CHUNK):
        self.workers = max(1, workers or os.cpu_count() or 1)
        # multiprocessing hands sys.stderr's descriptor to the resource tracker it starts with the first
        # worker process; a caller that swaps sys.stderr meanwhile (a full-screen app) would hand it an
        # invalid one. Start the tracker now, while stderr is real, for this pool and any made later
        # (an analysis searches in a pool of its own), whatever this pool's size.
        resource_tracker.ensure_running()
        self.chunk_size = chunk_size
        self._executor: ProcessPoolExecutor | None = None
        self._model_key: tuple[str, str] | None = None
        self._model: CandidateModel | None = None
        self._probes: list[Future] = []  # one no-op job per worker, sent as the workers start
        self._spawner = threading.Thread()  # starts the workers of the newest executor
        self._lock = threading.Lock()
        self._newest = 0

    # -- lifecycle -----------------------------------------------------------------------------

    def start(self, model: CandidateModel, wait_until_ready: bool = True) -> None:
        """Start the workers for `model` now rather than on the first job (in the background if told not to wait)."""
        if self.workers > 1:
            self._executor_for(model)
            if wait_until_ready:
                self._spawner.join()
                wait(self._probes)

    def close(self) -> None:
        with self._lock:
            executor, self._executor, self._model_key = self._executor, None, None
        if executor is not None:
            executor.shutdown(wait=True, cancel_futures=True)

    def __enter__(self) -> RankingPool:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _executor_for(self, model: CandidateModel, restart: bool = False) -> ProcessPoolExecutor:
        key = (model.lists.digest, model.name)
        with self._lock:
            stale = self._executor if (restart or key != self._model_key) else None
            if stale is not None or self._executor is None:
                context = worker_context()
                self._executor = ProcessPoolExecutor(
                    self.workers, mp_context=context, initializer=_start_worker, initargs=(model.lists, model.name)
                )
                self._model_key, self._model = key, model
                # Starting a process waits on the fork server, which imports the package when it first
                # starts: let that happen in the background.
                self._probes = []
                self._spawner = threading.Thread(target=self._spawn, args=(self._executor,), daemon=True)
                self._spawner.start()
            executor = self._executor
        if stale is not None:
            stale.shutdown(wait=False, cancel_futures=True)
        return executor

    def _spawn(self, executor: ProcessPoolExecutor) -> None:
        """Start every worker now, not one per job as jobs arrive: one no-op job each, answered once it is up."""
        try:
            probes = [executor.submit(_call, _ready, ()) for _ in range(self.workers)]
        except RuntimeError:  # the pool was closed meanwhile
            return
        with self._lock:
            if self._executor is executor:
                self._probes = probes

    def _starting(self) -> bool:
        """No worker has answered yet."""
        return not any(probe.done() for probe in self._probes)

    # -- running jobs --------------------------------------------------------------------------

    def runner(self, model: CandidateModel) -> Runner:
        """Run jobs `fn(model, *args)` across the workers, results in order."""
        if self.workers == 1:
            return in_process(model)
        return lambda job, jobs: list(self._results(model, job, jobs, ordered=True))

    def flow(self, model: CandidateModel, help_while_starting: bool = False) -> Flow:
        """Run jobs `fn(model, *args)` from a list the caller may extend as results come in (see `Flow`).

        With `help_while_starting`, the calling thread runs jobs itself until a worker is up, rather
        than wait idle while the workers start (for a batch caller, not a user interface).
        """
        if self.workers == 1:
            return in_process_flow(model)
        return lambda job, jobs: self._results(model, job, jobs, ordered=False, helping=help_while_starting)

    def _results(self, model: CandidateModel, job, jobs: list[tuple], ordered: bool, helping: bool = False) -> Iterator:
        """Results of the jobs, as they finish (or in order); a dead worker is replaced and its jobs retried once.

        Jobs the caller appends to `jobs` while this runs are run too. When `helping`, this thread
        runs jobs, last first, while the workers are starting.
        """
        pending: dict[int, tuple] = {}  # handed out, not finished yet
        results: dict[int, object] = {}  # finished, not handed on yet
        next_out = submitted = 0
        restarted = False
        futures: dict[Future, int] = {}
        executor = self._executor_for(model)
        try:
            while True:
                fresh = list(range(submitted, len(jobs)))
                submitted = len(jobs)
                pending.update((i, jobs[i]) for i in fresh)
                while helping and fresh and self._starting():
                    i = fresh.pop()
                    results[i] = job(model, *pending.pop(i))
                futures.update((executor.submit(_call, job, pending[i]), i) for i in fresh)
                if ordered:
                    while next_out in results:
                        yield results.pop(next_out)
                        next_out += 1
                else:
                    for i in list(results):
                        yield i, results.pop(i)
                if submitted < len(jobs):
                    continue  # the caller has added jobs
                if not futures:
                    return
                finished, _ = wait(futures, return_when=FIRST_COMPLETED)
                broken = False
                for future in finished:
                    i = futures.pop(future)
                    try:
                        results[i] = future.result()
                        del pending[i]
                    except BrokenProcessPool:
                        broken = True
                if broken:
                    if restarted:
                        raise RankingError("A ranking worker stopped unexpectedly twice; the ranking was abandoned.")
                    restarted = True
                    for future in futures:
                        future.cancel()
                    executor = self._executor_for(model, restart=True)
                    futures = {executor.submit(_call, job, args): i for i, args in pending.items()}
        finally:
            for future in futures:
                future.cancel()

    # -- rankings ------------------------------------------------------------------------------

    def stream(
        self, state: State, strategy: Strategy, top: int | None = None, partial: bool = True
    ) -> Iterator[Progress]:
        """Partial rankings as chunks of guesses are measured (unless `partial` is False), then the final one.

        Starting a newer stream, or closing this generator, cancels this ranking.
        """
        with self._lock:
            self._newest += 1
            generation = self._newest
        model = state.model
        if (opening := cached_opening(state)) is not None:
            scores = strategy.scores(state, opening, self.runner(model))
            yield Progress(1, 1, strategy.rows(state, opening, scores, top), final=True)
            return
        # A whole number of chunks per worker, so that none waits on another's last chunk; with no
        # partial rankings to show, one each, since every job costs a round trip (0.5 ms here).
        count = -(-len(state.allowed) // self.chunk_size) if partial else 1
        chunks = np.array_split(state.allowed, max(1, -(-count // self.workers) * self.workers))
        jobs = [(state.history, state.hard_mode, chunk) for chunk in chunks]
        if self.workers == 1:
            finished = ((i, measure_guesses(model, *args)) for i, args in enumerate(jobs))
        else:
            finished = self._results(model, measure_guesses, jobs, ordered=False)
        parts: list[Figures] = []
        provisional = strategy_named("entropy") if strategy.expensive else strategy
        try:
            for done, (_, part) in enumerate(finished, start=1):
                if generation != self._newest:
                    return
                parts.append(part)
                if partial and done < len(jobs):
                    figures = Figures.concatenate(parts)
                    scores = provisional.scores(state, figures, in_process(model))
                    yield Progress(done, len(jobs), provisional.rows(state, figures, scores, top), final=False)
        finally:
            if hasattr(finished, "close"):
                finished.close()
        figures = Figures.concatenate(parts)
        keep_opening(state, figures)
        scores = strategy.scores(state, figures, self.runner(model))
        if generation == self._newest:
            yield Progress(len(jobs), len(jobs), strategy.rows(state, figures, scores, top), final=True)

    def rank(self, state: State, strategy: Strategy, top: int | None = None) -> list[Ranked]:
        """The complete ranking, waiting for it."""
        ranking: list[Ranked] = []
        for progress in self.stream(state, strategy, top, partial=False):
            ranking = progress.ranking
        return ranking


def _ready(model: CandidateModel) -> bool:
    """A no-op job: answering it means the worker has built its model."""
    return model is not None
