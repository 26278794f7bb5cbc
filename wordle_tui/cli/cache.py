"""`cache`: what the cache folder holds for each word list (pattern tables, the opening's figures, trees,
opener values, curves), and clearing it, all of it or one list's. Everything there is computed again when
needed: clearing costs time, never a result."""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ..core.files import clear_entry
from ..core.rules.words import PRESETS, load_preset
from .common import UsageError

if TYPE_CHECKING:
    from .commands import Commands

OTHER = "other lists"  # files of lists of the user's own, or of presets as they were before an update
SEARCH = "the exact search"  # numba's compile of it, where it was not built at install


@dataclass
class Held:
    """The cache's files of one word list (or of the search)."""

    name: str
    files: list[Path] = field(default_factory=list)

    @property
    def size(self) -> int:
        return sum(_size(path) for path in self.files)


def size_of(count: int) -> str:
    """`44.7 MB`, `12 KB`: a cache's size as a person reads it."""
    if count >= 1 << 20:
        return f"{count / (1 << 20):.1f} MB"
    return f"{max(1, round(count / 1024))} KB" if count else "0 KB"


def _size(path: Path) -> int:
    if path.is_dir() and not path.is_symlink():
        return sum(item.lstat().st_size for item in path.rglob("*"))
    try:
        return path.lstat().st_size
    except OSError:
        return 0


def held(folder: Path) -> list[Held]:
    """The cache's entries, by the lists they were computed from (files name their lists' digests)."""
    digests: dict[str, str] = {}
    for name in PRESETS:
        lists = load_preset(name)
        digests[lists.digest] = digests[lists.possible_digest] = name
    groups = {name: Held(name) for name in (*PRESETS, OTHER, SEARCH)}
    entries = sorted(folder.iterdir()) if folder.is_dir() else []
    for path in entries:
        if path.suffix == ".lock":  # empty, and held while a table or the search is built: left alone
            continue
        if path.name == "compiled" or path.name.startswith("compiled.bad"):
            groups[SEARCH].files.append(path)
            continue
        owner = next((name for digest, name in digests.items() if digest in path.name), OTHER)
        groups[owner].files.append(path)
    return [group for group in groups.values() if group.files]


def cmd_cache(args: argparse.Namespace) -> int:
    from ..core.position.table import cache_dir

    folder = cache_dir()
    groups = held(folder)
    if args.clear is not None:
        named = set(args.clear) or {group.name for group in groups}
        if unknown := sorted(named - {*PRESETS, OTHER, SEARCH}):
            raise UsageError(f"{', '.join(unknown)}: not a preset (`wordle-tui lists` names them), nor {OTHER!r}")
        cleared = [group for group in groups if group.name in named]
        size = sum(group.size for group in cleared)
        for group in cleared:
            for path in group.files:
                clear_entry(path)
        files = sum(len(group.files) for group in cleared)
        if args.json:
            print(json.dumps({"folder": str(folder), "cleared": [g.name for g in cleared], "bytes": size}))
        else:
            what = ", ".join(group.name for group in cleared) or "nothing was there"
            print(f"Cleared {files} entries, {size_of(size)}, from {folder} ({what}): computed again when needed.")
        return 0
    if args.json:
        rows = [{"lists": g.name, "files": [p.name for p in g.files], "bytes": g.size} for g in groups]
        print(json.dumps({"folder": str(folder), "lists": rows}))
        return 0
    from rich.table import Table

    from .common import console

    if not groups:
        print(f"The cache folder {folder} holds nothing yet.")
        return 0
    table = Table(title=f"The cache: {folder}", title_justify="left")
    for heading in ("lists", "entries", "size"):
        table.add_column(heading, justify="left" if heading == "lists" else "right")
    for group in groups:
        table.add_row(group.name, str(len(group.files)), size_of(group.size))
    table.add_row("all", str(sum(len(g.files) for g in groups)), size_of(sum(g.size for g in groups)), style="bold")
    out = console()
    out.print(table)
    out.print("`wordle-tui cache --clear [NAME ...]` clears it all, or those lists': it is computed again as needed.")
    return 0


def register(commands: Commands) -> None:
    cache = commands.add_parser("cache", help="what the cache holds for each word list, and clearing it")
    cache.add_argument(
        "--clear",
        nargs="*",
        metavar="NAME",
        help=f"clear the cache: every entry, or those of the lists named (a preset, {OTHER!r} or {SEARCH!r})",
    )
    cache.add_argument("--json", action="store_true", help="print one JSON object")
    cache.set_defaults(run=cmd_cache)
