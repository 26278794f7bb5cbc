"""Solver commands: score a guess, suggest the next one, solve a whole game."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

from ..core.echo import echoed
from ..core.rules.feedback import emoji_row, format_pattern, score
from ..core.rules.words import capitals
from .common import (
    UsageError,
    allowed_word,
    answer_word,
    console,
    history_of,
    lists_of,
    positive,
    solver_options,
    strategy_of,
    word_list_options,
)

if TYPE_CHECKING:
    from ..core.position.model import State
    from ..core.rules.words import WordLists
    from .commands import Commands


def cmd_score(args: argparse.Namespace) -> int:
    """Scoring one pair is plain Python: neither numpy nor rich is loaded."""
    lists = lists_of(args)
    guess, answer = (allowed_word(lists, word) for word in (args.guess, args.answer))
    pattern = score(guess, answer)
    print(f"{format_pattern(pattern, lists.length)} {emoji_row(pattern, lists.length)}")
    return 0


def say_first_opening(state: State) -> None:
    """The first ranking of an opening of many words (every guess against every possible answer: words of
    six letters or more, or large lists of one's own) is said on stderr before it starts, with how long."""
    from ..core.durations import roughly
    from ..core.position.opening_figures import opening_seconds

    if (seconds := opening_seconds(state)) is None:
        return
    guesses, answers = len(state.allowed), len(state.candidates)
    print(
        f"Ranking the first guess on the {state.model.lists.name} lists for the first time: {guesses:,} guesses "
        f"against {answers:,} possible answers, {roughly(seconds * 0.7, seconds * 1.5)}. It is kept for the next time.",
        file=sys.stderr,
        flush=True,
    )


def cmd_suggest(args: argparse.Namespace) -> int:
    from rich.table import Table

    from ..core.exact.marks import BOUND, RISK_MARK, SAFE_MARK, risk_mark
    from ..core.position.model import State, model_named
    from ..core.rules.game import won
    from ..core.strategies import strategy_named
    from ..core.strategies.base import nothing_to_rank, with_risks
    from .searches import optimal_opener

    out = console()
    lists = lists_of(args)
    state = State(model_named(lists, args.candidates), history_of(lists, args.feedback), args.difficulty)
    remaining = state.remaining()
    strategy = strategy_of(args)
    if strategy == "optimal" and not state.history:
        optimal_opener(lists, args.difficulty)  # the first time on these lists, with a progress bar
    if not state.history and not args.json:
        say_first_opening(state)
    settled, solved = nothing_to_rank(state), won(state.history)
    ranking = [] if solved else with_risks(state, strategy_named(strategy).rank(state, top=args.top))
    if args.json:
        suggestions = [row.as_dict() for row in ranking]
        candidates = remaining.likely + remaining.unlikely
        summary = {"remaining": remaining.count, "likely": len(remaining.likely), "candidates": candidates}
        print(json.dumps(summary | {"solved": solved, "suggestions": suggestions}))
        return 0
    if settled is not None:  # the game won, or one answer left: named, and nothing to rank
        out.print(f"[bold]{settled}[/]", highlight=False)
        return 0
    likely, unlikely = remaining.named()
    named = ", ".join(likely)
    if unlikely:
        named += (" · unlikely: " if likely else "") + ", ".join(unlikely)
    out.print(f"[bold]{remaining.summary()}[/]" + (f": {named}" if named else "."), highlight=False)
    table = Table(title=f"Best guesses by {strategy}", title_justify="left")
    for heading in ("#", "guess", "bits", "worst case", "expected left", "answer?", "six"):
        table.add_column(heading, justify="left" if heading == "guess" else "right")
    for place, row in enumerate(ranking, start=1):
        table.add_row(
            str(place),
            row.word,
            f"{row.entropy:.3f}",
            str(row.worst_case),
            f"{row.expected_remaining:.1f}",
            "likely" if row.likely else "unlikely" if row.candidate else "",
            risk_mark(row.at_risk, row.risk_exact),
        )
    out.print(table)
    if any(row.at_risk for row in ranking):
        out.print(
            f"six: {SAFE_MARK} a win within six stays sure; {RISK_MARK}N: N answers at risk ({BOUND}N: at most N)."
        )
    return 0


SOLVE_STRATEGY_HELP = (
    "how guesses are chosen (default: optimal, where an optimal tree ships or was kept for the lists, the mode and "
    "the first guess, so that it plays at once; else entropy)"
)


def solve_strategy(args: argparse.Namespace, lists: WordLists, start: str | None) -> tuple[str, str]:
    """The strategy `solve` plays, and why in a few words: the one named; else optimal play where the optimal
    tree after the first guess (the best known opener, or --start) ships or was kept, which plays at once;
    else entropy, since an optimal game without a tree first searches one (minutes)."""
    if args.strategy:
        return strategy_of(args), "as asked"
    from ..core.exact.openers import known_opener
    from ..core.exact.trees import SHIPPED, stored_tree

    opener = start or known_opener(lists, args.difficulty)
    mode = f"{args.difficulty.title} mode"
    if opener is not None and (stored := stored_tree(lists, args.difficulty, opener)) is not None:
        where = "shipped" if stored[1] == SHIPPED else "kept from a search"
        return "optimal", f"the optimal tree after {capitals(opener)}, {mode}, {where}"
    after = f" after {capitals(opener)}" if opener else ""
    return "entropy", f"no optimal tree{after}, {mode}, at hand: --strategy optimal searches one"


def cmd_solve(args: argparse.Namespace) -> int:
    from ..core.position.model import State, model_named
    from ..core.strategies import strategy_named
    from ..core.strategies.selfplay import solve
    from .searches import optimal_opener

    out = console()
    lists = lists_of(args)
    answer = answer_word(lists, args.answer)
    start = allowed_word(lists, args.start) if args.start else None
    model = model_named(lists, args.candidates)
    if answer not in model.targets:
        raise UsageError(
            f"{echoed(capitals(answer))} is not on the answer list; with --candidates all it can be the answer."
        )
    strategy, why = solve_strategy(args, lists, start)
    if strategy == "optimal" and start is None:
        optimal_opener(lists, args.difficulty)  # the first time on these lists, with a progress bar
    game = solve(answer, strategy_named(strategy), model, args.difficulty, start)
    if args.json:
        patterns = [format_pattern(p, lists.length) for _, p in game.history]
        played = {"answer": answer, "guesses": [g for g, _ in game.history], "patterns": patterns}
        print(json.dumps(played | {"solved": game.solved, "strategy": strategy}))
        return 0
    out.print(f"Strategy: {strategy} ({why}).", highlight=False, soft_wrap=True)
    state = State(model, (), args.difficulty)
    for guess, pattern in game.history:
        state = state.then(guess, pattern)
        left = state.remaining()
        count = left.summary() if not left.answers_only else f"{left.count} answer{'s' if left.count != 1 else ''}"
        out.print(
            f"{guess}  {emoji_row(pattern, lists.length)}  {format_pattern(pattern, lists.length)}  {count} left",
            highlight=False,
        )
    verdict = f"Solved in {game.guesses}." if game.solved else f"Not solved in 6 guesses (found in {game.guesses})."
    out.print(f"[bold]{verdict}[/]")
    return 0


def register(commands: Commands) -> None:
    lists, solving = word_list_options(), solver_options("all")
    solving_alone = solver_options("all", SOLVE_STRATEGY_HELP)
    score_cmd = commands.add_parser("score", parents=[lists], help="the colours GUESS gets against ANSWER")
    score_cmd.add_argument("guess")
    score_cmd.add_argument("answer")
    score_cmd.set_defaults(run=cmd_score)
    suggest = commands.add_parser("suggest", parents=[lists, solving], help="rank the next guess after some feedback")
    suggest.add_argument("feedback", nargs="*", metavar="GUESS=PATTERN", help="e.g. soare=01220 (or bygbb, _ox__)")
    suggest.add_argument("--top", type=positive, default=10, metavar="N", help="how many guesses to show (default: 10)")
    suggest.set_defaults(run=cmd_suggest)
    solve_cmd = commands.add_parser("solve", parents=[lists, solving_alone], help="watch the solver play a whole game")
    solve_cmd.add_argument("answer")
    solve_cmd.add_argument("--start", metavar="WORD", help="the first guess (default: the strategy's choice)")
    solve_cmd.set_defaults(run=cmd_solve)
