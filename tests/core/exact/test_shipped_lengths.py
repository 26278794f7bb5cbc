"""The proofs and trees shipped for the lists of every other length (english-N) are finished, agree
with each other, and are what the program plays: read back with no search and no pattern table."""

import numpy as np
import pytest

from wordle_tui.core.exact.opener_records import shipped_values
from wordle_tui.core.exact.openers import known_opener
from wordle_tui.core.exact.proof import PROOF_FORMAT, Proof, proof_name, shipped_proof
from wordle_tui.core.exact.trees import SHIPPED, stored_tree, tree_name
from wordle_tui.core.rules.game import Difficulty
from wordle_tui.core.rules.words import PRESETS, load_preset

MODES = {"normal": Difficulty.NORMAL, "hard": Difficulty.HARD, "ultra": Difficulty.ULTRA}

# (preset, mode, the proved best opener, its total guesses): as data/README.md and docs/lengths.md say.
PROVED = [
    ("english-11", "normal", "tropicalise", 2144),
    ("english-11", "hard", "tropicalise", 2144),
    ("english-11", "ultra", "tropicalise", 2144),
    ("english-10", "normal", "pearlstone", 2664),
    ("english-10", "hard", "pearlstone", 2664),
    ("english-10", "ultra", "pearlstone", 2664),
    ("english-9", "normal", "lacertine", 3516),
    ("english-9", "hard", "lacertine", 3516),
    ("english-9", "ultra", "lacertine", 3516),
    ("english-8", "normal", "ceratins", 5136),
    ("english-8", "hard", "soterial", 5165),
    ("english-8", "ultra", "soterial", 5165),
    ("english-7", "normal", "saltine", 7063),
    ("english-7", "hard", "saltire", 7152),
    ("english-7", "ultra", "cartels", 7173),
    ("english-6", "normal", "carnet", 7643),
    ("english-6", "hard", "carnet", 7787),
    ("english-6", "ultra", "carnet", 7793),
]


def header(name: str, mode: str) -> dict[str, str]:
    line = (PRESETS[name].folder / f"proof-{mode}.tsv").read_text(encoding="utf-8").split("\n", 1)[0]
    assert line.startswith(f"# {PROOF_FORMAT} ")
    return dict(item.split("=", 1) for item in line.split()[4:])


@pytest.mark.parametrize(("name", "mode", "opener", "total"), PROVED)
def test_the_shipped_proof_settles_the_best_opener_and_its_tree_plays_it(name, mode, opener, total):
    lists, hard_mode = load_preset(name), MODES[mode]
    assert header(name, mode)["unsettled"] == "0"
    found, values = shipped_proof(lists, hard_mode)
    proof = Proof(*found, top=int(header(name, mode)["top"]), values=values)
    # Every other opener is bounded at or above the best's value, or evaluated above it: nothing is left to search.
    assert not len(proof.unbounded()) and not proof.contenders(lists)
    assert (proof.best.word, proof.best.total) == (opener, total)
    settled = np.maximum(proof.bounds, proof.cuts)
    settled[[lists.guess_index[word] for word in values]] = [value.value for value in values.values()]
    assert settled.min() == proof.best.value
    # The table of openers holds the others of the `top` best, each exact, as the proof found them.
    table = shipped_values(lists, hard_mode)
    assert all(table[value.word] == value for value in proof.ranked()[1 : proof.top])
    # The optimal strategy plays that opener and its tree, which ships, at once.
    assert known_opener(lists, hard_mode) == opener
    tree, source = stored_tree(lists, hard_mode, opener)
    assert source == SHIPPED and (tree.value, tree.losses) == (proof.best.value, 0)


@pytest.mark.parametrize("name", [name for name in PRESETS if name.startswith("english-")])
def test_every_shipped_record_of_a_length_is_for_its_lists(name):
    """A proof record, a tree or an opener table left from other lists would be passed over in silence."""
    lists, folder = load_preset(name), PRESETS[name].folder
    for mode, hard_mode in MODES.items():
        if (folder / proof_name(hard_mode)).exists():
            assert shipped_proof(lists, hard_mode) is not None
            unsettled = header(name, mode)["unsettled"]
            assert unsettled == "0" or (name, mode) not in {(row[0], row[1]) for row in PROVED}
        for path in folder.glob(tree_name("*", hard_mode)):
            start = path.name.split("-")[1]
            assert stored_tree(lists, hard_mode, start) is not None, path.name
        if (folder / f"openers-{mode}.tsv").exists():
            assert shipped_values(lists, hard_mode)


def test_the_unfinished_proof_at_four_letters_says_so_and_its_best_found_plays_at_once():
    # Four-letter openers are bounded far below their value: the proof would search nearly all of them.
    lists = load_preset("english-4")
    fields = header("english-4", "normal")
    assert (fields["unsettled"], fields["best"], fields["value"]) == ("5043", "tale", "5845")
    assert known_opener(lists, Difficulty.NORMAL) == "tale"
    tree, source = stored_tree(lists, Difficulty.NORMAL, "tale")
    assert source == SHIPPED and (tree.total, tree.losses) == (5845, 0)
    # In hard and ultra hard mode every opener evaluated leaves answers at risk: no tree can ship, the values do.
    assert known_opener(lists, Difficulty.HARD) is None
    for hard_mode, at_risk in ((Difficulty.HARD, 45), (Difficulty.ULTRA, 49)):
        assert min(shipped_values(lists, hard_mode).values(), key=lambda value: value.value).at_risk == at_risk
