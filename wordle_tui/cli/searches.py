"""Long work on the command line: announced with a rough time before it starts, shown as it goes (as a bar
on a terminal, as a line every PROGRESS_EVERY seconds elsewhere), and, when it is stopped, what it kept
for the next run said."""

from __future__ import annotations

import bisect
import math
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from types import SimpleNamespace

from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn, TimeElapsedColumn

from ..core.durations import duration, roughly
from ..core.exact.openers import best_opener, known_opener, known_values, proof_plan, proves
from ..core.exact.proof import kept
from ..core.exact.search import (
    COMPILE_SECONDS,
    build_failure,
    compiled_folder,
    prepare,
    ready,
    set_aside,
    slower_way,
)
from ..core.exact.trees import (
    COMPUTED,
    DecisionTree,
    Foretell,
    kept_paths,
    model_here,
    probe_tree,
    stored_tree,
    tree_for,
)
from ..core.position.model import CandidateModel, uniform_model
from ..core.rules.game import Difficulty
from ..core.rules.words import WordLists, capitals
from ..core.workers.pool import RankingPool
from .common import console
from .ending import READER_GONE, Terminated

PROGRESS_EVERY = 10.0  # seconds between two progress lines where stderr is not a terminal
ESTIMATE_AFTER = 5.0  # seconds of a task's work measured before the time it has left is said
STEADY = 3.0  # the most the pace may have changed between the two halves of that work, for it to be said
PROBE_SECONDS = 1.0  # what a probe of a search may take, to say how long the search will


def progress_bar(what: str) -> Progress | ProgressLines:
    """A progress bar on stderr, gone once the work is done; plain lines where stderr is no terminal."""
    err = console(stderr=True)
    if not err.is_terminal:
        return ProgressLines(what)
    columns = (TextColumn(what), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    return Progress(*columns, console=err, transient=True)


@dataclass
class _Task:
    description: str
    total: float
    done: float = 0  # at first: what earlier runs kept
    steady: bool = True  # whether its pace so far says how long the rest takes (see ProgressLines.add_task)
    since: float = field(default_factory=time.monotonic)  # when the work done here began
    before: float = 0  # what was done then: the pace counts the work done since
    moments: list[float] = field(default_factory=list)  # when `done` changed, and to what
    dones: list[float] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.before = self.done

    def advanced(self, done: float, now: float) -> None:
        if done != self.done:
            self.done = done
            self.moments.append(now)
            self.dones.append(done)

    def done_at(self, moment: float) -> float:
        """What was done at `moment`."""
        index = bisect.bisect_right(self.moments, moment)
        return self.dones[index - 1] if index else self.before

    def time_left(self, now: float) -> float | None:
        """Seconds the rest should take at the pace of the second half of the work done here; None rather
        than a figure that could be off by more than a few times: in the first ESTIMATE_AFTER seconds, for
        work whose pace says nothing of the rest, and where the pace changed more than STEADY times between
        the first half of the work and the second."""
        if not self.steady or now - self.since < ESTIMATE_AFTER or self.done >= self.total:
            return None
        middle = (self.since + now) / 2
        first = self.done_at(middle) - self.before
        second = self.done - self.before - first
        if first <= 0 or second <= 0 or max(first, second) > STEADY * min(first, second):
            return None
        return (self.total - self.done) * (now - middle) / second


class ProgressLines:
    """Progress as a line on stderr every PROGRESS_EVERY seconds, for a log or a pipe (where a bar
    shows nothing): `openers bounded: 3,072/12,953 (24%), 1 min 10 s so far, about 4 min left`."""

    def __init__(self, what: str, clock: Callable[[], float] = time.monotonic):
        self.what = what
        self.clock = clock
        self.tasks: dict[TaskID, _Task] = {}
        self.lock = threading.Lock()
        self.stopped = threading.Event()
        self.writer = threading.Thread(target=self._write, daemon=True, name="progress lines")

    def __enter__(self) -> ProgressLines:
        self.writer.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stopped.set()
        self.writer.join()

    def add_task(
        self, description: str, total: float | None = None, completed: float = 0, steady: bool = True
    ) -> TaskID:
        """As rich's Progress.add_task; `steady=False` for work whose pace so far says nothing of the rest (a
        search that may end at its first find, one that leaves its longest parts for last): it says no time left."""
        with self.lock:
            task = TaskID(len(self.tasks))
            self.tasks[task] = _Task(description, total or 0, completed, steady, since=self.clock())
            return task

    def update(self, task: TaskID, *, completed: float | None = None, total: float | None = None) -> None:
        with self.lock:
            state = self.tasks[task]
            if completed is not None:
                state.advanced(completed, self.clock())
            if total is not None:
                state.total = total

    def advance(self, task: TaskID, amount: float = 1) -> None:
        self.update(task, completed=self.tasks[task].done + amount)

    def remove_task(self, task: TaskID) -> None:
        with self.lock:
            del self.tasks[task]

    def _write(self) -> None:
        began = self.clock()
        while not self.stopped.wait(PROGRESS_EVERY):
            for line in self.lines(began):
                print(line, file=sys.stderr, flush=True)

    def lines(self, began: float) -> list[str]:
        """A line for each task under way, the work having begun at `began`."""
        with self.lock:
            return [self._line(task, began) for task in self.tasks.values() if task.done < task.total]

    def _line(self, task: _Task, began: float) -> str:
        now = self.clock()
        what = self.what.format(task=SimpleNamespace(description=task.description))
        line = f"{what}: {int(task.done):,}/{int(task.total):,} ({task.done / task.total:.0%}), "
        line += f"{duration(now - began)} so far"
        if (left := task.time_left(now)) is not None:
            line += f", about {duration(left)} left"
        return line


def announce(text: str) -> None:
    """One line on stderr before a long piece of work: what runs, and how long it should take."""
    print(f"wordle-tui: {text}", file=sys.stderr, flush=True)


def compiled_first() -> None:
    """Before a command that may search exactly, where the search was not built at install: numba
    compiles it first, said in one sentence, once a machine (and again where its cache was damaged)."""
    if ready():
        return
    how_long = roughly(*COMPILE_SECONDS)
    if (damaged := set_aside()) is not None:
        announce(
            f"the compiled search's cache under {compiled_folder()} was damaged ({damaged.damage}): set aside as "
            f"{damaged.path}; numba compiles it again, {how_long}."
        )
    else:
        why = "" if (failure := build_failure()) is None else f" (why: {failure})"
        announce(
            f"the exact search runs a slower way here, as {slower_way()}{why}: numba compiles it for this machine, "
            f"once, {how_long} (kept in {compiled_folder()}), and each search loads it first, about 0.4 s."
        )
    with progress_bar("{task.description}") as progress:
        progress.add_task("compiling the exact search", total=None)
        prepare()


@contextmanager
def saying_what_is_kept(kept: Callable[[], str]) -> Iterator[None]:
    """Stopped by Ctrl+C or a signal, say on stderr what was kept for the next run (`kept()`)."""
    try:
        yield
    except (KeyboardInterrupt, Terminated) as ending:
        if getattr(ending, "status", None) != READER_GONE:  # the reader gone, a command ends saying nothing
            announce(kept())
        raise


def step_reporter(progress: Progress | ProgressLines, names: dict[str, str]) -> Callable[[str, int, int], None]:
    """A `progress(step, done, total)` callback that shows each step as a bar of its own, named by `names`."""
    tasks: dict[str, TaskID] = {}

    def report(step: str, done: int, total: int) -> None:
        if step not in tasks:  # what is done at first was kept by an earlier run
            tasks[step] = progress.add_task(names.get(step, step), total=total, completed=done)
        progress.update(tasks[step], completed=done, total=total)

    return report


PROOF_STEPS = {
    "seeding": "openers with the most buckets evaluated exactly",
    "bounding": "openers bounded",
    "evaluating": "contenders settled (evaluated, or ruled out by a search cut off)",
}


def optimal_opener(lists: WordLists, hard_mode: Difficulty, pool: RankingPool | None = None) -> str:
    """The optimal first guess of these lists (see openers.best_opener); searched for, said so, with
    progress, the first time: a proof, on `pool` (resumable), or a search of every first guess."""
    if (known := known_opener(lists, hard_mode)) is not None:
        return known
    model = uniform_model(lists)
    compiled_first()
    what = "searching for the optimal first guess: {task.description}"
    if not proves(lists):
        announce(
            f"searching every first guess for the optimal opener of these lists ({len(lists.answers):,} "
            f"answers, {len(lists.guesses):,} guesses, {hard_mode.title} mode): no short probe tells how "
            "long this search takes; on draws of nyt2022's answers with its guesses it took 0.1 s for 100 "
            "answers, 0.4 s for 250, and minutes for 500."
        )
        with (
            saying_what_is_kept(lambda: "stopped: a search for the best opener keeps nothing."),
            progress_bar(what) as bar,
        ):
            return best_opener(model, hard_mode, progress=step_reporter(bar, PROOF_STEPS))
    with ExitStack() as stack:
        pool = pool or stack.enter_context(RankingPool())
        announce_proof(model, hard_mode, 1, pool.workers, "searching for the optimal opener by proving the best")
        with saying_what_is_kept(lambda: proof_kept(model, hard_mode)), progress_bar(what) as bar:
            report = step_reporter(bar, PROOF_STEPS)
            return best_opener(model, hard_mode, pool.flow(model), pool.workers, report)


def announce_proof(model: CandidateModel, hard_mode: Difficulty, top: int, workers: int, what: str) -> None:
    """Say what a proof will do, and how long its first steps should take (see openers.proof_plan),
    unless what ships or was kept settles it already."""
    lists = model.lists
    if (plan := proof_plan(model, hard_mode, top, PROBE_SECONDS, compiled_first)) is None:
        return
    steps = []
    if plan.seeds:
        each = roughly(*plan.seed_seconds)
        steps.append(f"evaluating {plan.seeds:,} opener{'s' * (plan.seeds > 1)} in full ({each} each)")
    if plan.unbounded:
        bounds = plan.bound_seconds / workers
        steps.append(f"bounding {plan.unbounded:,} openers ({roughly(bounds / 2, bounds * 2)} from a sample)")
        steps.append("then searching the contenders the bounds leave (how many is known only then)")
    else:
        steps.append(f"searching the {plan.contenders:,} contenders left, each cut off at the value to beat")
    resumed = (
        f"; going on from {plan.bounded_kept:,} bounds and {plan.cuts_kept:,} cut-off searches kept"
        if plan.bounded_kept or plan.cuts_kept
        else ""
    )
    announce(
        f"{what} of the {len(lists.guesses):,} first guesses ({len(lists.answers):,} answers, "
        f"{hard_mode.title} mode, {workers} worker{'s' * (workers > 1)}{resumed}): " + ", ".join(steps) + "."
    )


def proof_kept(model: CandidateModel, hard_mode: Difficulty) -> str:
    """What a stopped proof kept, for the line that says so."""
    bounded, cuts = kept(model.lists, hard_mode)
    values = len(known_values(model, hard_mode))
    return (
        f"stopped: kept for the next run, the bounds of {bounded:,} openers, {cuts:,} cut-off searches and "
        f"{values:,} exact value{'s' * (values != 1)}; the same command goes on from there."
    )


def announce_tree(model: CandidateModel, hard_mode: Difficulty, start: str, workers: int) -> int:
    """Say that the exact tree after `start` will be computed, and roughly how long it should take
    (its smallest buckets are solved first, for a second, and kept); the answers kept so far."""
    lists = model.lists
    compiled_first()
    tell = tree_teller(lists, hard_mode, start, workers)
    left, low, high = probe_tree(model, start, hard_mode, PROBE_SECONDS)
    if left:
        tell(left, low, high)
    return len(lists.answers) - left


def tree_teller(lists: WordLists, hard_mode: Difficulty, start: str, workers: int) -> Foretell:
    """What says how long the exact tree after `start` should take, once its smallest buckets have
    been solved for a second: `tell(answers left, least seconds, most seconds)`."""
    before = len(kept_paths(lists, start, hard_mode))

    def tell(left: int, low: float, high: float) -> None:
        resumed = f"; going on from the {before:,} answers an earlier run placed" if before else ""
        how = roughly(low / workers, high)
        if not math.isinf(high):  # the pace of small buckets says little of the biggest
            how += (
                " if its biggest buckets go as on nyt2022's trees (7 to 150 times the pace of its smallest); "
                "one bucket of look-alikes can take far longer (hard mode on nyt: over an hour)"
            )
        announce(
            f"computing the exact {hard_mode.title}-mode tree after {capitals(start)} ({len(lists.answers):,} "
            f"answers, {workers} worker{'s' * (workers > 1)}; it neither ships nor is cached{resumed}): {how}."
        )

    return tell


def tree_kept(lists: WordLists, start: str, hard_mode: Difficulty) -> str:
    """What a stopped tree search kept, for the line that says so."""
    placed = len(kept_paths(lists, start, hard_mode))
    return (
        f"stopped: the cache keeps the guesses of {placed:,} of the {len(lists.answers):,} answers after "
        f"{capitals(start)}; the same command goes on from there."
    )


def exact_tree(
    lists: WordLists, hard_mode: Difficulty, start: str, pool: RankingPool, model: CandidateModel | None = None
) -> tuple[DecisionTree, str]:
    """The exact tree after `start` and where it came from (see stored_tree): if it neither ships nor
    was cached, computed on `pool` (against `model`, if given), said so, with progress, and cached."""
    if (stored := stored_tree(lists, hard_mode, start)) is not None:
        return stored
    if pool.in_process:  # the probe is the search's own start, here: nothing is searched twice
        model = model or model_here(lists)
        compiled_first()
        placed, run, foretell = 0, None, (PROBE_SECONDS, tree_teller(lists, hard_mode, start, 1))
    else:  # the workers map the cached table
        model = model or uniform_model(lists)
        placed, run, foretell = announce_tree(model, hard_mode, start, pool.workers), pool.runner(model), None
    with (
        saying_what_is_kept(lambda: tree_kept(model.lists, start, hard_mode)),
        progress_bar("{task.description}") as progress,
    ):
        task = progress.add_task("answers placed", total=len(model.lists.answers), completed=placed, steady=False)
        update = lambda done, total: progress.update(task, completed=done)  # noqa: E731
        return tree_for(model, hard_mode, start, update, run, foretell), COMPUTED
