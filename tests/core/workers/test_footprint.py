"""What the coach leaves in the cache and holds in its workers once it has ranked a position on the default lists."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap

from wordle_tui.core.exact.search import compiled_folder
from wordle_tui.core.position.table import BUILDING_LOCK
from wordle_tui.core.rules.words import load_preset

# Run as a script of its own, so that its workers start with a new cache folder: the coach's
# rankings of the opening and of SALET=01000 (answers at risk included), then one job per worker
# that says how the worker holds its tables.
COACH = textwrap.dedent(
    """
    import json
    import sys

    import numpy as np

    from wordle_tui.core.exact.risk import answers_view
    from wordle_tui.core.position.model import State, weighted_model
    from wordle_tui.core.rules.feedback import from_digits
    from wordle_tui.core.rules.words import load_preset
    from wordle_tui.core.strategies import strategy_named
    from wordle_tui.core.strategies.ranking import Ranker
    from wordle_tui.core.workers.pool import RankingPool


    def tables(model, _):
        answers = answers_view(State(model)).model.table.matrix
        with open("/proc/self/maps") as maps:
            mapped = str(answers.filename) in maps.read()
        return {
            "all words whole": model.table.whole,
            "answers mapped": isinstance(answers, np.memmap) and not answers.flags.owndata and mapped,
        }


    if __name__ == "__main__":
        model = weighted_model(load_preset("nyt"))
        with RankingPool(2) as pool:
            ranker = Ranker(pool)
            for history in ((), (("salet", from_digits((0, 1, 0, 0, 0))),)):
                *_, final = ranker.stream(State(model, history), strategy_named("entropy"), top=20, risks=True)
            workers = pool.runner(model)(tables, [(i,) for i in range(8)])
        json.dump({"best": final.ranking[0].word, "workers": workers}, sys.stdout)
    """
)


def test_the_coach_caches_one_small_table_and_its_workers_share_it(tmp_path):
    """About 10 s: the default lists' opening, ranked by two worker processes started for the test."""
    cache = tmp_path / "cache" / "wordle-tui"
    if compiled_folder().is_dir():  # numba's build where the search was not built at install: nothing compiles here
        shutil.copytree(compiled_folder(), cache / "compiled")
    script = tmp_path / "coach.py"
    script.write_text(COACH)
    environment = os.environ | {"XDG_CACHE_HOME": str(tmp_path / "cache")}
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=environment, timeout=600)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["best"] == "orcin"
    assert result["workers"] and all(
        worker == {"all words whole": False, "answers mapped": True} for worker in result["workers"]
    )
    # One table, the guesses against the answers (a byte each): no
    # target-major copy, and no table of every word against every word.
    files = {
        path.name: path.stat().st_size for path in cache.iterdir() if path.is_file() and path.name != BUILDING_LOCK
    }
    table = f"patterns-v1-{load_preset('nyt').digest}.npy"
    assert sorted(files) == [table, table + ".sum"]  # the opening's figures ship: none are measured or kept
    guesses, answers = 14855, 3158
    assert sum(files.values()) < guesses * answers + guesses * 64 + 4096
