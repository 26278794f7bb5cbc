"""What tests share besides fixtures: importable by name, the tests folder being on the path."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

CHECKOUT = Path(__file__).resolve().parents[1]  # the clone the tests are in


def length_lists_script() -> ModuleType:
    """scripts/length_lists.py, whose rules the shipped lists of every length but five follow."""
    spec = importlib.util.spec_from_file_location("length_lists", CHECKOUT / "scripts" / "length_lists.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def write_words(path: Path, words: list[str]) -> Path:
    path.write_text("\n".join(words) + "\n", encoding="utf-8")
    return path


def feedback_vectors() -> list[list[str]]:
    """(guess, answer, pattern) rows scored independently by the NYT rules, heavy on repeated letters."""
    lines = (Path(__file__).parent / "core" / "rules" / "feedback_vectors.tsv").read_text().splitlines()[1:]
    return [line.split("\t") for line in lines]
