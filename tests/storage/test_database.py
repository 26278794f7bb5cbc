"""The games database through a year of use: an older file taken in, another program holding its lock, something
that is not a database (nor a file) in its place, a folder that cannot be written."""

from __future__ import annotations

import json
import os
import sqlite3
import threading
from dataclasses import replace

import pytest
from processes import held_by_another_program, wait_for

from wordle_tui.core.rules.game import Difficulty
from wordle_tui.core.rules.variant import WORDLE
from wordle_tui.storage import schema
from wordle_tui.storage.kinds import Kind
from wordle_tui.storage.records import GameRecord
from wordle_tui.storage.saved import InProgress
from wordle_tui.storage.store import Store
from wordle_tui.storage.writer import Writer


@pytest.fixture
def store(tmp_path) -> Store:
    return Store(tmp_path / "config", tmp_path / "data")


def game(n: int, won: bool = True, **more) -> GameRecord:
    more.setdefault("finished", f"2026-11-2{n % 10}T10:00:00+00:00")
    return GameRecord(f"g{n}", "crane", ("slate", "crane"), won, lists="nyt", **more)


def returns(call, *args):
    """What `call` returns, run on a thread for at most 30 s: a call waiting on a lock fails the test, not hangs it."""
    result: list = []
    thread = threading.Thread(target=lambda: result.append(call(*args)), daemon=True)
    thread.start()
    thread.join(30)
    assert result, f"{call.__name__} waited"
    return result[0]


def writing(store: Store) -> tuple[Writer, list[str]]:
    """The store as the app uses it, with one game recorded: its changes made by a writer, which tells `told`."""
    store.record(game(1))
    told: list[str] = []
    writer = Writer(store.games, told.append)
    store.defer = writer.submit
    return writer, told


def test_a_finished_game_is_kept_while_another_program_holds_the_database_and_recorded_once_after_a_restart(store):
    writer, told = writing(store)
    with held_by_another_program(store.games.path):
        assert returns(store.record, game(2))  # at once: the game waits in the outbox, not the caller on the lock
        returns(store.keep, InProgress("next", WORDLE, "nyt", answers=("crane",), guesses=("slate",)))
        assert returns(store.stats, "nyt").played == 2  # counted meanwhile
        assert [record.id for record in returns(store.records)] == ["g1", "g2"]
        assert len(store.outbox.games()) == 1
        assert wait_for(lambda: told)  # the writer found the lock, and said so
        undone = writer.close(0.5)  # the app leaves before the lock is let go
    assert undone == ["the finished game", "the game in progress"]
    assert told[0].startswith(f"Another program is using {store.games.path}: what you play is kept")
    restarted = Store(store.config_dir, store.data_dir)
    assert [record.id for record in restarted.records()] == ["g1", "g2"]  # g2 from the outbox, not recorded yet
    restarted.record_unrecorded()  # (the writer's last try may have taken it as the lock was let go)
    assert restarted.record_unrecorded() == 0
    assert restarted.outbox.games() == [] and restarted.stats("nyt").played == 2
    with sqlite3.connect(store.games.path) as db:
        assert db.execute("SELECT COUNT(*) FROM games").fetchone() == (2,)


def test_the_writer_records_once_the_lock_is_let_go_and_says_so(store):
    writer, told = writing(store)
    with held_by_another_program(store.games.path):
        store.record(game(2))
        assert wait_for(lambda: told)
    assert writer.close(30) == []  # done, once the other program let go
    assert told == [told[0], "Your games are recorded again: the other program has let go of them."]
    assert store.outbox.games() == [] and [record.id for record in store.records()] == ["g1", "g2"]


def test_a_database_of_the_first_format_is_taken_in_with_every_game(store):
    """Version 1 kept no column to count by: the file is brought up to date, its games and figures as they were."""
    store.data_dir.mkdir(parents=True)
    first = [game(1, hard_mode=Difficulty.HARD), game(2, won=False), game(3, kind=Kind.COACHED, skill=80.0, luck=40.0)]
    with sqlite3.connect(store.games.path) as db:
        db.execute(
            "CREATE TABLE games (id TEXT PRIMARY KEY, identity TEXT NOT NULL UNIQUE, answer TEXT NOT NULL, "
            "guesses TEXT NOT NULL, patterns TEXT, won INTEGER NOT NULL, hard_mode INTEGER NOT NULL, hints INTEGER "
            "NOT NULL, nyt INTEGER, lists TEXT NOT NULL, kind TEXT NOT NULL, finished TEXT, skill REAL, luck REAL)"
        )
        for table in ("in_progress (id TEXT PRIMARY KEY, kind TEXT, state TEXT, updated TEXT)", "facts (name, value)"):
            db.execute(f"CREATE TABLE {table}")
        db.execute("CREATE TABLE nyt_answers (day TEXT PRIMARY KEY, number INTEGER, solution TEXT, editor TEXT)")
        rows = [schema.row_of(record)[: len(schema.STORED)] for record in first]
        unreadable = schema.row_of(game(4))[: len(schema.STORED)]
        rows.append((*unreadable[:3], "sl4te,crane", *unreadable[4:]))  # edited by hand, and wrongly
        db.executemany(f"INSERT INTO games VALUES ({', '.join('?' * len(schema.STORED))})", rows)
        db.execute("PRAGMA user_version = 1")
    assert store.records() == first
    assert store.problems == [f"1 game in {store.games.path} could not be read and is left out."]
    stats = store.stats("nyt")
    assert (stats.played, stats.wins, stats.current_streak, stats.max_streak) == (2, 1, 0, 1)
    assert [game.id for game in store.to_analyse("nyt", 10)] == ["g1", "g2"]  # the coached game has its analysis
    with sqlite3.connect(store.games.path) as db:
        assert db.execute("PRAGMA user_version").fetchone() == (schema.SCHEMA_VERSION,)
        assert db.execute("SELECT tries, day FROM games WHERE id = 'g2'").fetchone() == (2, "2026-11-22")
    assert store.overview().games == 3  # the one that cannot be read is in no count


@pytest.mark.parametrize("what", ["folder", "named pipe", "device"])
def test_a_folder_a_pipe_or_a_device_in_place_of_the_database_is_set_aside(store, what):
    store.data_dir.mkdir(parents=True)
    path = store.games.path
    if what == "folder":
        path.mkdir()
    elif what == "named pipe":
        os.mkfifo(path)  # opened to read, it would wait for a writer for ever
    else:
        path.symlink_to("/dev/zero")  # read, it never ends
    assert returns(store.record, game(1))
    assert [record.id for record in store.records()] == ["g1"]
    (said,) = store.problems
    assert said.startswith(f"Could not read your games (it is a {what}, not a file); it was moved to {path}.bad")
    aside = path.with_name(path.name + ".bad")
    assert aside.is_symlink() if what == "device" else aside.exists()


def test_a_finished_game_the_database_refuses_stays_in_the_outbox_until_it_can_be_recorded(store):
    """Any failure to write, not only another program's lock (here a trigger that refuses, as a full disk
    would): the game is kept, and recorded by the next start that can."""
    writer, _ = writing(store)
    refuse = "CREATE TRIGGER refuse BEFORE INSERT ON games BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END"
    with sqlite3.connect(store.games.path) as db:
        db.execute(refuse)
    store.record(game(2))
    assert writer.close(10) == []  # tried, and told
    assert [problem.split(" in ")[0] for problem in store.problems] == ["Could not save the finished game"]
    assert [record.id for record, _ in store.outbox.games()] == ["g2"]
    with sqlite3.connect(store.games.path) as db:
        db.execute("DROP TRIGGER refuse")
    restarted = Store(store.config_dir, store.data_dir)
    assert restarted.record_unrecorded() == 1 and restarted.outbox.games() == []
    assert [record.id for record in restarted.records()] == ["g1", "g2"]


def test_the_outbox_keeps_a_later_version_of_a_game_recorded_meanwhile(store):
    """The coach records a finished game again after each edit: the first version recorded must not take the
    second, still to be recorded, out of the outbox."""
    first = game(1, kind=Kind.COACHED)
    edited = replace(first, guesses=("crane",), patterns=None, answer="crane")
    store.outbox.put(first, update=True)
    store.outbox.put(edited, update=True)
    store.outbox.remove(first)
    assert store.outbox.games() == [(edited, True)]
    store.outbox.remove(edited)
    assert store.outbox.games() == []


def test_a_game_that_finished_as_its_window_closed_is_not_resumed(store):
    """Its end (the game in progress forgotten) was still to be written when the window closed: the finished
    game, recorded or in the outbox, is not carried on as if it were still being played."""
    for n, kept in ((1, store.record), (2, store.outbox.put)):
        store.keep(InProgress(f"g{n}", WORDLE, "nyt", answers=("crane",), guesses=("slate",)))
        store.games.release(f"g{n}")
        kept(game(n))
    assert store.in_progress(WORDLE, "nyt") is None
    assert store.games.in_progress(Kind.PLAYED) == []


def test_an_import_with_a_finish_time_in_week_dates_is_taken_whole(store, tmp_path):
    entries = [game(1).as_json() | {"finished": "2024-W09-3T10:00:00+00:00"}, game(2).as_json()]
    path = tmp_path / "games.json"
    path.write_text(json.dumps({"games": entries}))
    assert store.import_games(path).added == 2
    assert [record.date.isoformat() for record in store.records()] == ["2024-02-28", "2026-11-22"]
