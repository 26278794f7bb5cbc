"""What every command shares: word-list options, argument types and user errors."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from rich.console import Console

from ..core.feedback import PatternError, parse_pattern
from ..core.game import GuessError, History, check_guess
from ..core.model import MODELS, NoCandidatesError, UnknownGuessError
from ..core.strategies import STRATEGIES
from ..core.words import WordListError, WordLists, load_word_lists

Command = Callable[[argparse.Namespace, Console], int]


class UsageError(ValueError):
    """Arguments that parse but make no sense; the message is one sentence."""


USER_ERRORS = (WordListError, PatternError, GuessError, NoCandidatesError, UnknownGuessError, UsageError)


def word_list_options() -> argparse.ArgumentParser:
    options = argparse.ArgumentParser(add_help=False)
    options.add_argument("--answers", metavar="FILE", help="answer list, one word a line (default: the NYT list)")
    options.add_argument("--guesses", metavar="FILE", help="allowed guesses, one word a line (default: the NYT list)")
    return options


def solver_options() -> argparse.ArgumentParser:
    options = argparse.ArgumentParser(add_help=False)
    options.add_argument("--hard", action="store_true", help="NYT hard mode: revealed letters must be reused")
    options.add_argument(
        "--strategy", default="entropy", choices=sorted(STRATEGIES), help="how guesses are ranked (default: entropy)"
    )
    options.add_argument(
        "--candidates",
        default="answers",
        choices=sorted(MODELS),
        help="answers: the player knows the answer list; all: any allowed word, common words likelier",
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


def lists_of(args: argparse.Namespace) -> WordLists:
    return load_word_lists(args.answers, args.guesses)


def allowed_word(lists: WordLists, word: str) -> str:
    """An allowed word, or a UsageError naming it."""
    try:
        return check_guess(word, lists)
    except GuessError as error:
        raise UsageError(f"{word.upper()}: {error}.") from None


def answer_word(lists: WordLists, word: str) -> str:
    word = word.strip().lower()
    if word not in lists.answer_index:
        raise UsageError(f"{word!r} is not in the answer list.")
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
