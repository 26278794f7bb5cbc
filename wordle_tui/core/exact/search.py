"""Exact search: the guess that minimises the total number of guesses over the remaining answers.

A depth-first branch and bound over (answers left, guesses allowed, guesses left), compiled as a
whole (see compiled.py for the search itself: the bounds, the order guesses and buckets are
tried in, the memo). An answer not found within six guesses counts as seven guesses plus AT_RISK
(see totals.py), so the search first minimises the answers at risk, then the total. Among
guesses with the fewest total the best has the smallest worst case, then is a possible answer,
then comes first alphabetically.

This module is the search as the rest of the program sees it: positions (Subproblem), values in
guesses, the best guess and the tree it leads to, a budget of positions, and the checks, between
blocks of positions, that the search is still wanted. In normal mode a search first drops the
guesses that split its answers exactly like an earlier guess in alphabetical order: they are
interchangeable in every position below.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import platform
import random
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import NamedTuple, TypeVar

import numpy as np

from ..cancel import checkpoint
from ..files import free_name, locked, try_lock
from ..position.model import State
from ..position.table import PatternTable, build_patterns, cache_dir, transposed
from ..rules.game import MAX_GUESSES, Difficulty
from ..rules.words import MOST_LETTERS, WordLists
from . import native, numba_cache
from .layout import COUNTERS, LIMIT, NODES, ROOT_DONE, ROOT_TOTAL, STOPPED, TOP, USED, new_memo
from .totals import AT_RISK, LOST, NO_LIMIT, NO_VALUE, WORST_SPAN, at_risk, guesses_of

__all__ = ["AT_RISK", "LOST", "NO_LIMIT", "at_risk", "guesses_of"]

UNLIMITED = 20  # guesses left for play past the sixth guess, once the game is lost anyway
EXACT_LIMIT = 400  # above this many answers, a search from a game position is bounded
BOUNDED_TOP = 10  # guesses a bounded search tries at each position, the most promising first
PROOF_BUDGET = 2500  # positions a search from a game position may take (about 2 s on the nyt lists)
CHUNK = 1024  # positions searched between checks that the search is still wanted
FIRST_MEMO = 4 * CHUNK  # memo slots a search starts with (a block adds CHUNK at most); it doubles when half full ...
MOST_MEMO = 1 << 23  # ... up to this many (about 300 MB), then small positions give way


T = TypeVar("T")


class SearchTooLong(Exception):
    """A search went past its budget of positions."""


COMPILE_SECONDS = (40, 120)  # how long numba takes to compile the search (43 s of CPU), on the machines seen
_ready = False  # once a search can start without compiling, it can for the rest of this process
_preparing = False  # this process is compiling it
Kernel = ModuleType | SimpleNamespace  # compiled.py itself, or its functions built ahead of time (native.py)
_loaded: Kernel | None = None  # the compiled search, once this process has loaded it ready


def compiled_search() -> Kernel:
    """The compiled search, loaded on first use: the module built at install (native.py), else
    compiled.py from numba's cache, compiled there first if this machine has not yet (see prepare)."""
    global _loaded
    if _loaded is not None:  # every search asks: once loaded, answered at once
        return _loaded
    if (built := built_search()) is not None:
        _loaded = built
        return built
    if not _preparing and not ready():
        prepare()
    compiled = jit_search()
    if not _preparing:
        _loaded = compiled
    return compiled


@cache
def built_search() -> SimpleNamespace | None:
    """The search built at install for these sources, if it is here and loads."""
    return native.load(native.built_path())


def slower_way() -> str | None:
    """None where the search built at install is here; else why not, in a few words, said before
    numba compiles it instead."""
    if built_search() is not None:
        return None
    if build_failure() is not None:
        return "no C compiler worked when it was installed"
    if native.built_path().exists():
        return "the module built at install does not load here"
    return "it was installed from other sources than these (install again to build it)"


def build_failure() -> Path | None:
    """The file that says why the search could not be built at install, if it could not."""
    path = native.failure_path(native.built_path())
    return path if path.exists() else None


def jit_search() -> ModuleType:
    """compiled.py itself: numba compiles each function as it is first called, and keeps it in its
    cache (in compiled_folder)."""
    os.environ.setdefault("NUMBA_CACHE_DIR", str(compiled_folder()))
    from . import compiled

    return compiled


def compiled_folder() -> Path:
    """Where numba keeps the search it compiled (the compiler is told so in compiled.py)."""
    return cache_dir() / "compiled"


def ready() -> bool:
    """Whether a search can start without compiling: the search built at install is here, or numba
    has compiled it into its cache on this machine, and that cache is whole (see damage)."""
    global _ready
    _ready = _ready or built_search() is not None or (_ready_mark().exists() and damage() is None)
    return _ready


def damage() -> str | None:
    """What is damaged in numba's cache of the search, in a few words (see numba_cache), or None. Only
    the files changed since it was last found whole are read: a few stats where nothing has changed."""
    mark = _ready_mark()
    try:
        since = mark.stat().st_mtime_ns
    except OSError:
        since = 0
    found = numba_cache.check(compiled_folder(), since)
    if found.damage is None and found.checked and since:
        with suppress(OSError):  # found whole: not read again until changed (a read-only cache reads it again)
            os.utime(mark)
    return found.damage


class SetAside(NamedTuple):
    """Numba's cache of the search, found damaged (`damage`), moved to `path` to be compiled afresh."""

    damage: str
    path: Path


def set_aside() -> SetAside | None:
    """Where numba's cache of the search is damaged, move it aside (`compiled.bad`, ...) for prepare to
    compile afresh, and say what and where; None if it is whole, cannot be moved, or is being compiled
    by another process now (which moves it itself)."""
    try:
        handle = try_lock(compile_lock())
    except OSError:
        return None
    if handle is None:
        return None
    try:
        return _set_aside()
    finally:
        os.close(handle)


def _set_aside() -> SetAside | None:
    """set_aside, the lock held."""
    if (found := damage()) is None:
        return None
    folder = compiled_folder()
    aside = free_name(folder, ".bad")
    try:
        os.replace(folder, aside)
    except OSError:
        return None
    return SetAside(found, aside)


def compile_lock() -> Path:
    """The lock a process holds while it compiles the search: beside numba's cache, which may be set aside meanwhile."""
    return cache_dir() / "compiling.lock"


def prepare() -> None:
    """Where the search was not built at install, have numba compile it into its cache, unless it
    is there (a damaged cache is set aside first); afterwards ready() is True.

    Numba keeps each function as soon as it is compiled, so a preparation cut short leaves the
    next one less to do. Processes that start at once (the workers of a pool) take turns: one
    compiles, the others then load what it kept."""
    global _preparing
    with locked(compile_lock()):
        if ready():
            return
        _set_aside()
        compiled_folder().mkdir(parents=True, exist_ok=True)
        _preparing = True
        try:
            _compile()
        finally:
            _preparing = False
        _ready_mark().touch()


def prepared(model: object) -> bool:
    """prepare() as a job for the pool (see workers/jobs.py): True once the search is compiled."""
    prepare()
    return True


def _compile() -> None:
    """Compile by searching tiny positions: each type of pattern matrix (native.PATTERN_TYPES), normal
    and hard mode (ultra hard mode runs the same compiled code)."""
    for answers in (
        ("cabin", "cable", "caper", "cater", "candy"),  # five letters: patterns fit a byte
        ("cabins", "cables", "capers", "caters"),  # six to ten: two
        ("comfortable", "comfortably", "comportment", "compartment"),  # eleven: four
    ):
        lists = WordLists(answers, answers)
        table = PatternTable(lists.guesses, lists.answers, build_patterns(lists.guesses, lists.answers))
        for hard_mode in (Difficulty.NORMAL, Difficulty.HARD):
            search, node = search_for(table, lists, np.arange(len(answers)), np.arange(len(answers)), hard_mode)
            search.best_guess(node)
            search.lower_bound(node)
            search.evaluate(node, 0)
            search.play_out(node, (), {})
            search.kernel.rehash(search.memo, new_memo(len(search.memo[0])), search.counters)
        rows = np.arange(len(answers))
        search.kernel.adversary(table.matrix, rows, rows, np.arange(3**lists.length), 3**lists.length)
        cached = table.matrix.view()  # a table from the cache is a read-only memory map: compiled apart
        cached.flags.writeable = False
        search.kernel.gather(cached, rows, rows)
        search.kernel.adversary(cached, rows, rows, np.arange(3**lists.length), 3**lists.length)


@cache
def _stamp() -> str:
    """What numba's cache of the search must match: the source it was compiled from, the compiler
    (as installed), numpy's version, the machine."""
    modules = [importlib.util.find_spec(f"{__package__}.{name}") for name in ("compiled", "layout", "totals")]
    modules.append(importlib.util.find_spec("numba"))
    files = [spec.origin for spec in modules if spec and spec.origin]
    stamp = " ".join([*(f"{file} {os.stat(file).st_mtime_ns}" for file in files), np.__version__, platform.machine()])
    return hashlib.sha256(stamp.encode()).hexdigest()[:16]


def _ready_mark() -> Path:
    """A file that says numba's cache holds the search compiled from this source by this compiler."""
    return compiled_folder() / f"ready-{_stamp()}"


@dataclass(frozen=True)
class Subproblem:
    """A set of answers to solve: table columns, and the table rows allowed as guesses."""

    answers: np.ndarray  # column indices, ascending
    guesses: np.ndarray  # row indices, ascending; alphabetical order is the row order
    depth: int  # guesses left
    rules: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int64))  # hard mode: see compiled.feedback_rules


class Search:
    """Branch and bound over one pattern matrix of guesses (rows) against answers (columns).

    `columns` holds the patterns answer-major (a row an answer); the search reads them both ways
    round. `guess_ids` names each guess by its index in `lists.guesses`; guesses must be in
    alphabetical order of their words so that the row order is the final tie-break. `top` limits how
    many guesses are tried at each position (a fast upper bound); None tries every guess that can win.
    """

    def __init__(
        self,
        columns: np.ndarray,
        guess_ids: np.ndarray,
        lists: WordLists,
        answer_names: tuple[str, ...],
        hard_mode: Difficulty = Difficulty.NORMAL,
        top: int | None = None,
    ):
        self.kernel = compiled_search()
        self.columns = np.ascontiguousarray(columns)  # a few answers' patterns, contiguous
        self.matrix = transposed(self.columns)  # a guess's patterns, contiguous
        self.guess_ids = guess_ids
        self.row_of_guess = np.full(len(lists.guesses), -1, np.int64)  # each guess's row (merged ones too); -1: none
        self.answer_rows = np.full(len(answer_names), -1, dtype=np.int64)  # each answer's own row, if allowed
        self.lists = lists
        self.answer_names = answer_names  # the answer in each column
        self.hard_mode = hard_mode
        self.solved = 3**lists.length - 1
        self.limit: int | None = None  # raise SearchTooLong past this many positions searched
        self.gave_up = False  # the six-guess limit was dropped because keeping it took too long
        letters, codes, has = _letter_tables(lists)
        rows = guess_ids if hard_mode else guess_ids[:0]  # normal mode reads no rules
        self.letters, self.codes, self.has = letters[rows], codes[rows], has[rows]
        self.most = has.shape[1]
        self.zobrist = _zobrist(len(answer_names))
        self.params = np.array([3**lists.length, self.solved, hard_mode, top or 0, lists.length, self.most], np.int64)
        self.counters = np.zeros(COUNTERS, np.int64)
        self.memo = new_memo(FIRST_MEMO)

    def data(self) -> tuple[np.ndarray, ...]:
        """What the compiled search reads: the patterns both ways round, each answer's row, the
        memo's hash keys, the guesses' letters for hard mode, and the shape of the lists."""
        return (
            self.matrix,
            self.columns,
            self.answer_rows,
            self.zobrist[0],
            self.zobrist[1],
            self.letters,
            self.codes,
            self.has,
            self.params,
        )

    @property
    def top(self) -> int | None:
        return int(self.params[TOP]) or None

    @property
    def nodes(self) -> int:
        """Positions searched so far."""
        return int(self.counters[NODES])

    def first_rules(self) -> np.ndarray:
        """The rules of a search's first position: none yet (see compiled.feedback_rules for their shape)."""
        extra = self.most + self.lists.length if self.hard_mode == Difficulty.ULTRA else 0
        return np.zeros(2 + self.most + extra, np.int64)

    # -- the search -----------------------------------------------------------------------

    def _run(
        self, node: Subproblem, beta: int, only: int = -1, progress: Callable[[int, int], None] | None = None
    ) -> tuple[int, int]:
        """(value, row) of `node` from the compiled search, in blocks of CHUNK positions: between
        blocks the memo grows, progress is told, and a superseded search stops (see checkpoint)."""
        kernel, counters = self.kernel, self.counters
        rules = node.rules if len(node.rules) else self.first_rules()
        data = self.data()
        while True:
            capacity = len(self.memo[0])
            if counters[USED] > capacity // 2 and capacity < MOST_MEMO:
                bigger = new_memo(2 * capacity)
                kernel.rehash(self.memo, bigger, counters)
                self.memo = bigger
            stop = counters[NODES] + CHUNK
            if self.limit is not None:
                stop = min(stop, self.limit)
            counters[LIMIT], counters[STOPPED] = stop, 0
            value, row = kernel.solve(
                data,
                self.memo,
                counters,
                node.answers,
                node.guesses,
                node.depth,
                rules,
                beta,
                only,
                int(progress is not None),
            )
            if not counters[STOPPED]:
                if progress:
                    progress(int(counters[ROOT_DONE]), int(counters[ROOT_TOTAL]))
                return int(value), int(row)
            if self.limit is not None and counters[NODES] > self.limit:
                raise SearchTooLong
            if progress:
                progress(int(counters[ROOT_DONE]), int(counters[ROOT_TOTAL]))
            checkpoint()  # a superseded search stops here

    def cost(self, node: Subproblem, beta: int = NO_LIMIT) -> int:
        """The least total (see AT_RISK) for `node` if below `beta`, else a number >= beta."""
        return self._run(node, _scaled(beta))[0] // WORST_SPAN

    def lower_bound(self, node: Subproblem) -> int:
        """A total no play of `node` can beat: each bucket of m answers a guess leaves costs at least
        2m - 1, so a guess splitting n answers into b buckets costs at least 3n - b (one less if it
        is one of them)."""
        data = self.data()
        return int(self.kernel.lower_bound(data, node.answers, node.guesses, node.depth))

    def best_guess(self, node: Subproblem) -> tuple[int, int]:
        """(row of the best guess, its total) for `node`; the row is -1 once no guess is left.

        Among guesses with the least total the best has the smallest worst case, then is a possible
        answer, then comes first in alphabetical order.
        """
        value, row = self._run(node, NO_VALUE)
        return row, value // WORST_SPAN

    def worst_case(self, node: Subproblem) -> int:
        """The most guesses any answer of `node` takes along the best tree (one at risk counts as seven)."""
        return self._run(node, NO_VALUE)[0] % WORST_SPAN

    def settle(self, node: Subproblem, progress: Callable[[int, int], None]) -> None:
        """Search `node` in full, calling `progress(guesses settled, guesses to settle)` as its guesses are."""
        self._run(node, NO_VALUE, progress=progress)

    def bucket_counts(self, answers: np.ndarray, rows: np.ndarray) -> np.ndarray:
        """How many distinct patterns each of `rows` gets against `answers`."""
        return self.kernel.bucket_counts(self.matrix, self.columns, answers, rows, 3**self.lists.length, 0)

    def is_answer(self, answers: np.ndarray) -> np.ndarray:
        """For every row, whether its guess is one of `answers`."""
        mask = np.zeros(len(self.matrix), dtype=bool)
        rows = self.answer_rows[answers]
        mask[rows[rows >= 0]] = True
        return mask

    def split(self, answers: np.ndarray, patterns: np.ndarray) -> list[tuple[int, np.ndarray]]:
        """The buckets of `answers` by pattern, the solved one left out; each bucket ascending."""
        order = np.argsort(patterns, kind="stable")
        ordered = patterns[order]
        grouped = answers[order]
        edges = [0, *(np.flatnonzero(ordered[1:] != ordered[:-1]) + 1).tolist(), len(ordered)]
        firsts = ordered[edges[:-1]].tolist()
        return [(p, grouped[a:b]) for p, a, b in zip(firsts, edges, edges[1:]) if p != self.solved]

    def child(self, node: Subproblem, part: np.ndarray, kept: np.ndarray, row: int, pattern: int) -> Subproblem:
        """The position after playing `row` at `node` and getting `pattern`: the answers `part` left,
        `kept` (the guesses worth playing at `node`) narrowed by hard mode, one guess less."""
        if not self.hard_mode:
            return Subproblem(part, kept, node.depth - 1, node.rules)
        kernel = self.kernel
        asked = kernel.feedback_rules(self.letters, row, pattern, self.params)
        rules = node.rules if len(node.rules) else self.first_rules()
        return Subproblem(
            part,
            kernel.allowed(kept, asked, self.codes, self.has, self.letters),
            node.depth - 1,
            kernel.merged(rules, asked),
        )

    def evaluate(self, node: Subproblem, row: int, budget: int | None = None) -> int:
        """The total (see AT_RISK) for playing `row` first at `node`, then playing optimally.

        If the search takes more than `budget` positions, it gives up (see give_up) and bounds.
        """
        try:
            return self.within(budget, self._evaluate, node, row)
        except SearchTooLong:
            self.give_up()
            return self._evaluate(node, row)

    def give_up(self) -> None:
        """Settle for upper bounds: from now on only BOUNDED_TOP guesses are tried at each position."""
        self.gave_up = True
        self.params[TOP] = BOUNDED_TOP if self.top is None else min(self.top, BOUNDED_TOP)

    def _evaluate(self, node: Subproblem, row: int) -> int:
        if row < 0:
            raise ValueError("That guess is not one of this search's.")
        return self._run(node, NO_VALUE, only=row)[0] // WORST_SPAN

    def within(self, budget: int | None, call: Callable[..., T], *args) -> T:
        """`call(*args)`, or SearchTooLong once it has searched `budget` more positions."""
        self.limit = None if budget is None else self.nodes + budget
        try:
            return call(*args)
        finally:
            self.limit = None

    def play_out(
        self, node: Subproblem, prefix: tuple[str, ...], out: dict[str, tuple[str, ...]], row: int | None = None
    ) -> None:
        """Fill `out` with each answer's guesses (after `prefix`) along the optimal tree below `node`.

        `row` forces the first guess; the rest of the tree is optimal. Answers still unfound after
        six guesses are played on with the fewest guesses, though the game is lost.
        """
        answers = self.answer_names
        if node.depth < 1:
            node = Subproblem(node.answers, node.guesses, UNLIMITED, node.rules)
        if row is None and len(node.answers) <= 2:
            play_out_few(self.lists, [answers[c] for c in node.answers], prefix, out)
            return
        if row is None:
            row = self.best_guess(node)[0]
        if row < 0:
            raise ValueError(f"No guess is allowed to solve {len(node.answers)} answers.")
        word = self.lists.guesses[self.guess_ids[row]]
        patterns = self.matrix[row, node.answers]
        for column, pattern in zip(node.answers, patterns):
            if pattern == self.solved:
                out[answers[column]] = (*prefix, word)
        for pattern, part in self.split(node.answers, patterns):
            # Every guess goes on to the child: its best guess is found in the memo, keyed by its
            # answers, guesses left and rules, whatever guesses it is given.
            self.play_out(self.child(node, part, node.guesses, row, pattern), (*prefix, word), out)


def play_out_few(lists: WordLists, names: list[str], prefix: tuple[str, ...], out: dict[str, tuple[str, ...]]) -> None:
    """Play_out for one or two answers (allowed guesses both), no search needed: one is guessed at
    once; of two, the first in alphabetical order, then the other."""
    first, *other = sorted(names, key=lambda word: int(lists.guess_alphabetical_rank[lists.guess_index[word]]))
    out[first] = (*prefix, first)
    for word in other:
        out[word] = (*prefix, first, word)


_LETTER_TABLES: dict[str, tuple[np.ndarray, np.ndarray, np.ndarray]] = {}  # see _letter_tables
KEPT_LETTER_TABLES = 4


def _letter_tables(lists: WordLists) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For every guess: its letters (codes, places in the lists' alphabet: at most 32 letters, see
    MOST_LETTERS), the same packed five bits a position, and for
    k = 1..(most of one letter in a guess) the letters it has at least k times, as bits: hard
    mode's rules become a few bit operations (see compiled.allowed). Kept by the lists' digest, for
    the last few lists: hashing the lists themselves reads every word, 0.1 ms of every search."""
    if (tables := _LETTER_TABLES.get(lists.digest)) is not None:
        return tables
    if len(lists.alphabet) > MOST_LETTERS:  # lists loaded from files are refused before (load_word_lists)
        raise ValueError(f"The exact search plays at most {MOST_LETTERS} different letters, not {len(lists.alphabet)}.")
    letters = np.ascontiguousarray(lists.guess_codes, dtype=np.uint8)
    codes = (letters.astype(np.int64) << (5 * np.arange(lists.length, dtype=np.int64))).sum(axis=1)
    counts = lists.guess_letter_counts.astype(np.int64)
    bits = np.int64(1) << np.arange(len(lists.alphabet), dtype=np.int64)
    most = max(1, int(counts.max(initial=0)))
    has = np.stack([((counts > k) * bits).sum(axis=1) for k in range(most)], axis=1)
    tables = letters, codes, np.ascontiguousarray(has, dtype=np.int64)
    _LETTER_TABLES[lists.digest] = tables
    while len(_LETTER_TABLES) > KEPT_LETTER_TABLES:
        del _LETTER_TABLES[next(iter(_LETTER_TABLES))]  # the oldest
    return tables


@lru_cache(maxsize=64)
def _zobrist(answers: int) -> np.ndarray:
    """Two random 64-bit keys for each of `answers` columns: a position's key XORs its answers' (shared
    by every search of that many answers, and never written). Python's generator: numpy's takes a
    hundredth of a second to load."""
    keys = random.Random(answers).randbytes(16 * answers)
    return np.frombuffer(keys, dtype=np.int64).reshape(2, answers)


def _scaled(beta: int) -> int:
    """A bound on totals as a bound on the search's values (total * WORST_SPAN + worst)."""
    return beta * WORST_SPAN if beta < NO_VALUE // WORST_SPAN else NO_VALUE


def distinct_columns(columns: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(the first column of each distinct column, ascending; each column's place among them), like
    np.unique(axis=1) but in order of first appearance, and much faster: columns are grouped by a
    hash, and checked; should two distinct columns hash alike, np.unique groups them instead."""
    first, which, clash = compiled_search().distinct_columns(np.ascontiguousarray(columns))
    if clash:
        _, first, which = np.unique(columns, axis=1, return_index=True, return_inverse=True)
        order = np.argsort(first)
        place = np.empty_like(order)
        place[order] = np.arange(len(order))
        first, which = first[order], place[which.ravel()]
    return first, which


def search_for(
    table: PatternTable,
    lists: WordLists,
    answers: np.ndarray,
    guesses: np.ndarray,
    hard_mode: Difficulty = Difficulty.NORMAL,
    top: int | None = None,
    depth: int = MAX_GUESSES,
) -> tuple[Search, Subproblem]:
    """A search over `answers` (columns of the table) with `guesses` (rows) allowed.

    In normal mode the guesses are first reduced to one per distinct split of these answers.
    """
    if len(guesses) == len(lists.guesses):  # every guess (each once): their alphabetical order is known
        alphabetical = lists.guess_alphabetical_order
    else:
        alphabetical = guesses[np.argsort(lists.guess_alphabetical_rank[guesses], kind="stable")]
    kernel = compiled_search()
    if len(answers) * 8 < len(table.targets) or not table.affordable or not table.matrix.flags.c_contiguous:
        # A few answers (or a table too large to build whole, or kept target-major only): their rows
        # of the target-major table.
        # (np.take keeps them row-major, where indexing the columns would leave them column-major.)
        columns = table.by_target[answers]
        if len(alphabetical) < len(lists.guesses) or (alphabetical != np.arange(len(alphabetical))).any():
            columns = np.take(columns, alphabetical, axis=1)  # (the shipped lists' guesses are in alphabetical order)
    else:  # many answers of a whole table kept guess-major (from the cache): gathered, then turned round
        columns = transposed(kernel.gather(table.matrix, alphabetical, answers))
    everything, rows = alphabetical, np.arange(len(alphabetical))
    if not hard_mode:  # one guess per distinct split, the first alphabetically: the order stays alphabetical
        kept, rows = distinct_columns(columns)
        alphabetical = alphabetical[kept]
        columns = kernel.gather(columns, np.arange(len(answers)), kept)
    names = tuple(table.targets[column] for column in answers)
    search = Search(columns, alphabetical, lists, names, hard_mode, top)
    search.row_of_guess[everything] = rows
    search.answer_rows = search.row_of_guess[[lists.guess_index.get(w, -1) for w in names]]
    search.answer_rows[[w not in lists.guess_index for w in names]] = -1
    return search, Subproblem(np.arange(len(answers)), np.arange(len(alphabetical)), depth)


def search_state(state: State, top: int | None = None) -> tuple[Search, Subproblem]:
    """A search from a game position: its candidates, its allowed guesses and the guesses left.

    Proving how many answers are at risk can take an exhaustive search: past PROOF_BUDGET
    positions the search gives up (`search.gave_up`) and tries only BOUNDED_TOP guesses at each
    position, an upper bound. After six guesses (a lost game) it plays on with UNLIMITED guesses.
    """
    depth = MAX_GUESSES - len(state.history)
    table = state.model.table
    search, node = search_for(
        table,
        state.model.lists,
        state.candidates,
        state.allowed,
        state.hard_mode,
        top,
        depth if depth > 0 else UNLIMITED,
    )
    try:
        search.within(PROOF_BUDGET, search.best_guess, node)
    except SearchTooLong:
        search.give_up()
    return search, node


def search_position(state: State) -> tuple[Search, Subproblem, bool]:
    """A search from a game position, exhaustive up to EXACT_LIMIT answers, bounded above.

    The flag says whether it is exhaustive; its figures are exact while `search.gave_up` is False.
    """
    exhaustive = len(state.candidates) <= EXACT_LIMIT
    search, node = search_state(state, None if exhaustive else BOUNDED_TOP)
    return search, node, exhaustive
