"""What every command shares: word-list options, argument types and user errors."""

from __future__ import annotations

import argparse
import datetime as dt
import os
from collections.abc import Callable
from contextlib import ExitStack

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn, TimeElapsedColumn

from ..core.cluster import ClusterError
from ..core.daily import parse_day
from ..core.feedback import PatternError, parse_pattern
from ..core.game import GuessError, History, check_guess
from ..core.model import MODELS, CandidateModel, NoCandidatesError, UnknownGuessError, uniform_model
from ..core.optimal import EXACT_LIMIT
from ..core.pool import RankingError, RankingPool
from ..core.processes import MOST_WORKERS
from ..core.proof import prove_best_opener
from ..core.strategies import STRATEGIES
from ..core.tree import COMPUTED, DecisionTree, default_opener, find_opener, stored_tree, tree_for
from ..core.words import DEFAULT_PRESET, PRESETS, WordListError, WordLists, load_word_lists
from ..nyt import NytError
from ..store import TransferError


class UsageError(ValueError):
    """Arguments that parse but make no sense; the message is one sentence."""


USER_ERRORS = (
    WordListError,
    PatternError,
    GuessError,
    NoCandidatesError,
    UnknownGuessError,
    UsageError,
    NytError,
    RankingError,
    ClusterError,
    TransferError,
)
CANDIDATES_HELP = (
    "all: every accepted word may be the answer, those on the answer list likely and the rest unlikely; "
    "answers: only the answer list, every answer equally likely"
)


def word_list_options(default: str | None = DEFAULT_PRESET) -> argparse.ArgumentParser:
    """--lists, --answers and --guesses; the app's commands pass default None (the settings decide)."""
    options = argparse.ArgumentParser(add_help=False)
    named = "the settings'" if default is None else default
    options.add_argument(
        "--lists",
        default=default,
        choices=list(PRESETS),
        metavar="NAME",
        help=f"word lists: {', '.join(PRESETS)} (default: {named}; `wordle-tui lists` describes them)",
    )
    options.add_argument("--answers", metavar="FILE", help="answer list, one word a line (instead of the preset's)")
    options.add_argument(
        "--guesses", metavar="FILE", help="accepted guesses, one word a line (instead of the preset's)"
    )
    return options


def solver_options(candidates: str = "all") -> argparse.ArgumentParser:
    options = argparse.ArgumentParser(add_help=False)
    options.add_argument("--hard", action="store_true", help="NYT hard mode: revealed letters must be reused")
    options.add_argument(
        "--strategy", default="entropy", choices=sorted(STRATEGIES), help="how guesses are ranked (default: entropy)"
    )
    options.add_argument(
        "--candidates", default=candidates, choices=sorted(MODELS), help=f"{CANDIDATES_HELP} (default: {candidates})"
    )
    options.add_argument("--json", action="store_true", help="print one JSON object")
    return options


def positive(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a positive whole number")
    return value


def worker_count(text: str) -> int:
    """An argparse type: how many worker processes, from 1 to MOST_WORKERS."""
    value = positive(text)
    if value > MOST_WORKERS:
        raise argparse.ArgumentTypeError(
            f"{value} workers is more than {MOST_WORKERS} ({os.cpu_count()} cores, four each)"
        )
    return value


def lists_of(args: argparse.Namespace, preset: str | None = None) -> WordLists:
    """The lists the arguments name; `preset` stands in for a --lists left to the settings."""
    return load_word_lists(args.answers, args.guesses, args.lists or preset or DEFAULT_PRESET)


def day_of(text: str) -> dt.date:
    """A DATE argument: a date, `today`, `yesterday` or a puzzle number."""
    try:
        return parse_day(text)
    except ValueError as error:
        raise UsageError(str(error)) from None


def allowed_word(lists: WordLists, word: str) -> str:
    """An allowed word, or a UsageError naming it."""
    try:
        return check_guess(word, lists)
    except GuessError as error:
        raise UsageError(f"{word.upper()}: {error}.") from None


def answer_word(lists: WordLists, word: str) -> str:
    """An answer to play against: any accepted word (the NYT's editor picks outside the answer list too)."""
    word = word.strip().lower()
    if word not in lists.guess_index:
        raise UsageError(f"{word.upper()} is not an accepted word, so it cannot be the answer.")
    return word


def history_of(lists: WordLists, items: list[str]) -> History:
    """`GUESS=PATTERN` arguments as feedback rows."""
    history = []
    for item in items:
        guess, sep, pattern = item.partition("=")
        if not sep:
            raise UsageError(f"{item!r} must be GUESS=PATTERN, for example soare=01220.")
        history.append((allowed_word(lists, guess), parse_pattern(pattern, lists.length)))
    return tuple(history)


def progress_bar(what: str) -> Progress:
    """A progress bar on stderr, gone once the work is done."""
    columns = (TextColumn(what), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    return Progress(*columns, console=Console(stderr=True), transient=True)


def step_reporter(progress: Progress, names: dict[str, str]) -> Callable[[str, int, int], None]:
    """A `progress(step, done, total)` callback that shows each step as a bar of its own, named by `names`."""
    tasks: dict[str, TaskID] = {}

    def report(step: str, done: int, total: int) -> None:
        if step not in tasks:
            tasks[step] = progress.add_task(names.get(step, step), total=total)
        progress.update(tasks[step], completed=done, total=total)

    return report


PROOF_STEPS = {
    "seeding": "openers with the most buckets evaluated exactly",
    "bounding": "openers bounded",
    "evaluating": "contenders evaluated exactly",
}


def optimal_opener(lists: WordLists, hard_mode: bool, pool: RankingPool | None = None) -> str:
    """The optimal first guess of these lists; searched for, with a progress bar, the first time.

    Above EXACT_LIMIT answers the search is the proof of prove_best_opener, on `pool` (resumable).
    """
    if (known := default_opener(lists, hard_mode)) is not None:
        return known
    model = uniform_model(lists)
    with progress_bar("searching for the optimal first guess: {task.description}") as progress:
        report = step_reporter(progress, PROOF_STEPS)
        if len(lists.answers) <= EXACT_LIMIT:
            return find_opener(model, hard_mode, lambda done, total: report("first guesses settled", done, total))
        with ExitStack() as stack:
            pool = pool or stack.enter_context(RankingPool())
            return prove_best_opener(model, hard_mode, pool.flow(model), report, workers=pool.workers).best.word


def exact_tree(model: CandidateModel, hard_mode: bool, start: str, pool: RankingPool) -> tuple[DecisionTree, str]:
    """The exact tree after `start` and where it came from (see stored_tree): computed on `pool`, with
    a progress bar, and cached, if it neither ships nor was cached before."""
    if (stored := stored_tree(model, hard_mode, start)) is not None:
        return stored
    with progress_bar("{task.description}") as progress:
        task = progress.add_task("answers placed", total=len(model.lists.answers))
        placed = lambda done, total: progress.update(task, completed=done)  # noqa: E731
        return tree_for(model, hard_mode, start, placed, pool.runner(model)), COMPUTED
