"""What tests share besides fixtures: importable by name, the tests folder being on the path."""

from __future__ import annotations

from pathlib import Path

CHECKOUT = Path(__file__).resolve().parents[1]  # the clone the tests are in


def write_words(path: Path, words: list[str]) -> Path:
    path.write_text("\n".join(words) + "\n")
    return path


def feedback_vectors() -> list[list[str]]:
    """(guess, answer, pattern) rows scored independently by the NYT rules, heavy on repeated letters."""
    lines = (Path(__file__).parent / "core" / "rules" / "feedback_vectors.tsv").read_text().splitlines()[1:]
    return [line.split("\t") for line in lines]
