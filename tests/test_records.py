"""Finished games: coached ones apart from the statistics, and the averages of the history."""

from __future__ import annotations

import datetime as dt

import pytest

from wordle_tui.records import COACHED, PLAYED, GameRecord, averages, stats_of

TODAY = dt.date(2026, 11, 23)


def game(n: int, days_ago: int | None, guesses: int = 4, won: bool = True, kind: str = PLAYED, **more) -> GameRecord:
    day = None if days_ago is None else (TODAY - dt.timedelta(days=days_ago)).isoformat()
    return GameRecord(
        f"g{n}", "crane", ("slate",) * (guesses - 1) + ("crane",), won, kind=kind, finished_on=day, **more
    )


def test_coached_games_are_not_counted_in_the_statistics_of_games_played_here():
    records = [game(1, 0), game(2, 0, kind=COACHED), game(3, 1, won=False, kind=COACHED)]
    stats = stats_of(records, hard_mode=False)
    assert (stats.played, stats.wins, stats.current_streak) == (1, 1, 1)


def test_the_averages_of_a_span_count_its_days_today_included():
    records = [
        game(1, 0, guesses=3, skill=90.0, luck=40.0),
        game(2, 13, guesses=5, kind=COACHED, skill=70.0, luck=60.0),
        game(3, 14, guesses=2, skill=10.0, luck=10.0),  # fifteen days ago: out of the 14
        game(4, 60, won=False),
        game(5, None),  # recorded before dates were kept: in no span
    ]
    fortnight = averages(records, 14, TODAY)
    assert (fortnight.games, fortnight.wins, fortnight.guesses) == (2, 2, 4.0)
    assert (fortnight.skill, fortnight.luck) == (80.0, 50.0)
    quarter = averages(records, 90, TODAY)
    assert (quarter.games, quarter.wins, quarter.guesses) == (4, 3, pytest.approx(10 / 3))
    assert quarter.skill == pytest.approx(170 / 3)  # the games without an analysis do not count
    empty = averages(records, 14, TODAY + dt.timedelta(days=365))
    assert (empty.games, empty.guesses, empty.skill) == (0, None, None)


@pytest.mark.parametrize(
    "change",
    [{"kind": "watched"}, {"finished_on": "yesterday"}, {"skill": 120}, {"luck": "lucky"}, {"nyt": -1}],
)
def test_a_record_with_a_bad_field_is_refused(change):
    good = {"id": "g1", "answer": "crane", "guesses": ["crane"], "won": True}
    assert GameRecord.from_json(good).kind == PLAYED
    with pytest.raises(ValueError):
        GameRecord.from_json(good | change)


def test_statistics_are_kept_apart_for_each_preset_and_mode():
    records = [
        game(1, 0, lists="nyt"),
        game(2, 0, lists="nyt2022"),
        game(3, 0, lists="custom"),
        game(4, 0, hard_mode=True),
    ]
    assert stats_of(records, False, "nyt").played == 1
    assert stats_of(records, False, "nyt2022").played == 1
    assert stats_of(records, True, "nyt").played == 1
    assert stats_of(records, False).played == 3  # every list
