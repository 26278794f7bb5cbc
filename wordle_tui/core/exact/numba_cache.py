"""Numba's cache of the compiled search, as files: whether what it holds can be loaded.

Numba keeps each compiled function in a folder of its own under the cache folder: an index
(`*.nbi`, the numba version that wrote it, then the signatures it holds, two pickles) and a data
file for each signature (`*.nbc`, one pickle). Numba unpickles them as the search first calls each
function, and a damaged one (random bytes, a truncated file) fails every search with its own
error (`UnpicklingError: invalid load key`, `EOFError`), run after run; a file in the place of a
folder fails the compile (`FileExistsError`), or sends numba's cache elsewhere. Each file is
checked here as a whole pickle, by walking its opcodes (pickletools) without building anything,
so that checking loads no compiler: about 60 ms for the whole cache (7.7 MB), and only the files
changed since the cache was last found whole are checked at all.
"""

from __future__ import annotations

import io
import pickletools
import stat
from pathlib import Path
from typing import NamedTuple

from ..files import NotAFile, read_limited, what_is

INDEX, DATA = ".nbi", ".nbc"
LARGEST = 64 << 20  # bytes: numba's largest file of the search takes under 1 MB
OURS = ("ready-",)  # what the search keeps in the folder beside numba's folders (see search._ready_mark)


class Check(NamedTuple):
    """What is damaged, in a few words (None: nothing), and how many files were checked."""

    damage: str | None
    checked: int


def check(folder: Path, since_ns: int = 0) -> Check:
    """Whether numba's cache `folder` can be loaded: it is a folder (or nothing), each entry beside
    the search's own marks is a folder, and each file numba keeps in those, changed after `since_ns`
    (nanoseconds since 1970), is whole. The damage is said of the folder's contents (`it` the folder)."""
    try:
        mode = folder.stat().st_mode
    except FileNotFoundError:
        return Check(None, 0)
    except OSError as error:
        return Check(f"it cannot be read ({error.strerror or error})", 0)
    if not stat.S_ISDIR(mode):
        return Check(f"it is {_kind(mode)}, not a folder", 0)
    checked = 0
    try:
        for entry in sorted(folder.iterdir()):
            if not (entry.name.startswith(OURS) or entry.is_dir()):
                return Check(f"{entry.name} is {_kind(entry.lstat().st_mode)} where numba keeps a folder", 0)
        for path in sorted(folder.rglob("*")):
            if path.suffix not in (INDEX, DATA) or path.parent == folder:
                continue  # numba's temporary files, written then renamed, and the search's marks
            try:
                changed = path.stat().st_mtime_ns > since_ns
            except FileNotFoundError:  # replaced meanwhile by another process's compile
                continue
            if changed:
                checked += 1
                if (damage := _unreadable(path)) is not None:
                    return Check(f"{path.name} {damage}", checked)
    except OSError as error:
        return Check(f"it cannot be read ({error.strerror or error})", checked)
    return Check(None, checked)


def _unreadable(path: Path) -> str | None:
    """Why numba could not load the file at `path`, if it could not: it is no file, or no whole pickle."""
    try:
        data = read_limited(path, LARGEST)
    except FileNotFoundError:
        return None  # replaced meanwhile: numba reads it no more
    except NotAFile as error:
        return str(error).removeprefix("it ")
    except OSError as error:
        return f"cannot be read ({error.strerror or error})"
    stream = io.BytesIO(data)
    try:
        for _ in range(2 if path.suffix == INDEX else 1):  # an index: numba's version, then its entries
            for _ in pickletools.genops(stream):
                pass
    except ValueError:
        return "is cut short or damaged" if data else "is empty"
    return None if stream.tell() == len(data) else "holds more than numba wrote"


def _kind(mode: int) -> str:
    return "a file" if stat.S_ISREG(mode) else what_is(mode)
