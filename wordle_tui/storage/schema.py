"""The games' tables: what a finished game is kept as, the columns the counting reads beside it, and how a
file of an earlier format is brought up to date.

Version 1 kept each game's record; version 2 adds, computed from it, when it finished in seconds
since 1970 (one order whatever the time zone), its day, its guesses, its boards, whether it is
analysed, and whether this version can read it, with the indexes the counting uses (counting.py).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator

from ..core.rules.feedback import format_pattern
from .records import GameRecord, moment_of

SCHEMA_VERSION = 2
GAMES = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    identity TEXT NOT NULL UNIQUE,  -- the answer, the guesses and the finish time: see GameRecord.identity
    answer TEXT NOT NULL,
    guesses TEXT NOT NULL,  -- comma-separated
    patterns TEXT,  -- comma-separated, one digit a letter (NULL where unknown)
    won INTEGER NOT NULL,
    hard_mode INTEGER NOT NULL,
    hints INTEGER NOT NULL,
    nyt INTEGER,
    lists TEXT NOT NULL,
    kind TEXT NOT NULL,
    finished TEXT,  -- ISO 8601
    skill REAL,
    luck REAL,
    moment REAL,  -- the finish time in seconds since 1970 (UTC): the order games finished in; NULL where unknown
    day TEXT,  -- the local date it finished on (YYYY-MM-DD), as `finished` gives it
    tries INTEGER NOT NULL DEFAULT 0,  -- the guesses played
    boards INTEGER NOT NULL DEFAULT 1,
    analysed INTEGER,  -- 1: skill and luck kept, 0: no analysis to be had, NULL: not analysed yet
    readable INTEGER NOT NULL DEFAULT 1  -- 0: a row of version 1 that this version cannot read, left out
)
"""
DERIVED = ("moment", "day", "tries", "boards", "analysed", "readable")  # added in version 2, kept from the others
INDEXES = """
CREATE INDEX IF NOT EXISTS games_in_order ON games (moment);
CREATE INDEX IF NOT EXISTS games_counted ON games (kind, lists, moment);
CREATE INDEX IF NOT EXISTS games_by_day ON games (day);
CREATE INDEX IF NOT EXISTS games_to_analyse ON games (lists, moment) WHERE analysed IS NULL
"""
TABLES = """
CREATE TABLE IF NOT EXISTS in_progress (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    state TEXT NOT NULL,  -- JSON
    updated TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%f', 'now'))
);
CREATE TABLE IF NOT EXISTS nyt_answers (
    day TEXT PRIMARY KEY,
    number INTEGER NOT NULL,
    solution TEXT NOT NULL,
    editor TEXT
);
CREATE TABLE IF NOT EXISTS facts (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
)
"""
STORED = (  # each game's record, as GameRecord holds it
    *("id", "identity", "answer", "guesses", "patterns", "won", "hard_mode"),
    *("hints", "nyt", "lists", "kind", "finished", "skill", "luck"),
)
COLUMNS = ", ".join(STORED)  # what a GameRecord is read from
EVERY_COLUMN = ", ".join(STORED + DERIVED)
Source = str  # the games to count, as SQL: the table, or the table with the games not recorded yet (see database.read)
READABLE = "(SELECT rowid AS seq, * FROM main.games WHERE readable)"  # the games recorded, in the order recorded


def statements(*scripts: str) -> Iterator[str]:
    """The statements of SQL scripts, their comments left out (no ";" inside a statement)."""
    for script in scripts:
        code = "\n".join(line.split("--")[0] for line in script.splitlines())
        yield from filter(str.strip, code.split(";"))


def upgrade(db: sqlite3.Connection) -> int:
    """Version 1 to 2: the columns the counting reads, filled from the others, and their indexes (under the
    lock of _open); how many rows could not be read, which are marked so and left out."""
    db.execute("BEGIN IMMEDIATE")
    try:
        have = {row[1] for row in db.execute("PRAGMA table_info(games)")}
        for line in GAMES.splitlines():
            name = line.split()[0] if line.strip() else ""
            if name in DERIVED and name not in have:
                db.execute(f"ALTER TABLE games ADD COLUMN {line.split('--')[0].strip().rstrip(',')}")
        filled, unreadable = [], []
        for rowid, *row in db.execute(f"SELECT rowid, {COLUMNS} FROM games"):
            try:
                filled.append((*derived(record_of(tuple(row))), rowid))
            except (KeyError, TypeError, ValueError):  # left out of every count, and kept as it is
                unreadable.append((rowid,))
        db.executemany(f"UPDATE games SET {', '.join(f'{name} = ?' for name in DERIVED)} WHERE rowid = ?", filled)
        db.executemany("UPDATE games SET readable = 0, analysed = 0 WHERE rowid = ?", unreadable)
        for statement in statements(INDEXES):
            db.execute(statement)
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        db.execute("COMMIT")
    finally:
        if db.in_transaction:
            db.rollback()
    return len(unreadable)


def insert(db: sqlite3.Connection, games: list[GameRecord]) -> int:
    """Insert the games not there yet (by id or by identity): how many were inserted."""
    before = db.total_changes
    values = ", ".join("?" * (len(STORED) + len(DERIVED)))
    db.executemany(f"INSERT OR IGNORE INTO games ({EVERY_COLUMN}) VALUES ({values})", map(row_of, games))
    return db.total_changes - before


def row_of(game: GameRecord) -> tuple:
    patterns = None
    if game.patterns is not None:
        patterns = ",".join(format_pattern(pattern, len(guess)) for guess, pattern in zip(game.guesses, game.patterns))
    stored = (
        game.id,
        game.identity,
        game.answer,
        ",".join(game.guesses),
        patterns,
        int(game.won),
        int(game.hard_mode),
        int(game.hints),
        game.nyt,
        game.lists,
        game.kind,
        game.finished,
        game.skill,
        game.luck,
    )
    return stored + derived(game)


def derived(game: GameRecord) -> tuple:
    """The values of DERIVED for a game."""
    moment = None if game.finished is None else moment_of(game.finished).timestamp()
    date = game.date
    analysed = 1 if game.skill is not None else None if game.analysable else 0
    return (moment, None if date is None else date.isoformat(), len(game.guesses), game.boards, analysed, 1)


def record_of(row: tuple) -> GameRecord:
    id, _, answer, guesses, patterns, won, hard_mode, hints, nyt, lists, kind, finished, skill, luck = row
    words = str(guesses).split(",") if guesses else []
    data = {
        "id": id,
        "answer": answer,
        "guesses": words,
        "patterns": str(patterns).split(",") if patterns else None,
        "won": won,
        "hard_mode": hard_mode,
        "hints": hints,
        "nyt": nyt,
        "lists": lists,
        "kind": kind,
        "finished": finished,
        "skill": skill,
        "luck": luck,
    }
    return GameRecord.from_json(data)
