"""The mode of a game is one typed value: a Difficulty, named in words by itself, never a bare int or bool."""

from __future__ import annotations

import ast
from pathlib import Path

from helpers import CHECKOUT

from wordle_tui.core.rules.game import Difficulty

MODE_NAMES = {"hard_mode", "coach_hard_mode", "hard", "difficulty"}


def test_each_mode_is_named_as_the_files_and_the_player_name_it():
    assert [(level.word, level.title) for level in Difficulty] == [
        ("normal", "normal"),
        ("hard", "hard"),
        ("ultra", "ultra hard"),
    ]


def named(node: ast.AST) -> str | None:
    """The name a parameter or an annotated field gives, if the node is one."""
    if isinstance(node, ast.arg):
        return node.arg
    if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
        return node.target.id
    return None


def mode_hints(path: Path) -> list[tuple[int, str]]:
    """Each parameter and field of a module named for a mode, with its type hint as written."""
    nodes = ast.walk(ast.parse(path.read_text()))
    return [
        (node.lineno, ast.unparse(node.annotation)) for node in nodes if named(node) in MODE_NAMES and node.annotation
    ]


def test_every_mode_in_the_package_and_the_benchmarks_is_typed_difficulty():
    modules = [*sorted((CHECKOUT / "wordle_tui").rglob("*.py")), *sorted((CHECKOUT / "benchmarks").glob("*.py"))]
    hints = {(path, line): hint for path in modules for line, hint in mode_hints(path)}
    assert len(hints) > 50  # the scan sees the mode's parameters
    untyped = {place: hint for place, hint in hints.items() if hint not in ("Difficulty", "Difficulty | None")}
    assert untyped == {}
