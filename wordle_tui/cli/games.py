"""`stats`: the games recorded here, as figures or JSON, exported and imported; `share`: the last game's result."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING

from ..core.rules.boards import board_histories, game_name, guess_limit, share_boards
from ..core.rules.daily import puzzle_title
from ..core.rules.game import MAX_GUESSES, Difficulty
from ..core.rules.share import share_text
from ..core.rules.variant import ABSURDLE, Variant
from ..storage.settings_file import SHARE_PALETTES
from .common import UsageError, console, tell_problems

if TYPE_CHECKING:
    from rich.console import Console

    from ..storage.store import Imported, Store
    from .commands import Commands


def cmd_stats(args: argparse.Namespace) -> int:
    from ..storage.store import Store

    out = console()
    store = Store()
    try:
        if args.action != "import" and store.games.of_a_newer_version():
            return 2  # said in one sentence (below), rather than figures of no game or an export of none
        if args.action == "export":
            count = store.export_games(Path(args.file))
            out.print(
                f"Wrote {count:,} game{'s' if count != 1 else ''} to {args.file}.", highlight=False, soft_wrap=True
            )
        elif args.action == "import":
            out.print(imported_text(store.import_games(Path(args.file)), args.file), highlight=False, soft_wrap=True)
        elif args.json:
            print(json.dumps(store.exported()))
        else:
            show_stats(store, out)
    finally:
        tell_problems(store)
    return 0


def imported_text(taken: Imported, file: str) -> str:
    """What an import took, in sentences."""
    from ..storage.records import NYT_GAME_LISTS

    games = f"{taken.added:,} game{'s' if taken.added != 1 else ''}"
    parts = [f"Added {games} from {file}"]
    if taken.known:
        parts.append(f"{taken.known:,} {'was' if taken.known == 1 else 'were'} recorded already")
    if taken.unreadable:
        entries = f"{taken.unreadable:,} {'entry is' if taken.unreadable == 1 else 'entries are'} not a game"
        parts.append(f"{entries} and {'was' if taken.unreadable == 1 else 'were'} left out ({taken.first_unreadable})")
    text = "; ".join(parts) + "."
    if taken.to_analyse:
        text += f"\n{ANALYSED_LATER.format(count=waiting(taken.to_analyse))}"
    if taken.nyt is not None:
        text += f"\nTook the NYT's statistics, counted with the {NYT_GAME_LISTS} lists: {taken.nyt.summary()}."
    return text


ANALYSED_LATER = "{count} still to be analysed: the app works out skill and luck in the background, on its lists."


def waiting(count: int) -> str:
    """`1 game is`, `5 games are`."""
    return f"{plural(count, 'game')} {'is' if count == 1 else 'are'}"


def plural(count: int, noun: str) -> str:
    return f"{count:,} {noun}{'s' if count != 1 else ''}"


def show_stats(store: Store, out: Console) -> None:
    from ..storage.records import NYT_GAME_LISTS
    from .charts import distribution_chart

    overview = store.overview()
    nyt = store.games.nyt_statistics()
    lists = sorted({*overview.lists, *([NYT_GAME_LISTS] if nyt else [])})
    if not lists and not overview.coached:
        out.print("No game is recorded yet: play one (`wordle-tui`), or import some (`wordle-tui stats import FILE`).")
    for name in lists:
        stats = store.stats(name)
        if stats.played:
            out.print(f"[bold]{name} lists[/]: {stats.summary()}", highlight=False)
            modes = (f"{mode.title} mode {store.stats(name, mode).played:,} played" for mode in Difficulty)
            out.print(f"  {' · '.join(modes)}", highlight=False)
            if stats.imported is not None:
                out.print(f"  with the NYT's own statistics, imported: {stats.imported.summary()}", highlight=False)
            out.print(distribution_chart(dict(enumerate(stats.distribution, start=1)), MAX_GUESSES, width=30))
        else:  # games of several boards or Absurdle only
            out.print(f"[bold]{name} lists[/]: no game of one board", highlight=False)
        for lists_played, boards in overview.boards:
            if lists_played == name:
                line = store.stats(name, variant=Variant(boards)).summary()
                out.print(f"  {game_name(boards)}: {line}", highlight=False)
        if (absurdle := store.stats(name, variant=ABSURDLE)).played:
            out.print(f"  Absurdle: {absurdle.summary()}", highlight=False)
    if overview.coached:
        games = plural(overview.coached, "game")
        out.print(f"[bold]coached[/] (mirrored from the NYT's site): {games}, {overview.coached_solved:,} solved")
    if overview.to_analyse:
        out.print(ANALYSED_LATER.format(count=waiting(overview.to_analyse)), highlight=False)


def cmd_share(args: argparse.Namespace) -> int:
    from ..storage.store import Store

    store = Store()
    try:
        if store.games.of_a_newer_version():
            return 2  # said in one sentence (below), rather than that no game is recorded
        game = store.last_game()
        squares = (args.palette or store.settings().share_palette) == "high-contrast"
    finally:
        tell_problems(store)
    if game is None:
        raise UsageError("No game is recorded yet: finish one in the app first.")
    if game.variant.absurdle:
        from ..core.rules.absurdle import absurdle_share

        print(absurdle_share(list(zip(game.guesses, game.patterns or ())), squares))
        return 0
    if game.variant.several:  # shared as its game of the family shares itself
        answers = tuple(game.answer.split())
        boards = board_histories(answers, game.guesses)
        print(share_boards(boards, guess_limit(len(answers)), squares))
        return 0
    history = game.history
    if history is None:
        raise UsageError("The colours of the last game were not kept (a coached game lost), so it cannot be shared.")
    title = puzzle_title(game.nyt) if game.nyt is not None else "Wordle"
    print(share_text(history, game.won, game.hard_mode, squares, title))
    return 0


def register(commands: Commands) -> None:
    stats = commands.add_parser("stats", help="the games recorded here: statistics, or every game as JSON")
    stats.add_argument("--json", action="store_true", help='print {"games": [...]}: every game recorded')
    actions = stats.add_subparsers(dest="action", metavar="ACTION")
    export = actions.add_parser("export", help="write every game recorded (the JSON of --json) to FILE")
    export.add_argument("file", metavar="FILE")
    taking = actions.add_parser(
        "import",
        help="add the games of FILE not recorded yet (an export), or take the NYT web game's statistics from it",
    )
    taking.add_argument("file", metavar="FILE")
    stats.set_defaults(run=cmd_stats, action=None)
    share = commands.add_parser("share", help="print the last game's result as the NYT shares it")
    share.add_argument("--palette", choices=SHARE_PALETTES, help="the squares (default: the settings')")
    share.set_defaults(run=cmd_share)
