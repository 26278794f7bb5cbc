"""The ranking pool: same results as in-process, streaming, cancellation, and dead workers replaced."""

import os
import signal
from pathlib import Path

import pytest

from wordle_tui.core.bench import play_every
from wordle_tui.core.model import State
from wordle_tui.core.pool import RankingError, RankingPool
from wordle_tui.core.strategies import strategy_named


def die_once(model, marker: str) -> str:
    """A job that kills its worker the first time it runs."""
    if not Path(marker).exists():
        Path(marker).touch()
        os.kill(os.getpid(), signal.SIGKILL)
    return "survived"


def always_die(model) -> None:
    os.kill(os.getpid(), signal.SIGKILL)


def whose(model, tag: int) -> tuple[int, int]:
    """A job that says which process ran it."""
    return tag, os.getpid()


@pytest.fixture(scope="module")
def pool(model):
    with RankingPool(workers=2, chunk_size=2048) as pool:
        pool.start(model)
        yield pool


def test_two_workers_rank_exactly_as_one_process(pool, model):
    state = State(model, (("crane", 0),))
    for name in ("entropy", "minimax", "expected"):
        strategy = strategy_named(name)
        assert pool.rank(state, strategy, top=15) == strategy.rank(state, top=15)


AFTER_CRANE = (("crane", 0),)  # a position whose ranking is measured, not read from the cache as the opening's


def test_a_ranking_streams_partial_results_then_the_final_one(pool, model):
    state = State(model, AFTER_CRANE)
    updates = list(pool.stream(state, strategy_named("entropy"), top=5))
    assert [u.final for u in updates] == [False] * (len(updates) - 1) + [True]
    assert [u.done for u in updates] == list(range(1, len(updates) + 1))
    assert updates[-1].total == len(updates) == 8  # 12953 guesses in chunks of 2048: 7, rounded up to share out evenly
    assert updates[-1].ranking == strategy_named("entropy").rank(state, top=5)


def test_a_newer_ranking_supersedes_an_older_one(pool, model):
    older = pool.stream(State(model, AFTER_CRANE), strategy_named("entropy"), top=5)
    first = next(older)
    assert not first.final
    newer = list(pool.stream(State(model, (("slate", 0),)), strategy_named("entropy"), top=5))
    assert newer[-1].final
    assert list(older) == []  # only the newest result is delivered


def test_closing_a_ranking_cancels_it_and_the_pool_goes_on(pool, model):
    stream = pool.stream(State(model, AFTER_CRANE), strategy_named("entropy"), top=5)
    assert not next(stream).final
    stream.close()
    parts = strategy_named("parts")
    assert pool.rank(State(model), parts, top=3) == parts.rank(State(model), top=3)


def test_a_killed_worker_is_replaced_and_its_job_retried(model, tmp_path):
    with RankingPool(workers=2) as pool:
        pool.start(model)
        before = set(pool._executor._processes)
        os.kill(next(iter(before)), signal.SIGKILL)
        state = State(model, AFTER_CRANE)
        assert pool.rank(state, strategy_named("entropy"), top=1) == strategy_named("entropy").rank(state, top=1)
        marker = tmp_path / "died"
        assert pool.runner(model)(die_once, [(str(marker),), (str(marker),)]) == ["survived", "survived"]
        assert marker.exists()
        assert not before & set(pool._executor._processes)


def test_a_job_that_kills_its_worker_twice_is_a_clear_error(model):
    with RankingPool(workers=2) as pool, pytest.raises(RankingError, match="stopped unexpectedly twice"):
        pool.runner(model)(always_die, [()])


def test_closing_leaves_no_worker_processes(model):
    pool = RankingPool(workers=2)
    pool.start(model)
    processes = list(pool._executor._processes.values())
    pool.close()
    assert processes and not any(process.is_alive() for process in processes)


def test_one_worker_runs_in_process(model):
    pool = RankingPool(workers=1)
    assert pool.rank(State(model), strategy_named("entropy"), top=1)[0].word == "soare"
    assert pool._executor is None


def test_a_batch_caller_runs_jobs_itself_only_while_the_workers_start(model):
    jobs = [(tag,) for tag in range(6)]
    with RankingPool(workers=2) as pool:
        cold = dict(pool.flow(model, help_while_starting=True)(whose, list(jobs)))
        assert [cold[i][0] for i in range(6)] == list(range(6))
        assert cold[5][1] == os.getpid()  # taken, last first, before any worker could answer
        pool.start(model)
        warm = dict(pool.flow(model, help_while_starting=True)(whose, list(jobs)))
        assert [warm[i][0] for i in range(6)] == list(range(6))
        assert os.getpid() not in {pid for _, pid in warm.values()}
    with RankingPool(workers=2) as pool:
        assert os.getpid() not in {pid for _, pid in pool.runner(model)(whose, jobs)}  # interfaces never compute


def test_a_benchmark_in_a_starting_pool_plays_as_one_process(model, lists):
    sample = list(lists.answers[::97])
    for strategy in ("entropy", "lookahead"):
        with RankingPool(workers=2) as pool:
            shared = play_every(sample, strategy, model, flow=pool.flow(model, help_while_starting=True))
        assert shared == play_every(sample, strategy, model)
