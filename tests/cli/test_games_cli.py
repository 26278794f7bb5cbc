"""`stats` (figures, every game as JSON, export, import) and `share` from the command line, on a user's own folders."""

from __future__ import annotations

import json
import os
import resource
import shlex
import subprocess

import pytest
from processes import command, held_by_another_program, in_a_namespace_of_its_own

from wordle_tui.cli import main
from wordle_tui.core.rules.game import Difficulty
from wordle_tui.storage import database
from wordle_tui.storage.kinds import Kind
from wordle_tui.storage.records import GameRecord
from wordle_tui.storage.store import Store


@pytest.fixture
def store(monkeypatch, tmp_path) -> Store:
    """The user's folders, of this test's own, with two games finished."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    store = Store()
    store.record(GameRecord("a", "crane", ("slate", "crane"), True, lists="nyt", finished="2026-11-20T10:00:00+00:00"))
    store.record(GameRecord("b", "guano", ("salet", "round", "guano"), True, Difficulty.HARD, nyt=1983, lists="nyt",
                            finished="2026-11-23T10:00:00+01:00"))  # fmt: skip
    return store


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_stats_json_prints_every_game_recorded(store, capsys):
    code, out, _ = run(capsys, "stats", "--json")
    games = json.loads(out)["games"]
    assert code == 0 and [game["answer"] for game in games] == ["crane", "guano"]
    assert games[1] | {"id": "b"} == games[1] and games[1]["finished"] == "2026-11-23T10:00:00+01:00"
    assert (games[1]["guesses"], games[1]["won"], games[1]["hard_mode"], games[1]["nyt"]) == (
        ["salet", "round", "guano"],
        True,
        True,
        1983,
    )


def test_stats_prints_the_figures_with_one_streak_across_both_modes(store, capsys):
    code, out, _ = run(capsys, "stats")
    assert code == 0 and "nyt lists: 2 played · 100% won · streak 2 (best 2) · 2.50 guesses a win" in out
    assert "normal mode 1 played · hard mode 1 played" in out


def test_export_then_import_on_another_machine_adds_only_what_is_new(store, capsys, tmp_path, monkeypatch):
    exported = tmp_path / "games.json"
    assert run(capsys, "stats", "export", str(exported)) == (0, f"Wrote 2 games to {exported}.\n", "")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "elsewhere"))
    code, out, _ = run(capsys, "stats", "import", str(exported))
    assert code == 0 and out == f"Added 2 games from {exported}.\n{LATER.format(2)}\n"
    code, out, _ = run(capsys, "stats", "import", str(exported))
    assert out == f"Added 0 games from {exported}; 2 were recorded already.\n"


def test_import_takes_the_nyt_web_games_statistics_and_says_what_it_took(store, capsys, tmp_path):
    kept = {"currentStreak": 4, "maxStreak": 9, "guesses": {"1": 0, "2": 3, "3": 8, "4": 6, "5": 2, "6": 1, "fail": 2},
            "winPercentage": 91, "gamesPlayed": 22, "gamesWon": 20, "averageGuesses": 4}  # fmt: skip
    path = tmp_path / "nyt-wordle-statistics.json"
    path.write_text(json.dumps(kept))
    code, out, _ = run(capsys, "stats", "import", str(path))
    assert code == 0 and "Took the NYT's statistics, counted with the nyt lists: 22 played, 20 won" in out
    assert "streaks 4 (current) and 9 (best)" in out
    _, out, _ = run(capsys, "stats")
    assert "nyt lists: 24 played" in out


def test_a_file_that_is_not_games_is_one_sentence(store, capsys, tmp_path):
    path = tmp_path / "notes.json"
    path.write_text('{"shopping": ["eggs"]}')
    code, _, err = run(capsys, "stats", "import", str(path))
    assert (
        code == 2
        and err == f"wordle-tui: {path} holds neither games exported by wordle-tui nor the NYT's statistics.\n"
    )
    code, _, err = run(capsys, "stats", "import", str(tmp_path / "missing.json"))
    assert code == 2 and "No such file" in err and "Traceback" not in err


def test_share_prints_the_last_games_result_as_the_nyt_shares_it(store, capsys):
    code, out, _ = run(capsys, "share")
    assert code == 0 and out == "Wordle 1,983 3/6*\n\n⬛🟨⬛⬛⬛\n⬛🟨🟨🟩⬛\n🟩🟩🟩🟩🟩\n"
    assert run(capsys, "share", "--palette", "high-contrast")[1].splitlines()[-1] == "🟧🟧🟧🟧🟧"


def test_share_of_a_game_of_several_boards_is_its_games_own(store, capsys):
    dordle = GameRecord(
        "d", "crane moist", ("crane", "moist"), True, kind=Kind.BOARDS, finished="2026-11-24T10:00:00+00:00"
    )
    store.record(dordle)
    code, out, _ = run(capsys, "share")
    assert code == 0 and out.splitlines() == ["Dordle 1&2/7", "🟩🟩🟩🟩🟩 ⬛⬛⬛⬛⬛", "⬜⬜⬜⬜⬜ 🟩🟩🟩🟩🟩"]


def test_absurdle_beaten_is_shared_and_counted_apart(store, capsys):
    beaten = ("aesir", "yauld", "tench", "whoop")
    record = GameRecord(
        "x", "whoop", beaten, True, lists="nyt", kind=Kind.ABSURDLE, finished="2026-11-25T10:00:00+00:00"
    )
    store.record(record)
    code, out, _ = run(capsys, "share")
    assert code == 0 and out.splitlines()[0] == "Absurdle 4/∞" and out.splitlines()[-1] == "🟩🟩🟩🟩🟩"
    code, out, _ = run(capsys, "stats")
    assert "2 played" in out and "Absurdle: beaten 1 time · best 4 · average 4.00" in out
    assert "normal mode 1 played · hard mode 1 played · ultra hard mode 0 played" in out


def test_stats_lists_the_games_of_several_boards_and_says_no_average_where_no_game_was_won(store, capsys):
    quordle = ("slate", "crane", "moist", "blimp", "shard")
    store.record(
        GameRecord("q", " ".join(quordle[1:]), quordle, True, lists="nyt", kind=Kind.BOARDS, finished="2026-11-24")
    )
    lost = ("slate",) * 7
    store.record(GameRecord("d", "crane moist", lost, False, lists="original", kind=Kind.BOARDS, finished="2026-11-25"))
    code, out, _ = run(capsys, "stats")
    lines = out.splitlines()
    assert code == 0 and "  Quordle: 1 played · 100% won · streak 1 (best 1) · 5.00 guesses a win" in lines
    # Lists with no game of one board say so, rather than counting none as played with no average.
    assert "original lists: no game of one board" in lines and "0.00" not in out
    assert "  Dordle: 1 played · 0% won · streak 0 (best 0) · — guesses a win" in lines


def test_share_with_no_game_yet_is_one_sentence(monkeypatch, tmp_path, capsys):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    code, _, err = run(capsys, "share")
    assert code == 2 and err == "wordle-tui: No game is recorded yet: finish one in the app first.\n"


def test_an_import_into_a_database_another_program_holds_fails_in_one_sentence(store, capsys, tmp_path, monkeypatch):
    exported = tmp_path / "games.json"
    exported.write_text(json.dumps({"games": [game.as_json() for game in games(200)]}))
    monkeypatch.setattr(database, "BUSY_SECONDS", 0.2)  # how long it waits for the lock before giving up
    with held_by_another_program(store.games.path):
        code, out, err = run(capsys, "stats", "import", str(exported))
    assert (code, out) == (2, "")
    assert err == f"wordle-tui: Could not add the games in {store.games.path} (another program is using it).\n"
    assert run(capsys, "stats", "import", str(exported))[1].startswith(f"Added 200 games from {exported}.\n")


def test_an_entry_of_an_import_that_is_no_game_is_said_and_the_rest_taken(store, capsys, tmp_path):
    taken = [game.as_json() for game in games(3)]
    taken[1]["nyt"] = 2**63
    exported = tmp_path / "games.json"
    exported.write_text(json.dumps({"games": taken}))
    code, out, err = run(capsys, "stats", "import", str(exported))
    assert (code, err) == (0, "")
    assert out.splitlines()[0] == (
        f"Added 2 games from {exported}; 1 entry is not a game and was left out "
        "(game 2: 9223372036854775808 is not a puzzle number)."
    )


def test_an_import_of_no_game_at_all_fails_in_one_sentence(store, capsys, tmp_path):
    exported = tmp_path / "bad.json"
    exported.write_text(json.dumps({"games": [{"answer": "crane"}, 3, {"guesses": []}]}))
    code, out, err = run(capsys, "stats", "import", str(exported))
    assert (code, out) == (2, "")
    assert err == (
        f"wordle-tui: Nothing was added from {exported}: none of its 3 entries is a game "
        "(game 1: it has no 'guesses').\n"
    )
    assert len(store.records()) == 2


def test_a_file_to_import_over_the_size_limit_is_refused_before_it_is_read(store, tmp_path):
    from wordle_tui.storage.store import LARGEST_IMPORT

    huge = tmp_path / "huge.json"
    with huge.open("wb") as sparse:  # a gigabyte that takes no room on the disk, but as much memory once read
        sparse.truncate(LARGEST_IMPORT + 1)
    environment = os.environ | {"XDG_DATA_HOME": str(tmp_path / "data")}

    def little_memory() -> None:  # room for the program, none for the file: read into memory, it would fail
        resource.setrlimit(resource.RLIMIT_AS, (768 << 20, 768 << 20))

    done = subprocess.run(
        command("stats", "import", str(huge)), env=environment, capture_output=True, text=True, preexec_fn=little_memory
    )
    assert done.returncode == 2 and done.stderr == f"wordle-tui: Cannot read {huge}: it is larger than 1024 MB.\n"


@pytest.mark.parametrize(
    "argv", [["stats"], ["stats", "--json"], ["stats", "export", "{folder}/out.json"], ["stats", "import"], ["share"]]
)
def test_a_database_of_a_newer_version_is_one_sentence_and_status_2(store, capsys, tmp_path, argv):
    import sqlite3

    with sqlite3.connect(store.games.path) as db:
        db.execute("PRAGMA user_version = 3")  # as a newer version of wordle-tui leaves it
    exported = tmp_path / "more.json"
    exported.write_text(json.dumps({"games": [game.as_json() for game in games(2)]}))
    argv = [word.format(folder=tmp_path) for word in argv] + ([str(exported)] if argv[-1] == "import" else [])
    code, out, err = run(capsys, *argv)
    assert (code, out) == (2, "") and not (tmp_path / "out.json").exists()
    assert err == (
        f"wordle-tui: {store.games.path} was written by a newer version of wordle-tui, which this one cannot read: "
        "your games there are left as they are, and none can be shown or added here.\n"
    )


def test_json_piped_to_a_reader_that_stops_early_ends_quietly(store, tmp_path):
    store.games.add(games(3000))  # far more than a pipe holds
    environment = os.environ | {"XDG_DATA_HOME": str(tmp_path / "data")}
    pipeline = f"{shlex.join(command('stats', '--json'))} | head -c 50; exit ${{PIPESTATUS[0]}}"
    done = subprocess.run(["bash", "-c", pipeline], env=environment, capture_output=True, text=True, timeout=60)
    assert done.stdout.startswith('{"games": [{"id": "i0", "answer": "crane"') and len(done.stdout) == 50
    assert (done.returncode, done.stderr) == (141, "")  # as a command ended by SIGPIPE, without a traceback


@pytest.mark.parametrize("argv", [["challenge", "crane"], ["share"]])
def test_damaged_settings_are_said_by_every_command_that_reads_them(store, capsys, argv):
    store.settings_path.parent.mkdir(parents=True, exist_ok=True)
    store.settings_path.write_text("{oops")
    code, _, err = run(capsys, *argv)
    assert code == 0 and err.startswith("wordle-tui: Could not read your settings (") and err.count("\n") == 1
    assert "settings.json.bad" in err and run(capsys, *argv)[2] == ""  # said once: the file is set aside


LATER = "{} games are still to be analysed: the app works out skill and luck in the background, on its lists."


def games(count: int) -> list[GameRecord]:
    return [
        GameRecord(
            f"i{n}",
            "crane",
            ("slate", "crane"),
            True,
            lists="nyt",
            finished=f"2025-01-01T10:00:{n % 60:02d}.{n // 60:03d}+00:00",
        )
        for n in range(count)
    ]


def test_a_read_only_data_folder_shows_the_games_and_says_none_can_be_added(store, tmp_path):
    folder = store.data_dir
    exported = tmp_path / "more.json"
    exported.write_text(json.dumps({"games": [game.as_json() for game in games(5)]}))
    environment = os.environ | {"XDG_DATA_HOME": str(tmp_path / "data")}
    read_only = f"mount --bind {folder} {folder}; mount -o remount,ro,bind {folder}"
    shown = in_a_namespace_of_its_own(f"{read_only}; exec {shlex.join(command('stats'))}", env=environment)
    said = f"wordle-tui: {store.games.path} cannot be written (its folder or disk is read-only): your games are shown, "
    assert shown.returncode == 0 and "nyt lists: 2 played" in shown.stdout
    assert shown.stderr == said + "but none can be added.\n"
    imported = in_a_namespace_of_its_own(
        f"{read_only}; exec {shlex.join(command('stats', 'import', str(exported)))}", env=environment
    )
    assert imported.returncode == 2 and imported.stdout == ""
    assert (
        imported.stderr
        == f"wordle-tui: Could not add the games in {store.games.path} (its folder or disk is read-only).\n"
    )


def test_an_import_onto_a_full_disk_fails_in_one_sentence_and_keeps_the_games_recorded(store, tmp_path):
    folder = store.data_dir
    exported = tmp_path / "more.json"
    exported.write_text(json.dumps({"games": [game.as_json() for game in games(5000)]}))
    environment = os.environ | {"XDG_DATA_HOME": str(tmp_path / "data")}
    kept = tmp_path / "kept"
    full = (
        f"cp -a {folder} {kept}; mount -t tmpfs -o size=1m tmpfs {folder}; cp -a {kept}/. {folder}/; "
        f"dd if=/dev/zero of={folder}/filler bs=4k 2>/dev/null || true; "
        f"{shlex.join(command('stats', 'import', str(exported)))} || echo status $?; "
        f"{shlex.join(command('stats'))}"
    )
    done = in_a_namespace_of_its_own(full, env=environment)
    assert done.stdout.splitlines()[0] == "status 2" and "nyt lists: 2 played" in done.stdout
    assert done.stderr.splitlines() == [
        f"wordle-tui: Could not add the games in {store.games.path} (the disk is full).",
        f"wordle-tui: {store.games.path} cannot be written (the disk is full): your games are shown, "
        "but none can be added.",
    ]
