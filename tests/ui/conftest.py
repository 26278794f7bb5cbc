"""Apps under test: the real app with its files in a temporary folder and no animations."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest

from wordle_tui.core.position.model import State, weighted_model
from wordle_tui.core.rules.game import Difficulty
from wordle_tui.core.strategies import measure_all
from wordle_tui.core.strategies.ranking import Ranker
from wordle_tui.core.workers.pool import RankingPool
from wordle_tui.storage.store import Store
from wordle_tui.ui.app import WordleApp

SIZE = (80, 24)
MARKS = (("g", "-green"), ("y", "-yellow"), ("b", "-grey"))


@pytest.fixture(scope="session", autouse=True)
def opening_ranked(lists) -> None:
    """Rank the app's opening once, as a first start does: its figures are cached from then on.

    With one ranking process (as here) a ranking runs in a thread of the app's own process, and
    the first ranking of the opening takes a second or two that the tests should not wait for.
    """
    for hard_mode in (Difficulty.NORMAL, Difficulty.HARD):
        measure_all(State(weighted_model(lists), (), hard_mode))


@pytest.fixture(autouse=True)
def no_clipboard_tool(monkeypatch) -> None:
    """No display and no tmux: copying falls back to asking the terminal (OSC 52) unless a test offers a tool."""
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "TMUX"):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def store(tmp_path) -> Store:
    return Store(tmp_path / "config", tmp_path / "data")


@pytest.fixture
def make_app(lists, store) -> Callable[..., WordleApp]:
    def make(mode: str = "play", **options) -> WordleApp:
        options.setdefault("pool", RankingPool(workers=1))
        app = WordleApp(lists, mode=mode, store=store, **options)
        app.animation_level = "none"
        return app

    return make


def first_rank_waits() -> type[Ranker]:
    """A Ranker (a class of its own each time, with its own events) whose first ranking waits until the test
    sets `go`: a bot thinking as long as the test needs."""

    class FirstRankWaits(Ranker):
        started = threading.Event()
        go = threading.Event()
        calls = 0

        def rank(self, state, strategy, top=None):
            FirstRankWaits.calls += 1
            if FirstRankWaits.calls == 1:
                self.started.set()
                self.go.wait(timeout=30)
            return strategy.rank(state, top=top)

        def close(self):
            self.go.set()
            super().close()

    return FirstRankWaits


async def until(pilot, condition: Callable[[], bool], steps: int = 500) -> None:
    """Let the app run until `condition` holds (a bounded number of event-loop turns, not a clock)."""
    for _ in range(steps):
        if condition():
            return
        await pilot.pause(0.01)
    raise AssertionError("the app never reached the expected state")


def tile_text(board, row: int) -> str:
    return "".join(str(board.tile(row, column).content) for column in range(board.length))


def tile_colours(board, row: int) -> str:
    """The row's colours as the player sees them: g green, y yellow, b grey, . not scored."""
    marks = []
    for column in range(board.length):
        tile = board.tile(row, column)
        marks.append(next((mark for mark, name in MARKS if tile.has_class(name)), "."))
    return "".join(marks)
