"""Running jobs on a Dask cluster, for proofs that outgrow one machine (the optional `cluster` extra).

A job runs on a worker as it does in the pool, fn(model, *args), with the worker's own copy of the
model: built from the word lists the first time a worker sees them (its pattern table cached on
that machine), then kept for every later job.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .jobs import Job, Runner
from .model import CandidateModel, model_named
from .words import WordLists

_models: dict[tuple[str, str], CandidateModel] = {}  # per worker process: the models it has built
CONNECT_SECONDS = 10


class ClusterError(RuntimeError):
    """The cluster cannot be used; the message is one sentence."""


def _on_worker(lists: WordLists, model_name: str, job: Job, args: tuple) -> Any:
    key = (lists.digest, model_name)
    if key not in _models:
        _models[key] = model_named(lists, model_name)
    return job(_models[key], *args)


def cluster_runner(address: str, model: CandidateModel) -> tuple[Runner, Callable[[], None]]:
    """(a runner that hands jobs to the Dask scheduler at `address`, a function that disconnects)."""
    try:
        from distributed import Client
    except ImportError:
        raise ClusterError("A Dask cluster needs the cluster extra: pip install 'wordle-tui[cluster]'.") from None
    try:
        client = Client(address, timeout=CONNECT_SECONDS)
    except (OSError, TimeoutError, ValueError):
        raise ClusterError(f"Cannot reach the Dask scheduler at {address} (tried for {CONNECT_SECONDS} s).") from None

    def run(job: Job, jobs: Sequence[tuple]) -> list:
        count = len(jobs)
        futures = client.map(
            _on_worker, [model.lists] * count, [model.name] * count, [job] * count, list(jobs), pure=False
        )
        return client.gather(futures)

    return run, client.close
