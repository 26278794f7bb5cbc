"""The compiled search as a machine gets it: built with the package where a C compiler works, so that
a search loads no compiler and compiles nothing; where none works, the package installs all the same
and numba compiles the search, once, saying so, with the same trees; a module built from other
sources is never run."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import numpy as np
import pytest
from helpers import CHECKOUT, write_words

import wordle_tui
from wordle_tui.core.exact.search import compiled_search, slower_way

SAID = "the exact search runs a slower way here, as no C compiler worked when it was installed"

TREES = """
import hashlib, json, sys
import wordle_tui
from wordle_tui.core.exact.trees import compute_tree
from wordle_tui.core.position.model import uniform_model
from wordle_tui.core.rules.game import Difficulty
from wordle_tui.core.rules.words import load_preset
model = uniform_model(load_preset("nyt2022"))
trees = [compute_tree(model, "salet", hard_mode, resume=False) for hard_mode in (Difficulty.NORMAL, Difficulty.HARD)]
print(json.dumps({
    "package": wordle_tui.__file__,
    "compiler loaded": "numba" in sys.modules,
    "totals": [tree.total for tree in trees],
    "paths": hashlib.sha256(repr([sorted(tree.paths.items()) for tree in trees]).encode()).hexdigest(),
}))
"""

THE_SEARCH_AS_FOUND = """
import json, sys
from pathlib import Path
from wordle_tui.core.exact import search
found = {
    "package": search.__file__,
    "built": search.built_search() is not None,
    "ready": search.ready(),
    "why not": search.slower_way(),
    "compiler loaded": "numba" in sys.modules,
}
mapped = {line.split()[-1] for line in Path("/proc/self/maps").read_text().splitlines()}
print(json.dumps(found | {"modules mapped": sorted(Path(path).name for path in mapped if "/search_" in path)}))
"""


def python(*args: str, cache: Path, path: Path | None = None, **env: str) -> subprocess.CompletedProcess:
    """A new Python with `cache` as its cache folder, importing the package from `path` if given."""
    done = subprocess.run(
        [sys.executable, *args],
        env=environment(cache, path, **env),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    return done


def environment(cache: Path, path: Path | None = None, **env: str) -> dict[str, str]:
    return {**os.environ, "XDG_CACHE_HOME": str(cache), **({"PYTHONPATH": str(path)} if path else {}), **env}


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> dict:
    """SALET's exact trees on nyt2022, both modes, from the installed package, in a new process and
    an empty cache folder."""
    if shutil.which(os.environ.get("CC", "cc")) is None:
        pytest.skip("no C compiler here: the search is compiled by numba instead")
    assert slower_way() is None, f"a C compiler is here, but the search was not built at install: {slower_way()}"
    cache = tmp_path_factory.mktemp("cache")
    trees = json.loads(python("-c", TREES, cache=cache).stdout)
    return trees | {"compiled here": (cache / "wordle-tui" / "compiled").exists()}


def test_the_search_built_at_install_loads_no_compiler_and_compiles_nothing(built):
    assert built["totals"] == [7897, 8099]  # Alex Selby's optima after SALET, normal and hard mode
    assert built["compiler loaded"] is False and built["compiled here"] is False


def test_without_a_c_compiler_the_package_installs_and_numba_compiles_the_search_once_saying_so(built, tmp_path):
    """Builds a wheel and installs it (a few seconds: no compiler), then has numba compile the search,
    over a minute: what a machine without a C compiler gets cannot be seen short of that."""
    wheels, site, cache = tmp_path / "wheels", tmp_path / "site", tmp_path / "cache"
    pip = ("-m", "pip", "--disable-pip-version-check", "-q")
    building = ("wheel", "--no-deps", "--no-build-isolation", "-w", str(wheels), str(CHECKOUT))
    python(*pip, *building, cache=cache, CC="false")
    (wheel,) = wheels.glob("*.whl")
    assert wheel.name.endswith("-py3-none-any.whl")  # nothing built for a platform
    names = [Path(name).name for name in zipfile.ZipFile(wheel).namelist() if "/search_" in name]
    assert len(names) == 1 and names[0].endswith("-failed.txt")
    python(*pip, "install", "--no-deps", "--no-index", "--target", str(site), str(wheel), cache=cache)

    answers = write_words(tmp_path / "answers.txt", ["bills", "fills", "hills", "zills"])
    guesses = write_words(tmp_path / "guesses.txt", ["bfhzz"])
    opener = ("-m", "wordle_tui", "openers", "--answers", str(answers), "--guesses", str(guesses), "bfhzz")
    # Quit while numba compiles: what it compiled so far stays in its cache, not compiled again.
    compiled = cache / "wordle-tui" / "compiled"
    cut_short = subprocess.Popen(
        [sys.executable, *opener, "--workers", "1"], env=environment(cache, site), stderr=subprocess.PIPE, text=True
    )
    deadline = time.monotonic() + 600
    while not list(compiled.glob("**/*.nbc")) and cut_short.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    cut_short.send_signal(signal.SIGTERM)
    assert SAID in cut_short.communicate(timeout=600)[1]
    kept = {path: path.stat().st_mtime_ns for path in compiled.glob("**/*.nbc")}
    assert kept

    said = [python(*opener, "--workers", "1", cache=cache, path=site).stderr for _ in range(2)]
    assert said[0].count(SAID) == 1 and SAID not in said[1], said
    assert "(why: " in said[0] and "-failed.txt)" in said[0]
    assert {path: path.stat().st_mtime_ns for path in kept} == kept
    trees = json.loads(python("-c", TREES, cache=cache, path=site).stdout)
    assert trees["package"].startswith(str(site)) and trees["compiler loaded"]
    assert (trees["totals"], trees["paths"]) == (built["totals"], built["paths"])


def test_a_module_built_from_other_sources_is_never_run(built, tmp_path):
    installed = Path(wordle_tui.__file__).parent
    copies = {}
    for name in ("same", "changed"):
        shutil.copytree(installed, tmp_path / name / "wordle_tui", ignore=shutil.ignore_patterns("__pycache__"))
        copies[name] = tmp_path / name
    with (copies["changed"] / "wordle_tui" / "core" / "exact" / "compiled.py").open("a") as source:
        source.write("# changed since the module was built\n")
    found = {
        name: json.loads(python("-c", THE_SEARCH_AS_FOUND, cache=tmp_path / "cache", path=path).stdout)
        for name, path in copies.items()
    }
    assert found["same"]["package"].startswith(str(copies["same"]))
    assert found["same"]["built"] and found["same"]["ready"] and found["same"]["why not"] is None
    assert len(found["same"]["modules mapped"]) == 1 and not found["same"]["compiler loaded"]
    assert found["changed"]["package"].startswith(str(copies["changed"]))
    assert list((copies["changed"] / "wordle_tui" / "core" / "exact").glob("search_*.so"))  # there, but not its own
    assert not found["changed"]["built"] and not found["changed"]["ready"] and not found["changed"]["modules mapped"]
    assert "other sources than these" in found["changed"]["why not"]


def test_the_search_built_ahead_of_time_refuses_arrays_of_another_type_or_layout(built):
    # Numba's own dispatch compiles the search again for such arrays; the module built ahead of time
    # would read them as the types it was built for, and answer wrong.
    kernel = compiled_search()
    patterns = np.arange(60, dtype=np.uint8).reshape(10, 6)
    rows, columns = np.array([0, 2, 4]), np.array([1, 5])
    assert kernel.gather(patterns, rows, columns).tolist() == [[1, 5], [13, 17], [25, 29]]
    for wider in (np.uint16, np.uint32):  # six to ten letters' patterns, and eleven's
        assert kernel.gather(patterns.astype(wider), rows, columns).tolist() == [[1, 5], [13, 17], [25, 29]]
    for wrong in (
        (patterns[::2], rows, columns),  # every other row: not contiguous
        (np.asfortranarray(patterns), rows, columns),
        (patterns, rows.astype(np.int32), columns),
        (patterns.astype(np.int64), rows, columns),
        (patterns, rows),
    ):
        with pytest.raises(TypeError, match="other types than it was built for"):
            kernel.gather(*wrong)
