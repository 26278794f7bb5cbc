"""`stats` (figures, every game as JSON, export, import) and `share` from the command line, on a user's own folders."""

from __future__ import annotations

import json

import pytest

from wordle_tui.cli import main
from wordle_tui.storage.records import ABSURDLE, BOARDS, GameRecord
from wordle_tui.storage.store import Store


@pytest.fixture
def store(monkeypatch, tmp_path) -> Store:
    """The user's folders, of this test's own, with two games finished."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    store = Store()
    store.record(GameRecord("a", "crane", ("slate", "crane"), True, lists="nyt", finished="2026-11-20T10:00:00+00:00"))
    store.record(GameRecord("b", "guano", ("salet", "round", "guano"), True, True, nyt=1983, lists="nyt",
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
    assert code == 0 and out == f"Added 2 games from {exported}.\n"
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


def test_share_of_a_game_of_several_boards_is_quordle_s(store, capsys):
    dordle = GameRecord("d", "crane moist", ("crane", "moist"), True, kind=BOARDS, finished="2026-11-24T10:00:00+00:00")
    store.record(dordle)
    code, out, _ = run(capsys, "share")
    assert code == 0 and out.splitlines() == ["Dordle 2/7", "1️⃣2️⃣", "", "🟩🟩🟩🟩🟩 ⬛⬛⬛⬛⬛", "⬜⬜⬜⬜⬜ 🟩🟩🟩🟩🟩"]


def test_absurdle_beaten_is_shared_and_counted_apart(store, capsys):
    beaten = ("aesir", "yauld", "tench", "whoop")
    record = GameRecord("x", "whoop", beaten, True, lists="nyt", kind=ABSURDLE, finished="2026-11-25T10:00:00+00:00")
    store.record(record)
    code, out, _ = run(capsys, "share")
    assert code == 0 and out.splitlines()[0] == "Absurdle 4/∞" and out.splitlines()[-1] == "🟩🟩🟩🟩🟩"
    code, out, _ = run(capsys, "stats")
    assert "2 played" in out and "Absurdle: beaten 1 time · best 4 · average 4.00" in out
    assert "normal mode 1 played · hard mode 1 played · ultra hard mode 0 played" in out


def test_share_with_no_game_yet_is_one_sentence(monkeypatch, tmp_path, capsys):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    code, _, err = run(capsys, "share")
    assert code == 2 and err == "wordle-tui: No game is recorded yet: finish one in the app first.\n"
