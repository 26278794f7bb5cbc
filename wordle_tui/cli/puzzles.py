"""`lists`: the word-list presets; `nyt`: the NYT's puzzle of a day, its number and (when asked) its answer;
`absurdle`: the fewest guesses that always beat Absurdle."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING

from ..core.rules.daily import puzzle_title
from ..core.rules.feedback import emoji_row
from ..core.rules.words import DEFAULT_PRESET, PRESETS, capitals, load_preset
from .common import console, day_of, lists_of, positive, tell_problems, word_list_options

if TYPE_CHECKING:
    from rich.progress import TaskID

    from .commands import Commands


def cmd_lists(args: argparse.Namespace) -> int:
    sizes = {name: load_preset(name) for name in PRESETS}
    if args.json:
        rows = [
            {
                "name": name,
                "length": sizes[name].length,
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
    from rich.table import Table

    out = console()
    table = Table(title="Word lists (--lists NAME)", title_justify="left")
    for heading in ("name", "answers", "guesses", "date", "source"):
        table.add_column(heading, justify="right" if heading in ("answers", "guesses") else "left")
    for name, preset in PRESETS.items():
        lists = sizes[name]
        label = f"{name} (default)" if name == DEFAULT_PRESET else name
        table.add_row(label, f"{len(lists.answers):,}", f"{len(lists.guesses):,}", preset.date, preset.source)
    out.print(table)
    return 0


def cmd_nyt(args: argparse.Namespace) -> int:
    from ..storage.nyt import puzzle_of
    from ..storage.store import Store

    out = console()
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
        out.print(f"The answer: [bold]{capitals(puzzle.answer)}[/]", highlight=False)
        if puzzle.answer not in lists.guess_index:
            out.print(f"It is not an accepted word of the {lists.name} lists, so it cannot be played with them.")
        elif puzzle.answer not in lists.answer_index:
            out.print(f"It is not on the answer list of the {lists.name} lists: an unlikely answer to the coach.")
    return 0


def cmd_absurdle(args: argparse.Namespace) -> int:
    from ..core.exact.absurdle import fewest_guesses  # loads the compiled search: only here
    from ..core.position.model import uniform_model
    from .searches import progress_bar

    out = console()
    lists = lists_of(args)
    model = uniform_model(lists)
    err = console(stderr=True)
    err.print(
        f"wordle-tui: searching the fewest guesses that always beat Absurdle on {len(lists.answers):,} answers and "
        f"{len(lists.guesses):,} guesses, shortest lines first (seconds on the original lists).",
        highlight=False,
    )
    with progress_bar("{task.description}") as bar:
        tasks: dict[int, TaskID] = {}

        def shown(guesses: int, done: int, total: int) -> None:
            if guesses not in tasks:
                what = f"first guesses of lines of {guesses} (until one wins)"
                tasks[guesses] = bar.add_task(what, total=total, steady=False)  # it may end at any of them
            bar.update(tasks[guesses], completed=done, total=total)

        line = fewest_guesses(model, args.most, shown)
    if line is None:
        out.print(f"No line of {args.most} guesses or fewer always beats Absurdle on these lists.", highlight=False)
        return 1
    count = len(line.guesses)
    fewer = f"; {count - 1} never do" if count > 1 else ""
    out.print(
        f"{count} guess{'es' if count > 1 else ''} always beat{'s' if count == 1 else ''} Absurdle on the "
        f"{lists.name} lists{fewer}. A line that wins:",
        highlight=False,
        soft_wrap=True,
    )
    for number, (word, response, left) in enumerate(zip(line.guesses, line.responses, line.left, strict=True), 1):
        after = f"{left:,} answer{'s' if left != 1 else ''} left" if left else "won"
        out.print(f"{number}  {capitals(word)}  {emoji_row(response, lists.length)}  {after}", highlight=False)
    return 0


def register(commands: Commands) -> None:
    absurdle = commands.add_parser(
        "absurdle", parents=[word_list_options()], help="the fewest guesses that always beat Absurdle, and a line"
    )
    absurdle.add_argument(
        "--most", type=positive, default=8, metavar="N", help="give up past lines of N guesses (default: 8)"
    )
    absurdle.set_defaults(run=cmd_absurdle)
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
