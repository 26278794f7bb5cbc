"""The pool: same results as in-process, streaming, cancellation inside the workers, dead workers replaced."""

import os
import pickle
import signal
import threading
import time
from pathlib import Path

import pytest

from wordle_tui.compat import executor_workers
from wordle_tui.core.cancel import Cancelled, checkpoint
from wordle_tui.core.exact.search import SearchTooLong
from wordle_tui.core.exact.trees import TreeError
from wordle_tui.core.position.model import NoCandidatesError, State, UnknownGuessError
from wordle_tui.core.rules.feedback import PatternError
from wordle_tui.core.rules.game import GuessError
from wordle_tui.core.rules.words import WordListError
from wordle_tui.core.strategies import strategy_named
from wordle_tui.core.strategies.ranking import Ranker
from wordle_tui.core.strategies.selfplay import play_every
from wordle_tui.core.workers import pool as pool_module
from wordle_tui.core.workers.pool import ANALYSIS, RANK, RANK_NICENESS, RankingError, RankingPool

AFTER_CRANE = (("crane", 0),)  # a position whose ranking is measured, not read from the cache as the opening's


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


def until_cancelled(model, started: str, stopped: str) -> str:
    """A job that works (checking in) until it is cancelled, and leaves a mark when it stops."""
    Path(started).touch()
    try:
        for _ in range(3000):
            checkpoint()
            time.sleep(0.01)
    except Cancelled:
        Path(stopped).touch()
        raise
    return "never cancelled"


def sleeps(model, seconds: float) -> str:
    time.sleep(seconds)
    return "slept"


def finds_damage(model, sentence: str) -> int:
    from wordle_tui.core.files import tell_cache_news

    tell_cache_news(sentence)  # as a worker reading a damaged cache entry would
    return os.getpid()


def raises_no_fit(model) -> None:
    raise NoCandidatesError(2, "word of the answer list")


def eventually(condition, steps: int = 500) -> bool:
    """Whether `condition` comes true within a bounded number of short waits."""
    for _ in range(steps):
        if condition():
            return True
        time.sleep(0.02)
    return False


@pytest.fixture(scope="module")
def pool(model):
    with RankingPool(workers=2, chunk_size=2048) as pool:
        pool.start(model)
        yield pool


@pytest.fixture
def ranker(pool):
    ranker = Ranker(pool)
    yield ranker
    ranker.close()


def test_two_workers_rank_exactly_as_one_process(ranker, model):
    state = State(model, AFTER_CRANE)
    for name in ("entropy", "minimax", "expected", "optimal"):
        strategy = strategy_named(name)
        assert ranker.rank(state, strategy, top=15) == strategy.rank(state, top=15)


def test_a_ranking_streams_partial_results_then_the_final_one(ranker, model):
    state = State(model, AFTER_CRANE)
    updates = list(ranker.stream(state, strategy_named("entropy"), top=5))
    assert [u.final for u in updates] == [False] * (len(updates) - 1) + [True]
    assert [u.done for u in updates] == list(range(1, len(updates) + 1))
    assert updates[-1].total == len(updates) == 8  # 12953 guesses in chunks of 2048: 7, rounded up to share out evenly
    assert updates[-1].ranking == strategy_named("entropy").rank(state, top=5)


def test_a_newer_ranking_supersedes_an_older_one(ranker, model):
    older = ranker.stream(State(model, AFTER_CRANE), strategy_named("entropy"), top=5)
    assert not next(older).final
    newer = list(ranker.stream(State(model, (("slate", 0),)), strategy_named("entropy"), top=5))
    assert newer[-1].final
    assert list(older) == []  # only the newest result is delivered: the older one reads as superseded


def test_consumers_on_channels_of_their_own_each_get_their_results(pool, model):
    hints, bot = Ranker(pool), Ranker(pool)
    first = hints.stream(State(model, AFTER_CRANE), strategy_named("entropy"), top=5)
    assert not next(first).final
    state = State(model, (("slate", 0),))
    assert bot.rank(state, strategy_named("parts"), top=3) == strategy_named("parts").rank(state, top=3)
    assert list(first)[-1].final  # not superseded by the other consumer
    hints.close()
    bot.close()


def test_closing_a_ranking_cancels_it_and_the_pool_goes_on(ranker, model):
    stream = ranker.stream(State(model, AFTER_CRANE), strategy_named("entropy"), top=5)
    assert not next(stream).final
    stream.close()
    parts = strategy_named("parts")
    assert ranker.rank(State(model), parts, top=3) == parts.rank(State(model), top=3)


@pytest.mark.parametrize("workers", [1, 2])
def test_a_superseded_job_stops_inside_its_worker(model, tmp_path, workers):
    started, stopped = tmp_path / "started", tmp_path / "stopped"
    with RankingPool(workers=workers) as pool:
        channel = pool.channel()
        outcome: list[object] = []

        def ask() -> None:
            try:
                outcome.append(pool.call(model, until_cancelled, (str(started), str(stopped)), ANALYSIS, channel))
            except Cancelled as error:
                outcome.append(error)

        asking = threading.Thread(target=ask)
        asking.start()
        assert eventually(started.exists)
        channel.begin()  # a newer request on the same channel
        asking.join(timeout=30)
        assert isinstance(outcome[0], Cancelled)
        assert eventually(stopped.exists)  # the job saw it was superseded and stopped, in the worker


def test_closing_terminates_the_workers_at_once_even_while_they_work(model):
    pool = RankingPool(workers=2)
    pool.start(model)
    outcome: list[object] = []

    def ask() -> None:
        try:
            outcome.append(pool.runner(model)(sleeps, [(60,), (60,)]))
        except Cancelled as error:
            outcome.append(error)

    asking = threading.Thread(target=ask)
    asking.start()
    processes = [process for executor in pool.executors() for process in executor_workers(executor).values()]
    assert eventually(lambda: all(process.is_alive() for process in processes))
    pool.close()  # terminates them: it does not wait for their jobs
    assert processes and eventually(lambda: not any(process.is_alive() for process in processes))
    asking.join(timeout=10)
    assert not asking.is_alive() and isinstance(outcome[0], Cancelled)
    with pytest.raises(Cancelled):
        pool.runner(model)(whose, [(1,)])


def test_a_killed_worker_is_replaced_and_its_job_retried(model, tmp_path):
    with RankingPool(workers=2) as pool:
        pool.start(model)
        before = set(pool.executors()[0]._processes)
        os.kill(next(iter(before)), signal.SIGKILL)
        state = State(model, AFTER_CRANE)
        ranker = Ranker(pool)
        assert ranker.rank(state, strategy_named("entropy"), top=1) == strategy_named("entropy").rank(state, top=1)
        marker = tmp_path / "died"
        assert pool.runner(model)(die_once, [(str(marker),), (str(marker),)]) == ["survived", "survived"]
        assert marker.exists()
        assert not before & set(pool.executors()[0]._processes)


def test_a_pool_broken_while_idle_is_replaced_once_however_many_callers_notice(model, monkeypatch):
    made = []

    class Counted(pool_module.ProcessPoolExecutor):
        def __init__(self, *args, **options):
            super().__init__(*args, **options)
            made.append(self)

    monkeypatch.setattr(pool_module, "ProcessPoolExecutor", Counted)
    with RankingPool(workers=2) as pool:
        pool.start(model)
        for process in list(made[0]._processes.values()):
            os.kill(process.pid, signal.SIGKILL)
        assert eventually(lambda: made[0]._broken)
        results: list[object] = []
        callers = [
            threading.Thread(target=lambda: results.append(pool.runner(model)(whose, [(tag,) for tag in range(4)])))
            for _ in range(3)
        ]
        for caller in callers:
            caller.start()
        for caller in callers:
            caller.join(timeout=60)
        assert len(results) == 3 and all([tag for tag, _ in result] == [0, 1, 2, 3] for result in results)
        assert len(made) == 2  # one replacement for the one dead executor


def test_a_job_that_kills_its_worker_twice_is_a_clear_error(model):
    with RankingPool(workers=2) as pool, pytest.raises(RankingError, match="stopped unexpectedly twice"):
        pool.runner(model)(always_die, [()])


def test_an_error_raised_in_a_worker_arrives_intact(pool, model):
    with pytest.raises(NoCandidatesError, match=r"No word of the answer list fits this feedback \(row 3\)") as error:
        pool.runner(model)(raises_no_fit, [()])
    assert error.value.row == 2


@pytest.mark.parametrize(
    "error",
    [
        NoCandidatesError(1),
        NoCandidatesError(0, "word of the answer list"),
        UnknownGuessError("'zzzzz' is not in the word list."),
        GuessError("Not in word list"),
        PatternError("Feedback '012' must have 5 marks, one per letter."),
        WordListError("words.txt has no words."),
        TreeError("tree.txt: it has 3 answers but the list has 4."),
        RankingError("A ranking worker stopped unexpectedly twice; the work was abandoned."),
        SearchTooLong(),
        Cancelled(),
    ],
)
def test_every_error_a_job_can_raise_survives_pickling(error):
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is type(error) and str(again) == str(error) and vars(again) == vars(error)


def test_one_worker_runs_in_process(model):
    pool = RankingPool(workers=1)
    assert Ranker(pool).rank(State(model), strategy_named("entropy"), top=1)[0].word == "soare"
    assert pool.executors() == []


def test_each_lane_has_workers_of_its_own(pool, model):
    ranking = {pid for _, pid in pool.runner(model, RANK)(whose, [(tag,) for tag in range(8)])}
    analysis = {pid for _, pid in pool.runner(model, ANALYSIS)(whose, [(tag,) for tag in range(4)])}
    assert len(analysis) == 1 and not ranking & analysis and os.getpid() not in ranking | analysis


def niceness(model, tag: int) -> int:
    """A job that says the priority its worker runs at (higher: lower)."""
    return os.getpriority(os.PRIO_PROCESS, 0)


def test_rankings_run_at_a_lower_priority_than_the_app_and_analyses_lower_still(pool, model):
    """The app's keys come before the rankings (they echo while every core ranks), rankings before analyses."""
    app = os.getpriority(os.PRIO_PROCESS, 0)
    ranking = set(pool.runner(model, RANK)(niceness, [(tag,) for tag in range(8)]))
    (analysis,) = set(pool.runner(model, ANALYSIS)(niceness, [(tag,) for tag in range(2)]))
    assert ranking == {min(19, app + RANK_NICENESS)} and app < min(ranking) < analysis


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


def test_a_job_for_another_model_takes_the_lane_and_the_job_it_replaced_is_cancelled(model, lists):
    from wordle_tui.core.position.model import weighted_model

    other = weighted_model(lists)  # the app's model of another length would do as well: another key
    with RankingPool(workers=2) as pool:
        pool.start(model)
        outcome: list[object] = []

        def ask() -> None:
            try:
                outcome.append(pool.runner(model)(sleeps, [(60,), (60,)]))
            except (Cancelled, RankingError) as error:
                outcome.append(error)

        asking = threading.Thread(target=ask)
        asking.start()
        assert eventually(lambda: any(process.is_alive() for process in executor_workers(pool.executors()[0]).values()))
        time.sleep(0.5)  # the two sleeps under way
        assert pool.runner(other)(whose, [(1,), (2,)])[0][0] == 1  # the newest model has the lane
        asking.join(timeout=30)
        assert not asking.is_alive() and isinstance(outcome[0], Cancelled)  # superseded, not an error
        assert pool.runner(other)(whose, [(3,)])[0][0] == 3  # and keeps it: nothing fought it back


def test_what_a_worker_finds_damaged_is_said_by_the_parent_once(pool, model):
    from wordle_tui.core.files import cache_news_to

    told: list[str] = []
    sentence = "The pattern table cached in /somewhere was damaged (its checksum differs): it is built again."
    with cache_news_to(told.append):
        pids = pool.runner(model)(finds_damage, [(sentence,)] * 6)
    assert all(pid != os.getpid() for pid in pids)  # found in the workers, every one of them maybe
    assert told == [sentence]
