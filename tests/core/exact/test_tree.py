import numpy as np
import pytest
from small_lists import ills_model, lists_of, look_alikes

from wordle_tui.core.exact import trees as tree_module
from wordle_tui.core.exact.openers import needs_search
from wordle_tui.core.exact.trees import (
    DecisionTree,
    TreeError,
    cached_tree_path,
    compute_tree,
    kept_paths,
    read_tree,
    tree_for,
    tree_name,
    write_tree,
)
from wordle_tui.core.position.model import uniform_model
from wordle_tui.core.rules.game import Difficulty
from wordle_tui.core.rules.words import PRESETS
from wordle_tui.core.workers.pool import RankingPool


def test_the_tree_after_a_useless_opener_matches_the_hand_count(tmp_path):
    model = ills_model(tmp_path)
    normal = compute_tree(model, "zills")
    assert normal.paths["kills"] == ("zills", "bfhzz", "kills")
    assert (normal.total, normal.worst_case, normal.distribution) == (12, 3, {1: 0, 2: 0, 3: 4})
    hard = compute_tree(model, "zills", hard_mode=Difficulty.HARD)
    assert hard.paths["kills"] == ("zills", "bills", "fills", "hills", "kills")
    assert (hard.total, hard.worst_case) == (2 + 3 + 4 + 5, 5)


def test_worker_processes_build_the_same_tree(tmp_path):
    model = ills_model(tmp_path)
    with RankingPool(workers=2) as pool:
        assert compute_tree(model, "zills", run=pool.runner(model)).paths == compute_tree(model, "zills").paths


def test_a_tree_file_round_trips(tmp_path):
    model = ills_model(tmp_path)
    tree = compute_tree(model, "zills", hard_mode=Difficulty.HARD)
    path = tmp_path / "tree.txt"
    write_tree(tree, model.lists, path)
    assert path.read_text().splitlines()[1] == "zills,bills"
    assert read_tree(path, model.lists, Difficulty.HARD, "zills") == tree
    assert tree.next_guess((("zills", 0 + 2 * 3 + 2 * 9 + 2 * 27 + 2 * 81),)) == "bills"


def corrupt(tmp_path, change) -> tuple:
    model = ills_model(tmp_path)
    path = tmp_path / "tree.txt"
    write_tree(compute_tree(model, "zills"), model.lists, path)
    lines = path.read_text().splitlines()
    path.write_text("\n".join(change(lines)) + "\n")
    return path, model.lists


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (lambda lines: lines[:-1], "it has 3 answers but the list has 4"),
        (lambda lines: [lines[0].replace("lists=", "lists=x"), *lines[1:]], "not a normal tree for these word lists"),
        (lambda lines: [*lines[:2], "zills,bfhzz,bills", *lines[3:]], "'bills' is not a new answer"),
        (lambda lines: [*lines[:2], "zills,kills,fills", *lines[3:]], "two guesses follow the same feedback"),
        (lambda lines: [*lines[:2], "zills,bfhzz,qqqqq,fills", *lines[3:]], "'qqqqq' is not an allowed guess"),
        (lambda lines: [*lines[:2], "zills,bfhzz,fills,fills", *lines[3:]], "do not stop when it is found"),
        (lambda lines: ["garbage"], "not a normal tree"),
    ],
)
def test_a_damaged_tree_file_is_refused_with_one_sentence(tmp_path, change, says):
    path, lists = corrupt(tmp_path, change)
    with pytest.raises(TreeError, match=says):
        read_tree(path, lists, Difficulty.NORMAL, "zills")


def test_a_tree_breaking_hard_mode_is_refused(tmp_path):
    model = ills_model(tmp_path)
    path = tmp_path / "tree.txt"
    normal = compute_tree(model, "zills")
    write_tree(DecisionTree(normal.digest, Difficulty.HARD, "zills", normal.paths), model.lists, path)
    with pytest.raises(TreeError, match="'bfhzz' breaks hard mode"):
        read_tree(path, model.lists, Difficulty.HARD, "zills")


def test_a_corrupt_cached_tree_is_recomputed(tmp_path, monkeypatch):
    monkeypatch.setattr(tree_module, "_LOADED", {})  # as in a new process
    model = ills_model(tmp_path)
    cached = cached_tree_path(model.lists, "zills", Difficulty.NORMAL)
    cached.parent.mkdir(parents=True, exist_ok=True)
    cached.write_text("# wordle-tui tree v1 damaged\nzills\n")
    assert tree_for(model, Difficulty.NORMAL, "zills").total == 12
    assert read_tree(cached, model.lists, Difficulty.NORMAL, "zills").total == 12  # rewritten


@pytest.mark.parametrize(("hard_mode", "total", "worst"), [(Difficulty.NORMAL, 7897, 5), (Difficulty.HARD, 8099, 6)])
def test_the_shipped_trees_are_valid_and_optimal(lists, hard_mode, total, worst):
    tree = read_tree(PRESETS["nyt2022"].folder / tree_name("salet", hard_mode), lists, hard_mode, "salet")
    assert (tree.total, tree.worst_case, len(tree.paths)) == (total, worst, 2309)
    assert round(tree.average, 4) == round(total / 2309, 4)


def test_an_opener_that_cannot_win_every_game_still_gets_the_fewest_guesses(tmp_path, monkeypatch):
    monkeypatch.setattr(tree_module, "_LOADED", {})
    # Seven look-alikes and nothing to tell them apart: after ZILLS they are tried one by one.
    looks = ["bills", "fills", "hills", "kills", "mills", "pills", "tills"]
    model = uniform_model(lists_of(tmp_path, looks, ["zills"]))
    tree = compute_tree(model, "zills")
    assert (tree.total, tree.worst_case, tree.losses) == (sum(range(2, 9)), 8, 2)
    assert tree_for(model, Difficulty.NORMAL, "zills").losses == 2
    assert not cached_tree_path(
        model.lists, "zills", Difficulty.NORMAL
    ).exists()  # never cached: it is not a valid tree


def test_a_corrupt_shipped_tree_is_recomputed_not_trusted(tmp_path, monkeypatch):
    monkeypatch.setattr(tree_module, "_LOADED", {})
    shipped = tmp_path / "data"
    shipped.mkdir()
    monkeypatch.setattr(tree_module, "shipped_folder", lambda lists: shipped)
    model = ills_model(tmp_path)
    good = compute_tree(model, "zills")
    write_tree(good, model.lists, shipped / tree_name("zills", Difficulty.NORMAL))
    text = (shipped / tree_name("zills", Difficulty.NORMAL)).read_text()
    (shipped / tree_name("zills", Difficulty.NORMAL)).write_text(text.replace("zills,bfhzz,kills", "zills,bfhzz,bills"))
    assert tree_for(model, Difficulty.NORMAL, "zills") == good


def test_an_interrupted_exact_search_goes_on_from_the_buckets_it_solved(tmp_path, monkeypatch):
    answers, guesses = look_alikes(np.random.default_rng(6), 16)
    model = uniform_model(lists_of(tmp_path, answers, guesses))
    start = "bhkms"  # 11 buckets, dealt into several batches
    whole = compute_tree(model, start, resume=False)
    solve = tree_module.solve_bucket
    searched: list[int] = []

    def stopped_after(limit):
        def solving(model, answers, *args):
            if len(searched) == limit:
                raise KeyboardInterrupt
            searched.append(len(answers))
            return solve(model, answers, *args)

        return solving

    monkeypatch.setattr(tree_module, "solve_bucket", stopped_after(3))  # stopped in the third batch
    with pytest.raises(KeyboardInterrupt):
        compute_tree(model, start)
    kept = kept_paths(model.lists, start, Difficulty.NORMAL)
    assert 0 < len(kept) < len(answers) and all(whole.paths[answer] == path for answer, path in kept.items())
    searched.clear()
    monkeypatch.setattr(tree_module, "solve_bucket", stopped_after(-1))
    assert compute_tree(model, start) == whole
    assert sum(searched) == len(answers) - len(kept)  # only the buckets left were searched
    assert not kept_paths(model.lists, start, Difficulty.NORMAL)  # the whole tree supersedes them


def test_whether_the_optimal_strategy_must_search_first_is_known_without_a_search(tmp_path, model):
    assert not needs_search(model, Difficulty.HARD)  # nyt2022's trees ship
    assert needs_search(model, Difficulty.HARD, "crane")  # another opener's tree does not
    lists = uniform_model(lists_of(tmp_path, ["bills", "fills", "hills", "tills"], ["bfhzt"]))
    assert needs_search(lists, Difficulty.NORMAL) and needs_search(lists, Difficulty.NORMAL, "bfhzt")
    tree_for(lists, Difficulty.NORMAL, "bfhzt")
    assert not needs_search(lists, Difficulty.NORMAL, "bfhzt") and needs_search(
        lists, Difficulty.NORMAL
    )  # the best opener: not known yet
