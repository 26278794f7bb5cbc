"""The fitted curves: one per preset and mode, naming the lists they were fitted on, checked on load."""

from __future__ import annotations

import json

import pytest
from helpers import write_words

from wordle_tui.cli import main
from wordle_tui.core.position import curve as curve_module
from wordle_tui.core.position.curve import FIT_FILE, cached_curves_path, curves_for, read_curves
from wordle_tui.core.rules.words import PRESETS, load_preset, load_word_lists


def tiny_lists(tmp_path):
    return load_word_lists(
        write_words(tmp_path / "a.txt", ["bills", "fills"]), write_words(tmp_path / "g.txt", ["zills"])
    )


@pytest.fixture(autouse=True)
def fresh(monkeypatch):
    monkeypatch.setattr(curve_module, "_LOADED", {})  # as in a new process


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_preset_ships_curves_for_both_modes_fitted_on_its_lists(name):
    lists = load_preset(name)
    shipped = read_curves(PRESETS[name].folder / FIT_FILE, lists.digest)
    assert shipped is not None and set(shipped) == {"normal", "hard"}
    assert json.loads((PRESETS[name].folder / FIT_FILE).read_text())["name"] == name
    assert curves_for(lists) == shipped


def test_a_curve_for_other_lists_is_not_used(tmp_path):
    nyt2022 = load_preset("nyt2022")
    assert read_curves(PRESETS["nyt"].folder / FIT_FILE, nyt2022.digest) is None
    small = load_word_lists(
        write_words(tmp_path / "a.txt", ["bills", "fills"]), write_words(tmp_path / "g.txt", ["zills"])
    )
    assert curves_for(small) == curves_for(load_preset("nyt"))  # lists never fitted: the default preset's


@pytest.mark.parametrize("damage", ["{not json", '{"format": "wordle-tui curve v1", "normal": {"slope": 1}}', "[]"])
def test_a_damaged_cached_curve_is_not_used(tmp_path, damage):
    lists = load_word_lists(
        write_words(tmp_path / "a.txt", ["bills", "fills"]), write_words(tmp_path / "g.txt", ["zills"])
    )
    path = cached_curves_path(lists)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(damage)
    assert curves_for(lists) == curves_for(load_preset("nyt"))


def test_fit_keeps_its_curves_in_the_cache_where_they_are_used(tmp_path, capsys):
    words = ["bills", "fills", "hills", "kills", "mills", "pills", "chomp", "crane", "slate", "trace"]
    answers = write_words(tmp_path / "a.txt", words)
    argv = ["fit", "--answers", str(answers), "--guesses", str(answers), "--workers", "1"]
    assert main(argv) == 0
    lists = load_word_lists(answers, answers)
    assert "the expected figures of these lists use it from now on" in capsys.readouterr().out
    kept = read_curves(cached_curves_path(lists), lists.digest)
    assert kept is not None and curves_for(lists) == kept != curves_for(load_preset("nyt"))
    assert read_curves(PRESETS["nyt"].folder / FIT_FILE, None) == curves_for(load_preset("nyt"))  # untouched
