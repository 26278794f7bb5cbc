"""`wordle-tui cache`: what the cache folder holds for each word list, and clearing it."""

from __future__ import annotations

import json

from wordle_tui.cli import main
from wordle_tui.core.position.table import cache_dir
from wordle_tui.core.rules.words import load_preset


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def a_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    folder = cache_dir()
    (folder / "compiled").mkdir(parents=True)
    (folder / "compiled" / "search.nbi").write_bytes(b"x" * 100)
    (folder / "patterns.lock").touch()  # held while a table is built: neither shown nor cleared
    nyt, six = load_preset("nyt"), load_preset("english-6")
    entries = {
        f"patterns-v1-{nyt.digest}.npy": 3000,
        f"patterns-v1-{nyt.digest}.npy.sum": 20,
        f"patterns-v1-{six.possible_digest}-all.npy": 2000,
        f"{six.digest}-tree-carnet-normal.txt": 500,
        "patterns-v1-0123456789abcdef0123.npy": 700,  # lists of one's own
    }
    for name, size in entries.items():
        (folder / name).write_bytes(b"\0" * size)
    return folder


def test_the_cache_is_shown_by_the_lists_its_entries_were_computed_from(capsys, tmp_path, monkeypatch):
    folder = a_cache(tmp_path, monkeypatch)
    code, out, _ = run(capsys, "cache", "--json")
    shown = json.loads(out)
    assert code == 0 and shown["folder"] == str(folder)
    sizes = {row["lists"]: (len(row["files"]), row["bytes"]) for row in shown["lists"]}
    assert sizes == {"nyt": (2, 3020), "english-6": (2, 2500), "other lists": (1, 700), "the exact search": (1, 100)}
    code, out, _ = run(capsys, "cache")
    assert code == 0 and "english-6" in out and "--clear" in out


def test_clearing_one_lists_cache_keeps_the_rest_and_clearing_all_empties_it(capsys, tmp_path, monkeypatch):
    folder = a_cache(tmp_path, monkeypatch)
    code, out, _ = run(capsys, "cache", "--clear", "english-6")
    assert code == 0 and out.startswith("Cleared 2 entries, 2 KB, from ")
    assert not any("carnet" in path.name or "-all" in path.name for path in folder.iterdir())
    assert (folder / f"patterns-v1-{load_preset('nyt').digest}.npy").exists()
    code, out, _ = run(capsys, "cache", "--clear")
    assert code == 0 and "other lists" in out and [path.name for path in folder.iterdir()] == ["patterns.lock"]
    code, out, _ = run(capsys, "cache")
    assert code == 0 and out == f"The cache folder {folder} holds nothing yet.\n"


def test_clearing_lists_that_do_not_exist_is_one_sentence(capsys, tmp_path, monkeypatch):
    a_cache(tmp_path, monkeypatch)
    code, out, err = run(capsys, "cache", "--clear", "klingon")
    assert code == 2 and out == "" and err.startswith("wordle-tui: klingon: not a preset") and err.count("\n") == 1
