"""Jobs and the ways to run them: here, one after another, or handed to worker processes by the pool.

A job is a module-level function called as fn(model, *args), in this process or in a worker that
holds its own copy of the model; a runner takes a job and its argument tuples and returns the
results in order; a flow yields (index, result) as each finishes, from a list its caller may extend.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..position.model import CandidateModel

Job = Callable[..., Any]
Runner = Callable[[Job, Sequence[tuple]], list]
Flow = Callable[[Job, list[tuple]], Generator[tuple[int, Any], None, None]]


def in_process(model: CandidateModel) -> Runner:
    """A runner that does every job here, one after another."""
    return lambda job, jobs: [job(model, *args) for args in jobs]


def in_process_flow(model: CandidateModel) -> Flow:
    """A flow that does every job here, in the order they were added."""

    def flow(job: Job, jobs: list[tuple]) -> Generator[tuple[int, Any], None, None]:
        done = 0
        while done < len(jobs):
            yield done, job(model, *jobs[done])
            done += 1

    return flow
