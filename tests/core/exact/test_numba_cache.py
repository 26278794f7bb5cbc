"""Numba's cache of the compiled search, damaged as a machine damages it (random bytes in a data file, an
index cut short, a file in place of a folder): set aside as `compiled.bad`, said in one sentence, and
compiled again, by the command line, the app and the app's first-run preparation alike.

Where no C compiler worked at install the search runs from that cache: a copy of the installed package
without the module built at install runs so here. Numba compiles one function of the search into the
cache for real, a second (the whole search takes a minute, tests/core/exact/test_compiled.py); each
test damages a copy of it, and stops the compile it then starts, once it has said so.
"""

from __future__ import annotations

import json
import os
import select
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from processes import Terminal, command, wait_for

import wordle_tui
from wordle_tui.core.rules.words import data_dir

# Numba compiles one function of the search into the cache, then prepare leaves the cache as it does once
# it has compiled every one: marked ready.
ONE_FUNCTION = """
import numpy as np
from wordle_tui.core.exact import search
search._compile = lambda: search.jit_search().merged(np.zeros(3, np.int64), np.ones(3, np.int64))
search.prepare()
print(search.compiled_folder())
"""


@pytest.fixture(scope="module")
def slower_way(tmp_path_factory) -> Path:
    """A copy of the installed package as where no C compiler worked at install: no module built, the reason kept."""
    folder = tmp_path_factory.mktemp("slower-way")
    package = Path(wordle_tui.__file__).parent
    ignored = shutil.ignore_patterns("__pycache__", "search_*")
    shutil.copytree(package, folder / "wordle_tui", ignore=ignored)  # the sources' times kept: numba's stamp
    if not (folder / "wordle_tui" / "data").is_dir():  # a checkout's, beside the package
        (folder / "data").symlink_to(data_dir())
    (built,) = package.glob("core/exact/search_*.so") or [package / "core/exact/search_0.so"]
    (folder / "wordle_tui/core/exact" / (built.name.split(".")[0] + "-failed.txt")).write_text("no C compiler\n")
    return folder


@pytest.fixture(scope="module")
def compiled(slower_way, tmp_path_factory) -> Path:
    """A cache folder in which numba compiled a function of the search, and which prepare marked ready."""
    cache = tmp_path_factory.mktemp("compiled")
    done = subprocess.run(
        [sys.executable, "-c", ONE_FUNCTION], env=environment(cache, slower_way), capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    folder = Path(done.stdout.strip())
    assert list(folder.glob("*/*.nbi")) and list(folder.glob("*/*.nbc")) and list(folder.glob("ready-*"))
    return cache


def environment(cache: Path, package: Path, **env: str) -> dict[str, str]:
    return {**os.environ, "XDG_CACHE_HOME": str(cache), "PYTHONPATH": str(package), **env}


def random_bytes_in_a_data_file(folder: Path) -> Path:
    (data,) = folder.glob("*/*.nbc")
    data.write_bytes(os.urandom(3000))
    return data


def an_index_cut_short(folder: Path) -> Path:
    (index,) = folder.glob("*/*.nbi")
    index.write_bytes(index.read_bytes()[:100])
    return index


def a_file_in_place_of_the_folder(folder: Path) -> Path:
    shutil.rmtree(folder)
    folder.write_text("not a folder\n")
    return folder


def a_file_in_place_of_numbas_folder(folder: Path) -> Path:
    (inner,) = (path for path in folder.iterdir() if path.is_dir())
    shutil.rmtree(inner)
    inner.write_text("not a folder\n")
    return inner


DAMAGES = [
    random_bytes_in_a_data_file,
    an_index_cut_short,
    a_file_in_place_of_the_folder,
    a_file_in_place_of_numbas_folder,
]


def damaged(compiled: Path, tmp_path: Path, damage) -> tuple[Path, Path, bytes]:
    """A copy of the cache `compiled` in `tmp_path`, damaged: the cache, the folder numba keeps the search in,
    what was damaged and its bytes (as the folder set aside holds them)."""
    cache = tmp_path / "cache"
    shutil.copytree(compiled, cache)  # the files' times kept: the damage is the newest change
    folder = cache / "wordle-tui" / "compiled"
    time.sleep(0.01)
    hurt = damage(folder)
    return cache, hurt, hurt.read_bytes()


def first_line(process: subprocess.Popen, seconds: float = 60) -> str:
    """The first line the process writes on its stderr, within `seconds` (a silent compile would take a minute)."""
    assert process.stderr is not None
    ready, _, _ = select.select([process.stderr], [], [], seconds)
    return process.stderr.readline() if ready else ""


def set_aside_as_it_was(folder: Path, hurt: Path, kept: bytes) -> None:
    """The damaged cache is in `compiled.bad`, what was damaged as it was (not deleted), and numba compiles into
    a fresh folder."""
    aside = folder.with_name("compiled.bad")
    assert (aside / hurt.relative_to(folder)).read_bytes() == kept
    assert wait_for(folder.is_dir, 30)


@pytest.mark.parametrize("damage", DAMAGES)
def test_a_command_sets_a_damaged_cache_aside_says_so_and_compiles_the_search_again(
    slower_way, compiled, tmp_path, damage
):
    cache, hurt, kept = damaged(compiled, tmp_path, damage)
    folder = cache / "wordle-tui" / "compiled"
    argv = ("suggest", "--lists", "nyt2022", "--top", "1", "salet=01000")
    process = subprocess.Popen(
        command(*argv), env=environment(cache, slower_way), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        said = first_line(process)
        set_aside_as_it_was(folder, hurt, kept)
    finally:
        process.send_signal(signal.SIGTERM)
        _, rest = process.communicate(timeout=60)
    assert said == (
        f"wordle-tui: the compiled search's cache under {folder} was damaged ({why(folder, hurt)}): set aside as "
        f"{folder.with_name('compiled.bad')}; numba compiles it again, roughly 40 s to 2 min.\n"
    )
    assert "Traceback" not in rest and "Error" not in rest, rest


def why(folder: Path, hurt: Path) -> str:
    """What the sentence says was damaged."""
    if hurt == folder:
        return "it is a file, not a folder"
    if hurt.parent == folder:
        return f"{hurt.name} is a file where numba keeps a folder"
    return f"{hurt.name} is cut short or damaged"


def test_the_app_sets_a_damaged_cache_aside_and_the_coach_ranks_once_it_is_compiled_again(
    slower_way, compiled, tmp_path
):
    """Numba compiles in a worker process; the coach's ranking waits for it rather than failing as numba loads
    the damaged file (`The ranking failed: invalid load key`)."""
    cache, hurt, kept = damaged(compiled, tmp_path, random_bytes_in_a_data_file)
    folder = cache / "wordle-tui" / "compiled"
    config = tmp_path / "config"
    (config / "wordle-tui").mkdir(parents=True)
    (config / "wordle-tui" / "settings.json").write_text(json.dumps({"strategy": "optimal", "workers": 2}))
    env = environment(cache, slower_way, XDG_CONFIG_HOME=str(config), XDG_DATA_HOME=str(tmp_path / "data"))
    with Terminal("coach", "--lists", "nyt2022", env=env, cwd=tmp_path) as terminal:
        assert wait_for(lambda: terminal.shows(b"damaged"), 30), terminal.read()[-2000:]
        set_aside_as_it_was(folder, hurt, kept)
        terminal.type(b"salet01000\r")
        assert wait_for(lambda: terminal.shows(b"likely"), 30)
        time.sleep(2)  # numba had failed on the damaged file by now
        assert b"ranking failed" not in terminal.read()
