"""The layers hold at run time: the game, the solver and the user's files load no Textual, the app
loads no compiler, and the app provides what its screens know it as. (Which
module may import which is import-linter's to check: the contracts in pyproject.toml, run by
.ci/run.)"""

from __future__ import annotations

import subprocess
import sys

from wordle_tui.storage.settings_file import THEMES
from wordle_tui.ui.themes import THEMES as UI_THEMES

EVERY_MODULE_BELOW_THE_APP = """
import pkgutil, sys
import wordle_tui.core, wordle_tui.storage
for package in (wordle_tui.core, wordle_tui.storage):
    for found in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        __import__(found.name)
loaded = sorted(name for name in sys.modules if name.split(".")[0] == "textual")
print(len([name for name in sys.modules if name.startswith("wordle_tui.")]), loaded)
"""


def test_importing_the_core_and_the_users_files_loads_no_textual():
    done = subprocess.run([sys.executable, "-c", EVERY_MODULE_BELOW_THE_APP], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    count, loaded = done.stdout.split(" ", 1)
    assert int(count) > 30 and loaded.strip() == "[]"  # every module of both was imported, and no Textual


THE_APP_AND_A_SEARCH = """
import sys
import numpy as np
import wordle_tui.cli, wordle_tui.ui.app
from wordle_tui.core.exact.search import search_state
from wordle_tui.core.position.model import State, uniform_model
from wordle_tui.core.rules.words import WordLists
before = "numba" in sys.modules
lists = WordLists(("cabin", "cable", "caper"), ("cabin", "cable", "caper"))
search, node = search_state(State(uniform_model(lists), (), False))
print(before, "numba" in sys.modules, search.best_guess(node)[1])
"""


def test_the_app_loads_no_compiler_and_a_search_loads_it_only_where_the_search_could_not_be_built():
    from wordle_tui.core.exact.search import slower_way

    done = subprocess.run([sys.executable, "-c", THE_APP_AND_A_SEARCH], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    by_search = str(slower_way() is not None)  # numba's cache has the search where it was not built at install
    assert done.stdout.split() == ["False", by_search, "5"]  # CABIN, then CABLE or CAPER: 1 + 2 + 2


def test_the_app_provides_what_its_screens_know_it_as(lists, tmp_path):
    from wordle_tui.core.workers.pool import RankingPool
    from wordle_tui.storage.store import Store
    from wordle_tui.ui.app import WordleApp
    from wordle_tui.ui.host import Host

    app = WordleApp(lists, store=Store(tmp_path / "config", tmp_path / "data"), pool=RankingPool(workers=1))
    assert isinstance(app, Host)


def test_every_theme_in_the_settings_has_a_palette():
    assert set(THEMES) == set(UI_THEMES)
