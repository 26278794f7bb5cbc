"""Settings and statistics on disk: atomic, forgiving of damage, each game counted once."""

from __future__ import annotations

import json

import pytest

from wordle_tui.store import GameRecord, SavedGame, Settings, Store


@pytest.fixture
def store(tmp_path) -> Store:
    return Store(tmp_path / "config", tmp_path / "data")


def game(n: int, guesses: int, won: bool = True, hard: bool = False) -> GameRecord:
    return GameRecord(f"g{n}", "crane", ("slate",) * (guesses - 1) + ("crane",), won, hard)


def test_defaults_when_nothing_is_saved(store):
    assert store.settings() == Settings()
    assert store.stats(hard_mode=False).played == 0
    assert store.saved_game() is None
    assert store.problems == []


def test_settings_round_trip_and_leave_no_temporary_files(store):
    store.save_settings(Settings(hard_mode=True, theme="high-contrast", show_hints=True, workers=2))
    assert Store(store.config_dir, store.data_dir).settings() == Settings(True, "entropy", 2, "high-contrast", True)
    assert [p.name for p in store.config_dir.iterdir()] == ["settings.json"]


def test_corrupt_settings_are_moved_aside_and_reported_once(store):
    store.config_dir.mkdir(parents=True)
    store.settings_path.write_text("{not json")
    assert store.settings() == Settings()
    assert len(store.problems) == 1
    assert "settings" in store.problems[0] and ".bad" in store.problems[0]
    assert (store.config_dir / "settings.json.bad").read_text() == "{not json"
    assert store.settings() == Settings()
    assert len(store.problems) == 1


def test_unknown_values_fall_back_to_defaults_one_by_one(store):
    store.config_dir.mkdir(parents=True)
    store.settings_path.write_text(json.dumps({"hard_mode": True, "strategy": "magic", "theme": 3}))
    assert store.settings() == Settings(hard_mode=True)


def test_stats_count_each_finished_game_once(store):
    assert store.record(game(1, 3))
    assert not store.record(game(1, 3))
    assert store.stats(hard_mode=False).played == 1


def test_streaks_distribution_and_average(store):
    for n, (guesses, won) in enumerate([(3, True), (4, True), (6, False), (2, True), (4, True), (5, True)]):
        store.record(game(n, guesses, won))
    store.record(game(99, 1, hard=True))
    stats = store.stats(hard_mode=False)
    assert (stats.played, stats.wins, stats.win_percent) == (6, 5, 83)
    assert (stats.current_streak, stats.max_streak) == (3, 3)
    assert stats.distribution == (0, 1, 1, 2, 1, 0)
    assert stats.average == pytest.approx(18 / 5)
    assert store.stats(hard_mode=True).distribution == (1, 0, 0, 0, 0, 0)


def test_damaged_stats_keep_settings(store):
    store.save_settings(Settings(theme="light"))
    store.data_dir.mkdir(parents=True)
    store.stats_path.write_text(json.dumps({"games": [{"answer": "crane"}]}))
    assert store.stats(hard_mode=False).played == 0
    assert store.settings().theme == "light"
    assert (store.data_dir / "stats.json.bad").exists()


def test_game_in_progress_survives_and_clears(store):
    store.save_game(SavedGame("x", "crane", ["slate"], hard_mode=True))
    resumed = Store(store.config_dir, store.data_dir).saved_game()
    assert resumed == SavedGame("x", "crane", ["slate"], hard_mode=True)
    store.clear_game()
    assert store.saved_game() is None


def test_a_failed_write_is_reported_not_raised(store):
    store.config_dir.parent.mkdir(parents=True, exist_ok=True)
    store.config_dir.write_text("a file where the folder should be")
    told: list[str] = []
    store.report = told.append
    store.save_settings(Settings(hard_mode=True))
    assert len(told) == 1 and "Could not save your settings" in told[0]


def test_a_games_analysis_is_kept_and_survives_an_update_of_the_same_game(store):
    from dataclasses import replace

    from wordle_tui.records import COACHED

    coached = replace(game(1, 3), kind=COACHED, finished_on="2026-11-23")
    assert store.record(coached)
    assert store.note_analysis("g1", 86.25, 41.0)
    assert store.records()[0].skill == 86.2 and store.records()[0].luck == 41.0  # rounded to a tenth
    assert store.record(coached, update=True)  # recorded again, as the coach does after each change
    assert (store.records()[0].skill, store.records()[0].luck) == (86.2, 41.0)
    changed = replace(coached, guesses=("slate", "crate", "trace", "crane"))
    assert store.record(changed, update=True)
    assert store.records()[0].skill is None and len(store.records()) == 1  # another game now: no analysis yet
    assert not store.note_analysis("nothing", 50, 50)


def test_the_coached_rows_round_trip_and_a_damaged_file_is_set_aside(store):
    from wordle_tui.store import CoachedRows

    store.save_coach(CoachedRows("c1", [("salet", 3), ("guano", 242)], hard_mode=True, nyt=1983, lists="nyt"))
    assert Store(store.config_dir, store.data_dir).saved_coach() == CoachedRows(
        "c1", [("salet", 3), ("guano", 242)], True, 1983, "nyt"
    )
    store.coach_path.write_text('{"id": "c2", "rows": [["salet"]]}')
    assert store.saved_coach() is None and "coached rows" in store.problems[0]
    assert (store.data_dir / "coach.json.bad").exists()


def test_set_aside_files_never_overwrite_earlier_ones(store):
    store.data_dir.mkdir(parents=True)
    for damage in ("{one", "{two"):
        store.stats_path.write_text(damage)
        assert store.records() == []
    assert (store.data_dir / "stats.json.bad").read_text() == "{one"
    assert (store.data_dir / "stats.json.bad.1").read_text() == "{two"


def test_a_bad_record_is_set_aside_alone_and_the_other_games_kept(store):
    for n in range(40):
        store.record(game(n, 3 + n % 3))
    data = json.loads(store.stats_path.read_text())
    data["games"].insert(7, "oops")
    data["games"].insert(20, {"id": "x", "answer": "crane", "guesses": ["crane"], "won": True, "kind": "watched"})
    store.stats_path.write_text(json.dumps(data))
    assert len(store.records()) == 40 and store.stats(hard_mode=False).played == 40
    assert (
        "Could not read 2 games of your statistics" in store.problems[0]
        and "the other 40 are kept" in store.problems[0]
    )
    assert json.loads((store.data_dir / "stats.json.bad").read_text())["games"][0] == "oops"
    store.stats_path.write_text(json.dumps({"games": [*json.loads(store.stats_path.read_text())["games"], "again"]}))
    assert len(store.records()) == 40  # a second problem never overwrites what the first set aside
    assert json.loads((store.data_dir / "stats.json.bad.1").read_text()) == {"games": ["again"]}
    assert json.loads((store.data_dir / "stats.json.bad").read_text())["games"][0] == "oops"
