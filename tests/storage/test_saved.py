"""Games in progress, whatever the game: those kept by earlier versions carry on, each kind is resumed only
for its own game, and a state that cannot be read is forgotten rather than shown."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing

import pytest

from wordle_tui.core.rules.game import Difficulty
from wordle_tui.core.rules.variant import ABSURDLE, WORDLE, Variant
from wordle_tui.storage.kinds import Kind
from wordle_tui.storage.saved import InProgress
from wordle_tui.storage.store import Store

# One game of each kind, every field it keeps set, as the database has held it since the kind was added (the
# word its row names the kind by and the JSON an earlier version wrote), and the game it is.
EARLIER = [
    (
        "play",
        {
            "id": "p1",
            "answer": "crane",
            "guesses": ["slate", "crony"],
            "hard_mode": 2,
            "hints": True,
            "daily": True,
            "nyt": 1983,
            "lists": "nyt2022",
            "code": "nyt2022-4K7QX2",
        },
        InProgress(
            "p1",
            WORDLE,
            "nyt2022",
            answers=("crane",),
            guesses=("slate", "crony"),
            hard_mode=Difficulty.ULTRA,
            hints=True,
            daily=True,
            nyt=1983,
            code="nyt2022-4K7QX2",
        ),
    ),
    (
        "boards",
        {
            "id": "b1",
            "answers": ["crane", "guano", "prove", "shoes"],
            "guesses": ["slate", "crony"],
            "lists": "nyt2022",
        },
        InProgress(
            "b1", Variant(4), "nyt2022", answers=("crane", "guano", "prove", "shoes"), guesses=("slate", "crony")
        ),
    ),
    (
        "absurdle",
        {"id": "a1", "guesses": ["salet", "crony"], "lists": "nyt2022"},
        InProgress("a1", ABSURDLE, "nyt2022", guesses=("salet", "crony")),
    ),
    (
        "coach",
        {"id": "c1", "rows": [["salet", 3], ["guano", 242]], "hard_mode": 1, "nyt": 1983, "lists": "nyt2022"},
        InProgress(
            "c1",
            WORDLE,
            "nyt2022",
            coached=True,
            guesses=("salet", "guano"),
            patterns=((3,), (242,)),
            hard_mode=Difficulty.HARD,
            nyt=1983,
        ),
    ),
    (
        "boards-coach",
        {
            "id": "d1",
            "boards": 2,
            "rows": [["salet", [3, 10]], ["guano", [242, 20]], ["crane", [None, 242]]],
            "lists": "nyt2022",
        },
        InProgress(
            "d1",
            Variant(2),
            "nyt2022",
            coached=True,
            guesses=("salet", "guano", "crane"),
            patterns=((3, 10), (242, 20), (None, 242)),
        ),
    ),
]


@pytest.fixture
def store(tmp_path) -> Store:
    return Store(tmp_path / "config", tmp_path / "data")


def window(store: Store) -> Store:
    """Another window of the app on the same files (its own handles, as another process would have)."""
    return Store(store.config_dir, store.data_dir)


def resumed(store: Store, game: InProgress) -> InProgress | None:
    """The game in progress a window opening `game`'s game (and puzzle, for the coach) carries on."""
    return window(store).in_progress(game.variant, game.lists, game.coached, game.nyt)


def rows(store: Store) -> list[tuple[str, str, dict]]:
    """The games in progress in the file, as an earlier version reads them: (id, the kind's word, state)."""
    with closing(sqlite3.connect(store.games.path)) as db:
        return [
            (id, kind, json.loads(state)) for id, kind, state in db.execute("SELECT id, kind, state FROM in_progress")
        ]


@pytest.mark.parametrize(("word", "state", "game"), EARLIER, ids=[word for word, _, _ in EARLIER])
def test_a_game_kept_by_an_earlier_version_carries_on_whole_and_is_kept_as_it_would_keep_it(store, word, state, game):
    assert not store.games.of_a_newer_version()  # the file made, as the earlier version made it
    with closing(sqlite3.connect(store.games.path)) as db, db:
        db.execute("INSERT INTO in_progress (id, kind, state) VALUES (?, ?, ?)", (state["id"], word, json.dumps(state)))
    assert resumed(store, game) == game
    store.forget(game.id)
    store.keep(game)  # kept again by this version: an earlier one still reads it
    assert rows(store) == [(game.id, word, state)]


def test_the_coachs_file_of_an_earlier_version_carries_on(store):
    """coach.json, kept before the database, with the mode as a flag (before ultra hard mode)."""
    store.data_dir.mkdir(parents=True)
    state = {"id": "c0", "rows": [["salet", 3]], "hard_mode": True, "nyt": 1983, "lists": "nyt"}
    (store.data_dir / "coach.json").write_text(json.dumps(state))
    game = InProgress(
        "c0", WORDLE, "nyt", True, guesses=("salet",), patterns=((3,),), hard_mode=Difficulty.HARD, nyt=1983
    )
    assert store.in_progress(WORDLE, "nyt", coached=True, nyt=1983) == game
    assert (store.data_dir / "coach.json.backup").exists()


@pytest.mark.parametrize(("word", "state", "game"), EARLIER, ids=[word for word, _, _ in EARLIER])
def test_a_game_in_progress_is_carried_on_only_by_its_own_game_on_its_own_lists(store, word, state, game):
    store.keep(game)
    store.games.release(game.id)
    others = [Variant(n) for n in (2, 4, 8) if game.variant.several and n != game.variant.boards]
    for variant in others:
        assert window(store).in_progress(variant, game.lists, game.coached, game.nyt) is None
    assert window(store).in_progress(game.variant, "nyt", game.coached, game.nyt) is None  # other lists
    if game.coached:  # the coach of one board, its puzzle too
        assert window(store).in_progress(game.variant, game.lists, True, 1984 if game.nyt else 1983) is None
    assert resumed(store, game) == game  # passed over, not forgotten


def test_games_played_here_left_before_a_guess_are_forgotten_whatever_their_lists_the_coachs_rows_are_not(store):
    """A game played here with no guess has nothing to carry on (its window may start it again); the coach's
    rows before the first row still hold its mode."""
    empty = [
        InProgress("one", WORDLE, "nyt", answers=("crane",)),
        InProgress("four", Variant(4), "nyt2022", answers=("crane", "guano", "prove", "shoes")),
        InProgress("absurdle", ABSURDLE, "nyt2022"),
    ]
    coach = InProgress("coach", WORDLE, "nyt", coached=True, hard_mode=Difficulty.HARD, nyt=1983)
    for game in [*empty, coach]:
        store.keep(game)
        store.games.release(game.id)
    for other in (WORDLE, Variant(2), ABSURDLE):
        assert window(store).in_progress(other, "nyt") is None  # another game of the kind, or other lists
    assert all(store.games.in_progress(kind) == [] for kind in (Kind.PLAYED, Kind.BOARDS, Kind.ABSURDLE))
    assert resumed(store, coach) == coach


def test_a_game_left_before_a_guess_in_another_window_stays_that_windows(store):
    shown = window(store)
    shown.keep(InProgress("shown", Variant(2), "nyt", answers=("crane", "guano")))
    assert store.in_progress(Variant(4), "nyt") is None
    assert [game_id for game_id, _ in store.games.in_progress(Kind.BOARDS)] == ["shown"]


@pytest.mark.parametrize(
    ("kind", "state"),
    [
        (Kind.PLAYED, {"id": "x", "guesses": ["slate"], "lists": "nyt"}),  # no answer
        (Kind.PLAYED, {"id": "x", "answer": "crane", "guesses": ["slate"], "nyt": "1983", "lists": "nyt"}),
        (Kind.BOARDS, {"id": "x", "answers": ["crane"], "guesses": ["slate"], "lists": "nyt"}),  # one board
        (Kind.BOARDS, {"id": "x", "answers": ["crane"] * 9, "guesses": ["slate"], "lists": "nyt"}),
        (Kind.ABSURDLE, {"id": "x", "guesses": 5, "lists": "nyt"}),
        (Kind.COACHED, {"id": "x", "rows": [["salet", None]], "nyt": 1983, "lists": "nyt"}),
        (Kind.BOARDS_COACHED, {"id": "x", "boards": 2, "rows": [["salet", [3, 10, 20]]], "lists": "nyt"}),
        (Kind.BOARDS_COACHED, {"id": "x", "boards": 1, "rows": [["salet", [3]]], "lists": "nyt"}),
    ],
)
def test_a_state_that_cannot_be_read_is_forgotten_not_shown(store, kind, state):
    store.games.keep(kind, "x", state)
    store.games.release("x")
    for variant in (WORDLE, Variant(2), Variant(8), ABSURDLE):
        for coached in (False, True) if variant != ABSURDLE else (False,):
            assert store.in_progress(variant, "nyt", coached, 1983) is None
    assert store.games.in_progress(kind) == []


def test_a_game_in_progress_that_does_not_fit_its_game_is_refused():
    with pytest.raises(ValueError, match="keeps 4 answers, not 1"):
        InProgress("x", Variant(4), answers=("crane",))
    with pytest.raises(ValueError, match="colours kept do not fit"):
        InProgress("x", Variant(2), coached=True, guesses=("salet",), patterns=((3,),))
    with pytest.raises(ValueError, match="leave a row of the only board out"):
        InProgress("x", WORDLE, coached=True, guesses=("salet", "guano"), patterns=((3,), (None,)))
    with pytest.raises(ValueError, match="Absurdle holds no answer"):
        InProgress("x", ABSURDLE, coached=True)
