"""Finished games, as SQLite counts them: coached ones apart from the statistics, the streak in the order
games finished, and the averages of the history."""

from __future__ import annotations

import datetime as dt
import random

import pytest

from wordle_tui.core.rules.game import Difficulty
from wordle_tui.core.rules.variant import ABSURDLE, WORDLE, Variant
from wordle_tui.storage.kinds import Kind
from wordle_tui.storage.records import (
    GameRecord,
    NytStatistics,
    Stats,
    averages,
    trend,
)
from wordle_tui.storage.store import Store

TODAY = dt.date(2026, 11, 23)
QUORDLE = Variant(4)


@pytest.fixture
def counted(tmp_path):
    """`counted(records)`: a store holding just those games (and the NYT's statistics, if given)."""
    made = []

    def recorded(records: list[GameRecord], nyt: NytStatistics | None = None) -> Store:
        store = Store(tmp_path / f"config{len(made)}", tmp_path / f"data{len(made)}")
        assert store.games.add(records) == len(records)
        if nyt is not None:
            store.games.keep_nyt_statistics(nyt)
        made.append(store)
        return store

    return recorded


def spans(store: Store, days: int, today: dt.date):
    return store.day_totals(today - dt.timedelta(days=200), today)


def game(
    n: int, days_ago: int | None, guesses: int = 4, won: bool = True, kind: str = Kind.PLAYED, **more
) -> GameRecord:
    """Game `n`, finished `days_ago` days before TODAY (at n minutes past ten), or at no time known (None)."""
    day = None if days_ago is None else f"{TODAY - dt.timedelta(days=days_ago)}T10:{n:02d}:00+00:00"
    more.setdefault("finished", day)
    return GameRecord(f"g{n}", "crane", ("slate",) * (guesses - 1) + ("crane",), won, kind=kind, **more)


def test_coached_games_are_not_counted_in_the_statistics_of_games_played_here(counted):
    records = [game(1, 0), game(2, 0, kind=Kind.COACHED), game(3, 1, won=False, kind=Kind.COACHED)]
    stats = counted(records).stats(hard_mode=Difficulty.NORMAL)
    assert (stats.played, stats.wins, stats.current_streak) == (1, 1, 1)


def test_the_averages_of_a_span_count_its_days_today_included(counted):
    records = [
        game(1, 0, guesses=3, skill=90.0, luck=40.0),
        game(2, 13, guesses=5, kind=Kind.COACHED, skill=70.0, luck=60.0),
        game(3, 14, guesses=2, skill=10.0, luck=10.0),  # fifteen days ago: out of the 14
        game(4, 60, won=False),
        game(5, None),  # recorded before dates were kept: in no span
    ]
    totals = spans(counted(records), 90, TODAY)
    fortnight = averages(totals, 14, TODAY)
    assert (fortnight.games, fortnight.wins, fortnight.guesses) == (2, 2, 4.0)
    assert (fortnight.skill, fortnight.luck) == (80.0, 50.0)
    quarter = averages(totals, 90, TODAY)
    assert (quarter.games, quarter.wins, quarter.guesses) == (4, 3, pytest.approx(10 / 3))
    assert quarter.skill == pytest.approx(170 / 3)  # the games without an analysis do not count
    empty = averages(totals, 14, TODAY + dt.timedelta(days=365))
    assert (empty.games, empty.guesses, empty.skill) == (0, None, None)
    imported = spans(counted([*records, game(6, 1, skill=50.0)]), 90, TODAY)  # a skill, and no luck, kept
    assert (averages(imported, 14, TODAY).skill, averages(imported, 14, TODAY).luck) == (70.0, 50.0)


def test_the_averages_of_a_span_count_the_games_of_several_boards_and_absurdle_beside_those_of_one(counted):
    def finished(days_ago: int) -> str:
        return f"{TODAY - dt.timedelta(days=days_ago)}T11:00:00+00:00"

    quordle = GameRecord("q", "crane moist pound slate", ("adieu",) * 8, True, kind=Kind.BOARDS, finished=finished(0))
    absurdle = GameRecord("a", "crane", ("adieu",) * 5, True, kind=Kind.ABSURDLE, finished=finished(3))
    old_dordle = GameRecord("d", "crane moist", ("crane", "moist"), True, kind=Kind.BOARDS, finished=finished(40))
    records = [game(1, 0, guesses=3), game(2, 5, guesses=5, won=False), quordle, absurdle, old_dordle]
    totals = spans(counted(records), 90, TODAY)
    fortnight = averages(totals, 14, TODAY)
    assert (fortnight.games, fortnight.others, fortnight.wins, fortnight.guesses) == (2, 2, 1, 3.0)
    assert (averages(totals, 90, TODAY).games, averages(totals, 90, TODAY).others) == (2, 3)
    assert [day.others for day in trend(totals, 14, 3, TODAY)] == [1, 1, 2]  # the Quordle of today, in its span alone


def test_the_trend_is_the_span_averages_as_they_stood_each_day_oldest_first(counted):
    records = [game(1, 0, guesses=2), game(2, 3, guesses=6), game(3, 20, guesses=4), game(4, 100, guesses=3)]
    totals = spans(counted(records), 90, TODAY)
    days = trend(totals, 14, 30, TODAY)
    assert len(days) == 30
    assert [day.guesses for day in days[-1:-4:-1]] == [4.0, 6.0, 6.0]  # today: 2 and 6; 1 and 2 days ago: 6
    assert days[-8].games == 1 and days[-8].guesses == 4.0  # seven days ago: the game of 20 days ago, alone
    assert days[-7].games == 0 and days[-7].guesses is None  # six days ago: 20 days ago is out of its 14
    assert days[0].games == 0 and days[0].guesses is None  # 29 days ago: nothing in the 14 days before
    each = [averages(totals, 14, TODAY - dt.timedelta(days=29 - n)) for n in range(30)]
    assert [day.games for day in days] == [day.games for day in each]


@pytest.mark.parametrize(
    "change",
    [
        {"kind": "watched"},
        {"finished_on": "yesterday"},
        {"skill": 120},
        {"luck": "lucky"},
        {"nyt": -1},
        {"hard_mode": 3},
        {"hard_mode": "ultra"},
    ],
)
def test_a_record_with_a_bad_field_is_refused(change):
    good = {"id": "g1", "answer": "crane", "guesses": ["crane"], "won": True}
    assert GameRecord.from_json(good).kind == Kind.PLAYED
    with pytest.raises(ValueError):
        GameRecord.from_json(good | change)


def test_statistics_are_kept_apart_for_each_preset_and_can_be_shown_per_mode(counted):
    records = [
        game(1, 0, lists="nyt"),
        game(2, 0, lists="nyt2022"),
        game(3, 0, lists="custom"),
        game(4, 0, hard_mode=Difficulty.HARD),
        game(5, 0, hard_mode=Difficulty.ULTRA),
    ]
    store = counted(records)
    assert store.stats("nyt", hard_mode=Difficulty.NORMAL).played == 1
    assert store.stats("nyt2022").played == 1
    assert store.stats("nyt", hard_mode=Difficulty.HARD).played == 1
    assert store.stats("nyt", hard_mode=Difficulty.ULTRA).played == 1
    assert store.stats("nyt").played == 3  # every mode, as the NYT counts them
    assert GameRecord.from_json(records[4].as_json()).hard_mode == 2
    assert GameRecord.from_json(records[3].as_json() | {"hard_mode": True}).hard_mode == 1  # as saved before ultra
    assert store.stats(hard_mode=Difficulty.NORMAL).played == 3  # every list


def test_the_streak_follows_the_order_games_finished_in_not_the_order_they_were_recorded(counted):
    records = [game(1, 0), game(2, 1, won=False)]  # today's win was recorded before yesterday's loss (an import)
    assert counted(records).stats("nyt").current_streak == 1
    # The same moment in two time zones is one moment: the game finished later in Tokyo is the later one.
    east = game(3, None, won=False, finished="2026-11-23T09:00:00+09:00")  # midnight UTC
    west = game(4, None, finished="2026-11-22T20:00:00-05:00")  # 01:00 UTC: after it, though its date is earlier
    assert counted([west, east]).stats("nyt").current_streak == 1


IMPORTED = NytStatistics(100, 97, 12, 30, (1, 10, 40, 30, 12, 4), "2026-11-20T12:00:00+00:00")


def test_the_nyt_statistics_count_on_its_lists_in_both_modes_and_its_streak_goes_on(counted):
    records = [game(1, 5, won=False), game(2, 2), game(3, 1, guesses=3)]  # a loss before the import, two wins after
    store = counted(records, IMPORTED)
    stats = store.stats("nyt")
    assert (stats.played, stats.wins, stats.current_streak, stats.max_streak) == (103, 99, 14, 30)
    assert stats.distribution == (1, 10, 41, 31, 12, 4) and stats.imported == IMPORTED
    assert store.stats("nyt2022").played == 0
    assert store.stats("nyt", hard_mode=Difficulty.NORMAL).played == 3  # the NYT's are of no one mode
    lost_since = counted([*records, game(4, 0, won=False)], IMPORTED).stats("nyt")
    assert (lost_since.current_streak, lost_since.max_streak) == (0, 30)


def test_the_nyt_statistics_object_is_read_as_the_web_game_keeps_it_and_checked():
    kept = {
        "currentStreak": 3,
        "maxStreak": 9,
        "guesses": {"1": 0, "2": 2, "3": 5, "4": 4, "5": 1, "6": 0, "fail": 1},
        "winPercentage": 92,
        "gamesPlayed": 13,
        "gamesWon": 12,
        "averageGuesses": 4,
    }
    statistics = NytStatistics.from_json(kept)
    assert (statistics.played, statistics.won, statistics.distribution) == (13, 12, (0, 2, 5, 4, 1, 0))
    assert NytStatistics.from_json(statistics.as_json()) == statistics
    with pytest.raises(ValueError):
        NytStatistics.from_json(kept | {"gamesWon": 14})  # more won than played, and than the guesses add up to


def test_games_of_several_boards_keep_statistics_of_their_own(counted):
    def quordle(n: int, guesses: int, won: bool, lists: str = "nyt") -> GameRecord:
        return GameRecord(f"q{n}", "crane moist pound slate", ("adieu",) * guesses, won, lists=lists, kind=Kind.BOARDS,
                          finished=f"2026-11-2{n}T10:00:00+00:00")  # fmt: skip

    dordle = GameRecord(
        "d", "crane moist", ("crane", "moist"), True, kind=Kind.BOARDS, finished="2026-11-20T09:00:00+00:00"
    )
    one = GameRecord("w", "crane", ("slate", "crane"), True, finished="2026-11-20T11:00:00+00:00")
    records = [
        quordle(1, 7, True),
        quordle(2, 9, False),
        quordle(3, 8, True),
        quordle(4, 6, True, "nyt2022"),
        dordle,
        one,
    ]
    store = counted(records)
    stats = store.stats("nyt", variant=QUORDLE)
    assert (stats.played, stats.wins, stats.current_streak, stats.max_streak) == (3, 2, 1, 1)
    assert stats.distribution == (0, 0, 0, 0, 0, 0, 1, 1, 0) and stats.average == 7.5
    assert store.stats("nyt", variant=Variant(2)).played == 1 and quordle(1, 7, True).boards == 4
    # The games of one board count without them, and the history's averages too.
    assert store.stats("nyt").played == 1
    today = dt.date(2026, 11, 25)
    assert averages(store.day_totals(today - dt.timedelta(days=30), today), 14, today).guesses == 2.0
    # A record of several boards goes through an export and back, colours and all left out.
    again = GameRecord.from_json(quordle(2, 9, False).as_json())
    assert again == quordle(2, 9, False) and again.patterns is None


def test_one_query_counts_every_game_of_the_family_as_the_game_counts(counted):
    """Absurdle counts the games beaten, the fewest guesses and the average; several boards and Wordle the
    games played, won, the streak and the guesses a win; each game apart from the others."""

    def absurdle(n: int, guesses: int) -> GameRecord:
        played = ("adieu",) * (guesses - 1) + ("crane",)
        return GameRecord(f"a{n}", "crane", played, True, lists="nyt", kind=Kind.ABSURDLE, finished=f"2026-11-2{n}")

    octordle = GameRecord("o", " ".join(["crane"] * 8), ("adieu",) * 13, False, lists="nyt", kind=Kind.BOARDS)
    store = counted([absurdle(1, 5), absurdle(2, 4), octordle, game(3, 0)])
    assert store.stats("nyt", variant=ABSURDLE).summary() == "beaten 2 times · best 4 · average 4.50"
    eight = store.stats("nyt", variant=Variant(8))
    assert (
        eight.summary() == "1 played · 0% won · streak 0 (best 0) · — guesses a win" and len(eight.distribution) == 13
    )
    assert store.stats().summary() == "1 played · 100% won · streak 1 (best 1) · 4.00 guesses a win"
    assert store.stats("nyt2022", variant=ABSURDLE).summary() == "not beaten yet"


def test_sqlites_counts_equal_a_plain_count_of_thousands_of_games_in_any_order(counted):
    """Games of every kind, mode, list and time zone, recorded in a shuffled order: the statistics SQLite
    gives are those of walking the games one by one in the order they finished."""
    rng = random.Random(7)
    zones = [dt.timezone(dt.timedelta(hours=hours)) for hours in (-8, 0, 1, 9)]
    records = []
    for n, minutes in enumerate(rng.sample(range(10**6), 3000)):
        moment = dt.datetime(2024, 1, 1, tzinfo=dt.UTC) + dt.timedelta(minutes=minutes)
        kind = rng.choice([Kind.PLAYED] * 6 + [Kind.COACHED, Kind.BOARDS, Kind.ABSURDLE])
        tries = rng.randint(1, 9 if kind == Kind.BOARDS else 6)
        answer = "crane moist pound slate" if kind == Kind.BOARDS else "crane"
        records.append(
            GameRecord(
                f"g{n}",
                answer,
                ("slate",) * (tries - 1) + ("crane",),
                rng.random() < 0.85 or kind == Kind.ABSURDLE,
                rng.choice([0, 0, 1, 2]),
                lists=rng.choice(["nyt", "nyt", "nyt2022"]),
                kind=kind,
                finished=moment.astimezone(rng.choice(zones)).isoformat(timespec="milliseconds"),
            )
        )
    store = counted(records)
    in_order = sorted(records, key=lambda record: dt.datetime.fromisoformat(record.finished))

    def walked(chosen: list[GameRecord], limit: int = 6, variant: Variant = WORDLE) -> Stats:
        distribution = [0] * limit
        streak = best = 0
        for record in chosen:
            streak = streak + 1 if record.won else 0
            best = max(best, streak)
            distribution[min(len(record.guesses), limit) - 1] += record.won
        return Stats(len(chosen), sum(distribution), streak, best, tuple(distribution), variant=variant)

    for lists in (None, "nyt", "nyt2022"):
        for mode in (None, 0, 1, 2):
            chosen = [
                r
                for r in in_order
                if r.kind == Kind.PLAYED and lists in (None, r.lists) and mode in (None, r.hard_mode)
            ]
            assert store.stats(lists, mode) == walked(chosen), (lists, mode)
    quordles = [r for r in in_order if r.kind == Kind.BOARDS and r.lists == "nyt"]
    assert store.stats("nyt", variant=QUORDLE) == walked(quordles, 9, QUORDLE)
    beaten = [len(r.guesses) for r in in_order if r.kind == Kind.ABSURDLE and r.lists == "nyt2022"]
    absurdle = store.stats("nyt2022", variant=ABSURDLE)
    assert (absurdle.played, absurdle.best, absurdle.average) == (
        len(beaten),
        min(beaten),
        pytest.approx(sum(beaten) / len(beaten)),
    )
