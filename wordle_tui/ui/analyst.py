"""The skill and luck of finished games, worked out once each, in the background, and kept with them.

A game's averages are kept the moment its analysis is done, whether or not a dialog shows it: the
game just finished first, then the games recorded without one (imported, or finished while the app
closed too soon), newest first, on the lists the app runs with. The work runs in the pool's
analysis lane (one worker, at a low priority), a game at a time, so that an analysis the player
asks for waits at most for one game; a game that has no analysis to be had is marked so and never
tried again.
"""

from __future__ import annotations

import statistics
import threading
import time
from typing import TYPE_CHECKING

from ..core.cancel import Cancelled
from ..storage.store import Store

if TYPE_CHECKING:
    from ..core.position.model import CandidateModel
    from ..core.strategies.ranking import Ranker

LOOK_SECONDS = 1.0  # how often an idle analyst looks for a game to analyse
BATCH = 20  # games read at a time: more than the writer has still to keep of those analysed


class Analyst:
    """Analyses the recorded games of a model's lists that have no analysis yet, from its start until stopped.

    With no worker process (one ranking process: everything runs in the app's), only the games
    finished from now on: the analysis of years of games would hold the screen up meanwhile.
    """

    def __init__(self, store: Store, in_process: bool):
        self._store = store
        self._since = time.time() if in_process else None
        self._stopped = threading.Event()
        self._engine: Ranker | None = None  # the engine of the analysis under way
        self._done: set[str] = set()  # games analysed by this process (kept by the writer in turn)

    def start(self, model: CandidateModel, engine: Ranker) -> None:
        """Analyse the games of `model`'s lists from now on: those of the lists before (the app plays words of
        another length now) wait until the app runs their lists again."""
        self.stop()  # the analysis of the lists before ends at once, and leaves the pool's lane to these
        self._stopped, self._engine = threading.Event(), engine
        threading.Thread(target=self._work, args=(model, engine, self._stopped), name="analyst", daemon=True).start()

    def stop(self) -> None:
        self._stopped.set()
        if self._engine is not None:
            self._engine.cancel()

    def _work(self, model: CandidateModel, engine: Ranker, stopped: threading.Event) -> None:
        # Loaded with the engine handed in, after the app's first frame: the module loads numpy.
        from ..core.strategies.ranking import RankingError

        try:
            while not stopped.is_set():
                if self._store.games.read_only is not None:  # nothing worked out could be kept: wait until it can
                    stopped.wait(LOOK_SECONDS)
                    continue
                # The newest first, looked for again after each: a game just finished goes before the others.
                waiting = self._store.to_analyse(model.lists.name, BATCH, self._since)
                game = next((game for game in reversed(waiting) if game.id not in self._done), None)
                if game is None:
                    stopped.wait(LOOK_SECONDS)
                    continue
                try:
                    rows = engine.analysis(model, game.history or (), game.hard_mode)  # () none to be had
                except Cancelled:  # stopped, or the lane taken by a ranking of other lists: tried again
                    stopped.wait(LOOK_SECONDS)
                    continue
                if isinstance(rows, str) or not rows:  # no analysis to be had: never tried again
                    self._store.note_analysis(game.id, None, None)
                else:
                    skill, luck = statistics.fmean(r.skill for r in rows), statistics.fmean(r.luck for r in rows)
                    self._store.note_analysis(game.id, skill, luck)
                self._done.add(game.id)  # kept by the writer in turn
        except RankingError:
            return  # the pool could not be kept running
        finally:
            engine.close()
