"""The proof of the best opener, against every opener evaluated exactly, on small lists."""

import numpy as np
import pytest
from small_lists import lists_of, look_alikes

from wordle_tui.core.exact import proof as proof_module
from wordle_tui.core.exact.openers import OpenerValue, exact_value, proof_plan, prove_best
from wordle_tui.core.exact.proof import (
    Proof,
    merge,
    opener_bounds,
    proof_name,
    proof_text,
    read_proof,
    value_below,
)
from wordle_tui.core.exact.search import NO_LIMIT
from wordle_tui.core.position.model import uniform_model
from wordle_tui.core.position.table import cache_dir
from wordle_tui.core.rules.game import Difficulty
from wordle_tui.core.workers.jobs import in_process_flow


@pytest.mark.parametrize("hard_mode", [Difficulty.NORMAL, Difficulty.HARD])
def test_the_bounds_never_exceed_the_exact_value_and_the_proof_finds_the_best(tmp_path, hard_mode):
    for seed in range(3):
        answers, guesses = look_alikes(np.random.default_rng(seed), 8)
        (folder := tmp_path / str(seed)).mkdir()
        model = uniform_model(lists_of(folder, answers, guesses))
        every = np.arange(len(model.lists.guesses))
        proof = prove_best(model, hard_mode)  # first: the exact values below are cached
        exact = np.array([exact_value(model, word, hard_mode).value for word in model.lists.guesses])
        bounds = opener_bounds(model, hard_mode, every)
        assert (bounds <= exact).all()  # a bound never claims more than optimal play can do
        cap = int(np.median(bounds))
        capped = opener_bounds(model, hard_mode, every, cap)  # stopped once the opener is ruled out at cap
        assert ((capped == bounds) | ((capped >= cap) & (bounds >= cap))).all() and (capped <= bounds).all()
        assert proof.best.value == exact.min()
        by_bound, by_cut = proof.ruled_out(model.lists)
        assert by_bound + by_cut + len(proof.values) == len(every) and by_bound > 0
        three = prove_best(model, hard_mode, top=3)  # the three best, each exact
        assert [value.value for value in three.ranked()[:3]] == sorted(exact)[:3]


@pytest.mark.parametrize("hard_mode", [Difficulty.NORMAL, Difficulty.HARD])
def test_a_search_cut_off_at_a_threshold_is_exact_below_it_and_a_bound_above(tmp_path, hard_mode):
    answers, guesses = look_alikes(np.random.default_rng(5), 8)
    model = uniform_model(lists_of(tmp_path, answers, guesses))
    for word in model.lists.guesses[::3]:
        exact = exact_value(model, word, hard_mode).value
        assert value_below(model, hard_mode, word, NO_LIMIT) == exact
        assert value_below(model, hard_mode, word, exact + 1) == exact
        for threshold in (exact, exact - 1, exact - 10, len(model.lists.answers)):
            assert threshold <= value_below(model, hard_mode, word, threshold) <= exact


def test_a_proof_of_the_best_few_evaluates_the_openers_with_most_buckets_before_bounding(tmp_path, monkeypatch):
    answers, guesses = look_alikes(np.random.default_rng(3), 8)
    model = uniform_model(lists_of(tmp_path, answers, guesses))
    caps = []
    bound = proof_module.opener_bounds

    def recording(model, hard_mode, openers, cap=NO_LIMIT):
        caps.append(cap)
        return bound(model, hard_mode, openers, cap)

    monkeypatch.setattr(proof_module, "opener_bounds", recording)
    three = prove_best(model, Difficulty.NORMAL, top=3)
    assert caps and max(caps) < NO_LIMIT  # nothing was known, yet every bound stopped at a threshold
    exact = sorted(exact_value(model, word, Difficulty.NORMAL).value for word in model.lists.guesses)
    assert [value.value for value in three.ranked()[:3]] == exact[:3]


def test_the_plan_of_a_proof_says_what_is_left_until_nothing_is(tmp_path):
    answers, guesses = look_alikes(np.random.default_rng(7), 8)  # lists no other test proves (one cache)
    model = uniform_model(lists_of(tmp_path, answers, guesses))
    plan = proof_plan(model, Difficulty.NORMAL, top=3, probe_seconds=0.0)
    assert plan is not None and (plan.seeds, plan.unbounded, plan.contenders) == (3, len(guesses), 0)
    assert (plan.bounded_kept, plan.cuts_kept) == (0, 0) and plan.bound_seconds > 0
    prove_best(model, Difficulty.NORMAL, top=3)
    assert proof_plan(model, Difficulty.NORMAL, top=3, probe_seconds=0.0) is None  # settled: nothing to announce
    more = proof_plan(
        model, Difficulty.NORMAL, top=4, probe_seconds=0.0
    )  # one more: a fourth value first, the bounds kept
    assert more is not None and more.seeds == 1 and more.bounded_kept == len(guesses)


def test_contenders_are_handed_out_a_few_per_worker_each_with_the_threshold_of_its_time(tmp_path):
    answers, guesses = look_alikes(np.random.default_rng(4), 16)
    model = uniform_model(lists_of(tmp_path, answers, guesses))
    thresholds: list[int] = []  # the value to beat after each job, as the proof is kept
    waiting: list[int] = []  # contenders handed out and not finished, as each one finishes
    handed: list[tuple] = []
    flow = in_process_flow(model)

    def watching(job, jobs):
        seen = 0
        for i, result in flow(job, jobs):
            if job is value_below and jobs[0][2] < NO_LIMIT:  # the contenders, past the seeds evaluated in full
                # The jobs added since the last result were handed out with the value to beat of then.
                assert all(threshold == thresholds[-1] for *_, threshold in jobs[seen:])
                seen, handed[:] = len(jobs), jobs
                waiting.append(len(jobs) - i)
            yield i, result

    told: list[tuple[int, int]] = []  # the contenders settled (evaluated, or ruled out by a cut-off search), of all
    progress = lambda step, done, total: told.append((done, total)) if step == "evaluating" else None  # noqa: E731
    keep = lambda proof: thresholds.append(proof.threshold)  # noqa: E731
    three = prove_best(model, Difficulty.NORMAL, watching, progress, top=3, keep=keep, workers=2)
    assert all(value.value == exact_value(model, word, Difficulty.NORMAL).value for word, value in three.values.items())
    exact = sorted(exact_value(model, word, Difficulty.NORMAL).value for word in model.lists.guesses)
    assert [value.value for value in three.ranked()[:3]] == exact[:3]
    assert len(handed) > 4
    drop = waiting.index(min(waiting))
    assert waiting[0] == 4 and waiting[drop:] == sorted(waiting[drop:], reverse=True)  # two a worker until the end
    assert max(waiting) == 4 and len({job[2] for job in handed}) > 1  # the value to beat fell meanwhile
    settled = len(three.values) + three.ruled_out(model.lists)[1]
    assert [done for done, _ in told] == sorted(done for done, _ in told) and told[-1] == (settled, settled)


def test_openers_that_may_tie_the_last_of_the_best_are_told_apart_from_those_that_do(tmp_path):
    answers, guesses = look_alikes(np.random.default_rng(1), 8)
    lists = lists_of(tmp_path, answers, guesses)
    words = lists.guesses
    bounds, cuts = np.full(len(words), 30), np.full(len(words), -1)
    values = {word: OpenerValue(word, value, True) for word, value in zip(words, (10, 20, 20, 25))}
    bounds[5], bounds[6], cuts[6], bounds[7] = 20, 12, 20, 19  # 5 and 6 reach the 2nd best value: they may tie it
    proof = Proof(bounds, np.full(len(words), 30), cuts, 2, values)
    assert proof.ties(lists) == ([words[2]], 2)  # words[1] and words[2] tie at 20; the 2nd best is words[1]
    assert Proof(bounds, bounds, cuts, 1, values).ties(lists) == ([], 0)


def test_an_interrupted_proof_resumes_from_its_bounds(tmp_path, monkeypatch):
    answers, guesses = look_alikes(np.random.default_rng(7), 8)
    model = uniform_model(lists_of(tmp_path, answers, guesses))
    first = prove_best(model, Difficulty.NORMAL)

    def never(*args):
        raise AssertionError("the bounds were computed again")

    monkeypatch.setattr(proof_module, "opener_bounds", never)
    again = prove_best(model, Difficulty.NORMAL)
    assert again.best == first.best and (again.bounds == first.bounds).all()


def test_the_proof_runs_on_a_dask_cluster(tmp_path):
    import dask
    from distributed import LocalCluster

    from wordle_tui.core.workers.dask_flow import cluster_flow

    answers, guesses = look_alikes(np.random.default_rng(11), 8)
    model = uniform_model(lists_of(tmp_path, answers, guesses))
    best = min(exact_value(model, word, Difficulty.NORMAL).value for word in model.lists.guesses)
    scratch = tmp_path / "dask"  # the workers' scratch space: removed with tmp_path, nothing left in /tmp
    with (
        dask.config.set({"temporary-directory": str(scratch)}),
        LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, local_directory=str(scratch)
        ) as cluster,
    ):
        flow, workers, disconnect = cluster_flow(cluster.scheduler_address, model)
        try:
            assert workers == 2
            jobs = [(False, np.arange(3))]
            results = []
            for i, found in flow(opener_bounds, jobs):  # a job added while the flow runs is run too
                results.append((i, found.tolist()))
                if len(jobs) == 1:
                    jobs.append((False, np.arange(3, 6)))
            assert results == [
                (0, opener_bounds(model, Difficulty.NORMAL, np.arange(3)).tolist()),
                (1, opener_bounds(model, Difficulty.NORMAL, np.arange(3, 6)).tolist()),
            ]
            assert prove_best(model, Difficulty.NORMAL, flow, workers=workers).best.value == best
        finally:
            disconnect()


def test_a_proof_goes_on_from_a_shipped_record(tmp_path, monkeypatch):
    answers, guesses = look_alikes(np.random.default_rng(3), 8)
    (folder := tmp_path / "lists").mkdir()
    model = uniform_model(lists_of(folder, answers, guesses))
    lists = model.lists
    first = prove_best(model, Difficulty.NORMAL)
    (shipped := tmp_path / "shipped").mkdir()
    (shipped / proof_name(Difficulty.NORMAL)).write_text(proof_text(first, lists, Difficulty.NORMAL))
    assert (
        read_proof(shipped / proof_name(Difficulty.NORMAL), lists, Difficulty.HARD) is None
    )  # another mode's record is not used
    for path in cache_dir().glob(f"{lists.digest}-*"):
        path.unlink()  # nothing kept in the cache: only the record
    monkeypatch.setattr(proof_module, "shipped_folder", lambda lists: shipped)

    def never(*args):
        raise AssertionError("the proof was worked out again")

    monkeypatch.setattr(proof_module, "opener_bounds", never)
    monkeypatch.setattr(proof_module, "value_below", never)
    again = prove_best(model, Difficulty.NORMAL)
    assert again.best == first.best and (again.bounds == first.bounds).all() and (again.cuts == first.cuts).all()
    text = (shipped / proof_name(Difficulty.NORMAL)).read_text().splitlines()
    (shipped / proof_name(Difficulty.NORMAL)).write_text("\n".join(text[:-1]) + "\n")  # a line lost: not a record
    assert read_proof(shipped / proof_name(Difficulty.NORMAL), lists, Difficulty.NORMAL) is None


def test_an_unfinished_proof_s_record_lets_another_run_finish_it(tmp_path, monkeypatch):
    answers, guesses = look_alikes(np.random.default_rng(8), 8)
    (folder := tmp_path / "lists").mkdir()
    model = uniform_model(lists_of(folder, answers, guesses))
    lists = model.lists
    records: list[str] = []
    whole = prove_best(
        model, Difficulty.NORMAL, keep=lambda proof: records.append(proof_text(proof, lists, Difficulty.NORMAL))
    )
    # The last record before the end: every opener bounded, some contenders still to search.
    unfinished = [record for record in records if "unsettled=0 " not in record.splitlines()[0]][-1]
    assert "unsettled=0 " in records[-1].splitlines()[0]
    (shipped := tmp_path / "shipped").mkdir()
    (shipped / proof_name(Difficulty.NORMAL)).write_text(unfinished)
    for path in cache_dir().glob(f"{lists.digest}-*"):
        path.unlink()
    monkeypatch.setattr(proof_module, "shipped_folder", lambda lists: shipped)
    monkeypatch.setattr(proof_module, "opener_bounds", lambda *args: pytest.fail("the bounds were computed again"))
    assert prove_best(model, Difficulty.NORMAL).best == whole.best


def read_back(lists, monkeypatch, top: int, hard_mode: Difficulty = Difficulty.NORMAL) -> tuple[Proof, np.ndarray]:
    """The shipped nyt2022 proof of the `top` best, which must run again without a search, and the
    value each opener is settled at: exact, else its bound or cut-off search's."""
    for job in ("opener_bounds", "value_below"):
        monkeypatch.setattr(proof_module, job, lambda *args: pytest.fail("the shipped proof was worked out again"))
    proof = prove_best(uniform_model(lists), hard_mode, top=top)
    settled = np.maximum(proof.bounds, proof.cuts)
    settled[[lists.guess_index[word] for word in proof.values]] = [value.value for value in proof.values.values()]
    return proof, settled


def test_the_shipped_proof_shows_salet_is_the_best_opener_of_nyt2022(lists, monkeypatch):
    # Every other first guess of the 12,953 has a lower bound, or a cut-off search's, of at least
    # SALET's 7897, or an exact value above it: the proof runs again without a search.
    proof, settled = read_back(lists, monkeypatch, 1)
    assert (proof.best.word, proof.best.value) == ("salet", 7897)
    assert settled.min() == 7897  # none can do better (a bound equal to it rules an opener out: no better)
    assert [value.word for value in proof.values.values() if value.value <= 7897] == ["salet"]


@pytest.mark.parametrize(
    ("hard_mode", "first"),
    [
        (Difficulty.NORMAL, [("salet", 7897), ("reast", 7900), ("crate", 7902)]),
        (Difficulty.HARD, [("salet", 8099), ("least", 8106), ("reast", 8112)]),
    ],
)
def test_the_shipped_proof_gives_the_100_best_openers_of_nyt2022_each_exact(lists, monkeypatch, hard_mode, first):
    # Every opener outside the 100 has a bound, or a cut-off search's, of at least the 100th best
    # value: the 100 best and their values are read back without a search.
    proof, settled = read_back(lists, monkeypatch, 100, hard_mode)
    best = proof.ranked()[:100]
    assert [(value.word, value.value) for value in best[:3]] == first
    assert all(value.exact and value.guaranteed for value in best)
    outside = np.ones(len(lists.guesses), dtype=bool)
    outside[[lists.guess_index[value.word] for value in best]] = False
    assert settled[outside].min() >= best[-1].value  # none outside does better than the 100th


def test_the_shipped_proof_shows_salet_is_the_best_opener_of_nyt2022_in_hard_mode(lists, monkeypatch):
    proof, settled = read_back(lists, monkeypatch, 1, hard_mode=Difficulty.HARD)
    assert (proof.best.word, proof.best.value) == ("salet", 8099)
    assert settled.min() == 8099  # none does better; openers cut off at exactly 8099 may tie it
    assert [value.word for value in proof.values.values() if value.value <= 8099] == ["salet"]


def test_a_shipped_proof_is_preferred_to_an_unfinished_one_in_the_cache(lists, monkeypatch):
    # An earlier run on these lists, stopped after one chunk of bounds: the shipped record still applies.
    size = len(lists.guesses)
    bounds, caps = np.full(size, -1, dtype=np.int64), np.full(size, -1, dtype=np.int64)
    bounds[:256], caps[:256] = 7000, 8000  # weaker than the shipped bounds: kept only where better
    bounds[0] = 9999
    cache_dir().mkdir(parents=True, exist_ok=True)
    np.save(cache_dir() / f"{lists.digest}-opener-bounds-v2-normal.npy", np.stack((bounds, caps)))
    try:
        proof, settled = read_back(lists, monkeypatch, 1)
    finally:
        (cache_dir() / f"{lists.digest}-opener-bounds-v2-normal.npy").unlink()
    assert (proof.best.word, proof.best.value) == ("salet", 7897) and settled.min() == 7897
    assert proof.bounds[0] == 9999 and (proof.bounds[1:256] > 7000).all()


def test_merging_two_records_keeps_the_furthest_of_each(tmp_path):
    answers, guesses = look_alikes(np.random.default_rng(2), 8)
    lists = lists_of(tmp_path, answers, guesses)
    a, b = lists.guesses[:2]
    proof = Proof(np.array([10, 20, -1] + [5] * 11), np.array([30, 20, -1] + [5] * 11), np.full(14, -1), 1)
    proof.values = {a: OpenerValue(a, 40, True)}
    other = np.array([[12, 20, 15] + [5] * 11, [12, 25, 15] + [5] * 11, [-1, 33, -1] + [5] * 11])
    merge(proof, other, {b: OpenerValue(b, 41, True)})
    assert proof.bounds[:3].tolist() == [12, 20, 15] and proof.caps[:3].tolist() == [12, 25, 15]
    assert proof.cuts[:3].tolist() == [-1, 33, -1] and set(proof.values) == {a, b}
