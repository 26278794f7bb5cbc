"""The user's files: settings merged, games in a database safe with two windows, damage of any shape set aside."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import replace

import pytest

from wordle_tui.core.rules.game import Difficulty
from wordle_tui.core.rules.variant import WORDLE
from wordle_tui.storage.kinds import Kind
from wordle_tui.storage.records import GameRecord, finished_now
from wordle_tui.storage.saved import InProgress
from wordle_tui.storage.settings_file import Settings
from wordle_tui.storage.store import Store

NESTED = '{"games": ' + "[" * 200_000  # JSON nested far deeper than any reader can recurse


@pytest.fixture
def store(tmp_path) -> Store:
    return Store(tmp_path / "config", tmp_path / "data")


def window(store: Store) -> Store:
    """Another window of the app on the same files (its own handles, as another process would have)."""
    return Store(store.config_dir, store.data_dir)


def game(n: int, guesses: int, won: bool = True, hard: Difficulty = Difficulty.NORMAL, **more) -> GameRecord:
    return GameRecord(f"g{n}", "crane", ("slate",) * (guesses - 1) + ("crane",), won, hard, **more)


def test_defaults_when_nothing_is_saved(store):
    assert store.settings() == Settings()
    assert store.stats(hard_mode=Difficulty.NORMAL).played == 0
    assert store.in_progress(WORDLE, "nyt") is None
    assert store.problems == []


def test_settings_round_trip_and_leave_no_temporary_files(store):
    store.change_settings(hard_mode=Difficulty.HARD, theme="high-contrast", show_hints=True, workers=2)
    assert window(store).settings() == Settings(
        hard_mode=Difficulty.HARD, workers=2, theme="high-contrast", show_hints=True
    )
    assert sorted(p.name for p in store.config_dir.iterdir()) == [".settings.lock", "settings.json"]


def test_two_windows_each_changing_a_setting_keep_both_changes(store):
    first, second = window(store), window(store)
    first.settings(), second.settings()  # both read the settings as they start
    first.change_settings(theme="light")
    second.change_settings(hard_mode=Difficulty.HARD)  # written onto the file as it is now, not onto what it read
    assert store.settings() == Settings(hard_mode=Difficulty.HARD, theme="light")


def test_a_settings_file_of_a_newer_version_keeps_its_other_keys(store):
    store.config_dir.mkdir(parents=True)
    store.settings_path.write_text(json.dumps({"theme": "light", "sound": "on"}))
    store.change_settings(hard_mode=Difficulty.HARD)
    assert json.loads(store.settings_path.read_text())["sound"] == "on"


def test_settings_saved_with_a_byte_order_mark_are_read_not_set_aside(store):
    store.config_dir.mkdir(parents=True)
    store.settings_path.write_bytes(b"\xef\xbb\xbf" + json.dumps({"theme": "light", "workers": 2}).encode())
    assert store.settings() == Settings(theme="light", workers=2)
    assert store.problems == [] and store.settings_path.is_file()


def test_settings_from_before_the_share_palette_keep_sharing_the_squares_of_their_theme(store):
    store.config_dir.mkdir(parents=True)
    store.settings_path.write_text(json.dumps({"theme": "high-contrast"}))
    assert store.settings().share_palette == "high-contrast"
    store.change_settings(theme="dark")
    assert store.settings().share_palette == "high-contrast"  # a setting of its own from now on
    newcomer = Store(store.config_dir.parent / "fresh", store.data_dir)
    assert newcomer.change_settings(theme="high-contrast").share_palette == "standard"  # no old file: no link


@pytest.mark.parametrize("damage", ["{not json", NESTED, "[1, 2]", b"\xff\xfe\x00 not text"])
def test_damaged_settings_of_any_shape_are_moved_aside_and_reported_once(store, damage):
    store.config_dir.mkdir(parents=True)
    if isinstance(damage, bytes):
        store.settings_path.write_bytes(damage)
    else:
        store.settings_path.write_text(damage)
    assert store.settings() == Settings()
    assert len(store.problems) == 1
    assert "settings" in store.problems[0] and ".bad" in store.problems[0]
    assert (store.config_dir / "settings.json.bad").exists() and not store.settings_path.exists()
    assert store.settings() == Settings()
    assert len(store.problems) == 1


@pytest.mark.parametrize("what", ["device", "named pipe", "folder"])
def test_settings_that_are_no_file_are_set_aside_not_read(store, what):
    """A link to /dev/zero would be read for ever, a pipe would wait for a writer: neither is read."""
    store.config_dir.mkdir(parents=True)
    path = store.settings_path
    if what == "device":
        path.symlink_to("/dev/zero")
    elif what == "named pipe":
        os.mkfifo(path)
    else:
        path.mkdir()
    assert store.settings() == Settings()
    (said,) = store.problems
    assert said == (
        f"Could not read your settings (it is a {what}, not a file); it was moved to {path}.bad and defaults are used."
    )
    assert store.change_settings(theme="light").theme == "light" and store.settings().theme == "light"


@pytest.mark.parametrize("what", ["device", "named pipe"])
def test_a_file_of_games_to_import_that_is_no_file_is_refused_in_one_sentence(store, tmp_path, what):
    from wordle_tui.storage.store import TransferError

    path = tmp_path / "games.json"
    if what == "device":
        path.symlink_to("/dev/zero")
    else:
        os.mkfifo(path)
    with pytest.raises(TransferError, match=f"^Cannot read {path}: it is a {what}, not a file.$"):
        store.import_games(path)


def test_an_entry_that_cannot_be_a_game_is_left_out_and_the_rest_imported(store, tmp_path):
    games = [game(n, 3, finished=f"2026-11-2{n}T10:00:00+00:00").as_json() for n in range(3)]
    games[1]["nyt"] = 2**63  # past what SQLite can hold
    path = tmp_path / "export.json"
    path.write_text(json.dumps({"games": games}))
    taken = store.import_games(path)
    assert (taken.added, taken.unreadable) == (2, 1)
    assert taken.first_unreadable == "game 2: 9223372036854775808 is not a puzzle number"
    assert [record.id for record in store.records()] == ["g0", "g2"]


def test_unknown_values_fall_back_to_defaults_one_by_one(store):
    store.config_dir.mkdir(parents=True)
    store.settings_path.write_text(json.dumps({"hard_mode": True, "strategy": "magic", "theme": 3, "marks": "loud"}))
    assert store.settings() == Settings(hard_mode=Difficulty.HARD)
    store.settings_path.write_text(json.dumps({"hard_mode": 2, "coach_hard_mode": 7}))
    assert store.settings() == Settings(hard_mode=Difficulty.ULTRA)  # ultra hard; 7 is no mode


def test_stats_count_each_finished_game_once(store):
    assert store.record(game(1, 3))
    assert not store.record(game(1, 3))
    assert not window(store).record(game(1, 3))
    assert store.stats(hard_mode=Difficulty.NORMAL).played == 1


def test_one_streak_runs_through_both_modes_and_each_mode_can_be_shown_alone(store):
    for n, (guesses, won, hard) in enumerate(
        [
            (3, True, Difficulty.NORMAL),
            (4, True, Difficulty.HARD),
            (6, False, Difficulty.NORMAL),
            (2, True, Difficulty.HARD),
        ]
    ):
        store.record(game(n, guesses, won, hard, finished=f"2026-11-2{n}T10:00:00+00:00"))
    both = store.stats()
    assert (both.played, both.wins, both.current_streak, both.max_streak) == (4, 3, 1, 2)
    assert both.distribution == (0, 1, 1, 1, 0, 0)
    assert store.stats(hard_mode=Difficulty.HARD).current_streak == 2
    assert store.stats(hard_mode=Difficulty.NORMAL).played == 2


def test_two_processes_recording_at_once_lose_no_game(store):
    recorder = (
        "import sys\n"
        "from pathlib import Path\n"
        "from wordle_tui.core.rules.words import load_preset\n"
        "from wordle_tui.storage.records import GameRecord, finished_now\n"
        "from wordle_tui.storage.store import Store\n"
        "store = Store(Path(sys.argv[1]), Path(sys.argv[2]))\n"
        "first = int(sys.argv[3])\n"
        "for answer in load_preset('nyt2022').answers[first : first + 100]:\n"
        "    assert store.record(GameRecord(answer, answer, ('slate', answer), True, finished=finished_now()))\n"
        "assert not store.problems, store.problems\n"
    )
    command = [sys.executable, "-c", recorder, str(store.config_dir), str(store.data_dir)]
    processes = [subprocess.Popen([*command, first], stderr=subprocess.PIPE, text=True) for first in ("0", "100")]
    for process in processes:
        _, err = process.communicate(timeout=120)
        assert process.returncode == 0, err
    assert len(store.records()) == 200
    assert store.stats().played == 200


def played(game_id: str, answer: str = "crane", guesses: tuple[str, ...] = ("slate",), **more) -> InProgress:
    """A game of one board in progress, on the nyt lists unless told."""
    return InProgress(game_id, WORDLE, more.pop("lists", "nyt"), answers=(answer,), guesses=guesses, **more)


def test_a_game_in_progress_survives_and_clears(store):
    store.keep(played("x", hard_mode=Difficulty.HARD))
    store.games.release("x")  # as when the window that played it closes
    resumed = window(store).in_progress(WORDLE, "nyt")
    assert resumed == InProgress("x", WORDLE, "nyt", answers=("crane",), guesses=("slate",), hard_mode=Difficulty.HARD)
    store.forget("x")
    assert window(store).in_progress(WORDLE, "nyt") is None


def test_a_saved_game_whose_mode_cannot_be_read_is_kept_in_normal_mode():
    saved = {"id": "x", "answer": "crane", "guesses": ["slate"], "lists": "nyt"}
    assert InProgress.from_state(Kind.PLAYED, "x", saved | {"hard_mode": 2}).hard_mode == 2
    for damaged in (None, "1", 7, [1]):
        assert InProgress.from_state(Kind.PLAYED, "x", saved | {"hard_mode": damaged}) == played("x")


def test_a_game_shown_in_one_window_is_never_resumed_in_another(store):
    first, second = window(store), window(store)
    first.keep(played("mine"))
    assert second.in_progress(WORDLE, "nyt") is None  # the first window holds it: the second starts a game of its own
    second.keep(played("yours", "prove", ("salet",)))
    assert first.in_progress(WORDLE, "nyt").id == "mine"  # its own, never the other's
    assert first.in_progress(WORDLE, "nyt2022") is None  # a game on other lists is not resumed
    second.games.release("yours")
    assert window(store).in_progress(WORDLE, "nyt").id == "yours"  # let go, it can be carried on


def test_a_failed_write_is_reported_not_raised(store):
    store.config_dir.parent.mkdir(parents=True, exist_ok=True)
    store.config_dir.write_text("a file where the folder should be")
    store.data_dir.write_text("and another where the data should be")
    told: list[str] = []
    store.report = told.append
    store.change_settings(hard_mode=Difficulty.HARD)
    assert not store.record(game(1, 3))
    assert (
        len(told) == 2 and "Could not save your settings" in told[0] and "Could not save the finished game" in told[1]
    )


def test_a_games_analysis_is_kept_and_survives_an_update_of_the_same_game(store):
    coached = replace(game(1, 3), kind=Kind.COACHED, finished="2026-11-23T10:00:00+00:00")
    assert store.record(coached)
    assert store.note_analysis("g1", 86.25, 41.0)
    assert store.records()[0].skill == 86.2 and store.records()[0].luck == 41.0  # rounded to a tenth
    again = replace(coached, finished="2026-11-23T10:05:00+00:00")
    assert store.record(again, update=True)  # recorded again, as the coach does after each change
    kept = store.records()[0]
    assert (kept.skill, kept.luck, kept.finished) == (86.2, 41.0, coached.finished)  # it finished when it first did
    recoloured = replace(coached, patterns=(0, 0, 242))  # a row's colours edited: another game now
    assert store.record(recoloured, update=True)
    assert store.records()[0].skill is None and len(store.records()) == 1
    assert not store.note_analysis("nothing", 50, 50)


def test_the_coached_rows_round_trip_per_puzzle(store):
    rows = {"guesses": ("salet", "guano"), "patterns": ((3,), (242,)), "hard_mode": Difficulty.HARD}
    store.keep(InProgress("c1", WORDLE, "nyt", coached=True, nyt=1983, **rows))
    store.games.release("c1")
    assert window(store).in_progress(WORDLE, "nyt", coached=True, nyt=1983) == InProgress(
        "c1", WORDLE, "nyt", True, (), ("salet", "guano"), ((3,), (242,)), Difficulty.HARD, nyt=1983
    )
    assert window(store).in_progress(WORDLE, "nyt", coached=True, nyt=1984) is None


def test_the_json_files_of_earlier_versions_are_taken_in_and_kept_as_backups(store):
    store.data_dir.mkdir(parents=True)
    games = [
        {"id": "a", "answer": "crane", "guesses": ["slate", "crane"], "won": True, "finished_on": "2026-11-20"},
        {"id": "b", "answer": "", "guesses": ["slate"], "won": False, "kind": "coached"},
        "oops",
    ]
    (store.data_dir / "stats.json").write_text(json.dumps({"games": games}))
    (store.data_dir / "game.json").write_text(json.dumps({"id": "g", "answer": "crane", "guesses": ["slate"]}))
    (store.data_dir / "nyt-answers.json").write_text(json.dumps({"2026-11-23": {"number": 1983, "solution": "guano"}}))
    records = store.records()
    assert [(r.id, r.answer, r.date and r.date.isoformat()) for r in records] == [
        ("b", "", None),
        ("a", "crane", "2026-11-20"),
    ]
    assert "1 game of" in store.problems[0] and "was left out" in store.problems[0]
    assert store.nyt_answer("2026-11-23") == "guano"
    assert store.in_progress(WORDLE, "nyt2022").guesses == ("slate",)  # games saved before lists were named: nyt2022
    names = sorted(path.name for path in store.data_dir.iterdir())
    assert {"stats.json.backup", "game.json.backup", "nyt-answers.json.backup", "games.sqlite3"} <= set(names)
    assert "stats.json" not in names
    assert len(window(store).records()) == 2  # taken in once


@pytest.mark.parametrize("name", ["stats.json", "game.json", "coach.json", "nyt-answers.json"])
def test_a_file_of_an_earlier_version_nested_too_deeply_is_set_aside_not_a_crash(store, name):
    store.data_dir.mkdir(parents=True)
    (store.data_dir / name).write_text(NESTED)
    assert store.records() == [] and store.in_progress(WORDLE, "nyt") is None
    assert "nested too deeply" in store.problems[0] and (store.data_dir / f"{name}.bad").exists()


@pytest.mark.parametrize("damage", [b"not a database at all" * 100, b"SQLite format 3\x00" + b"\x07" * 4000])
def test_a_damaged_database_is_set_aside_and_a_fresh_one_started(store, damage):
    store.record(game(1, 3))
    store.games.path.write_bytes(damage)
    fresh = window(store)
    assert fresh.records() == []
    assert "moved to" in fresh.problems[0] and "a fresh one started" in fresh.problems[0]
    assert (store.data_dir / "games.sqlite3.bad").read_bytes() == damage
    assert fresh.record(game(2, 4)) and [record.id for record in fresh.records()] == ["g2"]


def test_export_then_import_elsewhere_adds_each_game_once(store, tmp_path):
    for n in range(3):
        store.record(game(n, 3 + n, finished=f"2026-11-2{n}T10:00:00+00:00"))
    exported = tmp_path / "games.json"
    assert store.export_games(exported) == 3
    data = json.loads(exported.read_text())
    first = data["games"][0]
    assert {"answer", "guesses", "won", "hard_mode", "finished"} <= set(first)
    assert first["finished"] == "2026-11-20T10:00:00+00:00" and first["patterns"] == ["00202", "00202", "22222"]
    elsewhere = Store(tmp_path / "other" / "config", tmp_path / "other" / "data")
    elsewhere.record(replace(game(7, 4), id="their-own", finished="2026-11-21T10:00:00+00:00"))  # the same game
    taken = elsewhere.import_games(exported)
    assert (taken.added, taken.known, taken.unreadable) == (2, 1, 0)
    assert elsewhere.import_games(exported).added == 0
    assert len(elsewhere.records()) == 3


def test_a_file_of_games_saved_with_a_byte_order_mark_is_imported(store, tmp_path):
    store.record(game(1, 3, finished="2026-11-20T10:00:00+00:00"))
    exported = tmp_path / "games.json"
    store.export_games(exported)
    exported.write_bytes(b"\xef\xbb\xbf" + exported.read_bytes())  # as an editor on Windows saves it
    elsewhere = Store(tmp_path / "other" / "config", tmp_path / "other" / "data")
    assert elsewhere.import_games(exported).added == 1


def test_two_imports_at_once_add_each_game_once(store, tmp_path):
    exported = tmp_path / "games.json"
    games = [game(n, 4, finished=f"2026-10-{n + 1:02}T10:00:00+00:00").as_json() for n in range(30)]
    exported.write_text(json.dumps({"games": games}))
    importer = "import sys\nfrom pathlib import Path\nfrom wordle_tui.storage.store import Store\n"
    importer += "Store(Path(sys.argv[1]), Path(sys.argv[2])).import_games(Path(sys.argv[3]))\n"
    command = [sys.executable, "-c", importer, str(store.config_dir), str(store.data_dir), str(exported)]
    processes = [subprocess.Popen(command, stderr=subprocess.PIPE, text=True) for _ in range(2)]
    for process in processes:
        _, err = process.communicate(timeout=120)
        assert process.returncode == 0, err
    assert len(store.records()) == 30


def test_the_nyt_web_games_statistics_are_taken_into_the_totals(store, tmp_path):
    moogle = {
        "game": {"status": "WIN"},
        "stats": {
            "currentStreak": 12,
            "maxStreak": 30,
            "guesses": {"1": 1, "2": 10, "3": 40, "4": 30, "5": 12, "6": 4, "fail": 3},
            "winPercentage": 97,
            "gamesPlayed": 100,
            "gamesWon": 97,
            "averageGuesses": 4,
        },
    }
    path = tmp_path / "nyt.json"
    path.write_text(json.dumps(moogle))
    taken = store.import_games(path)
    assert taken.added == 0 and taken.nyt is not None and taken.nyt.played == 100
    store.record(GameRecord("here", "crane", ("slate", "crane"), True, lists="nyt", finished=finished_now()))
    stats = store.stats("nyt")
    assert (stats.played, stats.wins, stats.current_streak, stats.max_streak) == (101, 98, 13, 30)
    assert stats.distribution == (1, 11, 40, 30, 12, 4)
    assert store.stats("nyt2022").played == 0 and store.stats("nyt", hard_mode=Difficulty.NORMAL).played == 1
    assert window(store).import_games(path).nyt is not None and store.stats("nyt").played == 101  # replaced, not added


@pytest.mark.parametrize(
    ("content", "said"),
    [
        ("[]", "holds neither games"),
        ('{"gamesPlayed": 5, "gamesWon": 9, "currentStreak": 0, "maxStreak": 0, "guesses": {}}', "do not add up"),
        ("{oops", "is not JSON"),
        (NESTED, "nested too deeply"),
    ],
)
def test_a_file_that_cannot_be_imported_is_one_sentence(store, tmp_path, content, said):
    from wordle_tui.storage.store import TransferError

    path = tmp_path / "in.json"
    path.write_text(content)
    with pytest.raises(TransferError, match=said):
        store.import_games(path)


def test_games_left_before_a_guess_are_forgotten_rather_than_piling_up(store):
    for n in range(3):
        store.keep(played(f"empty{n}", guesses=()))
        store.games.release(f"empty{n}")  # each window closed without playing
    assert window(store).in_progress(WORDLE, "nyt") is None
    assert store.games.in_progress(Kind.PLAYED) == []


def test_a_row_of_the_database_that_cannot_be_read_is_left_out_and_told_once(store):
    import sqlite3

    store.record(game(1, 3))
    store.record(game(2, 4))
    with sqlite3.connect(store.games.path) as db:
        db.execute("UPDATE games SET guesses = 'sl4te,crane' WHERE id = 'g2'")  # edited by hand, and wrongly
    assert [record.id for record in store.records()] == ["g1"]
    assert [record.id for record in store.records()] == ["g1"]
    assert len(store.problems) == 1 and "1 game in" in store.problems[0] and "left out" in store.problems[0]
