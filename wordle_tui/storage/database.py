"""The games on disk: one SQLite database in the user's data folder, safe with several windows open.

Every change is one transaction, synced to the disk before it returns (WAL, synchronous=FULL): a
game is kept the moment it is recorded, and two processes recording at once wait for each other
rather than overwrite each other. Besides the finished games it holds the games in progress (each
claimed by the window that shows it, so that two windows never play the same one), the NYT's
answers fetched, and the NYT web game's statistics once imported. Each finished game also keeps
what the counting needs in columns of its own (when it finished, in one order whatever the time
zone; its day; its guesses), indexed, so that SQLite counts years of games in a moment (see
counting.py).

On first use the JSON files earlier versions kept (stats.json, game.json, coach.json,
nyt-answers.json) are taken in, and kept beside it as `*.backup`. A file that is no database, or a
damaged one, or a folder, a device or a pipe in its place, is set aside (`games.sqlite3.bad`, ...)
and a fresh one started; the user is told. A database that can be read but not written (a
read-only folder or disk) is opened read-only: its games are shown, and the user told that none can
be added.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import tempfile
import threading
import weakref
from collections.abc import Callable, Iterable, Iterator
from contextlib import closing, contextmanager, suppress
from dataclasses import replace
from pathlib import Path
from typing import Any, TypeVar

from ..core.files import NotAFile, check_regular, free_name, locked, try_lock
from .kinds import Kind
from .records import GameRecord, NytStatistics
from .schema import (
    COLUMNS,
    GAMES,
    INDEXES,
    READABLE,
    SCHEMA_VERSION,
    TABLES,
    Source,
    insert,
    record_of,
    row_of,
    statements,
    upgrade,
)

T = TypeVar("T")
NAME = "games.sqlite3"
BUSY_SECONDS = 30.0  # how long a write waits for another process's transaction to end
FULL_BYTES = 64 << 10  # free space below which a write that fails is put down to a full disk
PATIENT_SECONDS = 1.0  # the same for a write that is tried again until it succeeds (see GameDatabase.patient)

NYT_STATISTICS = "nyt_statistics"  # the fact holding the NYT's imported statistics

ReadJson = Callable[[Path, str, type], Any]  # (path, what it holds, its shape) -> its contents, or None
Tell = Callable[[str], None]


class Damaged(Exception):
    """The file is no database of ours, or a damaged one."""


class Busy(Exception):
    """Another program holds the database's lock: a patient write is to be tried again later."""


class Newer(Exception):
    """The file was written by a newer version of wordle-tui, in a format this one cannot read."""


def parse_json(text: str) -> Any:
    """JSON of any shape a file or a column may hold; ValueError for anything unreadable, however deep."""
    try:
        return json.loads(text)
    except RecursionError:
        raise ValueError("it is nested too deeply to read") from None


class GameDatabase:
    """The database file in `folder`; problems are told to `tell` in one sentence, never raised."""

    def __init__(self, folder: Path, tell: Tell, read_json: ReadJson):
        self.folder = folder
        self.path = folder / NAME
        self._told: set[str] = set()
        self._say = tell
        self._read_json = read_json
        self._claims: dict[str, int] = {}  # the games in progress this process holds, with their lock handles
        self._checked = False  # the file was checked for damage once by this process
        self._told_unreadable = False  # rows that cannot be read were told of, once a process
        self.read_only: str | None = None  # why the file can only be read, once that is found
        self._told_read_only = False  # that was said, once (every write fails so until it can be written again)
        self.newer: str | None = None  # what is said of a file a newer version wrote, once one is found
        self._copy: Path | None = None  # a copy read instead, where the file cannot be read in place
        self._patient = threading.local()  # see `patient`

    def _tell(self, problem: str) -> None:
        """Say a problem, once a process: a write that fails keeps failing the same way (say, every guess
        saved to a read-only disk), and once is enough to know."""
        if problem not in self._told:
            self._told.add(problem)
            self._say(problem)

    # -- transactions ---------------------------------------------------------------------------

    @contextmanager
    def patient(self) -> Iterator[None]:
        """Writes in this block, on this thread, raise Busy rather than give up while another program
        holds the lock: their caller tries them again until it lets go (see writer.py)."""
        self._patient.on = True
        try:
            yield
        finally:
            self._patient.on = False

    def read(
        self, what: str, work: Callable[[sqlite3.Connection, Source], T], default: T, extra: Iterable[GameRecord] = ()
    ) -> T:
        """`work(connection, source)` in one reading transaction, `source` being the games recorded and the
        `extra` ones (finished, not recorded yet) as one table; `default` if the file cannot be read."""
        extra = list(extra)

        def counted(db: sqlite3.Connection) -> T:
            if not extra:
                return work(db, READABLE)
            # A table of this connection's own: filling it needs no lock on the file.
            db.execute("CREATE TEMP TABLE IF NOT EXISTS unrecorded AS SELECT rowid AS seq, * FROM main.games LIMIT 0")
            db.execute("DELETE FROM temp.unrecorded")
            rows = [((1 << 62) + n, *row_of(game)) for n, game in enumerate(extra)]  # after every recorded game
            db.executemany(f"INSERT INTO temp.unrecorded VALUES ({', '.join('?' * (len(rows[0])))})", rows)
            source = (
                f"(SELECT * FROM {READABLE} UNION ALL "
                "SELECT * FROM temp.unrecorded WHERE id NOT IN (SELECT id FROM main.games))"
            )
            return work(db, source)

        return self._run(what, counted, default)

    def of_a_newer_version(self) -> bool:
        """Whether the file was written by a newer version of wordle-tui, which this one cannot read (said once)."""
        self._run("read your games", lambda db: None, None)
        return self.newer is not None

    def _run(self, what: str, work: Callable[[sqlite3.Connection], T], default: T, write: bool = False) -> T:
        """`work` in one transaction (a writing one if `write`); a failure is told ("Could not WHAT ...")
        and gives `default`. A damaged file is set aside and `work` done again on a fresh one."""
        patient = write and getattr(self._patient, "on", False)
        for attempt in range(2):
            try:
                with closing(self._open(PATIENT_SECONDS if patient else BUSY_SECONDS, write)) as db:
                    if self.read_only is not None:
                        if not self._told_read_only:  # one sentence, whatever was tried first, however often
                            self._told_read_only = True
                            self._tell(f"Could not {what} in {self.path} ({self.read_only})." if write else
                                       f"{self.path} cannot be written ({self.read_only}): your games are shown, "
                                       "but none can be added.")  # fmt: skip
                        if write:
                            return default
                    db.execute("BEGIN IMMEDIATE" if write else "BEGIN")
                    try:
                        result = work(db)
                        db.execute("COMMIT")
                        return result
                    finally:
                        if db.in_transaction:
                            db.rollback()
            except Damaged as damage:
                if attempt:
                    break
                self._set_aside(str(damage))
            except Newer:
                self.newer = (
                    f"{self.path} was written by a newer version of wordle-tui, which this one cannot read: your games "
                    "there are left as they are, and none can be shown or added here."
                )
                self._tell(self.newer)
                return default
            except sqlite3.DatabaseError as error:
                if patient and _is_busy(error):
                    raise Busy(self._reason(error)) from None
                if attempt or not _is_damage(error):
                    self._tell(f"Could not {what} in {self.path} ({self._reason(error)}).")
                    return default
                self._set_aside(str(error))
            except OSError as error:
                self._tell(f"Could not {what} in {self.path} ({error.strerror or error}).")
                return default
        self._tell(f"Could not {what}: {self.path} could not be started afresh.")
        return default

    def _open(self, busy_seconds: float = BUSY_SECONDS, write: bool = False) -> sqlite3.Connection:
        """A connection to a database with our tables (made, and the old JSON files taken in, if it is new).

        The first time in a process the file is checked, and made if need be, under a lock of its own:
        SQLite answers "locked" rather than waiting while another process turns a new file to WAL. A file
        found to be read-only is read so from then on (see _open_read_only), but tried again for each write:
        a disk that was full may have room again.
        """
        if not self._checked:
            try:
                check_regular(self.path)
            except NotAFile as not_a_file:
                raise Damaged(str(not_a_file)) from None
        if self.read_only is not None and not write:
            return self._open_read_only(busy_seconds)
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            db = sqlite3.connect(self.path, timeout=busy_seconds, isolation_level=None)
        except (OSError, sqlite3.OperationalError):
            if not self.path.is_file():
                raise
            return self._open_read_only(busy_seconds)
        try:
            db.execute("PRAGMA synchronous=FULL")
            version = db.execute("PRAGMA user_version").fetchone()[0] if self._checked else 0
            if version < SCHEMA_VERSION:  # not checked yet, made afresh (by another process) since, or older
                with locked(self.folder / ".games.lock"):
                    if not self._checked and db.execute("PRAGMA quick_check").fetchone()[0] != "ok":
                        raise Damaged("its contents are damaged")
                    version = db.execute("PRAGMA user_version").fetchone()[0]
                    if version == 0:
                        self._create(db)
                        version = SCHEMA_VERSION
                    elif version < SCHEMA_VERSION:
                        self._left_out(upgrade(db))
                        version = SCHEMA_VERSION
                self._checked = True
            if version > SCHEMA_VERSION:
                raise Newer
        except (sqlite3.OperationalError, OSError) as error:  # OSError: no lock file can be made beside it
            db.close()
            if _cannot_write(error) and self.path.is_file():
                return self._open_read_only(busy_seconds)
            raise
        except BaseException:
            db.close()
            raise
        self.read_only = self._copy = None  # written again: whatever kept it from being so has passed
        self._told_read_only = False
        return db

    def _left_out(self, count: int) -> None:
        if count:
            games, are = (f"{count} game", "is") if count == 1 else (f"{count} games", "are")
            self._tell(f"{games} in {self.path} could not be read and {are} left out.")

    def _open_read_only(self, busy_seconds: float) -> sqlite3.Connection:
        """The file opened for reading only, as it is, once it has shown it cannot be written (see _run).

        Where SQLite cannot read it in place (its journal could only be read by making a file beside it,
        or it is of an earlier version, to be brought up to date), a copy of it in a folder of this
        process's own is read instead.
        """
        if self.read_only is None:
            self.read_only = "the disk is full" if self._disk_full() else "its folder or disk is read-only"
        if self._copy is None:
            uri = f"{self.path.absolute().as_uri()}?mode=ro"
            db = sqlite3.connect(uri, timeout=busy_seconds, isolation_level=None, uri=True)
            try:
                if db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION:
                    return db
            except sqlite3.OperationalError:
                pass
            db.close()
            self._copy = self._copied()
        return sqlite3.connect(self._copy, timeout=busy_seconds, isolation_level=None)

    def _copied(self) -> Path:
        """A copy of the file and its journal, brought up to date, in a folder removed as the process ends."""
        folder = Path(tempfile.mkdtemp(prefix="wordle-tui-games-"))
        weakref.finalize(self, shutil.rmtree, folder, True)
        copy = folder / NAME
        for suffix in ("", "-wal"):
            if (source := self.path.with_name(self.path.name + suffix)).is_file():
                shutil.copyfile(source, copy.with_name(copy.name + suffix))
        with closing(sqlite3.connect(copy, isolation_level=None)) as db:
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise Newer
            if version < SCHEMA_VERSION:
                self._left_out(upgrade(db))
        return copy

    def _disk_full(self) -> bool:
        try:
            return shutil.disk_usage(self.folder).free < FULL_BYTES
        except OSError:
            return False

    def _reason(self, error: sqlite3.DatabaseError) -> str:
        """SQLite's words for what went wrong, put as a player would."""
        if _is_busy(error):
            return "another program is using it"
        if _cannot_write(error) and self._disk_full():
            return "the disk is full"
        if "unable to open" in str(error).lower():
            return "it cannot be opened"
        if _cannot_write(error):
            return "it cannot be written"
        return str(error)

    def _create(self, db: sqlite3.Connection) -> None:
        """Make the tables and take in the JSON files of earlier versions (under the lock of _open)."""
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("BEGIN IMMEDIATE")
        try:
            for statement in statements(GAMES, TABLES, INDEXES):
                db.execute(statement)
            migrated = self._take_in_json(db)
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            db.execute("COMMIT")
        finally:
            if db.in_transaction:
                db.rollback()
        for path in migrated:
            with suppress(OSError):  # left in place, it is only never read again
                os.replace(path, free_name(path, ".backup"))

    def _set_aside(self, reason: str) -> None:
        aside = free_name(self.path, ".bad")
        try:
            for suffix in ("", "-wal", "-shm"):
                source = self.path.with_name(self.path.name + suffix)
                if source.exists() or source.is_symlink():
                    os.replace(source, aside.with_name(aside.name + suffix))
            where = f"it was moved to {aside} and a fresh one started"
        except OSError:
            where = "it was left in place"
        self._checked = False
        self._tell(f"Could not read your games ({reason}); {where}.")

    # -- the JSON files of earlier versions -----------------------------------------------------

    def _take_in_json(self, db: sqlite3.Connection) -> list[Path]:
        """Copy the JSON files of earlier versions in; the files read, to keep as backups."""
        taken = []
        stats = self.folder / "stats.json"
        if (data := self._read_json(stats, "statistics", dict)) is not None:
            games, bad = [], 0
            for item in data.get("games", []) if isinstance(data.get("games"), list) else []:
                try:
                    games.append(GameRecord.from_json(item))
                except (KeyError, TypeError, ValueError):
                    bad += 1
            insert(db, games)
            if bad:
                count, were = (f"{bad} game", "was") if bad == 1 else (f"{bad} games", "were")
                self._tell(f"{count} of {stats} could not be read and {were} left out; the file is kept as a backup.")
            taken.append(stats)
        for name, kind in (("game.json", Kind.PLAYED), ("coach.json", Kind.COACHED)):
            if (state := self._read_json(self.folder / name, f"saved {kind.kept_as} state", dict)) and "id" in state:
                db.execute(
                    "INSERT OR REPLACE INTO in_progress (id, kind, state) VALUES (?, ?, ?)",
                    (str(state["id"]), kind.kept_as, json.dumps(state)),
                )
                taken.append(self.folder / name)
        answers = self.folder / "nyt-answers.json"
        if (kept := self._read_json(answers, "NYT answers", dict)) is not None:
            for day, entry in kept.items():
                with suppress(KeyError, TypeError, ValueError):
                    _keep_answer(db, day, int(entry["number"]), str(entry["solution"]), entry.get("editor"))
            taken.append(answers)
        return taken

    # -- finished games -------------------------------------------------------------------------

    def records(
        self, extra: Iterable[GameRecord] = (), where: str = "", values: tuple = (), newest: int | None = None
    ) -> list[GameRecord]:
        """The finished games (and the `extra` ones, not recorded yet) that the SQL condition `where` (with
        `values`) chooses, in the order they finished, oldest first; only the `newest` so many if told. A row
        that cannot be read is left out, and told once."""
        order = "moment, seq" if newest is None else f"moment DESC, seq DESC LIMIT {int(newest)}"
        query = f"SELECT {COLUMNS} FROM {{source}} {where and 'WHERE ' + where} ORDER BY {order}"

        def read(db: sqlite3.Connection, source: Source) -> list[GameRecord]:
            records = list(self._readable(db.execute(query.format(source=source), values)))
            return records if newest is None else records[::-1]

        return self.read("read your games", read, [], extra)

    def _readable(self, rows: Iterable[tuple]) -> Iterator[GameRecord]:
        bad = 0
        for row in rows:
            try:
                yield record_of(row)
            except (KeyError, TypeError, ValueError):
                bad += 1
        if bad and not self._told_unreadable:
            self._left_out(bad)
            self._told_unreadable = True

    def record(self, game: GameRecord, update: bool = False) -> bool | None:
        """Count a finished game; False if it was already counted (unless told to `update` it), None if it
        could not be saved (told)."""

        def write(db: sqlite3.Connection) -> bool:
            row = db.execute(f"SELECT {COLUMNS} FROM games WHERE id = ?", (game.id,)).fetchone()
            if row is None:
                return insert(db, [game]) == 1
            if not update:
                return False
            kept = game
            with suppress(KeyError, TypeError, ValueError):  # an unreadable row is simply replaced
                old = record_of(row)
                if (old.guesses, old.patterns, old.hard_mode) == (game.guesses, game.patterns, game.hard_mode):
                    # The same game recorded again: it finished when it first did, and its analysis still holds.
                    analysed = (game.skill, game.luck) if game.skill is not None else (old.skill, old.luck)
                    kept = replace(game, finished=old.finished or game.finished, skill=analysed[0], luck=analysed[1])
            db.execute("DELETE FROM games WHERE id = ?", (game.id,))
            return insert(db, [kept]) == 1

        return self._run("save the finished game", write, None, write=True)

    def recorded(self, ids: list[str]) -> set[str]:
        """Those of `ids` that are the ids of finished games."""
        query = f"SELECT id FROM games WHERE id IN ({', '.join('?' * len(ids))})"
        return self._run("read your games", lambda db: {row[0] for row in db.execute(query, ids)}, set())

    def add(self, games: Iterable[GameRecord]) -> int | None:
        """Add the games not recorded yet (see GameRecord.identity), in one transaction: how many were
        added; None if they could not be (told)."""
        games = list(games)
        return self._run("add the games", lambda db: insert(db, games), None, write=True)

    def note_analysis(self, game_id: str, skill: float | None, luck: float | None) -> bool:
        """Keep the averages of a recorded game's analysis (None: it has none to be had); False if no such
        game is recorded."""

        def write(db: sqlite3.Connection) -> bool:
            analysed = int(skill is not None)
            query = "UPDATE games SET skill = ?, luck = ?, analysed = ? WHERE id = ?"
            return db.execute(query, (skill, luck, analysed, game_id)).rowcount == 1

        return self._run("save the game's analysis", write, False, write=True)

    # -- the NYT's statistics and answers -----------------------------------------------------------

    def nyt_statistics(self) -> NytStatistics | None:
        def read(db: sqlite3.Connection) -> NytStatistics | None:
            row = db.execute("SELECT value FROM facts WHERE name = ?", (NYT_STATISTICS,)).fetchone()
            return None if row is None else NytStatistics.from_json(parse_json(row[0]))

        try:
            return self._run("read the NYT's statistics", read, None)
        except (KeyError, ValueError):
            self._tell(f"The NYT statistics kept in {self.path} could not be read; import them again.")
            return None

    def keep_nyt_statistics(self, statistics: NytStatistics) -> bool:
        """Keep the NYT's statistics in place of any imported before (they are totals, not games to add)."""

        def write(db: sqlite3.Connection) -> bool:
            value = json.dumps(statistics.as_json())
            db.execute("INSERT OR REPLACE INTO facts (name, value) VALUES (?, ?)", (NYT_STATISTICS, value))
            return True

        return self._run("save the NYT's statistics", write, False, write=True)

    def nyt_answer(self, day: str) -> str | None:
        def read(db: sqlite3.Connection) -> str | None:
            row = db.execute("SELECT solution FROM nyt_answers WHERE day = ?", (day,)).fetchone()
            return None if row is None else str(row[0])

        return self._run("read the NYT's answers", read, None)

    def keep_nyt_answer(self, day: str, number: int, answer: str, editor: str | None) -> bool:
        def write(db: sqlite3.Connection) -> bool:
            _keep_answer(db, day, number, answer, editor)
            return True

        return self._run("keep the NYT's answer", write, False, write=True)

    # -- games in progress ----------------------------------------------------------------------

    def in_progress(self, kind: Kind) -> list[tuple[str, dict[str, Any] | None]]:
        """(id, state) of the games in progress of one kind, newest first, the state None where it cannot be
        read (it can never be resumed); claim one before resuming it."""

        def read(db: sqlite3.Connection) -> list[tuple[str, str]]:
            query = "SELECT id, state FROM in_progress WHERE kind = ? ORDER BY updated DESC, rowid DESC"
            return [(str(id), str(state)) for id, state in db.execute(query, (kind.kept_as,))]

        games: list[tuple[str, dict[str, Any] | None]] = []
        found: list[tuple[str, str]] = self._run("read the games in progress", read, [])
        for game_id, text in found:
            try:
                state = parse_json(text)
            except ValueError:
                state = None
            games.append((game_id, state if isinstance(state, dict) else None))
        return games

    def keep(self, kind: Kind, game_id: str, state: dict[str, Any]) -> bool:
        """Keep the state of a game in progress, claimed by this process."""
        self.claim(game_id)

        def write(db: sqlite3.Connection) -> bool:
            db.execute(
                "INSERT OR REPLACE INTO in_progress (id, kind, state) VALUES (?, ?, ?)",
                (game_id, kind.kept_as, json.dumps(state)),
            )
            return True

        return self._run("save the game in progress", write, False, write=True)

    def drop(self, game_id: str) -> None:
        """Forget a game in progress (finished, given up or unreadable), and let its claim go."""
        forget = "DELETE FROM in_progress WHERE id = ?"
        self._run("remove the finished game", lambda db: db.execute(forget, (game_id,)), None, write=True)
        self.release(game_id)

    def claim(self, game_id: str) -> bool:
        """Hold a game in progress for this process; False if another process holds it. Where claims
        cannot be kept at all (the folder is not writable) every claim succeeds, as with one window."""
        if game_id in self._claims:
            return True
        try:
            handle = try_lock(self.folder / "claims" / f"{_safe(game_id)}.lock")
        except OSError:
            return True
        if handle is None:
            return False
        self._claims[game_id] = handle
        return True

    def release(self, game_id: str) -> None:
        handle = self._claims.pop(game_id, None)
        if handle is not None:
            with suppress(OSError):
                (self.folder / "claims" / f"{_safe(game_id)}.lock").unlink()
            os.close(handle)


def _is_damage(error: sqlite3.DatabaseError) -> bool:
    """Whether an error says the file is no database of ours (rather than busy, full or read-only)."""
    message = str(error).lower()
    if isinstance(error, sqlite3.OperationalError):
        return message.startswith("no such")
    return "not a database" in message or "malformed" in message or "corrupt" in message


def _is_busy(error: sqlite3.DatabaseError) -> bool:
    message = str(error).lower()
    return "locked" in message or "busy" in message


def _cannot_write(error: Exception) -> bool:
    """Whether an error says the file can be read but not written (nor its journal made beside it)."""
    message = str(error).lower()
    return any(words in message for words in ("readonly", "read-only", "unable to open", "disk i/o", "full"))


def _safe(game_id: str) -> str:
    return "".join(char if char.isalnum() or char in "-_" else "_" for char in game_id)[:80]


def _keep_answer(db: sqlite3.Connection, day: str, number: int, answer: str, editor: Any) -> None:
    editor = editor if isinstance(editor, str) else None
    db.execute(
        "INSERT OR REPLACE INTO nyt_answers (day, number, solution, editor) VALUES (?, ?, ?, ?)",
        (day, number, answer, editor),
    )
