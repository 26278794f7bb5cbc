"""A decision tree to take away: Graphviz DOT (a node for each position, an edge for each colour
pattern) and CSV (a row for each answer with its guesses)."""

from __future__ import annotations

import csv
import io

from ..rules.feedback import format_pattern, score, solved_pattern
from ..rules.game import History
from ..rules.words import capitals
from .trees import DecisionTree


def tree_dot(tree: DecisionTree) -> str:
    """The tree as a Graphviz digraph: each position a box naming its guess and the answers still
    possible there, each colour pattern an edge (its digits, 0 grey, 1 yellow, 2 green) to the
    position it leads to, and each answer a leaf reached by the edge of its all-green pattern."""
    nodes: dict[History, str] = {}  # each position (the rows so far): its node's name
    guesses: dict[History, str] = {}
    reach: dict[History, int] = {}  # answers still possible there
    edges: dict[tuple[str, str], str] = {}  # (from, to): the pattern
    leaves: dict[str, str] = {}  # each answer: its leaf's name
    for answer in sorted(tree.paths):
        history: History = ()
        for guess in tree.paths[answer]:
            here = nodes.setdefault(history, f"n{len(nodes)}")
            guesses[history] = guess
            reach[history] = reach.get(history, 0) + 1
            pattern = score(guess, answer)
            if pattern == solved_pattern(len(guess)):
                leaves[answer] = f"a{len(leaves)}"
                edges[(here, leaves[answer])] = format_pattern(pattern, len(guess))
                break
            history = (*history, (guess, pattern))
            edges[(here, nodes.setdefault(history, f"n{len(nodes)}"))] = format_pattern(pattern, len(guess))
    title = f"{capitals(tree.start)}, {tree.hard_mode.title} mode: {len(tree.paths)} answers, {tree.total} guesses"
    lines = [
        "digraph wordle {",
        f'  graph [rankdir=LR, label="{title}", labelloc=t];',
        '  node [shape=box, fontname="monospace"];',
        '  edge [fontname="monospace"];',
    ]
    for history, name in nodes.items():
        count = reach[history]
        lines.append(f'  {name} [label="{capitals(guesses[history])}\\n{count} answer{"s" * (count > 1)}"];')
    for answer, name in leaves.items():
        lines.append(f'  {name} [label="{capitals(answer)}", shape=ellipse];')
    for (source, target), digits in edges.items():
        lines.append(f'  {source} -> {target} [label="{digits}"];')
    lines.append("}")
    return "\n".join(lines) + "\n"


def tree_csv(tree: DecisionTree) -> str:
    """The tree as CSV: a header, then for each answer (alphabetically) the answer, how many guesses
    find it and the guesses in order, as many columns as the longest path."""
    longest = tree.worst_case
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["answer", "guesses", *(f"guess_{n}" for n in range(1, longest + 1))])
    for answer in sorted(tree.paths):
        path = tree.paths[answer]
        writer.writerow([answer, len(path), *path, *([""] * (longest - len(path)))])
    return out.getvalue()
