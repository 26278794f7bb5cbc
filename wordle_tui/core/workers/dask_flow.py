"""Running jobs on a Dask cluster, for proofs that outgrow one machine (the optional `cluster` extra).

A job runs on a worker as it does in the pool, fn(model, *args), with the worker's own copy of the
model: built from the word lists the first time a worker sees them (its pattern table cached on
that machine), then kept for every later job.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Any

from ..position.model import CandidateModel, model_named
from ..rules.words import WordLists
from .jobs import Flow, Job

_models: dict[tuple[str, str], CandidateModel] = {}  # per worker process: the models it has built
CONNECT_SECONDS = 10


class ClusterError(RuntimeError):
    """The cluster cannot be used; the message is one sentence."""


def _on_worker(lists: WordLists, model_name: str, job: Job, args: tuple) -> Any:
    key = (lists.digest, model_name)
    if key not in _models:
        _models[key] = model_named(lists, model_name)
    return job(_models[key], *args)


def cluster_flow(address: str, model: CandidateModel) -> tuple[Flow, int, Callable[[], None]]:
    """(a flow that hands jobs to the Dask scheduler at `address`, the cluster's worker threads when
    it connected, a function that disconnects)."""
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise ClusterError("A Dask cluster needs the cluster extra: pip install 'wordle-tui[cluster]'.") from None
    try:
        client = Client(address, timeout=CONNECT_SECONDS)
    except (OSError, TimeoutError, ValueError):
        raise ClusterError(f"Cannot reach the Dask scheduler at {address} (tried for {CONNECT_SECONDS} s).") from None

    def flow(job: Job, jobs: list[tuple]) -> Generator[tuple[int, Any], None, None]:
        finished = as_completed(loop=client.loop)
        index: dict[Any, int] = {}  # each future's job
        submitted = 0
        try:
            while True:
                for i in range(submitted, len(jobs)):  # the jobs added since the last result too
                    future = client.submit(_on_worker, model.lists, model.name, job, jobs[i], pure=False)
                    index[future] = i
                    finished.add(future)
                submitted = len(jobs)
                if finished.is_empty():
                    return
                future = next(finished)
                yield index.pop(future), future.result()
        finally:
            client.cancel(list(index))  # abandoned, or a job failed: the jobs still running are stopped

    return flow, max(1, sum(client.nthreads().values())), client.close
