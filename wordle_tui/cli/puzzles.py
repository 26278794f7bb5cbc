"""`lists`: the word-list presets; `nyt`: the NYT's puzzle of a day, its number and (when asked) its answer."""

from __future__ import annotations

import argparse
import json

from rich.console import Console
from rich.table import Table

from ..core.rules.daily import puzzle_title
from ..core.rules.words import DEFAULT_PRESET, PRESETS, load_preset
from ..storage.nyt import puzzle_of
from ..storage.store import Store
from .common import day_of, lists_of, word_list_options
from .games import tell_problems


def cmd_lists(args: argparse.Namespace, out: Console) -> int:
    sizes = {name: load_preset(name) for name in PRESETS}
    if args.json:
        rows = [
            {
                "name": name,
                "answers": len(sizes[name].answers),
                "guesses": len(sizes[name].guesses),
                "date": preset.date,
                "source": preset.source,
                "default": name == DEFAULT_PRESET,
            }
            for name, preset in PRESETS.items()
        ]
        print(json.dumps(rows))
        return 0
    table = Table(title="Word lists (--lists NAME)", title_justify="left")
    for heading in ("name", "answers", "guesses", "date", "source"):
        table.add_column(heading, justify="right" if heading in ("answers", "guesses") else "left")
    for name, preset in PRESETS.items():
        lists = sizes[name]
        label = f"{name} (default)" if name == DEFAULT_PRESET else name
        table.add_row(label, f"{len(lists.answers):,}", f"{len(lists.guesses):,}", preset.date, preset.source)
    out.print(table)
    return 0


def cmd_nyt(args: argparse.Namespace, out: Console) -> int:
    store = Store()
    day = day_of(args.date)
    lists = lists_of(args)
    try:
        puzzle = puzzle_of(day, store, lists, fetch=args.fetch)
    finally:
        tell_problems(store)  # what could not be read is said whether the fetch worked or not
    if args.json:
        print(json.dumps(puzzle.as_dict(args.reveal)))
        return 0
    out.print(f"[bold]{puzzle_title(puzzle.number)}[/] · {day.strftime('%A')} {day.isoformat()}", highlight=False)
    if puzzle.answer is None:
        out.print("Its answer is not kept here: --fetch downloads it from the NYT.")
    elif not args.reveal:
        out.print("Its answer is kept here: --reveal shows it.")
    else:
        out.print(f"The answer: [bold]{puzzle.answer.upper()}[/]", highlight=False)
        if puzzle.answer not in lists.guess_index:
            out.print(f"It is not an accepted word of the {lists.name} lists, so it cannot be played with them.")
        elif puzzle.answer not in lists.answer_index:
            out.print(f"It is not on the answer list of the {lists.name} lists: an unlikely answer to the coach.")
    return 0


def register(commands: argparse._SubParsersAction) -> None:
    lists = commands.add_parser("lists", help="the word lists --lists can name, with their sizes and sources")
    lists.add_argument("--json", action="store_true", help="print one JSON list")
    lists.set_defaults(run=cmd_lists)
    nyt = commands.add_parser(
        "nyt", parents=[word_list_options()], help="the NYT puzzle of a day: its number, and its answer if asked"
    )
    nyt.add_argument(
        "date", nargs="?", default="today", metavar="DATE", help="YYYY-MM-DD or a puzzle number (default: today)"
    )
    nyt.add_argument(
        "--fetch", action="store_true", help="download the answer from the NYT and keep it (for offline use)"
    )
    nyt.add_argument("--reveal", action="store_true", help="print the answer, if it is kept here")
    nyt.add_argument("--json", action="store_true", help='print {"date", "number", "answer", "known"}')
    nyt.set_defaults(run=cmd_nyt)
