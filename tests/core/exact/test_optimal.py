import numpy as np
import pytest
from small_lists import ILLS, ills_model, lists_of

from wordle_tui.core.exact.openers import known_opener
from wordle_tui.core.exact.search import AT_RISK, Subproblem, at_risk, guesses_of, jit_search, search_for, search_state
from wordle_tui.core.exact.totals import WORST_SPAN
from wordle_tui.core.exact.trees import tree_for
from wordle_tui.core.position.model import State, mode_allowed, uniform_model
from wordle_tui.core.rules.feedback import score
from wordle_tui.core.rules.game import Difficulty
from wordle_tui.core.strategies import STRATEGIES, strategy_named
from wordle_tui.core.strategies.selfplay import play_every


def best(state: State) -> tuple[str, int]:
    search, node = search_state(state)
    row, total = search.best_guess(node)
    return state.model.lists.guesses[search.guess_ids[row]], total


def test_one_answer_takes_one_guess_and_two_take_three(tmp_path):
    model = uniform_model(lists_of(tmp_path, ["crane", "crate"], ["crane"]))
    assert best(State(model)) == ("crane", 3)  # guess one of them: 1 + 2, alphabetical first
    assert best(State(model, (("crane", score("crane", "crate")),))) == ("crate", 1)


def test_an_answer_that_splits_the_rest_into_singletons_costs_2n_minus_1(tmp_path):
    # FGHIJ against FGHIK is 22220, against FGHLM 22200: every answer is found by the second guess.
    model = uniform_model(lists_of(tmp_path, ["fghij", "fghik", "fghlm"], ["fghij"]))
    assert best(State(model)) == ("fghij", 2 * 3 - 1)


def test_a_non_answer_that_splits_every_answer_costs_2n(tmp_path):
    model = ills_model(tmp_path)
    assert best(State(model)) == ("bfhzz", 2 * 4)


def test_without_a_splitter_the_answers_are_tried_one_by_one(tmp_path):
    # After ZILLS (02222 for all four) hard mode must keep ?ILLS, so BFHZZ is out: 1 + 2 + 3 + 4 = 10.
    model = ills_model(tmp_path)
    after = (("zills", score("zills", "bills")),)
    assert best(State(model, after, hard_mode=Difficulty.NORMAL)) == ("bfhzz", 8)
    assert best(State(model, after, hard_mode=Difficulty.HARD)) == ("bills", 10)


def test_a_set_that_cannot_be_solved_in_the_guesses_left_puts_answers_at_risk(tmp_path):
    model = ills_model(tmp_path)
    lists = model.lists
    answers = np.arange(4)
    only_answers = np.array([lists.guess_index[w] for w in ILLS])
    search, node = search_for(model.table, lists, answers, only_answers, depth=3)
    # Four look-alikes need four guesses without BFHZZ: three are found, the fourth is at risk
    # (counted as one guess more than the three allowed).
    assert (at_risk(search.cost(node)), guesses_of(search.cost(node))) == (1, 1 + 2 + 3 + 4)
    assert search.cost(Subproblem(node.answers, node.guesses, 4)) == 10


def test_a_lost_position_is_still_played_in_the_fewest_guesses(tmp_path):
    model = ills_model(tmp_path)
    played = tuple(("zills", score("zills", "kills")) for _ in range(5))
    assert best(State(model, played, hard_mode=Difficulty.HARD))[0] == "bills"


def test_top_limits_the_guesses_tried_and_gives_an_upper_bound(tmp_path):
    model = ills_model(tmp_path)
    state = State(model)
    search, node = search_state(state, top=1)
    assert search.best_guess(node)[1] >= best(state)[1]


def test_optimal_is_registered_and_follows_its_search(tmp_path):
    assert "optimal" in STRATEGIES
    model = ills_model(tmp_path)
    strategy = strategy_named("optimal")
    assert strategy.choose(State(model)) == "bfhzz"
    after = (("zills", score("zills", "hills")),)
    assert strategy.choose(State(model, after, hard_mode=Difficulty.HARD)) == "bills"


def test_optimal_ranks_by_exact_expected_guesses(tmp_path):
    rows = strategy_named("optimal").rank(State(ills_model(tmp_path)))
    scores = {row.word: row.score for row in rows}
    assert rows[0].word == "bfhzz" and scores["bfhzz"] == pytest.approx(8 / 4)
    assert scores["bills"] == pytest.approx(10 / 4)  # 1 + 2 + 3 + 4 guesses
    assert scores["zills"] == pytest.approx(12 / 4)  # a wasted guess, then BFHZZ


def test_optimal_plays_the_shipped_tree_on_the_nyt_lists(model):
    strategy = strategy_named("optimal")
    assert strategy.choose(State(model)) == "salet"
    state = State(model, (("salet", score("salet", "prove")),))
    assert (
        strategy.choose(state)
        == tree_for(model, Difficulty.NORMAL, known_opener(model.lists, Difficulty.NORMAL)).paths["prove"][1]
    )


@pytest.mark.parametrize(("hard_mode", "total", "worst"), [(Difficulty.NORMAL, 7897, 5), (Difficulty.HARD, 8099, 6)])
def test_every_answer_played_by_the_optimal_strategy(model, lists, hard_mode, total, worst):
    games = play_every(lists.answers, "optimal", model, hard_mode)
    lengths = [len(history) for history in games.values()]
    assert (sum(lengths), max(lengths)) == (total, worst)


def test_the_all_words_model_plays_as_if_the_answer_were_on_the_list(lists, model):
    from wordle_tui.core.position.model import weighted_model

    strategy = strategy_named("optimal")
    history = (("salet", score("salet", "prove")),)
    assert strategy.choose(State(weighted_model(lists), history)) == strategy.choose(State(model, history))


@pytest.mark.parametrize("hard_mode", [Difficulty.NORMAL, Difficulty.HARD])
def test_a_search_from_a_position_on_the_tree_agrees_with_the_tree(model, hard_mode):
    tree = tree_for(model, hard_mode, known_opener(model.lists, hard_mode))
    state = State(model, (("salet", score("salet", "prove")),), hard_mode)  # 163 answers left
    assert best(state) == (tree.paths["prove"][1], sum(len(tree.paths[a]) - 1 for a in _answers(state)))


def _answers(state: State) -> list[str]:
    return [state.model.targets[i] for i in state.candidates]


@pytest.mark.parametrize(("answers", "dtype"), [(4, np.uint8), (7, np.uint8), (6, np.uint16)])
def test_distinct_columns_groups_exactly_like_numpy_unique(answers, dtype):
    from wordle_tui.core.exact.search import distinct_columns

    columns = np.random.default_rng(7).integers(0, 3, (answers, 900)).astype(dtype)  # many repeated columns
    first, inverse = distinct_columns(columns)
    _, expected_first = np.unique(columns, axis=1, return_index=True)
    assert list(first) == sorted(expected_first)  # in order of first appearance
    assert np.array_equal(columns[:, first][:, inverse], columns)


@pytest.mark.parametrize("spread", [1, AT_RISK])
def test_guesses_are_tried_in_order_of_their_bounds_ties_alphabetically(spread):
    # Bounds a few apart are counted into place; answers at risk put them far apart, and they are sorted.
    rng = np.random.default_rng(11)
    hopeful = np.sort(rng.choice(5000, 400, replace=False)).astype(np.int64)  # rows, alphabetical
    keys = rng.integers(0, 60, 400).astype(np.int64) * spread  # many ties
    expected = hopeful[np.argsort(keys, kind="stable")]
    assert np.array_equal(jit_search()._ranked(hopeful, keys), expected)


def test_on_a_tie_in_total_the_smaller_worst_case_ranks_first(tmp_path):
    # FILLS, HILLS, KILLS: FILLS first takes 1 + 2 + 3 = 6 guesses, BFHZZ 2 + 2 + 2 = 6 but never three.
    state = State(ills_model(tmp_path), (("bills", score("bills", "kills")),))
    strategy = strategy_named("optimal")
    rows = strategy.rank(state)
    assert [row.score for row in rows[:2]] == [2.0, 2.0]
    assert rows[0].word == "bfhzz" == strategy.choose(state)


def test_a_search_past_its_budget_gives_up_on_exactness_not_on_an_answer(tmp_path, monkeypatch):
    from wordle_tui.core.exact import search as optimal

    monkeypatch.setattr(optimal, "PROOF_BUDGET", 1)
    state = State(ills_model(tmp_path), (("zills", score("zills", "kills")),), hard_mode=Difficulty.HARD)
    search, node = search_state(state)
    row, total = search.best_guess(node)
    assert search.gave_up and search.top == optimal.BOUNDED_TOP
    assert state.model.lists.guesses[search.guess_ids[row]] == "bills" and total == 10


def test_a_searched_guess_bounds_the_unions_of_buckets_another_guess_would_leave(model):
    # After SALET shows ⬛🟨⬛⬛🟨 (pattern 28), 38 answers remain and RHONE is the best guess. Buckets
    # of RHONE that differ at one letter only are what a guess without news at that letter leaves as
    # one bucket: the search keeps, for each such union, the sum of its parts' values as a bound
    # (normal mode: a set costs at least what its parts cost apart), a valid one (never above the
    # union's own value) and no weaker than that sum.
    lists, table = model.lists, model.table
    everything = np.arange(len(lists.guesses))
    bucket = np.flatnonzero(np.asarray(table.matrix[lists.guess_index["salet"]]) == 28)
    search, node = search_for(table, lists, bucket, everything, depth=5)
    row, _ = search.best_guess(node)
    assert lists.guesses[search.guess_ids[row]] == "rhone"
    kernel, patterns = jit_search(), search.matrix[row, node.answers]

    def cost(columns: list[int]) -> int:
        part_search, part = search_for(table, lists, bucket[columns], everything, depth=4)
        return part_search.cost(part)

    unions = 0
    for power in (1, 3, 9, 27, 81):
        families: dict[int, dict[int, list[int]]] = {}
        for column, pattern in zip(node.answers.tolist(), patterns.tolist(), strict=True):
            families.setdefault(pattern - (pattern // power) % 3 * power, {}).setdefault(pattern, []).append(column)
        for parts in families.values():
            if len(parts) < 2:
                continue
            union = sorted(column for part in parts.values() for column in part)
            key = kernel._key(np.array(union), node.depth - 1, search.first_rules(), *search.zobrist)
            slot = kernel._find(search.memo, *key)
            assert slot >= 0
            assert sum(cost(part) for part in parts.values()) == search.memo[2][slot] // WORST_SPAN <= cost(union)
            unions += 1
    assert unions >= 20


def test_in_hard_mode_a_union_is_bounded_under_the_rules_of_its_grey_part(model):
    # In hard mode the parts of a union have different rules (the letter grey, yellow or green), but
    # a guess without news at that letter leaves the union under the grey part's rules: the union
    # costs at least that part's value, plus 2m - 1 for each other part of m answers.
    lists, table = model.lists, model.table
    bucket = np.flatnonzero(np.asarray(table.matrix[lists.guess_index["salet"]]) == 28)
    search, node = search_for(table, lists, bucket, np.arange(len(lists.guesses)), hard_mode=Difficulty.HARD, depth=5)
    row, _ = search.best_guess(node)
    kernel, patterns = jit_search(), search.matrix[row, node.answers]
    kept = node.guesses[search.bucket_counts(node.answers, node.guesses) > 1]
    unions = 0
    for power in (1, 3, 9, 27, 81):
        families: dict[int, dict[int, list[int]]] = {}
        for column, pattern in zip(node.answers.tolist(), patterns.tolist(), strict=True):
            families.setdefault(pattern - (pattern // power) % 3 * power, {}).setdefault(pattern, []).append(column)
        for grey, parts in families.items():
            if len(parts) < 2 or grey not in parts:
                continue
            first = search.child(node, np.array(parts[grey]), kept, row, grey)
            answers = np.array(sorted(column for part in parts.values() for column in part))
            union = Subproblem(answers, first.guesses, first.depth, first.rules)
            slot = kernel._find(search.memo, *kernel._key(union.answers, union.depth, union.rules, *search.zobrist))
            assert slot >= 0
            bound = search.memo[2][slot] // WORST_SPAN
            others = sum(2 * len(part) - 1 for pattern, part in parts.items() if pattern != grey)
            assert bound == search.cost(first) + others <= search.cost(union)
            unions += 1
    assert unions >= 5


@pytest.mark.parametrize("hard_mode", [Difficulty.HARD, Difficulty.ULTRA])
def test_the_compiled_rules_allow_the_guesses_the_game_allows(model, hard_mode):
    # Two rows deep, repeated letters included: the search's bit rules against the game's own.
    lists, table = model.lists, model.table
    every = np.arange(len(lists.guesses))
    search, node = search_for(table, lists, np.arange(len(lists.answers)), every, hard_mode=hard_mode)
    row_of = {lists.guesses[g]: row for row, g in enumerate(search.guess_ids)}
    for answer, first, second in (
        ("there", "eerie", "geese"),
        ("asset", "sassy", "essay"),
        ("prove", "soare", "rover"),
    ):
        history: tuple[tuple[str, int], ...] = ()
        for guess in (first, second):
            pattern = score(guess, answer)
            node = search.child(node, node.answers, node.guesses, row_of[guess], pattern)
            history = (*history, (guess, pattern))
            found = sorted(lists.guesses[g] for g in search.guess_ids[node.guesses])
            assert found == sorted(np.array(lists.guesses)[mode_allowed(lists, history, hard_mode)])
        node = Subproblem(np.arange(len(lists.answers)), every, 6)
