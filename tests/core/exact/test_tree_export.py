"""A decision tree taken away: Graphviz DOT and CSV, read back and replayed against the rules."""

from __future__ import annotations

import csv
import io
import re

from wordle_tui.core.exact.tree_export import tree_csv, tree_dot
from wordle_tui.core.exact.trees import tree_for
from wordle_tui.core.rules.feedback import format_pattern, score
from wordle_tui.core.rules.game import Difficulty


def read_dot(text: str) -> tuple[dict[str, str], dict[str, dict[str, str]]]:
    """(each node's label, each node's edges by their label), as Graphviz reads the file."""
    assert text.startswith("digraph wordle {") and text.rstrip().endswith("}")
    labels = dict(re.findall(r'^  (\w+) \[label="([^"]*)"', text, re.M))
    edges: dict[str, dict[str, str]] = {}
    for source, target, label in re.findall(r'^  (\w+) -> (\w+) \[label="(\d+)"\];$', text, re.M):
        assert label not in edges.setdefault(source, {}), "one edge for each colour pattern"
        edges[source][label] = target
    return labels, edges


def test_the_dot_file_reaches_every_answer_by_its_colours(model):
    tree = tree_for(model, Difficulty.ULTRA, "salet")  # the ultra hard tree that ships
    labels, edges = read_dot(tree_dot(tree))
    assert labels["n0"] == "SALET\\n2309 answers"
    for answer, path in tree.paths.items():
        node = "n0"
        for guess in path:
            assert labels[node].split("\\n")[0] == guess.upper()
            node = edges[node][format_pattern(score(guess, answer), 5)]
        assert labels[node] == answer.upper() and node not in edges  # a leaf, the answer's own
    leaves = [name for name in labels if name.startswith("a")]
    assert len(leaves) == len(tree.paths)
    assert sum(len(out) for out in edges.values()) == len(labels) - 1  # a tree: every node but the root entered once


def test_the_csv_file_has_a_row_for_each_answer_with_its_guesses(model):
    tree = tree_for(model, Difficulty.NORMAL, "salet")
    rows = list(csv.reader(io.StringIO(tree_csv(tree))))
    assert rows[0] == ["answer", "guesses", "guess_1", "guess_2", "guess_3", "guess_4", "guess_5"]
    assert len(rows) == 1 + len(tree.paths) and [row[0] for row in rows[1:]] == sorted(tree.paths)
    for answer, count, *guesses in rows[1:]:
        played = tuple(guess for guess in guesses if guess)
        assert played == tree.paths[answer] and int(count) == len(played) and played[-1] == answer
