"""What every command shares: word-list options, argument types and user errors.

Light to import, as every command module is: the options name what they offer without loading it,
and each command loads what it uses when it runs (numpy, rich, the NYT client, the strategies).
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import re
import sys
from typing import TYPE_CHECKING, NoReturn

from ..core.echo import ECHOED, echoed
from ..core.rules.boards import check_boards
from ..core.rules.daily import parse_day
from ..core.rules.feedback import parse_pattern
from ..core.rules.game import Difficulty, GuessError, History, check_guess
from ..core.rules.variant import WORDLE, Variant
from ..core.rules.words import (
    CUSTOM,
    DEFAULT_PRESET,
    LENGTHS,
    PRESETS,
    WordLists,
    capitals,
    load_word_lists,
    normal_form,
    preset_for_length,
)
from ..core.strategies import BOARD_STRATEGIES, STRATEGY_NAMES

if TYPE_CHECKING:
    from rich.console import Console

    from ..storage.store import Store


class UsageError(ValueError):
    """Arguments that parse but make no sense; the message is one sentence."""


class Parser(argparse.ArgumentParser):
    """argparse's parser, whose own messages (`invalid choice: ...`, `unrecognized arguments: ...`) echo no
    more of what was given than the program's do (see echoed); its subcommands' parsers are of its class."""

    def error(self, message: str) -> NoReturn:
        super().error(re.sub(rf"[^\s'\"]{{{ECHOED + 1},}}", lambda given: echoed(given.group()), message))


# The errors said to the user in one sentence, by the module that holds each. Only a module that is loaded
# can have raised its own, so none is loaded here to be caught (numpy or the NYT client would be, for nothing).
USER_ERRORS = (
    ("wordle_tui.core.rules.words", "WordListError"),
    ("wordle_tui.core.rules.feedback", "PatternError"),
    ("wordle_tui.core.rules.game", "GuessError"),
    ("wordle_tui.core.rules.challenge", "ChallengeError"),
    ("wordle_tui.core.position.model", "NoCandidatesError"),
    ("wordle_tui.core.position.model", "UnknownGuessError"),
    ("wordle_tui.core.workers.pool", "RankingError"),
    ("wordle_tui.core.workers.dask_flow", "ClusterError"),
    ("wordle_tui.compat", "UncheckedRelease"),
    ("wordle_tui.storage.nyt", "NytError"),
    ("wordle_tui.storage.store", "TransferError"),
    (__name__, "UsageError"),
)


def is_user_error(error: BaseException) -> bool:
    """Whether `error` is bad input, said in one sentence (see USER_ERRORS)."""
    kinds = (getattr(sys.modules[module], name) for module, name in USER_ERRORS if module in sys.modules)
    return any(isinstance(error, kind) for kind in kinds)


def console(stderr: bool = False) -> Console:
    """Where a command prints tables, bars and styles (on stdout, or `stderr`): rich loads for the commands that
    do, when they do. It is as wide as the terminal, or as COLUMNS says, unless COLUMNS says 0: rich would take
    that as a width, and print nothing at all."""
    from rich.console import Console

    width = None
    if (columns := os.environ.get("COLUMNS")) and not columns.strip("0"):
        try:
            width = os.get_terminal_size((sys.stderr if stderr else sys.stdout).fileno()).columns
        except (OSError, ValueError):  # not a terminal: as wide as rich makes it then
            width = 80
    return Console(stderr=stderr, width=width)


CANDIDATES = ("all", "answers")  # the candidate models, as position.model.MODELS names them
CANDIDATES_HELP = (
    "all: every accepted word may be the answer, those on the answer list likely and the rest unlikely; "
    "answers: only the answer list, every answer equally likely"
)


def word_list_options(default: str | None = DEFAULT_PRESET) -> argparse.ArgumentParser:
    """--lists, --length, --answers and --guesses (see lists_of); the app's commands pass default None (the
    settings decide)."""
    options = argparse.ArgumentParser(add_help=False)
    named = "the settings'" if default is None else default
    options.add_argument(
        "--lists",
        choices=list(PRESETS),
        metavar="NAME",
        help=f"word lists: {', '.join(PRESETS)} (default: {named}; `wordle-tui lists` describes them)",
    )
    options.add_argument(
        "--length",
        type=word_length,
        metavar="N",
        help=f"words of N letters, {LENGTHS[0]} to {LENGTHS[-1]}: the shipped lists of that length (default: the "
        f"letters of the words given, else {'the settings' if default is None else 'five'}; five are the NYT's)",
    )

    options.add_argument("--answers", metavar="FILE", help="answer list, one word a line (instead of the preset's)")
    options.add_argument(
        "--guesses", metavar="FILE", help="accepted guesses, one word a line (instead of the preset's)"
    )
    return options


HARD_HELP = "NYT hard mode: greens stay in place, revealed letters are reused"
ULTRA_HELP = "ultra hard mode (hello wordl's): hard, and every guess fits every colour shown"


def mode_options(
    parser: argparse.ArgumentParser, default: Difficulty | None = Difficulty.NORMAL, what: str = ""
) -> None:
    """`--hard` and `--ultra`, one or the other, into `args.difficulty` (`default` without either)."""
    modes = parser.add_mutually_exclusive_group()
    hard, ultra = what + HARD_HELP, what + ULTRA_HELP
    modes.add_argument("--hard", dest="difficulty", action="store_const", const=Difficulty.HARD, help=hard)
    modes.add_argument("--ultra", dest="difficulty", action="store_const", const=Difficulty.ULTRA, help=ultra)
    parser.set_defaults(difficulty=default)


STRATEGY_HELP = "how guesses are ranked (default: entropy; with --boards: boards, or entropy, minimax)"


def solver_options(candidates: str = "all", strategy_help: str = STRATEGY_HELP) -> argparse.ArgumentParser:
    options = argparse.ArgumentParser(add_help=False)
    mode_options(options)
    options.add_argument("--strategy", choices=sorted({*STRATEGY_NAMES, *BOARD_STRATEGIES}), help=strategy_help)
    options.add_argument(
        "--candidates", default=candidates, choices=CANDIDATES, help=f"{CANDIDATES_HELP} (default: {candidates})"
    )
    options.add_argument("--json", action="store_true", help="print one JSON object")
    return options


def strategy_of(args: argparse.Namespace) -> str:
    """The strategy the arguments name, or the default: entropy, or for several boards `boards`."""
    boards = getattr(args, "boards", None)
    strategy = args.strategy or ("boards" if boards else "entropy")
    if boards and strategy not in BOARD_STRATEGIES:
        raise UsageError(f"Several boards are ranked by {', '.join(BOARD_STRATEGIES)}, not by {strategy}.")
    if not boards and strategy not in STRATEGY_NAMES:
        raise UsageError(f"The {strategy} strategy ranks several boards: give --boards N as well.")
    return strategy


def variant_of(args: argparse.Namespace, answer_named: bool = False) -> Variant:
    """The game the options name (`--boards N`, `--absurdle`), checked once against the options it cannot
    take: several boards and Absurdle have no hard modes, and no answer named beforehand (`answer_named`:
    by --answer, --daily, --nyt or --code)."""
    try:
        variant = Variant(getattr(args, "boards", None) or 1, getattr(args, "absurdle", False))
    except ValueError as error:
        raise UsageError(str(error)) from None
    if variant == WORDLE:
        return variant
    if getattr(args, "difficulty", None):
        raise UsageError(
            f"Hard modes are for one board of Wordle: {variant.name} has none; leave out --hard and --ultra."
        )
    if answer_named:
        held = "Absurdle holds no answer" if variant.absurdle else "Several boards are played against random answers"
        raise UsageError(f"{held}: leave out --answer, --daily, --nyt and --code.")
    return variant


def board_count(text: str) -> int:
    """An argparse type: how many boards a game has (see rules.boards)."""
    try:
        return check_boards(positive(text))
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def positive(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"{echoed(text)!r} is not a positive whole number")
    return value


def worker_count(text: str) -> int:
    """An argparse type: how many worker processes, from 1 to MOST_WORKERS."""
    from ..core.workers.processes import MOST_WORKERS

    value = positive(text)
    if value > MOST_WORKERS:
        raise argparse.ArgumentTypeError(
            f"{value} workers is more than {MOST_WORKERS} ({os.cpu_count()} cores, four each)"
        )
    return value


def tell_problems(store: Store) -> None:
    """Say on stderr, a sentence each, what could not be read or saved."""
    for problem in store.problems:
        print(f"wordle-tui: {problem}", file=sys.stderr)
    store.problems.clear()


def word_length(text: str) -> int:
    """An argparse type: a length of word the shipped lists hold."""
    value = positive(text)
    if value not in LENGTHS:
        raise argparse.ArgumentTypeError(f"the shipped lists hold words of {LENGTHS[0]} to {LENGTHS[-1]} letters")
    return value


# The arguments that hold words (GUESS=PATTERN for feedback), whose letters choose the lists nothing else names.
WORD_ARGUMENTS = ("guess", "answer", "word", "start", "words", "feedback")


def words_given(args: argparse.Namespace) -> list[str]:
    """The words a command line gives (see WORD_ARGUMENTS), the guess alone of each GUESS=PATTERN."""
    given: list[str] = []
    for name in WORD_ARGUMENTS:
        value = getattr(args, name, None)
        given += [value] if isinstance(value, str) else list(value or ())
    return [word.partition("=")[0].strip() for word in given]


def lists_of(args: argparse.Namespace, preset: str | None = None) -> WordLists:
    """The lists the arguments name: --lists, or the files of --answers and --guesses, else the shipped lists of
    --length letters, else of the letters of the words the command was given (all of one length); `preset`
    stands in for a --lists left to the settings. UsageError where --length asks for another length than the
    lists named hold."""
    name = args.lists or preset or DEFAULT_PRESET
    length = getattr(args, "length", None)
    files = args.answers or args.guesses
    if length is None and not args.lists and not files:
        lengths = {len(word) for word in words_given(args)}
        if len(lengths) == 1 and (given := lengths.pop()) in LENGTHS:  # a word of seven letters: lists of seven
            return load_word_lists(preset=preset_for_length(given, name))
    if length is not None and not args.lists and not files:
        name = preset_for_length(length, name)
    lists = load_word_lists(args.answers, args.guesses, name)
    if length is not None and lists.length != length:
        named = "the word lists of the files given" if files else f"the {name} word lists"
        raise UsageError(
            f"--length {length} asks for words of {length} letters, but {named} hold words of {lists.length}: "
            "leave out one or the other."
        )
    return lists


def lists_named(lists: WordLists) -> str:
    """How a refusal names the lists it used, and how to choose others: `(the english-6 lists, 6 letters: ...)`."""
    named = "the lists of the files given" if lists.name == CUSTOM else f"the {lists.name} lists"
    return f"({named}, {lists.length} letters: --lists or --length chooses others)"


def day_of(text: str) -> dt.date:
    """A DATE argument: a date, `today`, `yesterday` or a puzzle number."""
    try:
        return parse_day(text)
    except ValueError as error:
        raise UsageError(str(error)) from None


def allowed_word(lists: WordLists, word: str) -> str:
    """An allowed word, or a UsageError naming it and the lists it was looked for in."""
    try:
        return check_guess(word, lists)
    except GuessError as error:
        raise UsageError(f"{echoed(capitals(word))}: {error} {lists_named(lists)}.") from None


def answer_word(lists: WordLists, word: str) -> str:
    """An answer to play against: any accepted word (the NYT's editor picks outside the answer list too) but
    an offensive one."""
    word = normal_form(word)
    if word not in lists.guess_index:
        raise UsageError(
            f"{echoed(capitals(word))} is not an accepted word, so it cannot be the answer {lists_named(lists)}."
        )
    if not lists.can_be_answer(word):
        raise UsageError(
            f"{capitals(word)} is on the list of offensive words: it is accepted as a guess, never the answer."
        )
    return word


def history_of(lists: WordLists, items: list[str]) -> History:
    """`GUESS=PATTERN` arguments as feedback rows."""
    history = []
    for item in items:
        guess, sep, pattern = item.partition("=")
        if not sep:
            raise UsageError(f"{echoed(item)!r} must be GUESS=PATTERN, for example soare=01220.")
        history.append((allowed_word(lists, guess), parse_pattern(pattern, lists.length)))
    return tuple(history)
