"""Decision trees: the optimal guesses for every answer after one opener, on disk as plain text.

A tree file starts with one header line, then one line per answer in answer-list order, each the
comma-separated guesses played until that answer is found (the last word is the answer):

    # wordle-tui tree v1 lists=0123456789abcdef0123 mode=normal start=salet total=7897
    salet,drone,probe,prove
    ...

The file is validated before use: the header must name these lists, the mode and the opener, and
the lines must form one tree (the same feedback always leads to the same next guess), found within
six guesses, legal in hard mode if the tree is for hard mode, covering every answer exactly once.
"""

from __future__ import annotations

import math
import threading
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor, as_completed
from contextlib import suppress
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

import numpy as np

from ..cancel import Cancelled, Ticket, working_for
from ..files import clear_entry, keep_text_in_cache, write_text_atomically
from ..position.model import CandidateModel, mode_allowed, uniform_model
from ..position.table import PatternTable, cache_dir
from ..rules.feedback import score
from ..rules.game import MAX_GUESSES, Difficulty, History, mode_violation
from ..rules.words import PRESETS, WordLists
from ..workers.jobs import Runner
from .search import AT_RISK, Search, Subproblem, play_out_few, search_for

FORMAT = "wordle-tui tree v1"

Progress = Callable[[int, int], None]  # (answers placed, answers in all)
Foretell = Callable[[int, float, float], None]  # (answers still to place, roughly the least and most seconds they take)


class TreeError(ValueError):
    """A tree file that cannot be used; the message is one sentence naming the file."""


@dataclass(frozen=True)
class DecisionTree:
    """Each answer's guesses, first to last, for one word list, mode and opener."""

    digest: str
    hard_mode: Difficulty
    start: str
    paths: dict[str, tuple[str, ...]]

    @property
    def total(self) -> int:
        return sum(len(path) for path in self.paths.values())

    @property
    def average(self) -> float:
        return self.total / len(self.paths)

    @property
    def worst_case(self) -> int:
        return max(len(path) for path in self.paths.values())

    @property
    def losses(self) -> int:
        """Answers not found within six guesses (only when no tree can find them all): at risk."""
        return sum(len(path) > MAX_GUESSES for path in self.paths.values())

    @property
    def value(self) -> int:
        """What the search minimises: the answers at risk first (see AT_RISK), each counted as seven guesses."""
        return sum(min(len(path), MAX_GUESSES + 1) for path in self.paths.values()) + AT_RISK * self.losses

    @property
    def distribution(self) -> dict[int, int]:
        """How many answers are found in 1, 2, ... guesses."""
        counts = Counter(len(path) for path in self.paths.values())
        return {guesses: counts[guesses] for guesses in range(1, self.worst_case + 1)}

    @cached_property
    def moves(self) -> dict[History, str]:
        """The next guess after each history of feedback the tree can reach."""
        moves: dict[History, str] = {}
        for answer, path in self.paths.items():
            history: History = ()
            for guess in path:
                moves[history] = guess
                history = (*history, (guess, score(guess, answer)))
        return moves

    def next_guess(self, history: History) -> str | None:
        """The tree's guess after `history`, or None if the game has left the tree."""
        return self.moves.get(tuple(history))

    def text(self, answers: tuple[str, ...]) -> str:
        mode = self.hard_mode.word
        header = f"# {FORMAT} lists={self.digest} mode={mode} start={self.start} total={self.total}"
        return "\n".join([header, *(",".join(self.paths[a]) for a in answers)]) + "\n"


def tree_name(start: str, hard_mode: Difficulty) -> str:
    return f"tree-{start}-{hard_mode.word}.txt"


def shipped_folder(lists: WordLists) -> Path | None:
    """The data folder of the preset these lists are, where their trees and opener totals ship."""
    return PRESETS[lists.name].folder if lists.name in PRESETS else None


def shipped_totals(lists: WordLists, hard_mode: Difficulty) -> dict[str, int]:
    """The opener and total guesses of each optimal tree shipped for these lists and mode, from the
    trees' headers (see openers.known_opener)."""
    folder = shipped_folder(lists)
    totals = {}
    for path in folder.glob(tree_name("*", hard_mode)) if folder else ():
        with suppress(OSError, UnicodeDecodeError, ValueError, KeyError), path.open(encoding="utf-8") as handle:
            header = dict(item.split("=", 1) for item in handle.readline().split()[4:])
            if header.get("lists") == lists.digest:
                totals[header["start"]] = int(header["total"])
    return totals


# -- reading and writing ------------------------------------------------------------------


def write_tree(tree: DecisionTree, lists: WordLists, path: Path) -> None:
    """Write atomically, so that a reader never sees half a tree."""
    write_text_atomically(path, tree.text(lists.answers))


def read_tree(path: Path, lists: WordLists, hard_mode: Difficulty, start: str) -> DecisionTree:
    """The tree in `path`, checked against the lists, mode and opener; TreeError if it is not valid."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as error:
        raise TreeError(f"Cannot read the tree {path}: {getattr(error, 'strerror', None) or error}.") from None
    mode = hard_mode.word
    expected = f"# {FORMAT} lists={lists.digest} mode={mode} start={start} "
    if not lines or not lines[0].startswith(expected):
        raise TreeError(f"{path} is not a {mode} tree for these word lists starting with {start}.")
    paths: dict[str, tuple[str, ...]] = {}
    for number, line in enumerate(lines[1:], start=2):
        guesses = tuple(line.strip().split(","))
        answer = guesses[-1]
        if answer not in lists.answer_index or answer in paths:
            raise TreeError(f"{path}, line {number}: {answer!r} is not a new answer from the list.")
        paths[answer] = guesses
    tree = DecisionTree(lists.digest, hard_mode, start, paths)
    if problem := tree_problem(tree, lists):
        raise TreeError(f"{path}: {problem}.")
    return tree


def tree_problem(tree: DecisionTree, lists: WordLists) -> str | None:
    """What makes `tree` unusable for `lists`, or None if it plays every answer correctly."""
    if len(tree.paths) != len(lists.answers):
        return f"it has {len(tree.paths)} answers but the list has {len(lists.answers)}"
    moves: dict[History, str] = {}
    for answer, path in tree.paths.items():
        if path[0] != tree.start or len(path) > MAX_GUESSES:
            return f"{answer!r} does not start with {tree.start} or takes more than {MAX_GUESSES} guesses"
        history: History = ()
        for place, guess in enumerate(path):
            if guess not in lists.guess_index:
                return f"{guess!r} is not an allowed guess"
            if moves.setdefault(history, guess) != guess:
                return f"two guesses follow the same feedback on the way to {answer!r}"
            if mode_violation(guess, history, tree.hard_mode):
                return f"{guess!r} breaks {tree.hard_mode.title} mode on the way to {answer!r}"
            if (guess == answer) != (place == len(path) - 1):
                return f"the guesses for {answer!r} do not stop when it is found"
            history = (*history, (guess, score(guess, answer)))
    return None


# -- computing ----------------------------------------------------------------------------

BATCHES = 12  # progress reports while a tree is computed; each batch mixes big and small buckets
IN_FLIGHT = 2  # batches handed to the workers at once


def bucket_search(
    model: CandidateModel, answers: np.ndarray, history: History, hard_mode: Difficulty, top: int | None = None
) -> tuple[Search, Subproblem]:
    """A search over `answers`, the columns left by `history`, with the guesses and the guesses left after it."""
    allowed = mode_allowed(model.lists, history, hard_mode)
    depth = MAX_GUESSES - len(history)
    return search_for(model.table, model.lists, answers, np.flatnonzero(allowed), hard_mode, top, depth)


def solve_bucket(
    model: CandidateModel, answers: np.ndarray, history: History, hard_mode: Difficulty, top: int | None
) -> dict[str, tuple[str, ...]]:
    """The guesses (after `history`) for each answer in `answers`, the columns left by `history`."""
    out: dict[str, tuple[str, ...]] = {}
    names = [model.table.targets[column] for column in answers.tolist()]
    if len(names) <= 2 and all(name in model.lists.guess_index for name in names):
        play_out_few(model.lists, names, (), out)  # as the search would, without building one
        return out
    search, node = bucket_search(model, answers, history, hard_mode, top)
    search.play_out(node, (), out)
    return out


def opener_buckets(model: CandidateModel, start: str) -> list[tuple[History, np.ndarray]]:
    """The answers (columns) each feedback to `start` leaves, with that feedback, biggest first; the
    answer `start` itself, solved at once, left out."""
    row = np.asarray(model.table.matrix[model.lists.guess_index[start]])
    solved = 3**model.lists.length - 1
    patterns = np.flatnonzero(np.bincount(row, minlength=solved + 1)[:solved])  # np.unique would load numpy.ma
    buckets = sorted((np.flatnonzero(row == p) for p in patterns.tolist()), key=len, reverse=True)
    return [(((start, int(row[bucket[0]])),), bucket) for bucket in buckets]


def compute_tree(
    model: CandidateModel,
    start: str,
    hard_mode: Difficulty = Difficulty.NORMAL,
    top: int | None = None,
    run: Runner | None = None,
    progress: Progress | None = None,
    resume: bool = True,
    foretell: tuple[float, Foretell] | None = None,
) -> DecisionTree:
    """The optimal tree after `start` (exhaustive unless `top` limits the guesses tried at each position).

    The opener's buckets are solved in batches handed to `run` (a pool's runner: its workers
    memory-map the cached pattern table), or here, smallest first (see solve_here: `foretell`
    is (seconds, tell)). An exhaustive search keeps each batch's answers in the cache as it
    finishes (see kept_paths), and, if `resume`, starts from those an interrupted one kept.
    """
    lists = model.lists
    exact = top is None
    kept = kept_paths(lists, start, hard_mode) if exact and resume else {}
    paths = dict(kept)
    if start in lists.answer_index:
        paths[start] = (start,)
    jobs = [
        (bucket, history, hard_mode, top)
        for history, bucket in opener_buckets(model, start)
        if not all(lists.answers[column] in paths for column in bucket.tolist())
    ]

    def place(parts: list[dict[str, tuple[str, ...]]]) -> None:
        for part in parts:
            paths.update((answer, (start, *path)) for answer, path in part.items())
        if exact:
            keep_paths(lists, start, hard_mode, paths)
        if progress:
            progress(len(paths), len(lists.answers))

    if progress:
        progress(len(paths), len(lists.answers))
    if run is None:
        solve_here(model, jobs, place, foretell)
    else:
        batches = [jobs[i::BATCHES] for i in range(min(BATCHES, len(jobs)))]
        # Two batches in flight, so that the workers start on the next one while a batch's last bucket finishes.
        feeder = ThreadPoolExecutor(IN_FLIGHT)
        try:
            for done in as_completed([feeder.submit(run, solve_bucket, batch) for batch in batches]):
                place(done.result())
        finally:
            # Interrupted, the batches in flight are not awaited here: closing the pool ends them.
            feeder.shutdown(wait=False, cancel_futures=True)
    tree = DecisionTree(lists.digest, hard_mode, start, {answer: paths[answer] for answer in lists.answers})
    if exact:
        clear_entry(kept_paths_path(lists, start, hard_mode))  # the whole tree supersedes them
        if kept and not tree.losses and tree_problem(tree, lists):  # kept from a damaged file: computed again
            return compute_tree(model, start, hard_mode, top, run, progress, resume=False)
    return tree


def solve_here(
    model: CandidateModel,
    jobs: list[tuple],
    place: Callable[[list[dict[str, tuple[str, ...]]]], None],
    foretell: tuple[float, Foretell] | None = None,
) -> None:
    """Solve the buckets of `jobs` in this process, smallest first, handing each of BATCHES runs of
    them to `place` as it finishes. With `foretell` = (seconds, tell), the first `seconds` are the
    probe (see probe_tree) and the search goes on from there, so that nothing is searched twice:
    `tell` is called once then (from a timer while a long bucket runs), unless all is placed before."""
    jobs = sorted(jobs, key=lambda job: len(job[0]))
    left = [sum(len(job[0]) for job in jobs)]  # answers still to place
    timed: list[tuple[int, float]] = []  # (answers, seconds) of each bucket solved
    began = time.perf_counter()
    told = threading.Event()
    telling = threading.Lock()  # the timer's thread and this one: whichever comes second waits, then says nothing

    def tell() -> None:
        with telling:
            if foretell and left[0] and not told.is_set():
                told.set()
                foretell[1](left[0], *pace_of(list(timed), left[0], foretell[0]))

    timer = threading.Timer(foretell[0], tell) if foretell else None
    if timer:
        timer.daemon = True
        timer.start()
    try:
        size = max(1, math.ceil(len(jobs) / BATCHES))  # none left: a probe placed every answer
        for first in range(0, len(jobs), size):
            parts = []
            for bucket, *rest in jobs[first : first + size]:
                if foretell and time.perf_counter() - began >= foretell[0]:
                    tell()
                solving = time.perf_counter()
                parts.append(solve_bucket(model, bucket, *rest))
                timed.append((len(bucket), time.perf_counter() - solving))
                left[0] -= len(bucket)
            place(parts)
    finally:
        if timer:
            timer.cancel()


# A search's time grows much faster than its answers, and one bucket of look-alikes can take longer
# than all the others together: measured on nyt2022, the rest of a tree took 7 to 150 times what
# the small buckets' pace per answer says (CRANE 58, SLATE 7; in hard mode LEAST 51, TRACE 150),
# and far more on nyt in hard mode (an opener: over an hour), which no pace of small buckets shows.
SLOWEST_PACE = 200


def probe_tree(model: CandidateModel, start: str, hard_mode: Difficulty, seconds: float) -> tuple[int, float, float]:
    """(answers still to place, and roughly the least and the most seconds of one process they take)
    for the exact tree after `start`: its smallest buckets still to solve are solved here for about
    `seconds` (and kept, see kept_paths), and the rest extrapolated from their pace per answer; the
    most is infinite if not even the smallest could be solved in that time."""
    lists = model.lists
    paths = kept_paths(lists, start, hard_mode)
    left = [
        (history, bucket)
        for history, bucket in sorted(opener_buckets(model, start), key=lambda item: len(item[1]))
        if not all(lists.answers[column] in paths for column in bucket.tolist())
    ]
    began = time.perf_counter()
    timed: list[tuple[int, float]] = []
    while left and (spent := time.perf_counter() - began) < seconds:
        history, bucket = left[0]
        live = [0]  # a bucket still searched when the time is up is stopped, and left to the search
        timer = threading.Timer(seconds - spent, live.__setitem__, (0, 1))
        timer.start()
        try:
            with working_for(Ticket(0, 0), live):
                part = solve_bucket(model, bucket, history, hard_mode, None)
        except Cancelled:
            break
        finally:
            timer.cancel()
        timed.append((len(left.pop(0)[1]), time.perf_counter() - began - spent))
        paths.update((answer, (start, *path)) for answer, path in part.items())
    if timed:
        keep_paths(lists, start, hard_mode, paths)
    answers = sum(len(bucket) for _, bucket in left)
    return (answers, *pace_of(timed, answers, seconds)) if answers else (0, 0.0, 0.0)


def pace_of(timed: list[tuple[int, float]], answers: int, seconds: float) -> tuple[float, float]:
    """Roughly the least and the most seconds `answers` still to place take, from the (answers,
    seconds) of the buckets solved so far, smallest first, in a probe of `seconds`: the pace of the
    larger half of them, and SLOWEST_PACE times it; the most is infinite if none was solved."""
    if not timed:
        return seconds, math.inf
    larger = timed[len(timed) // 2 :]
    pace = sum(spent for _, spent in larger) / sum(size for size, _ in larger)
    return pace * answers, SLOWEST_PACE * pace * answers


PARTIAL_FORMAT = "wordle-tui partial tree v1"


def kept_paths_path(lists: WordLists, start: str, hard_mode: Difficulty) -> Path:
    return cache_dir() / f"{lists.digest}-partial-{tree_name(start, hard_mode)}"


def kept_paths(lists: WordLists, start: str, hard_mode: Difficulty) -> dict[str, tuple[str, ...]]:
    """The answers an interrupted exact search after `start` had placed, with their guesses: none if
    there is no such file or it is for other lists, mode or opener; a damaged line is left out."""
    try:
        lines = kept_paths_path(lists, start, hard_mode).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return {}
    if not lines or lines[0] != f"# {PARTIAL_FORMAT} lists={lists.digest} mode={hard_mode.word} start={start}":
        return {}
    paths = {}
    for line in lines[1:]:
        guesses = tuple(line.split(","))
        if guesses[0] == start and guesses[-1] in lists.answer_index:
            paths[guesses[-1]] = guesses
    return paths


def keep_paths(lists: WordLists, start: str, hard_mode: Difficulty, paths: dict[str, tuple[str, ...]]) -> None:
    """Keep the answers placed so far by an exact search after `start`, for kept_paths (atomically)."""
    header = f"# {PARTIAL_FORMAT} lists={lists.digest} mode={hard_mode.word} start={start}"
    # An unwritable cache costs the work again if interrupted, nothing else.
    keep_text_in_cache(
        kept_paths_path(lists, start, hard_mode), "\n".join([header, *map(",".join, paths.values())]) + "\n"
    )


SHIPPED, CACHED, COMPUTED = "shipped", "cached", "computed"  # where a tree came from

_LOADED: dict[tuple[str, int, str], tuple[DecisionTree, str]] = {}
_KEPT: set[tuple[str, int, str]] = set()  # the trees this process computed and wrote to the cache


def cached_tree_path(lists: WordLists, start: str, hard_mode: Difficulty) -> Path:
    return cache_dir() / f"{lists.digest}-{tree_name(start, hard_mode)}"


def model_here(lists: WordLists) -> CandidateModel:
    """The model a tree is computed on in this process: every answer equally likely, against a
    table built target-major in memory, which is how the buckets read it (see PatternTable.target_major)."""
    return uniform_model(lists, PatternTable.target_major(lists.guesses, lists.answers))


def tree_for(
    model: CandidateModel,
    hard_mode: Difficulty,
    start: str,
    progress: Progress | None = None,
    run: Runner | None = None,
    foretell: tuple[float, Foretell] | None = None,
) -> DecisionTree:
    """The exact tree after `start`: shipped, cached, or computed now (its buckets handed to `run`,
    else solved here: see solve_here for `foretell`) and cached. A tree is read and validated once
    per process, then kept in memory."""
    if (stored := stored_tree(model.lists, hard_mode, start)) is not None:
        return stored[0]
    tree = compute_tree(model, start, hard_mode, run=run, progress=progress, foretell=foretell)
    return keep_tree(tree, model.lists)


def keep_tree(tree: DecisionTree, lists: WordLists) -> DecisionTree:
    """Keep an exact tree just computed: in memory, and in the cache if it wins every game (one that
    cannot is computed again next time rather than cached)."""
    key = (lists.digest, tree.hard_mode, tree.start)
    _LOADED[key] = (tree, COMPUTED)
    # An unwritable cache (read-only, full) costs time on the next run, nothing else.
    if not tree.losses and keep_text_in_cache(
        cached_tree_path(lists, tree.start, tree.hard_mode), tree.text(lists.answers)
    ):
        _KEPT.add(key)
    return tree


def kept_in_cache(lists: WordLists, start: str, hard_mode: Difficulty) -> bool:
    """Whether this process wrote the tree after `start` to the cache (see keep_tree)."""
    return (lists.digest, hard_mode, start) in _KEPT


def stored_tree(lists: WordLists, hard_mode: Difficulty, start: str) -> tuple[DecisionTree, str] | None:
    """The exact tree after `start` and where it came from (SHIPPED, CACHED, or COMPUTED earlier in
    this process) if it needs no search; None if it does. A stale or damaged file is passed over."""
    key = (lists.digest, hard_mode, start)
    if key not in _LOADED:
        folder = shipped_folder(lists)
        places = [(folder / tree_name(start, hard_mode), SHIPPED)] if folder else []
        for path, source in (*places, (cached_tree_path(lists, start, hard_mode), CACHED)):
            if path.is_file():
                with suppress(TreeError):
                    _LOADED[key] = (read_tree(path, lists, hard_mode, start), source)
                    break
    return _LOADED.get(key)
