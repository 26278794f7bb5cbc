"""The app's commands: play, coach and watch open the full-screen app in that mode."""

from __future__ import annotations

import argparse

from rich.console import Console

from ..core.strategies import STRATEGIES
from .common import answer_word, lists_of, word_list_options


def run_app(args: argparse.Namespace, mode: str) -> int:
    # Imported here so that the headless commands never pay for loading Textual.
    from ..ui.app import PlayOptions, WatchOptions, WordleApp

    lists = lists_of(args)
    answer = answer_word(lists, args.answer) if getattr(args, "answer", None) else None
    hard = True if getattr(args, "hard", False) else None
    app = WordleApp(
        lists,
        mode=mode,
        play=PlayOptions(answer if mode == "play" else None, getattr(args, "daily", False), hard),
        watch=WatchOptions(answer if mode == "watch" else None, getattr(args, "strategy", None), hard),
        seed=getattr(args, "seed", None),
    )
    app.run()
    return app.return_code or 0


def cmd_play(args: argparse.Namespace, out: Console) -> int:
    return run_app(args, "play")


def cmd_coach(args: argparse.Namespace, out: Console) -> int:
    return run_app(args, "coach")


def cmd_watch(args: argparse.Namespace, out: Console) -> int:
    return run_app(args, "watch")


def register(commands: argparse._SubParsersAction) -> None:
    lists = word_list_options()
    play = commands.add_parser("play", parents=[lists], help="play Wordle in the full-screen app (the default)")
    play.add_argument("--answer", metavar="WORD", help="the answer of the first game")
    play.add_argument("--seed", type=int, metavar="N", help="seed for the random answers, to replay a series")
    play.add_argument("--daily", action="store_true", help="today's answer: the same for everyone on a local date")
    play.add_argument("--hard", action="store_true", help="NYT hard mode: revealed letters must be reused")
    play.set_defaults(run=cmd_play)
    coach = commands.add_parser("coach", parents=[lists], help="mirror the NYT puzzle and see the best next guesses")
    coach.set_defaults(run=cmd_coach)
    watch = commands.add_parser("watch", parents=[lists], help="watch the solver play, one guess a step")
    watch.add_argument("--strategy", choices=sorted(STRATEGIES), help="how the bot ranks guesses (default: settings)")
    watch.add_argument("--answer", metavar="WORD", help="the answer of the first game")
    watch.add_argument("--seed", type=int, metavar="N", help="seed for the random answers")
    watch.add_argument("--hard", action="store_true", help="NYT hard mode")
    watch.set_defaults(run=cmd_watch)
