"""The app's commands: play, coach and watch open the full-screen app in that mode."""

from __future__ import annotations

import argparse
import os
import shlex
import sys
from typing import TYPE_CHECKING, Any

from ..core.echo import echoed
from ..core.rules.challenge import challenge_code, challenge_word, code_lists, standard_code
from ..core.rules.daily import day_number
from ..core.rules.words import CUSTOM, PRESETS, WordLists
from ..core.strategies import STRATEGY_NAMES
from .common import (
    UsageError,
    answer_word,
    board_count,
    console,
    day_of,
    lists_of,
    mode_options,
    tell_problems,
    variant_of,
    word_list_options,
)

if TYPE_CHECKING:
    from ..storage.settings_file import Settings
    from ..storage.store import Store
    from .commands import Commands


def nyt_answer(args: argparse.Namespace, lists: WordLists, store: Store, settings: Settings) -> tuple[str, int]:
    """(the answer, the puzzle number) of `play --nyt`: kept here, or fetched if allowed."""
    from ..storage.nyt import puzzle_of, unplayable

    puzzle = puzzle_of(day_of(args.nyt), store, lists, fetch=args.fetch or settings.fetch_nyt)
    if puzzle.answer is None:
        raise UsageError(f"The answer of {puzzle.title} is not kept here: add --fetch to download it from the NYT.")
    if reason := unplayable(puzzle, lists):  # kept before, or while other lists were in use
        raise UsageError(f"{reason}.")
    return puzzle.answer, puzzle.number


def coded_game(args: argparse.Namespace, code: str, settings: Settings) -> tuple[WordLists, str]:
    """(the lists, the answer) of `play --code`: the lists the code names, the word it stands for."""
    name = code_lists(code)
    files = bool(args.answers or args.guesses)
    if name == CUSTOM and not files:
        raise UsageError(
            f"The code {code} was made with word lists from files: give the same ones with --answers and --guesses."
        )
    if name != CUSTOM:
        if name not in PRESETS:
            raise UsageError(f"The code {echoed(code)} names word lists this program does not have ({echoed(name)}).")
        if files or args.lists not in (None, name):
            raise UsageError(
                f"The code {code} is for the {name} word lists: leave out --lists, --answers and --guesses."
            )
        args.lists = name
    lists = lists_of(args, settings.lists)
    return lists, challenge_word(code, lists)


def has_terminal() -> bool:
    """A terminal to draw in: this one, or a browser's (`wordle-tui serve` runs the app with Textual's web driver)."""
    served = os.environ.get("TEXTUAL_DRIVER", "").startswith("textual.drivers.web_driver")
    return served or (sys.stdin.isatty() and sys.stdout.isatty())


def run_app(args: argparse.Namespace, mode: str) -> int:
    # Imported here so that the headless commands never pay for loading Textual.
    from ..ui.app import WordleApp

    options = app_options(args, mode)
    if not has_terminal():
        raise UsageError("The app needs a terminal: run it in one, or use score, suggest, solve or analyze.")
    app = WordleApp(mode=mode, **options)
    app.run()
    for line in app.farewell:
        print(f"wordle-tui: {line}", file=sys.stderr)
    return app.return_code or 0


def app_options(args: argparse.Namespace, mode: str) -> dict[str, Any]:
    """What the app is made with for a command line of play, coach or watch; a UsageError for one that
    makes no sense (`serve` checks its command line with it once, before any browser runs it)."""
    from ..storage.store import Store
    from ..ui.app import CoachOptions, PlayOptions, WatchOptions

    store = Store()
    settings = store.settings()
    code = getattr(args, "code", None)
    answer: str | None
    if code is not None:
        code = standard_code(code)
        lists, answer = coded_game(args, code, settings)
    else:
        lists = lists_of(args, settings.lists)
        answer = answer_word(lists, args.answer) if getattr(args, "answer", None) else None
    difficulty = getattr(args, "difficulty", None)  # None: as the settings say
    nyt = None
    if mode == "play" and args.fetch and args.nyt is None:
        raise UsageError("--fetch downloads the NYT's answer: give it with --nyt.")
    if mode == "play" and args.nyt is not None:
        answer, nyt = nyt_answer(args, lists, store, settings)
    variant = variant_of(args, answer_named=bool(answer or nyt or getattr(args, "daily", False)))
    return dict(
        lists=lists,
        store=store,
        play=PlayOptions(
            answer if mode == "play" else None,
            getattr(args, "daily", False),
            difficulty,
            nyt,
            code,
            variant,
        ),
        watch=WatchOptions(
            answer if mode == "watch" else None,
            getattr(args, "strategy", None),
            difficulty,
            variant,
        ),
        coach=CoachOptions(day_number(day_of(args.nyt)) if mode == "coach" and args.nyt else None, variant),
        seed=getattr(args, "seed", None),
    )


def cmd_challenge(args: argparse.Namespace) -> int:
    from ..storage.store import Store

    out = console()
    store = Store()
    try:
        preset = args.lists or store.settings().lists
    finally:
        tell_problems(store)
    lists = lists_of(args, preset)
    code = challenge_code(lists, answer_word(lists, args.word))
    files = ""
    if lists.name == CUSTOM:  # the friend needs the same files (and the preset that stood in for one left out)
        given = [(option, path) for option in ("answers", "guesses") if (path := getattr(args, option))]
        if len(given) == 1:
            given.append(("lists", preset))
        files = "".join(f" --{option} {shlex.quote(value)}" for option, value in given)
    out.print(code, highlight=False)
    out.print(
        f"Play it with: wordle-tui play --code {code}{files}", highlight=False, soft_wrap=True
    )  # one line to copy
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    return run_app(args, "play")


def cmd_coach(args: argparse.Namespace) -> int:
    return run_app(args, "coach")


def cmd_watch(args: argparse.Namespace) -> int:
    return run_app(args, "watch")


def register(commands: Commands) -> None:
    lists = word_list_options(default=None)
    play = commands.add_parser("play", parents=[lists], help="play Wordle in the full-screen app (the default)")
    which = play.add_mutually_exclusive_group()
    which.add_argument("--answer", metavar="WORD", help="the answer of the first game: any accepted word")
    which.add_argument(
        "--daily", action="store_true", help="this program's word of the day, the same for everyone (not the NYT's)"
    )
    which.add_argument(
        "--nyt",
        nargs="?",
        const="today",
        metavar="DATE",
        help="the NYT's puzzle of DATE (YYYY-MM-DD or a puzzle number; default: today), if its answer is kept here",
    )
    which.add_argument("--code", metavar="CODE", help="the answer of a challenge code (see `wordle-tui challenge`)")
    play.add_argument("--fetch", action="store_true", help="with --nyt: download the answer from the NYT if need be")
    play.add_argument("--seed", type=int, metavar="N", help="seed for the random answers, to replay a series")
    mode_options(play, default=None)
    play.add_argument(
        "--boards", type=board_count, metavar="N", help="several boards at once: 2 Dordle, 4 Quordle, 8 Octordle"
    )
    play.add_argument(
        "--absurdle", action="store_true", help="against qntm's adversary, which keeps the most answers it can"
    )
    play.set_defaults(run=cmd_play)
    challenge = commands.add_parser(
        "challenge", parents=[lists], help="a code for a friend to play WORD with, without spelling it out"
    )
    challenge.add_argument("word", metavar="WORD", help="the answer to play: any accepted word")
    challenge.set_defaults(run=cmd_challenge)
    coach = commands.add_parser("coach", parents=[lists], help="mirror the NYT puzzle and see the best next guesses")
    coach.add_argument(
        "--nyt", metavar="DATE", help="the NYT puzzle you are playing, for the shared result (default: today's)"
    )
    coach.add_argument(
        "--boards", type=board_count, metavar="N", help="mirror a game of N boards: 2 Dordle, 4 Quordle, 8 Octordle"
    )
    coach.set_defaults(run=cmd_coach)
    watch = commands.add_parser("watch", parents=[lists], help="watch the solver play, one guess a step")
    watch.add_argument(
        "--strategy", choices=sorted(STRATEGY_NAMES), help="how the bot ranks guesses (default: settings)"
    )
    watch.add_argument("--answer", metavar="WORD", help="the answer of the first game: any accepted word")
    watch.add_argument("--seed", type=int, metavar="N", help="seed for the random answers")
    mode_options(watch, default=None)
    watch.add_argument(
        "--boards", type=board_count, metavar="N", help="several boards at once: 2 Dordle, 4 Quordle, 8 Octordle"
    )
    watch.add_argument("--absurdle", action="store_true", help="against qntm's adversary")
    watch.set_defaults(run=cmd_watch)
