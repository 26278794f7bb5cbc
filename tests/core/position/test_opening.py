"""The opening's figures are the same for every game on the same lists: ranked once, then read from the cache."""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path

import numpy as np
import pytest
from small_lists import ills_model

from wordle_tui.core.files import cache_news_to
from wordle_tui.core.position import opening_figures as opening_module
from wordle_tui.core.position.curve import GuessCurve
from wordle_tui.core.position.model import State, weighted_model
from wordle_tui.core.position.opening_figures import cached_opening, opening_path
from wordle_tui.core.rules.game import Difficulty
from wordle_tui.core.rules.words import PRESETS, load_preset
from wordle_tui.core.strategies import measure_all, strategy_named


@pytest.fixture
def ills(tmp_path):
    return ills_model(tmp_path)


def test_the_opening_is_measured_once_then_read_back_alike(ills):
    state = State(ills)
    path = opening_path(state)
    path.unlink(missing_ok=True)
    assert cached_opening(state) is None
    measured = measure_all(state)
    assert path.exists()
    kept = cached_opening(state)
    for item in fields(measured):
        assert np.array_equal(getattr(kept, item.name), getattr(measured, item.name))
    # Later positions and hard mode's opening have figures of their own.
    assert cached_opening(state.then("zills", 0)) is None
    assert opening_path(State(ills, (), Difficulty.HARD)) != path


@pytest.mark.parametrize("damage", ["replaced", "truncated", "flipped"])
def test_a_damaged_cached_opening_is_measured_again(ills, damage):
    state = State(ills)
    measure_all(state)
    path = opening_path(state)
    data = path.read_bytes()
    damaged = {
        "replaced": b"not an npz file",
        "truncated": data[: len(data) // 2],
        "flipped": data[:100] + bytes([data[100] ^ 0xFF]) + data[101:],  # inside the first array: a bad CRC
    }[damage]
    path.write_bytes(damaged)
    told: list[str] = []
    with cache_news_to(told.append):
        assert cached_opening(state) is None and not path.exists()
    assert len(told) == 1 and told[0].startswith(f"The opening's figures cached in {path} were damaged (")
    ranking = strategy_named("entropy").rank(state)
    assert [row.word for row in ranking][:1] == ["bfhzz"] and cached_opening(state) is not None


def test_the_key_follows_the_curve_the_figures_were_measured_with(ills, monkeypatch):
    state = State(ills)
    before = opening_path(state)
    monkeypatch.setattr(opening_module, "curve_for", lambda lists, hard_mode: GuessCurve(0.2, 0.1))
    assert opening_path(state) != before


def test_the_key_follows_the_words_the_model_leaves_out_as_offensive(tmp_path, monkeypatch):
    # The same lists, before and after the offensive words were left out of the possible answers: an opening
    # measured with NIGGA among them is never read back for a model without it, whose prior is the same length.
    from small_lists import lists_of

    from wordle_tui.core.position.model import weighted_model
    from wordle_tui.core.rules import words

    answers, guesses = ["crane", "slate"], ["crane", "nigga", "slate", "trace"]
    after = weighted_model(lists_of(tmp_path, answers, guesses))
    monkeypatch.setattr(words, "offensive_words", lambda length: frozenset())
    before = weighted_model(lists_of(tmp_path, answers, guesses))
    assert "nigga" in before.targets and "nigga" not in after.targets
    assert opening_path(State(before)) != opening_path(State(after))
    # With TRACE left out instead, the prior has NIGGA's place and weight: the targets still tell them apart.
    monkeypatch.setattr(words, "offensive_words", lambda length: frozenset({"trace"}))
    other = weighted_model(lists_of(tmp_path, answers, guesses))
    assert len(other.prior) == len(after.prior) and opening_path(State(other)) != opening_path(State(after))


def test_an_opening_entry_that_became_a_folder_is_measured_and_kept_again(ills):
    state = State(ills)
    path = opening_path(state)
    path.unlink(missing_ok=True)
    (path / "inside").mkdir(parents=True)
    assert cached_opening(state) is None
    measure_all(state)
    assert path.is_file() and cached_opening(state) is not None


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_preset_ships_its_openings_figures_in_each_mode_and_they_are_read(name, monkeypatch):
    # Stale figures (the lists, the model or a curve changed since scripts/openings.py ran) are never read: this
    # fails until they are made again. Nothing may be measured here.
    monkeypatch.setattr(opening_module, "opening_path", lambda state: Path("/nonexistent/opening.npz"))
    model = weighted_model(load_preset(name))
    for mode in Difficulty:
        figures = cached_opening(State(model, (), mode))
        assert figures is not None, f"data/{name}: run python scripts/openings.py --lists {name}"
        assert np.array_equal(figures.guesses, np.arange(len(model.lists.guesses)))


def test_the_shipped_figures_are_what_measuring_gives(monkeypatch):
    state = State(weighted_model(load_preset("english-4")), (), Difficulty.HARD)
    shipped = cached_opening(state)
    from wordle_tui.core.strategies import base

    monkeypatch.setattr(base, "cached_opening", lambda state: None)  # measured, not read
    monkeypatch.setattr(base, "keep_opening", lambda state, figures: None)
    measured = measure_all(state)
    for item in fields(measured):
        assert np.array_equal(getattr(shipped, item.name), getattr(measured, item.name)), item.name


def test_a_shipped_file_of_another_key_is_not_read(ills, tmp_path, monkeypatch):
    state = State(ills)
    figures = measure_all(state)
    shipped = tmp_path / "opening-normal.npz"
    monkeypatch.setattr(opening_module, "shipped_opening_path", lambda state: shipped)
    columns = opening_module.opening_columns(state, figures)
    np.savez(shipped, **(columns | {"key": np.array("0" * 20)}))  # measured from other lists, or before a change
    opening_path(state).unlink()
    assert cached_opening(state) is None
    np.savez(shipped, **columns)
    assert cached_opening(state) is not None
