"""The command line: parses arguments, calls core/, prints. Every user error is one sentence."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable

from rich.console import Console
from rich.table import Table

from .core.feedback import PatternError, emoji_row, format_pattern, parse_pattern, score
from .core.game import GuessError, History, check_guess
from .core.model import NoCandidatesError, State, UnknownGuessError, uniform_model
from .core.selfplay import solve
from .core.strategies import STRATEGIES, strategy_named
from .core.words import WordListError, WordLists, load_word_lists

USER_ERRORS = (WordListError, PatternError, GuessError, NoCandidatesError, UnknownGuessError)
FEW_CANDIDATES = 20  # at most this many remaining answers are listed by name

Command = Callable[[argparse.Namespace, Console], int]


class UsageError(ValueError):
    """Arguments that parse but make no sense."""


def _lists(args: argparse.Namespace) -> WordLists:
    return load_word_lists(args.answers, args.guesses)


def _history(lists: WordLists, items: list[str]) -> History:
    """`GUESS=PATTERN` arguments as feedback rows."""
    history = []
    for item in items:
        guess, sep, pattern = item.partition("=")
        if not sep:
            raise UsageError(f"{item!r} must be GUESS=PATTERN, for example soare=01220.")
        history.append((_word(lists, guess), parse_pattern(pattern, lists.length)))
    return tuple(history)


def _word(lists: WordLists, word: str) -> str:
    """An allowed word, or a UsageError naming it."""
    try:
        return check_guess(word, lists)
    except GuessError as error:
        raise UsageError(f"{word.upper()}: {error}.") from None


def _answer(lists: WordLists, word: str) -> str:
    word = word.strip().lower()
    if word not in lists.answer_index:
        raise UsageError(f"{word!r} is not in the answer list.")
    return word


def cmd_score(args: argparse.Namespace, out: Console) -> int:
    lists = _lists(args)
    guess, answer = (_word(lists, word) for word in (args.guess, args.answer))
    pattern = score(guess, answer)
    out.print(f"{format_pattern(pattern, lists.length)} {emoji_row(pattern, lists.length)}", highlight=False)
    return 0


def cmd_suggest(args: argparse.Namespace, out: Console) -> int:
    lists = _lists(args)
    state = State(uniform_model(lists), _history(lists, args.feedback), args.hard)
    candidates = [state.model.targets[i] for i in state.candidates]
    ranking = strategy_named(args.strategy).rank(state, top=args.top)
    if args.json:
        suggestions = [row.as_dict() for row in ranking]
        print(json.dumps({"remaining": len(candidates), "candidates": candidates, "suggestions": suggestions}))
        return 0
    noun = "answer remains" if len(candidates) == 1 else "answers remain"
    out.print(
        f"[bold]{len(candidates)}[/] {noun}"
        + (f": {', '.join(candidates)}" if len(candidates) <= FEW_CANDIDATES else ".")
    )
    table = Table(title=f"Best guesses by {args.strategy}", title_justify="left")
    for heading in ("#", "guess", "bits", "worst case", "expected left", "answer?"):
        table.add_column(heading, justify="left" if heading == "guess" else "right")
    for place, row in enumerate(ranking, start=1):
        table.add_row(
            str(place),
            row.word,
            f"{row.entropy:.3f}",
            str(row.worst_case),
            f"{row.expected_remaining:.1f}",
            "yes" if row.candidate else "",
        )
    out.print(table)
    return 0


def cmd_solve(args: argparse.Namespace, out: Console) -> int:
    lists = _lists(args)
    answer = _answer(lists, args.answer)
    start = _word(lists, args.start) if args.start else None
    model = uniform_model(lists)
    game = solve(answer, strategy_named(args.strategy), model, args.hard, start)
    if args.json:
        patterns = [format_pattern(p, lists.length) for _, p in game.history]
        print(
            json.dumps(
                {"answer": answer, "guesses": [g for g, _ in game.history], "patterns": patterns, "solved": game.solved}
            )
        )
        return 0
    state = State(model, (), args.hard)
    for guess, pattern in game.history:
        state = state.then(guess, pattern)
        left = len(state.candidates)
        out.print(
            f"{guess}  {emoji_row(pattern, lists.length)}  {format_pattern(pattern, lists.length)}  "
            f"{left} answer{'s' if left != 1 else ''} left",
            highlight=False,
        )
    verdict = f"Solved in {game.guesses}." if game.solved else f"Not solved in 6 guesses (found in {game.guesses})."
    out.print(f"[bold]{verdict}[/]")
    return 0


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a positive whole number")
    return value


def parser() -> argparse.ArgumentParser:
    lists = argparse.ArgumentParser(add_help=False)
    lists.add_argument("--answers", metavar="FILE", help="answer list, one word a line (default: the NYT list)")
    lists.add_argument("--guesses", metavar="FILE", help="allowed guesses, one word a line (default: the NYT list)")
    play = argparse.ArgumentParser(add_help=False)
    play.add_argument("--hard", action="store_true", help="NYT hard mode: revealed letters must be reused")
    play.add_argument(
        "--strategy", default="entropy", choices=sorted(STRATEGIES), help="how guesses are ranked (default: entropy)"
    )
    play.add_argument("--json", action="store_true", help="print one JSON object")

    top = argparse.ArgumentParser(prog="wordle-tui", description="Wordle in the terminal: play, coach and solve.")
    commands = top.add_subparsers(dest="command", metavar="COMMAND")
    score_cmd = commands.add_parser("score", parents=[lists], help="the colours GUESS gets against ANSWER")
    score_cmd.add_argument("guess")
    score_cmd.add_argument("answer")
    score_cmd.set_defaults(run=cmd_score)
    suggest = commands.add_parser("suggest", parents=[lists, play], help="rank the next guess after some feedback")
    suggest.add_argument("feedback", nargs="*", metavar="GUESS=PATTERN", help="e.g. soare=01220 (or bygbb, _ox__)")
    suggest.add_argument(
        "--top", type=_positive, default=10, metavar="N", help="how many guesses to show (default: 10)"
    )
    suggest.set_defaults(run=cmd_suggest)
    solve_cmd = commands.add_parser("solve", parents=[lists, play], help="watch the solver play a whole game")
    solve_cmd.add_argument("answer")
    solve_cmd.add_argument("--start", metavar="WORD", help="the first guess (default: the strategy's choice)")
    solve_cmd.set_defaults(run=cmd_solve)
    return top


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if not getattr(args, "run", None):
        parser().print_help()
        return 0
    try:
        return args.run(args, Console())
    except (*USER_ERRORS, UsageError) as error:
        print(f"wordle-tui: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
