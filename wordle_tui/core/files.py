"""Writing files so that a reader never sees half of one (a temporary file beside it, then a rename),
reading only what is a file (not a device, a pipe or a folder in its place), and locks that several
processes take on the same file.

A lock is an advisory `flock` on a file of its own, so it ends with the process that holds it, even
one killed outright. Where the system has no `flock` (Windows), taking a lock always succeeds.
"""

from __future__ import annotations

import os
import shutil
import stat
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import IO, Any

try:
    import fcntl
except ImportError:  # Windows: no advisory locks, and one window at a time
    fcntl = None  # type: ignore[assignment]


class NotAFile(OSError):
    """What is at a path is no regular file (a folder, a device, a pipe, a socket), so it is not read."""


def what_is(mode: int) -> str:
    """`a folder`, `a device`, `a named pipe`, ... for a file mode that is not a regular file's."""
    kinds = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe"), (stat.S_ISSOCK, "a socket"))
    return next((name for test, name in kinds if test(mode)), "a device")


def check_regular(path: Path) -> None:
    """NotAFile, saying what is there instead, unless `path` (followed if a link) is a regular file or nothing.

    Reading a device or a pipe could take for ever, or wait for a writer that never comes.
    """
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return
    if not stat.S_ISREG(mode):
        raise NotAFile(f"it is {what_is(mode)}, not a file")


def read_limited(path: Path, limit: int) -> bytes:
    """The bytes of the regular file at `path`, if it holds at most `limit` of them.

    FileNotFoundError if there is none; NotAFile for anything else at the path, or a file too large.
    It is opened without waiting (a pipe's writer), a file larger than `limit` is refused before any of
    it is read, and none is read further than `limit` + 1 bytes, so that neither a device nor a file
    that grows while it is read can hold the reader up.
    """
    handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        found = os.fstat(handle)
        if not stat.S_ISREG(found.st_mode):
            raise NotAFile(f"it is {what_is(found.st_mode)}, not a file")
        if found.st_size > limit:
            raise NotAFile(f"it is larger than {size_of(limit)}")
        source = os.fdopen(handle, "rb")
    except BaseException:
        os.close(handle)
        raise
    with source:
        data = source.read(limit + 1)
    if len(data) > limit:
        raise NotAFile(f"it is larger than {size_of(limit)}")
    return data


def read_utf8(path: Path, limit: int) -> str:
    """The text of the regular file at `path` (see read_limited), UTF-8 with or without the byte-order mark
    that Notepad and other editors write first; UnicodeDecodeError if it is not UTF-8."""
    return read_limited(path, limit).decode("utf-8-sig")


def free_name(path: Path, suffix: str) -> Path:
    """`path` + `suffix`, or + `suffix`.1, .2, ... : never the name of something kept before."""
    name = path.with_name(path.name + suffix)
    number = 0
    while name.exists() or name.is_symlink():
        number += 1
        name = path.with_name(f"{path.name}{suffix}.{number}")
    return name


def size_of(count: int) -> str:
    """`16 MB`, `64 KB`, `900 bytes`."""
    for unit, size in (("MB", 1 << 20), ("KB", 1 << 10)):
        if count >= size:
            return f"{count / size:g} {unit}"
    return f"{count} bytes"


def write_atomically(
    path: Path, write: Callable[[IO[Any]], object], binary: bool = False, durable: bool = False
) -> None:
    """Call `write` on a temporary file in `path`'s folder, then move it over `path`; OSError if that fails.

    `durable` writes reach the disk before this returns (the file, then the folder's entry for it),
    for what the user cannot get back; a cache can be computed again and skips that cost.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") if binary else os.fdopen(handle, "w", encoding="utf-8") as out:
            write(out)
            if durable:
                out.flush()
                os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    if durable:
        sync_folder(path.parent)


def write_text_atomically(path: Path, text: str, durable: bool = False) -> None:
    write_atomically(path, lambda out: out.write(text), durable=durable)


def keep_in_cache(path: Path, write: Callable[[IO[Any]], object], binary: bool = False) -> bool:
    """Write a cache entry (see write_atomically); False if the cache cannot be written, which costs only time.

    Whatever damage took the entry's place (a folder, say) is cleared first, so that the entry is rebuilt.
    """
    clear_entry(path)
    try:
        write_atomically(path, write, binary)
    except OSError:
        return False
    return True


def keep_text_in_cache(path: Path, text: str) -> bool:
    return keep_in_cache(path, lambda out: out.write(text))


def clear_entry(path: Path) -> None:
    """Remove a cache entry that cannot be read, whatever it has become, so that it is computed again."""
    with suppress(OSError):
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path)
        else:
            path.unlink(missing_ok=True)


def sync_folder(folder: Path) -> None:
    """Flush a folder's entries (a rename into it) to the disk, where the system allows it."""
    with suppress(OSError):  # not every system opens a folder for reading
        handle = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(handle)
        finally:
            os.close(handle)


@contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold the lock on `path` (created if need be) for the block, waiting for another process to let it go."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        if fcntl is not None:
            fcntl.flock(handle, fcntl.LOCK_EX)
        yield
    finally:
        os.close(handle)  # closing lets the lock go


def try_lock(path: Path) -> int | None:
    """Take the lock on `path` if no other process holds it: the open handle that holds it, else None.

    Closing the handle lets the lock go; so does the end of the process. OSError if the file cannot be made.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    handle = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    if fcntl is None:
        return handle
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(handle)
        return None
    return handle


_listeners: list[Callable[[str], None]] = []
_said: set[str] = set()  # each sentence is said once a process, however many workers found the same


@contextmanager
def cache_news_to(listener: Callable[[str], None]) -> Iterator[None]:
    """For the block, what the cache does that a user should know of is told to `listener`, in one sentence:
    an entry found damaged and rebuilt, a large one built. The command line prints it, the app shows it;
    the newest listener alone is told."""
    _listeners.append(listener)
    try:
        yield
    finally:
        _listeners.remove(listener)


def tell_cache_news(sentence: str) -> None:
    """Say what the cache does (in a worker process no one listens: its pool hands the sentence back)."""
    if _listeners and sentence not in _said:
        _said.add(sentence)
        _listeners[-1](sentence)
