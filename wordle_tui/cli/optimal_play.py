"""Optimal-play commands: compute a decision tree, the value of openers, analyse a played game."""

from __future__ import annotations

import argparse
import json
import time
from contextlib import ExitStack
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from ..core.files import write_text_atomically
from ..core.rules.feedback import emoji_row
from ..core.rules.game import MAX_GUESSES, Difficulty, GuessError, mode_violation, won
from ..core.rules.words import capitals
from .common import (
    UsageError,
    allowed_word,
    console,
    history_of,
    lists_of,
    mode_options,
    positive,
    word_list_options,
    worker_count,
)

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table

    from ..core.exact.openers import OpenerValue, Proof
    from ..core.position.model import CandidateModel
    from ..core.rules.words import WordLists
    from .commands import Commands


def cmd_tree(args: argparse.Namespace) -> int:
    from ..core.exact.tree_export import tree_csv, tree_dot
    from ..core.exact.trees import CACHED, COMPUTED, SHIPPED, cached_tree_path, compute_tree, kept_in_cache, write_tree
    from ..core.position.model import uniform_model
    from ..core.workers.pool import RankingPool
    from .charts import distribution_chart
    from .searches import compiled_first, exact_tree, optimal_opener, progress_bar

    out = console()
    lists = lists_of(args)
    began = time.perf_counter()
    with RankingPool(args.workers) as pool:
        start = allowed_word(lists, args.start) if args.start else optimal_opener(lists, args.difficulty, pool)
        if args.top is None:
            tree, source = exact_tree(lists, args.difficulty, start, pool)
        else:
            model = uniform_model(lists)
            compiled_first()
            with progress_bar("{task.description}") as progress:
                task = progress.add_task("answers placed", total=len(lists.answers), steady=False)
                placed = lambda done, total: progress.update(task, completed=done)  # noqa: E731
                tree, source = (
                    compute_tree(model, start, args.difficulty, args.top, pool.runner(model), placed),
                    COMPUTED,
                )
    seconds = time.perf_counter() - began
    writes = (
        (args.out, partial(write_tree, tree, lists)),
        (args.dot, lambda path: write_text_atomically(path, tree_dot(tree))),
        (args.csv, lambda path: write_text_atomically(path, tree_csv(tree))),
    )
    for name, write in writes:
        if name is not None:
            try:
                write(Path(name))
            except OSError as error:
                raise UsageError(f"Cannot write the tree to {name}: {error.strerror or error}.") from None
    mode = args.difficulty.title
    kind = "exact" if args.top is None else f"best {args.top} guesses a position (an upper bound)"
    where = {SHIPPED: "the tree that ships", CACHED: "the cached tree"}.get(source, f"computed now in {seconds:.1f} s")
    out.print(f"[bold]{start}[/], {mode} mode, {kind}: {len(lists.answers)} answers, {where}", highlight=False)
    out.print(
        f"total {tree.total} guesses, average {tree.average:.4f}, max {tree.worst_case}, "
        f"losses (over {MAX_GUESSES}) {tree.losses}"
    )
    out.print(distribution_chart(tree.distribution, MAX_GUESSES))
    for name, what in ((args.out, "tree"), (args.dot, "Graphviz DOT"), (args.csv, "CSV, a row an answer,")):
        if name is not None:
            out.print(f"{what} written to {name}", highlight=False, soft_wrap=True)
    if args.out is None and source == COMPUTED and args.top is None and not tree.losses:
        path = cached_tree_path(lists, start, args.difficulty)
        if kept_in_cache(lists, start, args.difficulty):
            out.print(f"tree cached in {path}", highlight=False, soft_wrap=True)
        else:
            out.print(
                f"tree not cached: {path} cannot be written; the same command computes it again.",
                highlight=False,
                soft_wrap=True,
            )
    return 0


def cmd_openers(args: argparse.Namespace) -> int:
    from ..core.exact.marks import BOUND
    from ..core.exact.openers import exact_value, known_value, known_values, shipped_values
    from ..core.position.model import uniform_model
    from ..core.workers.pool import RankingPool
    from .searches import announce_tree, compiled_first, progress_bar, saying_what_is_kept, tree_kept

    out = console()
    lists = lists_of(args)
    model = uniform_model(lists)
    words = [allowed_word(lists, word) for word in args.words]
    if args.all:
        if words:
            raise UsageError("Give openers to evaluate or --all, not both.")
        return _prove(args, out, model)
    if args.scheduler or args.top != 1 or args.out:
        raise UsageError("--scheduler, --top and --out are for the proof of --all: give --all too.")
    if words:
        values = []
        known = {word: known_value(model, word, args.difficulty) for word in words}  # each word once
        if None in known.values():
            compiled_first()  # said before the bar of the answers placed
        with RankingPool(args.workers) as pool, progress_bar("{task.description}") as progress:
            for word, value in known.items():
                if value is not None:
                    values.append(value)
                    continue
                placed = announce_tree(model, args.difficulty, word, pool.workers)
                task = progress.add_task(
                    f"{word}: answers placed", total=len(lists.answers), completed=placed, steady=False
                )
                done = lambda placed, total, task=task: progress.update(task, completed=placed)  # noqa: E731
                with saying_what_is_kept(partial(tree_kept, lists, word, args.difficulty)):
                    values.append(exact_value(model, word, args.difficulty, run=pool.runner(model), progress=done))
                progress.remove_task(task)
        values.sort(key=lambda value: (value.value, value.word))
    else:  # every exact value known, then the shipped table's bounds
        values = known_values(model, args.difficulty)
        exact = {value.word for value in values}
        bounds = [value for value in shipped_values(lists, args.difficulty).values() if value.word not in exact]
        values += sorted(bounds, key=lambda value: (value.value, value.word))
    distributions = _distributions(model, args.difficulty, values)
    if args.json:
        print(json.dumps([value.as_dict() | {"distribution": distributions.get(value.word)} for value in values]))
        return 0
    mode = args.difficulty.title
    if not values:
        out.print(f"No opener's value is known yet for these lists in {mode} mode: name the openers to evaluate.")
        return 0
    out.print(_openers_table(values, len(lists.answers)))
    out.print(
        f"With optimal play after the opener, on the {lists.name} lists ({len(lists.answers):,} answers), "
        f"{mode} mode. An opener that cannot guarantee six guesses leaves answers at risk whatever follows.",
        highlight=False,
    )
    if not all(value.exact for value in values):
        bounded = "an upper bound from a search of the most promising guesses only"
        out.print(f"{BOUND}: {bounded}; name the opener for its exact value.", highlight=False)
    _print_distributions(out, distributions, [value.word for value in values] if words else [])
    return 0


CHARTS = 4  # the most distributions drawn side by side


def _distributions(
    model: CandidateModel, hard_mode: Difficulty, values: list[OpenerValue]
) -> dict[str, dict[int, int]]:
    """How many answers each opener finds in 1, 2, ... guesses, for those whose exact tree is at hand
    (shipped, cached, or just computed): no search."""
    from ..core.exact.trees import stored_tree

    found = {}
    for value in values:
        if value.exact and (stored := stored_tree(model.lists, hard_mode, value.word)) is not None:
            found[value.word] = stored[0].distribution
    return found


def _print_distributions(out: Console, distributions: dict[str, dict[int, int]], named: list[str]) -> None:
    """The first CHARTS distributions side by side, then which named openers have none at hand, and why."""
    from .charts import distribution_charts

    if distributions:
        shown = dict(list(distributions.items())[:CHARTS])
        out.print()
        out.print("Answers found in 1, 2, ... guesses, with optimal play after the opener:", highlight=False)
        out.print(distribution_charts(shown, MAX_GUESSES, out.width))
    if missing := [word for word in named if word not in distributions]:
        out.print(
            f"No tree is at hand for {', '.join(missing)}: the value comes from a table. "
            f"`wordle-tui tree --start WORD` computes the tree and keeps it, for its distribution here.",
            highlight=False,
        )


def _prove(args: argparse.Namespace, out: Console, model: CandidateModel) -> int:
    from ..core.exact.openers import prove_best
    from ..core.workers.dask_flow import cluster_flow
    from ..core.workers.pool import RankingPool
    from .searches import PROOF_STEPS, announce_proof, progress_bar, proof_kept, saying_what_is_kept, step_reporter

    lists = model.lists
    began = time.perf_counter()
    with ExitStack() as stack:
        if args.scheduler:
            flow, workers, disconnect = cluster_flow(args.scheduler, model)
            stack.callback(disconnect)
        else:
            pool = stack.enter_context(RankingPool(args.workers))
            flow, workers = pool.flow(model), pool.workers
        what = "proving the best opener" if args.top == 1 else f"proving the {args.top} best openers"
        announce_proof(model, args.difficulty, args.top, workers, what)
        keep = (lambda proof: _write_record(proof, lists, args)) if args.out else None
        with saying_what_is_kept(lambda: proof_kept(model, args.difficulty)), progress_bar("{task.description}") as bar:
            report = step_reporter(bar, PROOF_STEPS)
            proof = prove_best(model, args.difficulty, flow, report, args.top, keep, workers)
    values = proof.ranked()[: args.top]
    if args.out:
        _write_record(proof, lists, args)
    distributions = _distributions(model, args.difficulty, values)
    if args.json:
        print(json.dumps([value.as_dict() | {"distribution": distributions.get(value.word)} for value in values]))
        return 0
    out.print(_openers_table(values, len(lists.answers)))
    best, openers = proof.best, len(lists.guesses)
    figure = f"{best.total} guesses" if best.guaranteed else f"{best.at_risk} answers at risk"
    which = f"[bold]{best.word}[/] is the best" if args.top == 1 else f"these are the {len(values)} best"
    by_bound, by_cut = proof.ruled_out(lists)
    out.print(
        f"Proved: {which} of the {openers:,} first guesses on the {lists.name} lists, "
        f"{args.difficulty.title} mode (the best: {best.word}, {figure}): {by_bound:,} ruled out by a lower "
        f"bound, {by_cut:,} by a search cut off once it could not do better, {len(proof.values):,} evaluated "
        f"exactly, in {time.perf_counter() - began:.0f} s.",
        highlight=False,
    )
    tied, maybe = proof.ties(lists)
    if tied or maybe:
        last = values[-1]
        figure = f"{last.total} guesses" if last.guaranteed else f"{last.at_risk} answers at risk"
        perhaps = f"perhaps {maybe:,} {'more' if tied else 'others'}, whose bound or cut-off search only reaches it"
        body = "; and ".join(part for part in (", ".join(tied), perhaps if maybe else "") if part)
        out.print(f"Tied with {last.word} ({figure}): {body}.", highlight=False)
    _print_distributions(out, distributions, [])
    return 0


def _write_record(proof: Proof, lists: WordLists, args: argparse.Namespace) -> None:
    """The proof's record as it stands, in --out: kept up to date, so that an interrupted proof leaves one too."""
    from ..core.exact.proof import proof_text

    try:
        write_text_atomically(Path(args.out), proof_text(proof, lists, args.difficulty))
    except OSError as error:
        raise UsageError(f"Cannot write the proof to {args.out}: {error.strerror or error}.") from None


def _openers_table(values: list[OpenerValue], answers: int) -> Table:
    from rich import box
    from rich.table import Table

    from ..core.exact.marks import BOUND

    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    for heading in ("opener", "total", "average", "within six"):
        table.add_column(heading, justify="left" if heading == "opener" else "right")
    for value in values:
        bound = "" if value.exact else BOUND
        total = "" if value.total is None else f"{bound}{value.total}"
        average = "" if value.total is None else f"{bound}{value.total / answers:.4f}"
        if value.guaranteed:  # a bounded search that found a tree winning every game proves it too
            six = "guaranteed"
        else:
            six = f"cannot guarantee: {value.at_risk} at risk" if value.exact else f"{value.at_risk} at risk or fewer"
        table.add_row(value.word, total, average, six)
    return table


def _check_game(history, hard_mode: Difficulty) -> None:
    """One sentence for a game that cannot have been played: too long, past the win, or against hard mode."""
    if len(history) > MAX_GUESSES:
        raise UsageError(f"A game has at most {MAX_GUESSES} guesses; {len(history)} were given.")
    for place, (guess, _) in enumerate(history):
        if message := mode_violation(guess, history[:place], hard_mode):
            raise UsageError(f"Guess {place + 1} ({capitals(guess)}) breaks {hard_mode.title} mode: {message}.")
        if won(history[: place + 1]) and place < len(history) - 1:
            raise UsageError(f"Guess {place + 1} ({capitals(guess)}) already solved the game; nothing may follow it.")


def cmd_analyze(args: argparse.Namespace) -> int:
    from rich import box
    from rich.table import Table

    from ..core.exact.guess_analysis import LUCK, SKILL, analyze, judged_note, need_luck, unsafe
    from ..core.exact.marks import BOUND
    from ..core.position.model import uniform_model

    out = console()
    lists = lists_of(args)
    history = history_of(lists, args.feedback)
    if not history:
        raise UsageError("Give at least one GUESS=PATTERN to analyse, for example salet=01220.")
    _check_game(history, args.difficulty)
    try:
        rows = analyze(uniform_model(lists), history, args.difficulty)
    except GuessError as error:  # _check_game catches these first; kept for lists edited meanwhile
        raise UsageError(f"{error}.") from None
    if args.json:
        print(
            json.dumps({"hard_mode": args.difficulty, "lists": lists.name, "guesses": [row.as_dict() for row in rows]})
        )
        return 0
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, collapse_padding=True)
    risky = unsafe(rows)  # the risk column only where six guesses stopped being sure
    headings = ("#", "guess", "feedback", "answers", "expected", *(["risk"] if risky else []), "best", "expected")
    for heading in (*headings, "skill", "luck"):
        table.add_column(heading, justify="left" if heading in ("guess", "feedback", "best") else "right")
    for place, row in enumerate(rows, start=1):
        mark = "" if row.exact else "*"
        table.add_row(
            str(place),
            row.guess,
            emoji_row(row.pattern, lists.length),
            f"{row.remaining_before}→{row.remaining_after}",
            f"{row.expected_guesses:.3f}{mark}",
            *([f"{'' if row.exact else BOUND}{row.at_risk}" if row.at_risk else "none"] if risky else []),
            row.best_guess,
            f"{row.best_expected_guesses:.3f}{mark}",
            str(row.skill),
            str(row.luck),
        )
    out.print(table)
    out.print(judged_note(rows, lists), highlight=False)
    out.print("expected: guesses still needed on average, this one included, playing optimally after it.")
    if risky:
        out.print("risk: answers that even optimal play after the guess may not find within six guesses.")
        out.print(f"[bold]From guess {rows.index(risky) + 1} on you need luck:[/] {need_luck(risky)}", highlight=False)
    if not all(row.exact for row in rows):
        out.print("* from a search that tries only the most promising guesses: an upper bound, usually exact.")
    if args.explain:
        out.print(f"\n[bold]Skill.[/] {SKILL}\n\n[bold]Luck.[/] {LUCK}")
    return 0


def register(commands: Commands) -> None:
    lists = word_list_options()
    tree = commands.add_parser("tree", parents=[lists], help="the optimal decision tree after a first guess")
    first = "the first guess (default: the opener of the lists' optimal tree)"
    tree.add_argument("--start", metavar="WORD", help=first)
    mode_options(tree)
    bounded = "try only the K most promising guesses a position (fast; an upper bound)"
    tree.add_argument("--top", type=positive, metavar="K", help=bounded)
    tree.add_argument("--out", metavar="FILE", help="write the tree here (default: the cache, for exact trees)")
    tree.add_argument("--dot", metavar="FILE", help="write the tree as Graphviz DOT: an edge for each colour pattern")
    tree.add_argument("--csv", metavar="FILE", help="write the tree as CSV: a row for each answer, with its guesses")
    tree.add_argument("--workers", type=worker_count, metavar="N", help="worker processes (default: one per core)")
    tree.set_defaults(run=cmd_tree)
    openers = commands.add_parser("openers", parents=[lists], help="the exact value of first guesses")
    words = "openers to evaluate exactly (default: those whose value is known: shipped or computed before)"
    openers.add_argument("words", nargs="*", metavar="WORD", help=words)
    mode_options(openers)
    openers.add_argument("--json", action="store_true", help="print one JSON list")
    proof = "prove which opener is best: bound every one, evaluate exactly those the bounds cannot rule out"
    openers.add_argument("--all", action="store_true", help=proof + " (resumable: progress is kept in the cache)")
    best = "with --all: prove which are the N best openers, each with its exact value (default: 1)"
    openers.add_argument("--top", type=positive, default=1, metavar="N", help=best)
    cluster = "with --all: run on the Dask cluster whose scheduler is at ADDRESS (needs the cluster extra)"
    openers.add_argument("--scheduler", metavar="ADDRESS", help=cluster)
    record = "with --all: write the proof's record here (every opener's bound; a preset's ships in its data folder)"
    openers.add_argument("--out", metavar="FILE", help=record)
    openers.add_argument("--workers", type=worker_count, metavar="N", help="worker processes (default: one per core)")
    openers.set_defaults(run=cmd_openers)
    analyse = commands.add_parser("analyze", parents=[lists], help="skill and luck of each guess of a played game")
    analyse.add_argument("feedback", nargs="*", metavar="GUESS=PATTERN", help="e.g. salet=01220 (or bygbb, _ox__)")
    mode_options(analyse, what="the game was played in ")
    analyse.add_argument("--json", action="store_true", help="print one JSON object")
    analyse.add_argument("--explain", action="store_true", help="say how skill and luck are measured")
    analyse.set_defaults(run=cmd_analyze)
