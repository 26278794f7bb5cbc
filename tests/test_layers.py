"""The layers: core/ and the data modules work without Textual; imports run one way, with no circle."""

from __future__ import annotations

import ast
from pathlib import Path

from wordle_tui.storage.settings_file import THEMES
from wordle_tui.ui.themes import THEMES as UI_THEMES

PACKAGE = Path(__file__).resolve().parents[1] / "wordle_tui"


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_modules(path: Path) -> set[str]:
    """Every module `path` imports, anywhere in it (functions too), but for imports only a type checker sees."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    checked_only = {
        id(node)
        for block in ast.walk(tree)
        if isinstance(block, ast.If) and ast.unparse(block.test) == "TYPE_CHECKING"
        for statement in block.body
        for node in ast.walk(statement)
    }
    package = module_name(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    names = set()
    for node in ast.walk(tree):
        if id(node) in checked_only:
            continue
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, *(node.module.split(".") if node.module else [])])
            names.add(module)
            names.update(f"{module}.{alias.name}" for alias in node.names)  # `from . import cli` names a module
    return names


def import_graph() -> dict[str, set[str]]:
    modules = {module_name(path): path for path in PACKAGE.rglob("*.py")}
    return {
        name: {other for other in imported_modules(path) if other in modules} - {name} for name, path in modules.items()
    }


def reachable(graph: dict[str, set[str]], start: str) -> set[str]:
    seen, todo = set(), [start]
    while todo:
        for other in graph[todo.pop()]:
            if other not in seen:
                seen.add(other)
                todo.append(other)
    return seen


def test_core_and_the_data_modules_do_not_import_textual_or_the_ui():
    files = [*(PACKAGE / "core").rglob("*.py"), *(PACKAGE / "storage").rglob("*.py")]
    for path in files:
        for name in imported_modules(path):
            assert not name.startswith("textual"), f"{path.name} imports {name}"
            assert not name.startswith("wordle_tui.ui"), f"{path.name} imports {name}"


def test_no_module_imports_itself_through_others():
    graph = import_graph()
    circles = sorted(name for name in graph if name in reachable(graph, name) and not name.endswith("__init__"))
    assert circles == []


def test_the_pool_knows_nothing_of_the_strategies():
    assert not {name for name in reachable(import_graph(), "wordle_tui.core.workers.pool") if ".strategies" in name}


def test_every_theme_in_the_settings_has_a_palette():
    assert set(THEMES) == set(UI_THEMES)
