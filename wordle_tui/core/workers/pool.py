"""The worker pool: jobs computed by worker processes, never blocking the caller, stopped when superseded.

Two lanes of workers: one for rankings, trees and benchmarks (a process per core), one for the
analysis of games (a single process at a lower priority), so that an analysis never delays a
ranking the user waits for. Workers build their own candidate model once (the pattern table is
memory-mapped from the cache, never pickled), then take small jobs. Each consumer asks on a
channel of its own (see cancel.py): a newer request on a channel stops the older one inside the
workers. A worker that dies is replaced (once per dead executor, however many callers notice) and
its jobs retried once. Closing the pool terminates the workers at once rather than waiting.
"""

from __future__ import annotations

import ctypes
import os
import signal
import threading
import time
from collections.abc import Callable, Generator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

from ...compat import quiet_executor_race, terminate_workers
from ..cancel import Cancelled, Live, Ticket, share, superseded, working_for
from ..files import cache_news_to, tell_cache_news
from ..rules.words import WordLists
from .jobs import Flow, Job, Runner
from .processes import MOST_WORKERS, start_server, start_tracker, worker_context, worker_started

if TYPE_CHECKING:  # the model's module loads numpy: a pool is made before anything is asked of it
    from ..position.model import CandidateModel

RANK, ANALYSIS = "rank", "analysis"  # the lanes
T = TypeVar("T")
Results = Generator[tuple[int, Any], None, None]  # (index, result) of each job as it finishes
RANK_NICENESS = 5  # the ranking workers yield the processors to the app: keys echo at once while they rank
ANALYSIS_NICENESS = 10  # the analysis worker yields them to the ranking workers too
CHANNELS = 1024

_worker_model: CandidateModel | None = None


class RankingError(RuntimeError):
    """The pool could not finish a job even after replacing its workers."""


quiet_executor_race()


def _start_worker(lists: WordLists, model_name: str, live: Live, niceness: int) -> None:
    global _worker_model
    worker_started()  # ends with the command, however the command ends
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is the parent's to handle; it shuts us down
    if niceness:
        os.nice(niceness)
    share(live)
    from ..position.model import model_named

    _worker_model = model_named(lists, model_name)


class Told(NamedTuple):
    """A job's result, and what it found damaged in the cache (and rebuilt), to be said by the parent."""

    result: Any
    damage: tuple[str, ...]


def _call(job: Job, args: tuple, ticket: Ticket | None) -> Any:
    told: list[str] = []
    with working_for(ticket), cache_news_to(told.append):
        result = job(_worker_model, *args)
    return Told(result, tuple(told)) if told else result


def _result_of(future: Future) -> Any:
    """A worker's result, what it found damaged said here (where someone listens: see files.tell_cache_news)."""
    result = future.result()
    if isinstance(result, Told):
        for sentence in result.damage:
            tell_cache_news(sentence)
        return result.result
    return result


def _ready(model: CandidateModel) -> bool:
    """A no-op job: answering it means the worker has built its model."""
    return model is not None


class Channel:
    """One consumer's requests: beginning a request supersedes the one before it (see cancel.py)."""

    def __init__(self, live: Live, index: int):
        self.index = index
        self._live = live
        self._number = 0
        self._lock = threading.Lock()

    def begin(self) -> Ticket:
        with self._lock:
            self._number += 1
            self._live[self.index] = self._number
            return Ticket(self.index, self._number)

    def cancel(self) -> None:
        """Supersede the request in flight, if any, without beginning another."""
        with self._lock:
            self._number += 1
            self._live[self.index] = self._number

    def superseded(self, ticket: Ticket) -> bool:
        return superseded(ticket, self._live)


class _Lane:
    """The workers of one lane, replaced when the model changes or an executor breaks."""

    def __init__(self, name: str, workers: int, niceness: int):
        self.name = name
        self.workers = workers
        self.niceness = niceness
        self.executor: ProcessPoolExecutor | None = None
        self.key: tuple[str, str] | None = None
        self.probes: list[Future] = []  # one no-op job per worker, sent as the workers start
        self.spawner = threading.Thread()  # starts the workers of the newest executor


class RankingPool:
    """N ranking workers (default: one per core) and an analysis worker; `workers=1` runs everything here."""

    def __init__(self, workers: int | None = None, chunk_size: int = 2048):
        self.workers = min(MOST_WORKERS, max(1, workers or os.cpu_count() or 1))
        self.chunk_size = chunk_size  # guesses per job of a streamed ranking
        # multiprocessing hands sys.stderr's descriptor to the resource tracker it starts with the first
        # worker process; a caller that swaps sys.stderr meanwhile (a full-screen app) would hand it an
        # invalid one. Start the tracker now, while stderr is real (and only where workers will start:
        # a pool of one runs everything here, and the tracker is a Python of its own to start).
        if self.workers > 1:
            start_tracker()
        self._live = worker_context().RawArray(ctypes.c_long, CHANNELS)
        self._free = list(range(CHANNELS - 1, 0, -1))  # channel 0 is the pool's own, for callers without one
        self._default = Channel(self._live, 0)
        self._lanes = {RANK: _Lane(RANK, self.workers, RANK_NICENESS), ANALYSIS: _Lane(ANALYSIS, 1, ANALYSIS_NICENESS)}
        self._lock = threading.Lock()
        self._closed = False
        self._closing: Future = Future()  # done once the pool closes: wakes every caller waiting on workers

    @property
    def in_process(self) -> bool:
        return self.workers == 1

    # -- channels ------------------------------------------------------------------------------

    def channel(self) -> Channel:
        """A channel for one consumer; `release` it when the consumer goes away."""
        with self._lock:
            index = self._free.pop() if self._free else 0
        return Channel(self._live, index) if index else self._default

    def release(self, channel: Channel) -> None:
        channel.cancel()
        if channel is not self._default:
            with self._lock:
                self._free.append(channel.index)

    # -- lifecycle -----------------------------------------------------------------------------

    def start(self, model: CandidateModel, wait_until_ready: bool = True) -> None:
        """Start the ranking workers for `model` now, not on the first job (in the background if told not to wait)."""
        if not self.in_process:
            lane = self._lanes[RANK]
            self._executor_for(lane, model)
            if wait_until_ready:
                lane.spawner.join()
                wait(lane.probes)

    def close(self) -> None:
        """Stop everything at once: work in flight is cancelled and the workers are terminated, not awaited."""
        with self._lock:
            if not self._closing.done():
                self._closing.set_result(None)
            self._closed = True
            executors = [lane.executor for lane in self._lanes.values() if lane.executor is not None]
            for lane in self._lanes.values():
                lane.executor = lane.key = None
            for index in range(CHANNELS):  # in-process work stops at its next checkpoint
                self._live[index] = -1
        for executor in executors:
            _terminate(executor)

    def executors(self) -> list[ProcessPoolExecutor]:
        with self._lock:
            return [lane.executor for lane in self._lanes.values() if lane.executor is not None]

    def __enter__(self) -> RankingPool:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _executor_for(self, lane: _Lane, model: CandidateModel, broken: ProcessPoolExecutor | None = None):
        """The lane's executor for `model`; a new one if the model changed, or if `broken` is still the current one."""
        key = (model.lists.digest, model.name)
        with self._lock:
            if self._closed:
                raise Cancelled
            replace = lane.executor is not None and (key != lane.key or broken is lane.executor)
            stale = lane.executor if replace else None
            if stale is not None or lane.executor is None:
                start_server()  # if not running: started here, not by the first worker (see processes.same_package)
                context = worker_context()
                initargs = (model.lists, model.name, self._live, lane.niceness)
                lane.executor = ProcessPoolExecutor(
                    lane.workers, mp_context=context, initializer=_start_worker, initargs=initargs
                )
                lane.key = key
                # Starting a process waits on the fork server, which imports the package when it first
                # starts: let that happen in the background.
                lane.probes = []
                lane.spawner = threading.Thread(target=self._spawn, args=(lane, lane.executor), daemon=True)
                lane.spawner.start()
            executor = lane.executor
        if stale is not None:
            _terminate(stale)
        return executor

    def _taken(self, lane: _Lane, model: CandidateModel, executor: ProcessPoolExecutor) -> bool:
        """Whether a job for another model (the app plays words of another length now) took the lane from
        `executor`: the jobs left on it are superseded, not retried, so that two models never take the lane from
        each other in turn. The newest has it."""
        with self._lock:
            return lane.executor is not executor and lane.key != (model.lists.digest, model.name)

    def _spawn(self, lane: _Lane, executor: ProcessPoolExecutor) -> None:
        """Start every worker now, not one per job as jobs arrive: one no-op job each, answered once it is up."""
        try:
            probes = [executor.submit(_call, _ready, (), None) for _ in range(lane.workers)]
        except (RuntimeError, BrokenProcessPool):  # closed or replaced meanwhile
            return
        with self._lock:
            if lane.executor is executor:
                lane.probes = probes

    # -- running jobs --------------------------------------------------------------------------

    def runner(self, model: CandidateModel, lane: str = RANK, ticket: Ticket | None = None) -> Runner:
        """Run jobs `fn(model, *args)` on the lane's workers, results in order; Cancelled once `ticket` is stale."""
        if self.in_process:
            return lambda job, jobs: [self._here(model, job, args, ticket) for args in jobs]

        def run(job: Job, jobs) -> list:
            finished = dict(self._results(model, job, list(jobs), lane, ticket))
            return [finished[i] for i in range(len(jobs))]

        return run

    def flow(self, model: CandidateModel, help_while_starting: bool = False, ticket: Ticket | None = None) -> Flow:
        """Run jobs `fn(model, *args)` from a list the caller may extend as results come in (see jobs.Flow).

        With `help_while_starting`, the calling thread runs jobs itself until a worker is up, rather
        than wait idle while the workers start (for a batch caller, not a user interface).
        """
        if self.in_process:
            return lambda job, jobs: self._here_flow(model, job, jobs, ticket)
        return lambda job, jobs: self._results(model, job, jobs, RANK, ticket, helping=help_while_starting)

    def call(
        self,
        model: CandidateModel,
        job: Callable[..., T],
        args: tuple,
        lane: str = ANALYSIS,
        channel: Channel | None = None,
    ) -> T:
        """One job on `channel` (which it supersedes); its result, or Cancelled if superseded in turn."""
        ticket = (channel or self._default).begin()
        result: T = self.runner(model, lane, ticket)(job, [args])[0]
        return result

    def _here(self, model: CandidateModel, job: Job, args: tuple, ticket: Ticket | None) -> Any:
        if self._closed or superseded(ticket, self._live):
            raise Cancelled
        with working_for(ticket, self._live):
            return job(model, *args)

    def _here_flow(self, model: CandidateModel, job: Job, jobs: list[tuple], ticket: Ticket | None) -> Results:
        done = 0
        while done < len(jobs):
            yield done, self._here(model, job, jobs[done], ticket)
            done += 1

    def _results(
        self,
        model: CandidateModel,
        job: Job,
        jobs: list[tuple],
        lane_name: str,
        ticket: Ticket | None,
        helping: bool = False,
    ) -> Results:
        """(index, result) of each job as it finishes; a dead worker is replaced and its jobs retried once.

        Jobs the caller appends to `jobs` while this runs are run too. When `helping`, this thread
        runs jobs, last first, while the workers are starting. Cancelled once `ticket` is superseded.
        """
        lane = self._lanes[lane_name]
        pending: dict[int, tuple] = {}  # handed out, not finished yet
        results: dict[int, object] = {}  # finished, not handed on yet
        submitted = 0
        retried = False
        futures: dict[Future, int] = {}
        executor = self._executor_for(lane, model)

        def submit(i: int) -> None:
            nonlocal executor
            for attempt in range(2):
                try:
                    futures[executor.submit(_call, job, pending[i], ticket)] = i
                    return
                except (BrokenProcessPool, RuntimeError):  # broken while idle, or replaced: not this job's doing
                    if self._closed or self._taken(lane, model, executor):
                        raise Cancelled from None
                    if attempt:
                        raise RankingError(
                            "The ranking workers could not be started; the work was abandoned."
                        ) from None
                    executor = self._executor_for(lane, model, broken=executor)

        try:
            while True:
                fresh = list(range(submitted, len(jobs)))
                submitted = len(jobs)
                pending.update((i, jobs[i]) for i in fresh)
                while helping and fresh and not any(probe.done() for probe in lane.probes):
                    i = fresh.pop()
                    results[i] = self._here(model, job, pending.pop(i), ticket)
                for i in fresh:
                    submit(i)
                for i in list(results):
                    yield i, results.pop(i)
                if submitted < len(jobs):
                    continue  # the caller has added jobs
                if not futures:
                    return
                # The pool's closing wakes this at once; a superseded ticket within a quarter of a second.
                finished, _ = wait((*futures, self._closing), timeout=0.25, return_when=FIRST_COMPLETED)
                if self._closed or superseded(ticket, self._live):
                    raise Cancelled
                broken = False
                for future in finished:
                    i = futures.pop(future)
                    try:
                        results[i] = _result_of(future)
                        del pending[i]
                    except BrokenProcessPool:
                        broken = True
                if broken:
                    if self._closed or self._taken(lane, model, executor):
                        raise Cancelled
                    if retried:
                        raise RankingError("A ranking worker stopped unexpectedly twice; the work was abandoned.")
                    retried = True
                    for future in futures:
                        future.cancel()
                    futures.clear()
                    executor = self._executor_for(lane, model, broken=executor)
                    for i in pending:
                        submit(i)
        finally:
            for future in futures:
                future.cancel()


def _terminate(executor: ProcessPoolExecutor) -> None:
    """Stop an executor's workers now: jobs in flight are abandoned, not awaited (see compat.terminate_workers)."""
    _endings.append(terminate_workers(executor))


_endings: list[threading.Thread] = []  # the executors being shut down in the background


def finish_closing(timeout: float = 2.0) -> None:
    """Wait until every executor closed has ended, its own thread included: for a process about to exit.

    Python 3.11 races at exit to wake an executor's thread that is closing its pipes (fixed in 3.12),
    which prints a traceback; an executor whose thread has ended is not woken.
    """
    deadline = time.monotonic() + timeout
    while _endings:
        _endings.pop().join(max(0.0, deadline - time.monotonic()))
