"""Which opener is best, and what each is worth: the one place every caller asks.

An answer comes from what ships with a preset (its optimal trees, its tables of values, its proof),
from what an earlier search kept in the cache, or from a search now: of every first guess up to
EXACT_LIMIT answers, a proof above that (see proof.py). What a search finds is kept for next time.
A value is exact (a full search after the opener) or, where it says so, a bounded search's upper
bound.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from ..position.model import CandidateModel
from ..rules.game import Difficulty
from ..rules.words import WordLists
from ..workers.jobs import Flow, Runner
from .opener_records import (
    OpenerValue,
    cached_exact_values,
    cached_value,
    found_opener,
    remember_bounded,
    remember_exact,
    remember_opener,
    shipped_values,
)
from .proof import Progress, Proof, ProofPlan, plan_proof, prove_best_opener
from .search import BOUNDED_TOP, EXACT_LIMIT, search_for
from .trees import DecisionTree, compute_tree, keep_tree, shipped_totals, stored_tree
from .trees import Progress as TreeProgress


def known_opener(lists: WordLists, hard_mode: Difficulty) -> str | None:
    """The best opener known without a search: the opener of the best optimal tree shipped for these
    lists, else the one a search or a proof found before, else None."""
    if totals := shipped_totals(lists, hard_mode):
        return min(totals, key=lambda start: (totals[start], start))
    return found_opener(lists, hard_mode)


def proves(lists: WordLists) -> bool:
    """Whether the search for the best opener of these lists is a proof (above EXACT_LIMIT answers)
    rather than a search of every first guess."""
    return len(lists.answers) > EXACT_LIMIT


def best_opener(
    model: CandidateModel,
    hard_mode: Difficulty,
    flow: Flow | None = None,
    workers: int = 1,
    progress: Progress | None = None,
) -> str:
    """The best opener: known, else searched for now (see proves), its jobs handed to `flow`, and kept.

    `progress(step, done, total)` is told as a search goes: "first guesses settled", or the steps of
    a proof (see proof.prove_best_opener).
    """
    if (known := known_opener(model.lists, hard_mode)) is not None:
        return known
    if proves(model.lists):
        return prove_best(model, hard_mode, flow, progress, workers=workers).best.word
    return _search_every_first_guess(model, hard_mode, progress or (lambda step, done, total: None))


def _search_every_first_guess(model: CandidateModel, hard_mode: Difficulty, progress: Progress) -> str:
    """The optimal first guess by an exhaustive search over every allowed guess (fewest answers at
    risk, then fewest guesses), kept with its tree."""
    lists = model.lists
    every = np.arange(len(lists.guesses))
    search, node = search_for(model.table, lists, np.arange(len(lists.answers)), every, hard_mode)
    search.settle(node, lambda settled, total: progress("first guesses settled", settled, total))
    opener = lists.guesses[search.guess_ids[search.best_guess(node)[0]]]
    # Its tree is most of the way there in the search's memory: kept too, for the optimal strategy.
    paths: dict[str, tuple[str, ...]] = {}
    search.play_out(node, (), paths)
    keep_tree(DecisionTree(lists.digest, hard_mode, opener, {answer: paths[answer] for answer in lists.answers}), lists)
    remember_opener(lists, hard_mode, opener)
    return opener


def prove_best(
    model: CandidateModel,
    hard_mode: Difficulty,
    flow: Flow | None = None,
    progress: Progress | None = None,
    top: int = 1,
    keep: Callable[[Proof], None] | None = None,
    workers: int = 1,
) -> Proof:
    """Prove which are the `top` best openers (see proof.prove_best_opener), going on from every value
    known; the best is kept, for known_opener."""
    known = known_values(model, hard_mode)
    proof = prove_best_opener(model, hard_mode, known, flow, progress, top, keep, workers)
    if proof.best.word != known_opener(model.lists, hard_mode):
        remember_opener(model.lists, hard_mode, proof.best.word)  # optimal plays it from now on
    return proof


def proof_plan(
    model: CandidateModel,
    hard_mode: Difficulty,
    top: int = 1,
    probe_seconds: float = 1.0,
    before_search: Callable[[], None] | None = None,
) -> ProofPlan | None:
    """What proving the `top` best openers would do now, from every value known (see proof.plan_proof)."""
    return plan_proof(model, hard_mode, known_values(model, hard_mode), top, probe_seconds, before_search)


def needs_search(model: CandidateModel, hard_mode: Difficulty, start: str | None = None) -> bool:
    """Whether the optimal strategy must search before it plays these lists and mode: the opener
    (`start`, else the best one) is not known, or its tree neither ships nor is cached."""
    opener = start or known_opener(model.lists, hard_mode)
    return opener is None or stored_tree(model.lists, hard_mode, opener) is None


# -- what an opener is worth -------------------------------------------------------------------


def known_value(model: CandidateModel, guess: str, hard_mode: Difficulty) -> OpenerValue | None:
    """The exact value of `guess` if known without a search: its tree (shipped or cached), a table or the cache."""
    lists = model.lists
    if (stored := stored_tree(lists, hard_mode, guess)) is not None:
        return OpenerValue(guess, stored[0].value, True)
    if (shipped := shipped_values(lists, hard_mode).get(guess)) is not None and shipped.exact:
        return shipped
    return cached_value(lists, hard_mode, guess, exact=True)


def known_values(model: CandidateModel, hard_mode: Difficulty) -> list[OpenerValue]:
    """Every exact value known without a search for these lists and mode, best first (see known_value)."""
    lists = model.lists
    values = cached_exact_values(lists, hard_mode)
    values.update((word, value) for word, value in shipped_values(lists, hard_mode).items() if value.exact)
    if (start := known_opener(lists, hard_mode)) is not None and (stored := stored_tree(lists, hard_mode, start)):
        values[start] = OpenerValue(start, stored[0].value, True)
    return sorted(values.values(), key=lambda value: (value.value, value.word))


def exact_value(
    model: CandidateModel,
    guess: str,
    hard_mode: Difficulty,
    run: Runner | None = None,
    progress: TreeProgress | None = None,
) -> OpenerValue:
    """The exact value of `guess`: known, or an exhaustive search now (handed to `run`), then cached with
    its tree (see keep_tree)."""
    if (known := known_value(model, guess, hard_mode)) is not None:
        return known
    tree = keep_tree(compute_tree(model, guess, hard_mode, run=run, progress=progress), model.lists)
    value = OpenerValue(guess, tree.value, True)
    remember_exact(model.lists, hard_mode, value)
    return value


def stored_value(model: CandidateModel, guess: str, hard_mode: Difficulty) -> OpenerValue | None:
    """The exact value of `guess` if known, else a bounded search's if one was shipped or cached, else None."""
    if (known := known_value(model, guess, hard_mode)) is not None:
        return known
    if (shipped := shipped_values(model.lists, hard_mode).get(guess)) is not None:
        return shipped
    return cached_value(model.lists, hard_mode, guess, exact=False)


def opener_value(model: CandidateModel, guess: str, hard_mode: Difficulty) -> OpenerValue:
    """The exact value of `guess` if known, else a bounded search's (shipped, or computed now and cached)."""
    if (stored := stored_value(model, guess, hard_mode)) is not None:
        return stored
    # In this process: the app runs analyses inside a pool worker, which must not start a pool.
    value = OpenerValue(guess, compute_tree(model, guess, hard_mode, top=BOUNDED_TOP).value, False)
    remember_bounded(model.lists, hard_mode, value)
    return value
