"""Proving which first guess is best: cheap lower bounds rule out most openers, the rest are evaluated.

The bound of an opener counts one guess for every answer, then, for each of its buckets, the least
any second guess could achieve if every bucket it left cost its own least possible (a bucket of m
answers costs at least 2m - 1): 3m minus the most patterns (plus one if it is an answer) any
second guess gets. No play after the opener can do better, so an opener whose bound reaches the
best value found is ruled out without a search. The other openers (the contenders) are searched,
best bound first, until the next bound reaches the best value: that value is then proved the least
of all (as in Alex Selby's proof of SALET). A contender's search is cut off at the best value: its
buckets are searched biggest first, each with the room the others' bounds leave, so one that
cannot do better is ruled out as soon as that is certain, and only a better one is searched in full.

Both steps keep their progress under the cache folder (the bounds a chunk at a time, each exact
value as it is found, each higher bound a cut-off search proved), so an interrupted proof resumes
where it stopped.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from ..files import keep_in_cache
from ..position.model import CandidateModel
from ..position.table import cache_dir
from ..rules.game import MAX_GUESSES, Difficulty, History
from ..rules.words import WordLists
from ..workers.jobs import Flow, in_process_flow
from .opener_records import OpenerValue, remember_exact
from .search import NO_LIMIT, Search, Subproblem, search_for
from .trees import opener_buckets, probe_tree, shipped_folder

CHUNK = 256  # openers bounded in one job
QUEUED = 2  # contenders handed out per worker: one to work on, one waiting (see prove_best_opener)
Progress = Callable[[str, int, int], None]  # (step, done, total)


_OPENING: dict[int, tuple[CandidateModel, Search, Subproblem]] = {}


def opening_search(model: CandidateModel, hard_mode: Difficulty) -> tuple[Search, Subproblem]:
    """A search over every answer with every guess allowed, six guesses left: built once a process
    for the last model asked (a worker bounds chunk after chunk of openers with it)."""
    kept = _OPENING.get(hard_mode)
    if kept is None or kept[0] is not model:
        lists = model.lists
        every, answers = np.arange(len(lists.guesses)), np.arange(len(lists.answers))
        _OPENING[hard_mode] = (model, *search_for(model.table, lists, answers, every, hard_mode, depth=MAX_GUESSES))
    _, search, node = _OPENING[hard_mode]
    return search, node


def bucket_bounds(model: CandidateModel, hard_mode: Difficulty, word: str) -> list[tuple[History, np.ndarray, int]]:
    """Each bucket of the opener `word`, biggest first: (the feedback, its answers, a lower bound on
    its total; see Search.lower_bound)."""
    search, node = opening_search(model, hard_mode)
    row = search.row_of_guess[model.lists.guess_index[word]]
    bounds = []
    for history, bucket in opener_buckets(model, word):
        child = search.child(node, bucket, node.guesses, row, history[-1][1])
        bounds.append((history, bucket, search.lower_bound(child)))
    return bounds


def opener_bounds(model: CandidateModel, hard_mode: Difficulty, openers: np.ndarray, cap: int = NO_LIMIT) -> np.ndarray:
    """A lower bound on the total guesses after each opener (indices into the guess list); a bound
    that reaches `cap` stops there (the opener is ruled out by any threshold up to `cap`).

    Every bucket of m answers costs at least 2m - 1 to begin with; the biggest buckets, which
    raise the bound most, are then bounded one by one (see Search.lower_bound) until the bound
    reaches `cap`: most openers are ruled out by their few biggest buckets.
    """
    search, node = opening_search(model, hard_mode)
    n = len(node.answers)
    bounds = np.empty(len(openers), dtype=np.int64)
    for k, opener in enumerate(openers.tolist()):
        row = search.row_of_guess[opener]
        parts = sorted(search.split(node.answers, search.matrix[row, node.answers]), key=lambda part: -len(part[1]))
        total = n + sum(2 * len(part) - 1 for _, part in parts)
        for pattern, part in parts:
            if total >= cap or len(part) <= 2:
                break  # ruled out, or every bucket left costs exactly 2m - 1
            total += search.lower_bound(search.child(node, part, node.guesses, row, pattern)) - (2 * len(part) - 1)
        bounds[k] = total
    return bounds


def value_below(model: CandidateModel, hard_mode: Difficulty, word: str, threshold: int) -> int:
    """The value of the opener `word` (see optimal.AT_RISK) if it is below `threshold`, else a lower
    bound on it of at least `threshold`: each bucket's search stops once the opener cannot get below.

    Every bucket of every opener is searched in the process's one search over all the answers
    (see opening_search), so positions that several openers lead to are searched once: its memo
    is the cache across buckets and openers. Most contenders are ruled out by their first few
    buckets."""
    search, root = opening_search(model, hard_mode)
    row = search.row_of_guess[model.lists.guess_index[word]]
    buckets = bucket_bounds(model, hard_mode, word)
    total = len(model.lists.answers)  # the opener, once an answer
    rest = sum(bound for *_, bound in buckets)  # each bucket at its bound until it is searched
    for history, bucket, bound in buckets:
        rest -= bound
        if len(bucket) <= 2:
            total += bound  # one answer, or two: the bound is the total (1, or 3)
        else:
            child = search.child(root, bucket, root.guesses, row, history[-1][1])
            total += search.cost(child, threshold - total - rest)
        if total + rest >= threshold:
            return total + rest
    return total


def most_buckets(model: CandidateModel, hard_mode: Difficulty) -> list[str]:
    """Every opener, fewest guesses first by the bound of one guess for every answer and at least
    2m - 1 for each bucket of m (the "most buckets" order), a good guess at the best openers."""
    lists = model.lists
    search, node = opening_search(model, hard_mode)
    rows = np.array([search.row_of_guess[k] for k in range(len(lists.guesses))])
    buckets = search.bucket_counts(node.answers, rows)
    bound = 3 * len(node.answers) - buckets - search.is_answer(node.answers)[rows]
    return [lists.guesses[k] for k in np.lexsort((lists.guess_alphabetical_rank, bound)).tolist()]


@dataclass
class Proof:
    """Where a proof stands: every opener's bound, the exact values found, and the `top` best of them."""

    bounds: np.ndarray  # per guess, a lower bound on its value (at least the threshold for one ruled out); -1: none
    caps: np.ndarray  # per guess, the cap its bound was computed under (see opener_bounds)
    cuts: np.ndarray  # per guess, a higher bound proved by a search cut off at the threshold; -1 where none
    top: int = 1  # how many of the best openers the proof settles
    values: dict[str, OpenerValue] = field(default_factory=dict)  # the contenders evaluated exactly

    def ranked(self) -> list[OpenerValue]:
        """The openers evaluated, best first (fewest answers at risk, fewest guesses, then alphabetical)."""
        return sorted(self.values.values(), key=lambda value: (value.value, value.word))

    @property
    def best(self) -> OpenerValue:
        return self.ranked()[0]

    @property
    def threshold(self) -> int:
        """The value an opener must beat to be among the `top` best: the top-th best value found."""
        ranked = self.ranked()
        return ranked[self.top - 1].value if len(ranked) >= self.top else NO_LIMIT

    def contenders(self, lists: WordLists) -> list[str]:
        """The openers neither ruled out by a bound nor evaluated, best bound first."""
        bounds = np.maximum(self.bounds, self.cuts)
        order = np.argsort(bounds, kind="stable")
        order = order[(bounds[order] >= 0) & (bounds[order] < self.threshold)]
        return [word for word in (lists.guesses[k] for k in order.tolist()) if word not in self.values]

    def ruled_out(self, lists: WordLists) -> tuple[int, int]:
        """How many openers were ruled out (by their bound alone, by a search cut off at the threshold)."""
        outside = self._unevaluated(lists)
        by_bound = outside & (self.bounds >= self.threshold)
        by_cut = outside & ~by_bound & (self.cuts >= self.threshold)
        return int(np.count_nonzero(by_bound)), int(np.count_nonzero(by_cut))

    def ties(self, lists: WordLists) -> tuple[list[str], int]:
        """(the openers evaluated outside the `top` best with the last one's value, how many others
        were ruled out at exactly that value: a bound only says they do no better, so they may tie)."""
        threshold = self.threshold
        tied = [value.word for value in self.ranked()[self.top :] if value.value == threshold]
        reached = self._unevaluated(lists) & (np.maximum(self.bounds, self.cuts) == threshold)
        return tied, int(np.count_nonzero(reached))

    def unbounded(self) -> np.ndarray:
        """The openers whose bound is still to compute: none yet, or one kept from a run with a lower
        threshold (a row of `caps`) that stopped there."""
        cap = self.threshold
        return np.flatnonzero((self.bounds < 0) | ((self.bounds >= self.caps) & (self.caps < cap)))

    def _unevaluated(self, lists: WordLists) -> np.ndarray:
        """For every opener, whether it has no exact value."""
        outside = np.ones(len(self.bounds), dtype=bool)
        outside[[lists.guess_index[word] for word in self.values]] = False
        return outside


def _progress_path(lists: WordLists, hard_mode: Difficulty, kind: str) -> Path:
    return cache_dir() / f"{lists.digest}-opener-{kind}-v2-{hard_mode.word}.npy"


def _load(path: Path, shape: tuple[int, ...]) -> np.ndarray:
    with suppress(OSError, ValueError, EOFError):
        found = np.load(path, allow_pickle=False)
        if found.shape == shape and found.dtype == np.int64:
            return found
    return np.full(shape, -1, dtype=np.int64)


def _save(path: Path, found: np.ndarray) -> None:
    # An unwritable cache costs the work again next time, nothing else.
    keep_in_cache(path, lambda handle: np.save(handle, found), binary=True)


PROOF_FORMAT = "wordle-tui proof v1"


def proof_name(hard_mode: Difficulty) -> str:
    return f"proof-{hard_mode.word}.tsv"


def proof_text(proof: Proof, lists: WordLists, hard_mode: Difficulty) -> str:
    """The record of a proof, finished or not: a header naming the lists, the mode, how many best
    openers it settles, how many openers are still to settle (0 once it is finished) and the best so
    far, then a line per opener: `word<TAB>bound<TAB>cap<TAB>cut<TAB>exact` (-1 where there is none)."""
    unsettled = np.count_nonzero(proof.bounds < 0) + len(proof.contenders(lists))
    best = f"best={proof.best.word} value={proof.best.value}" if proof.values else "best=- value=-1"
    header = f"# {PROOF_FORMAT} lists={lists.digest} mode={hard_mode.word} top={proof.top} unsettled={unsettled} {best}"
    lines = [header]
    for k, word in enumerate(lists.guesses):
        exact = proof.values[word].value if word in proof.values else -1
        lines.append(f"{word}\t{proof.bounds[k]}\t{proof.caps[k]}\t{proof.cuts[k]}\t{exact}")
    return "\n".join(lines) + "\n"


def read_proof(path: Path, lists: WordLists, hard_mode: Difficulty) -> tuple[np.ndarray, dict[str, OpenerValue]] | None:
    """(bounds, caps and cuts as three rows, the exact values) of a proof record for these lists and mode;
    None if there is none, it is for other lists, or it is damaged."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return None
    expected = f"# {PROOF_FORMAT} lists={lists.digest} mode={hard_mode.word} "
    if len(lines) != len(lists.guesses) + 1 or not lines[0].startswith(expected):
        return None
    found = np.empty((3, len(lists.guesses)), dtype=np.int64)
    values = {}
    try:
        for k, line in enumerate(lines[1:]):
            word, *figures = line.split("\t")
            bound, cap, cut, exact = (int(figure) for figure in figures)
            if word != lists.guesses[k]:
                return None
            found[:, k] = bound, cap, cut
            if exact >= 0:
                values[word] = OpenerValue(word, exact, True)
    except ValueError:
        return None
    return found, values


def shipped_proof(lists: WordLists, hard_mode: Difficulty) -> tuple[np.ndarray, dict[str, OpenerValue]] | None:
    """The proof record shipped for these lists and mode (see read_proof), if there is one."""
    folder = shipped_folder(lists)
    return read_proof(folder / proof_name(hard_mode), lists, hard_mode) if folder else None


def proof_so_far(model: CandidateModel, hard_mode: Difficulty, known: list[OpenerValue], top: int = 1) -> Proof:
    """Where the proof of the `top` best openers stands before it goes on: the progress kept in the
    cache, merged with the proof shipped for these lists, and the exact values `known` (see
    openers.known_values)."""
    lists = model.lists
    size = len(lists.guesses)
    bounds, caps = _load(_progress_path(lists, hard_mode, "bounds"), (2, size))
    proof = Proof(bounds, caps, _load(_progress_path(lists, hard_mode, "cuts"), (size,)), top)
    if shipped := shipped_proof(lists, hard_mode):
        merge(proof, *shipped)  # the shipped proof, and whatever the cache holds beyond it
    proof.values.update((value.word, value) for value in known)
    return proof


def seeds_needed(model: CandidateModel, hard_mode: Difficulty, proof: Proof) -> list[str]:
    """The openers to evaluate in full before any bound can stop at a threshold: with fewer than
    `top` values known, those splitting the answers into the most buckets."""
    missing = proof.top - len(proof.values)
    return (
        [word for word in most_buckets(model, hard_mode) if word not in proof.values][:missing] if missing > 0 else []
    )


def kept(lists: WordLists, hard_mode: Difficulty) -> tuple[int, int]:
    """What a proof of these lists and mode goes on from: (openers bounded, cut-off searches), kept
    in the cache by earlier runs or in the record shipped for the lists; each exact value is kept
    with the others (see opener_records.remember_exact)."""
    size = len(lists.guesses)
    bounds = _load(_progress_path(lists, hard_mode, "bounds"), (2, size))[0]
    cuts = _load(_progress_path(lists, hard_mode, "cuts"), (size,))
    if shipped := shipped_proof(lists, hard_mode):
        bounds, cuts = np.maximum(bounds, shipped[0][0]), np.maximum(cuts, shipped[0][2])
    return int(np.count_nonzero(bounds >= 0)), int(np.count_nonzero(cuts >= 0))


def seconds_a_bound(
    model: CandidateModel, hard_mode: Difficulty, openers: np.ndarray, cap: int, seconds: float
) -> float:
    """The time one opener's bound takes here, on average, from bounding a random sample of
    `openers` for about `seconds`: a probe, to say how long the bounding will take."""
    sample = np.random.default_rng(len(openers)).permutation(openers)
    opening_search(model, hard_mode)  # built once a process, not part of any opener's time
    began, done = time.perf_counter(), 0
    while done < len(sample) and (done < 2 or time.perf_counter() - began < seconds):
        opener_bounds(model, hard_mode, sample[done : done + 1], cap)
        done += 1
    return (time.perf_counter() - began) / max(done, 1)


@dataclass(frozen=True)
class ProofPlan:
    """What a proof has still to do before it starts, and roughly how long its first steps take (one
    process's seconds, from short probes): to say so before a long search."""

    seeds: int  # openers to evaluate in full first (no value to beat yet)
    seed_seconds: tuple[float, float]  # each of them: the least and the most (infinite: no probe tells)
    unbounded: int  # openers still to bound
    bound_seconds: float  # all of them, from bounding a sample
    contenders: int  # openers left to search once all are bounded (0 while any is unbounded)
    bounded_kept: int  # what earlier runs kept (see kept)
    cuts_kept: int


def plan_proof(
    model: CandidateModel,
    hard_mode: Difficulty,
    known: list[OpenerValue],
    top: int,
    probe_seconds: float,
    before_search: Callable[[], None] | None = None,
) -> ProofPlan | None:
    """What the proof of the `top` best openers would do now (see proof_so_far), probing each step's
    pace for about `probe_seconds` (`before_search` is called first); None if what ships or was kept
    settles it already."""
    lists = model.lists
    proof = proof_so_far(model, hard_mode, known, top)
    seeds = seeds_needed(model, hard_mode, proof)
    unbounded = proof.unbounded()
    contenders = [] if seeds or len(unbounded) else proof.contenders(lists)
    if not seeds and not len(unbounded) and not contenders:
        return None
    if before_search is not None:
        before_search()
    seed_seconds = probe_tree(model, seeds[0], hard_mode, probe_seconds)[1:] if seeds else (0.0, 0.0)
    bound_seconds = (
        seconds_a_bound(model, hard_mode, unbounded, proof.threshold, probe_seconds) * len(unbounded)
        if len(unbounded)
        else 0.0
    )
    return ProofPlan(len(seeds), seed_seconds, len(unbounded), bound_seconds, len(contenders), *kept(lists, hard_mode))


def merge(proof: Proof, found: np.ndarray, values: dict[str, OpenerValue]) -> None:
    """Add to `proof` what another record of the same lists and mode holds (bounds, caps and cuts as
    three rows, exact values): every bound and cut is a lower bound, every value exact, so each
    opener keeps the larger bound (with its cap), the larger cut, and every value."""
    bounds, caps, cuts = found
    better = (bounds > proof.bounds) | ((bounds == proof.bounds) & (caps > proof.caps))
    proof.bounds[better], proof.caps[better] = bounds[better], caps[better]
    np.maximum(proof.cuts, cuts, out=proof.cuts)
    proof.values.update(values)


def prove_best_opener(
    model: CandidateModel,
    hard_mode: Difficulty,
    known: list[OpenerValue],
    flow: Flow | None = None,
    progress: Progress | None = None,
    top: int = 1,
    keep: Callable[[Proof], None] | None = None,
    workers: int = 1,
) -> Proof:
    """Bound every opener (in CHUNK-sized jobs handed to `flow`), then evaluate the contenders, those
    whose bound is below the `top`-th best value found, until none is left: each contender's search
    is cut off at that value, so that a contender that cannot beat it is ruled out early. With
    fewer than `top` values known (with those `known` before), the openers with the most buckets are
    first evaluated in full, so that the bounds can stop at a threshold.

    Contenders are handed out a few per worker of the `workers` that `flow` runs on, each as
    another finishes, with the threshold as it stands then: no worker waits for a slow one.
    Progress is saved, and `keep` handed the proof as it stands (to write its record), after each job."""
    lists = model.lists
    flow = flow or in_process_flow(model)
    report = progress or (lambda step, done, total: None)
    bounds_path, cuts_path = _progress_path(lists, hard_mode, "bounds"), _progress_path(lists, hard_mode, "cuts")
    size = len(lists.guesses)
    proof = proof_so_far(model, hard_mode, known, top)
    bounds, caps = proof.bounds, proof.caps
    if seeds := seeds_needed(model, hard_mode, proof):  # no threshold yet: evaluate those in full first
        report("seeding", 0, len(seeds))
        for done, (i, value) in enumerate(flow(value_below, [(hard_mode, word, NO_LIMIT) for word in seeds]), 1):
            proof.values[seeds[i]] = OpenerValue(seeds[i], value, True)
            remember_exact(lists, hard_mode, proof.values[seeds[i]])
            if keep:
                keep(proof)
            report("seeding", done, len(seeds))
    cap = proof.threshold
    missing = proof.unbounded()
    chunks = [missing[i : i + CHUNK] for i in range(0, len(missing), CHUNK)]
    done = size - len(missing)
    report("bounding", done, size)
    for i, found in flow(opener_bounds, [(hard_mode, chunk, cap) for chunk in chunks]):
        bounds[chunks[i]], caps[chunks[i]] = found, cap
        done += len(chunks[i])
        _save(bounds_path, np.stack((bounds, caps)))
        report("bounding", done, size)
        if keep:
            keep(proof)
    width = QUEUED * workers if workers > 1 else 1  # one at a time in this process: each with the latest threshold
    _evaluate_contenders(proof, model, hard_mode, flow, report, keep, width, cuts_path)
    return proof


def _evaluate_contenders(
    proof: Proof,
    model: CandidateModel,
    hard_mode: Difficulty,
    flow: Flow,
    report: Progress,
    keep: Callable[[Proof], None] | None,
    width: int,
    cuts_path: Path,
) -> None:
    """Search the contenders, best bound first, `width` at a time, each cut off at the threshold of
    when it was handed out: a value below it is exact, else a bound of at least the threshold now."""
    lists = model.lists
    jobs: list[tuple[int, str, int]] = []
    running: set[str] = set()

    def hand_out() -> None:
        contenders, threshold = proof.contenders(lists), proof.threshold
        for word in contenders:
            if len(running) >= width:
                break
            if word not in running:
                jobs.append((hard_mode, word, threshold))
                running.add(word)
        settled = len(proof.values) + proof.ruled_out(lists)[1]  # evaluated, or cut off at the threshold
        report("evaluating", settled, settled + len(contenders))

    hand_out()
    if not jobs:
        return
    for i, value in flow(value_below, jobs):
        _, word, threshold = jobs[i]
        running.discard(word)
        if value < threshold:
            proof.values[word] = OpenerValue(word, value, True)
            remember_exact(lists, hard_mode, proof.values[word])
        else:
            proof.cuts[lists.guess_index[word]] = value
        _save(cuts_path, proof.cuts)
        if keep:
            keep(proof)
        hand_out()
