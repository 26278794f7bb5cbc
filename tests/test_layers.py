"""The rules and the solver never import the UI: core/ and store.py work without Textual."""

from __future__ import annotations

import ast
from pathlib import Path

from wordle_tui.store import THEMES
from wordle_tui.ui.themes import THEMES as UI_THEMES

PACKAGE = Path(__file__).resolve().parents[1] / "wordle_tui"


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            names.add("." * node.level + (node.module or ""))
    return names


def test_core_and_store_do_not_import_textual_or_the_ui():
    files = [*(PACKAGE / "core").rglob("*.py"), PACKAGE / "store.py"]
    for path in files:
        for name in imported_modules(path):
            assert not name.startswith("textual"), f"{path.name} imports {name}"
            assert ".ui" not in name and not name.startswith("wordle_tui.ui"), f"{path.name} imports {name}"


def test_every_theme_in_the_settings_has_a_palette():
    assert set(THEMES) == set(UI_THEMES)
