"""The compiled search as a machine gets it: built ahead of time where a C compiler works, so that a
search loads no compiler; compiled by numba where none does, with the same trees."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from wordle_tui.core.exact.search import build_failure, compiled_folder, compiled_search

TREES = """
import hashlib, json, sys
from wordle_tui.core.exact.search import compiled_search
from wordle_tui.core.exact.trees import compute_tree
from wordle_tui.core.position.model import uniform_model
from wordle_tui.core.rules.words import load_preset
model = uniform_model(load_preset("nyt2022"))
trees = [compute_tree(model, "salet", hard_mode, resume=False) for hard_mode in (False, True)]
print(json.dumps({
    "compiler loaded": "numba" in sys.modules,
    "totals": [tree.total for tree in trees],
    "paths": hashlib.sha256(repr([sorted(tree.paths.items()) for tree in trees]).encode()).hexdigest(),
}))
"""


def trees_in(cache: Path, **env: str) -> dict:
    """SALET's exact trees on nyt2022, both modes, computed by a new process with `cache` as its cache folder."""
    done = subprocess.run(
        [sys.executable, "-c", TREES],
        env={**os.environ, "XDG_CACHE_HOME": str(cache), **env},
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> dict:
    """The trees from the search built for this session (tests/conftest.py), in a cache otherwise empty."""
    if shutil.which(os.environ.get("CC", "cc")) is None:
        pytest.skip("no C compiler here: the search is compiled by numba instead")
    failure = build_failure()
    assert failure is None, f"the search was not built ahead of time, though a compiler is here: {failure.read_text()}"
    cache = tmp_path_factory.mktemp("cache")
    (cache / "wordle-tui").mkdir()
    (cache / "wordle-tui" / "compiled").symlink_to(compiled_folder())
    return trees_in(cache)


def test_a_search_built_ahead_of_time_loads_no_compiler(built):
    assert built["totals"] == [7897, 8099]  # Alex Selby's optima after SALET, normal and hard mode
    assert built["compiler loaded"] is False


def test_without_a_c_compiler_numba_compiles_the_search_and_the_trees_are_the_same(built, tmp_path):
    compiled = trees_in(tmp_path, CC="false")  # the build's compiler fails at once
    assert compiled == built | {"compiler loaded": True}
    (failure,) = (tmp_path / "wordle-tui" / "compiled").glob("search_*-failed.txt")
    assert "without the compiler" in failure.read_text()  # numba checks for one before it builds
    assert not list((tmp_path / "wordle-tui" / "compiled").glob("search_*.so"))


def test_the_search_built_ahead_of_time_refuses_arrays_of_another_type_or_layout(built):
    # Numba's own dispatch compiles the search again for such arrays; the module built ahead of time
    # would read them as the types it was built for, and answer wrong.
    kernel = compiled_search()
    patterns = np.arange(60, dtype=np.uint8).reshape(10, 6)
    rows, columns = np.array([0, 2, 4]), np.array([1, 5])
    assert kernel.gather(patterns, rows, columns).tolist() == [[1, 5], [13, 17], [25, 29]]
    assert kernel.gather(patterns.astype(np.uint16), rows, columns).tolist() == [[1, 5], [13, 17], [25, 29]]
    for wrong in (
        (patterns[::2], rows, columns),  # every other row: not contiguous
        (np.asfortranarray(patterns), rows, columns),
        (patterns, rows.astype(np.int32), columns),
        (patterns.astype(np.int64), rows, columns),
        (patterns, rows),
    ):
        with pytest.raises(TypeError, match="other types than it was built for"):
            kernel.gather(*wrong)
