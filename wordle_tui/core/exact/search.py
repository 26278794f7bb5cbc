"""Exact search: the guess that minimises the total number of guesses over the remaining answers.

Depth-first branch and bound over (answers left, guesses allowed, guesses left):

- a set of one answer costs 1 guess, two answers cost 3 (guess one of them);
- a guess splitting n answers into singletons costs 2n - 1 if it is one of them, else 2n, and
  no guess can do better, so such a guess ends the search at once;
- otherwise every bucket of m > 1 answers costs at least 2m - 1, which gives each guess a lower
  bound from its number of buckets alone (3n - buckets - [guess is an answer]); guesses are tried
  in order of that bound (the "most buckets" heuristic, a strong one), and a guess is abandoned as
  soon as its buckets solved so far plus the bounds of the rest reach the best total found;
- an answer not found within six guesses counts as seven guesses plus AT_RISK, larger than any
  total, so the search first minimises the answers at risk (zero whenever six guesses can be
  guaranteed), then the total; with one guess left, and with two, the best total has a closed form
  (two guesses find one answer per pattern of the first), which proves a loss without a search;
- results are memoised on the answer set (and, in hard mode, on the rules that narrow the guesses);
- among guesses with the fewest total the best has the smallest worst case, then is a possible
  answer, then comes first alphabetically: ties are compared once the total is known.

In normal mode a subproblem first drops the guesses that split its answers exactly like an earlier
guess in alphabetical order: they are interchangeable in every position below it. A guess that
does not split a set is never worth playing, so it is dropped for that set's subsets too.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

import numpy as np

from ..cancel import checkpoint
from ..position.model import State
from ..position.table import PatternTable
from ..rules.game import MAX_GUESSES, revealed
from ..rules.words import WordLists

AT_RISK = 1 << 20  # added to a total for each answer not found within six guesses: losses count first
LOST = AT_RISK + 1  # an answer not found within six guesses: the penalty, and a seventh guess
NO_LIMIT = 1 << 62  # a bound no total reaches
UNLIMITED = 20  # guesses left for play past the sixth guess, once the game is lost anyway
EXACT_LIMIT = 400  # above this many answers, a search from a game position is bounded
BOUNDED_TOP = 10  # guesses a bounded search tries at each position, the most promising first
ALWAYS_EXHAUSTIVE = 12  # up to this many answers even a bounded search tries every guess (small sets lose games)
PROOF_BUDGET = 2500  # positions a search from a game position may take (about 2 s on the nyt lists)
CHECK_EVERY = 63  # positions searched between checks that the search is still wanted (a mask: 2**k - 1)


T = TypeVar("T")
Rules = tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]  # (position, letter)s, (letter, count)s


class SearchTooLong(Exception):
    """A search went past its budget of positions."""


def at_risk(total: int) -> int:
    """How many answers a total leaves unfound within six guesses."""
    return total // AT_RISK


def guesses_of(total: int) -> int:
    """The guesses of a total, each answer at risk counted as seven."""
    return total % AT_RISK


@dataclass(frozen=True)
class Subproblem:
    """A set of answers to solve: table columns, and the table rows allowed as guesses."""

    answers: np.ndarray  # column indices, ascending
    guesses: np.ndarray  # row indices, ascending; alphabetical order is the row order
    depth: int  # guesses left
    rules: Rules = ((), ())  # hard mode: what the feedback since the search's first position asks (see Search.child)


class Search:
    """Branch and bound over one pattern matrix of guesses (rows) against answers (columns).

    `guess_ids` names each row by its index in `lists.guesses`; rows must be in alphabetical
    order of their words so that the row order is the final tie-break. `top` limits how many
    guesses are tried at each position (a fast upper bound); None tries every guess that can win.
    """

    def __init__(
        self,
        matrix: np.ndarray,
        guess_ids: np.ndarray,
        lists: WordLists,
        answer_names: tuple[str, ...],
        hard_mode: bool = False,
        top: int | None = None,
    ):
        self.matrix = np.ascontiguousarray(matrix)
        self.columns = np.ascontiguousarray(self.matrix.T)  # one answer a row: cheap to gather a set's rows
        self.n_patterns = 3**lists.length
        self.guess_ids = guess_ids
        self.row_of_guess: dict[int, int] = {}  # every allowed guess's row, merged guesses included
        self.answer_rows = np.full(len(answer_names), -1, dtype=np.intp)  # each answer's own row, if allowed
        self.lists = lists
        self.answer_names = answer_names  # the answer in each column
        # Sort keys (twice a bound of at most 3n, plus one) fit 16 bits for most lists: a radix sort.
        self.key_dtype = np.int16 if 6 * len(answer_names) + 1 < 2**15 else np.int32
        self.column_dtype = np.uint16 if len(answer_names) < 2**16 else np.uint32  # short memo keys
        self.hard_mode = hard_mode
        self.top = top
        self.solved = 3**lists.length - 1
        self.memo: dict[tuple, tuple[int, bool, int]] = {}
        self.steadiest: dict[tuple, tuple[int, int, int]] = {}
        self.nodes = 0
        self.limit: int | None = None  # raise SearchTooLong past this many positions searched
        self.gave_up = False  # the six-guess limit was dropped because keeping it took too long
        if hard_mode:
            # One row a letter position and one a letter, each over every guess: a rule reads one row.
            self.codes = np.ascontiguousarray(lists.guess_codes[guess_ids].T)
            self.letter_counts = np.ascontiguousarray(lists.guess_letter_counts[guess_ids].T)
            self.rules: dict[tuple[int, int], Rules] = {}  # see _rules
            self.merged: dict[tuple[Rules, int, int], Rules] = {}  # see child_rules

    # -- the search -----------------------------------------------------------------------

    def cost(self, node: Subproblem, beta: int = NO_LIMIT) -> int:
        """The least total (see AT_RISK) for `node` if below `beta`, else a number >= beta."""
        return self._solve(node, beta)[0]

    def lower_bound(self, node: Subproblem) -> int:
        """A total no play of `node` can beat: each bucket of m answers a guess leaves costs at least
        2m - 1, so a guess splitting n answers into b buckets costs at least 3n - b (one less if it
        is one of them)."""
        n = len(node.answers)
        if (closed := _closed_form(n, node.depth)) is not None:
            return closed
        columns = submatrix(self.columns, node.answers, node.guesses)
        best = self.bucket_counts(columns) + self.is_answer(node.answers)[node.guesses]
        return 3 * n - int(best.max())

    def best_guess(self, node: Subproblem) -> tuple[int, int]:
        """(row of the best guess, its total) for `node`; the row is -1 once no guess is left.

        Among guesses with the least total the best has the smallest worst case, then is a possible
        answer, then comes first in alphabetical order.
        """
        total, _, row = self._steadiest(node)
        return row, total

    def worst_case(self, node: Subproblem) -> int:
        """The most guesses any answer of `node` takes along the best tree (one at risk counts as seven)."""
        return self._steadiest(node)[1]

    def _steadiest(self, node: Subproblem) -> tuple[int, int, int]:
        """(total, worst case, row) of the best guess: every guess that ties on total is compared."""
        answers, depth = node.answers, node.depth
        n = len(answers)
        if depth < 1:
            return n * LOST, 1, -1
        if n == 1:
            return 1, 1, int(self.answer_rows[answers[0]])
        key = self._key(node)
        if (known := self.steadiest.get(key)) is not None:
            return known
        total, row = self._solve(node, NO_LIMIT)
        if n == 2 or depth == 1:  # guess the first answer: the second is found next, or at risk
            result = (total, 2, int(self.answer_rows[answers].min()))
        elif depth == 2 and at_risk(total):  # every guess as good leaves some pattern at risk
            result = (total, 3, row)
        else:
            result = self._fewest_worst(node, total, row)
        self.steadiest[key] = result
        return result

    def _fewest_worst(self, node: Subproblem, total: int, row: int) -> tuple[int, int, int]:
        answers, rows = node.answers, node.guesses
        n = len(answers)
        columns = submatrix(self.columns, answers, rows)
        buckets = self.bucket_counts(columns)
        if (buckets == n).any():
            return total, 2, row  # a perfect split: every tie also finds each answer within two guesses
        is_answer = self.is_answer(answers)[rows]
        bound = 3 * n - buckets - is_answer
        useful = np.flatnonzero(buckets > 1)
        kept = rows[useful]
        tied = np.sort(self._promising(useful, bound, is_answer, total + 1, n))
        tied = tied[np.argsort(~is_answer[tied], kind="stable")]  # answers first, each group alphabetical
        best = (NO_LIMIT, True, -1)
        for k in tied:
            guess = int(rows[k])
            if self._try(node, kept, columns[:, k], guess, total + 1) != total:
                continue
            worst = 1
            for pattern, part in self.split(answers, columns[:, k]):
                worst = max(worst, 1 + self._steadiest(self.child(node, part, kept, guess, pattern))[1])
                if worst > best[0]:
                    break
            best = min(best, (worst, not is_answer[k], guess))
            if worst <= 3:
                break  # no guess that leaves a bucket of two or more can do better than three
        return total, best[0], best[2]

    def _key(self, node: Subproblem) -> tuple:
        return self._key_of(node.answers, node.rules, node.depth)

    def _key_of(self, answers: np.ndarray, rules: Rules, depth: int) -> tuple:
        """A position's memo key. In hard mode its allowed guesses are the first position's that
        follow its rules, less guesses that split none of its answers, which are never worth
        playing: the rules stand for them (short, where the guesses can be thousands)."""
        return answers.astype(self.column_dtype).tobytes(), rules, depth

    def _solve(self, node: Subproblem, beta: int) -> tuple[int, int]:
        answers, depth = node.answers, node.depth
        n = len(answers)
        if (closed := _closed_form(n, depth)) is not None:  # guess the answers one by one, in alphabetical order
            return closed, int(self.answer_rows[answers].min()) if depth >= 1 and n > 1 else -1
        key = self._key(node)
        if (known := self._recall(key, beta)) is not None:
            return known
        self.nodes += 1
        if self.limit is not None and self.nodes > self.limit:
            raise SearchTooLong
        if not self.nodes & CHECK_EVERY:
            checkpoint()  # a superseded search stops here
        value, exact, row = self._search(node, beta)
        self.memo[key] = (value, exact, row)
        return value, row

    def _recall(self, key: tuple, beta: int) -> tuple[int, int] | None:
        """(total, row) memoised for a position if it answers for `beta`, else None."""
        known = self.memo.get(key)
        if known is not None and (known[1] or known[0] >= beta):
            return known[0], known[2]
        return None

    def settle(self, node: Subproblem, progress: Callable[[int, int], None]) -> None:
        """Search `node` in full, calling `progress(guesses settled, guesses to settle)` as its guesses are."""
        self.memo[self._key(node)] = self._search(node, NO_LIMIT, progress)

    def _search(
        self, node: Subproblem, beta: int, progress: Callable[[int, int], None] | None = None
    ) -> tuple[int, bool, int]:
        answers, rows, depth = node.answers, node.guesses, node.depth
        n = len(answers)
        columns = submatrix(self.columns, answers, rows)
        buckets = self.bucket_counts(columns)
        is_answer = self.is_answer(answers)[rows]
        bound = 3 * n - buckets - is_answer
        perfect = buckets == n
        if perfect.any():
            # No guess beats a perfect split; among them an answer (2n - 1) beats a non-answer (2n).
            choice = np.flatnonzero(perfect & is_answer)
            if not len(choice):
                choice = np.flatnonzero(perfect)
            return 2 * n - int(is_answer[choice[0]]), True, int(rows[choice[0]])
        if depth == 2:
            # Two guesses find one answer per pattern of the first; the rest are at risk.
            value = 2 * n - is_answer + LOST * (n - buckets).astype(np.int64)
            k = int(np.lexsort((~is_answer, value))[0])  # answers first, then the row (alphabetical) order
            return int(value[k]), True, int(rows[k])
        useful = np.flatnonzero(buckets > 1)
        # Only a guess whose bound is below beta can win; order those by bound, answers first on ties.
        order = self._promising(useful, bound, is_answer, beta, n)
        kept = rows[useful]
        best, best_row = beta, -1
        for settled, k in enumerate(order):
            if progress:
                progress(settled, len(order))
            if bound[k] >= best:
                break  # this guess and every later one cannot do better
            total = self._try(node, kept, columns[:, k], int(rows[k]), best)
            if total < best:
                best, best_row = total, int(rows[k])
        if progress:
            progress(len(order), len(order))
        if best_row < 0:
            return max(best, int(bound[useful].min()) if len(useful) else NO_LIMIT), False, -1
        return best, True, best_row

    def _try(self, node: Subproblem, kept: np.ndarray, patterns: np.ndarray, row: int, best: int) -> int:
        """Total guesses for playing `row` at `node` (`patterns` its feedback, `kept` the guesses
        worth playing), or a number >= `best` once it cannot win."""
        answers, depth = node.answers, node.depth
        n = len(answers)
        # Bucket sizes first: most tries stop after a bucket or two, and buckets of one or two
        # answers need no answers taken out (a bucket's answers stay ascending, as in split).
        counts = np.bincount(patterns, minlength=self.n_patterns)
        counts[self.solved] = 0
        present = counts.nonzero()[0]
        order = present[(-counts[present]).argsort(kind="stable")]
        sizes = counts[order].tolist()
        rest = 2 * sum(sizes) - len(sizes)
        total = n
        for pattern, m in zip(order.tolist(), sizes):
            rest -= 2 * m - 1
            if (closed := _closed_form(m, depth - 1)) is not None:
                total += closed
            else:
                beta = best - total - rest
                part = answers[patterns == pattern]
                rules = self.child_rules(node.rules, row, pattern)
                known = self._recall(self._key_of(part, rules, depth - 1), beta)  # before narrowing the guesses
                if known is None:
                    known = self._solve(self.child(node, part, kept, row, pattern), beta)
                total += known[0]
            if total + rest >= best:
                return total + rest
        return total

    def _promising(self, useful: np.ndarray, bound: np.ndarray, is_answer: np.ndarray, beta: int, n: int) -> np.ndarray:
        """The guesses worth trying, best bound first (answers first on ties), at most `top` of them
        for sets of more than ALWAYS_EXHAUSTIVE answers."""
        hopeful = useful[bound[useful] < beta]
        key = (2 * bound[hopeful] + ~is_answer[hopeful]).astype(self.key_dtype)
        order = hopeful[np.argsort(key, kind="stable")]
        if self.top is not None and n > ALWAYS_EXHAUSTIVE:
            order = order[: self.top]
        return order

    # -- the shape of a position ----------------------------------------------------------

    def bucket_counts(self, columns: np.ndarray) -> np.ndarray:
        """How many distinct patterns each guess gets: `columns` holds one answer a row, one guess a column."""
        n, width = columns.shape
        # Marking each guess's patterns in a table costs about (0.5 + 0.01 n) µs a guess, comparing
        # every pair of answers (3 + 0.001 width) µs a pair (numpy's overhead a call, then the work).
        if width * (500 + 10 * n) < n * (n - 1) // 2 * (3000 + width):
            seen = np.zeros(width * self.n_patterns, dtype=bool)
            keys = columns.astype(np.intp)
            keys += np.arange(width, dtype=np.intp) * self.n_patterns
            seen[keys.ravel()] = True
            return np.count_nonzero(seen.reshape(width, self.n_patterns), axis=1)
        # Few answers: count, for each answer, whether an earlier one got the same pattern.
        repeats = np.zeros(width, dtype=np.intp)
        seen = np.empty(width, dtype=bool)
        same = np.empty(width, dtype=bool)
        for j in range(1, n):
            np.equal(columns[0], columns[j], out=seen)
            for i in range(1, j):
                seen |= np.equal(columns[i], columns[j], out=same)
            repeats += seen
        return n - repeats

    def is_answer(self, answers: np.ndarray) -> np.ndarray:
        """For every row, whether its guess is one of `answers`."""
        mask = np.zeros(len(self.matrix), dtype=bool)
        mask[self.answer_rows[answers]] = True
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
        rules = self.child_rules(node.rules, row, pattern)
        return Subproblem(part, self.child_guesses(kept, row, pattern), node.depth - 1, rules)

    def child_rules(self, rules: Rules, row: int, pattern: int) -> Rules:
        """The hard-mode rules after `row` gets `pattern` at a position with `rules`: every green
        letter so far, and the most of each letter revealed beyond its greens (normal mode: none)."""
        if not self.hard_mode:
            return rules
        if (known := self.merged.get((rules, row, pattern))) is not None:
            return known
        greens, counts = self._rules(row, pattern)
        placed = tuple(sorted({*rules[0], *greens})) if rules[0] and greens else rules[0] or greens
        least = dict(rules[1])
        for letter, count in counts:
            if count > least.get(letter, 0):
                least[letter] = count
        green = [letter for _, letter in placed]
        beyond = tuple(sorted((letter, count) for letter, count in least.items() if count > green.count(letter)))
        merged = placed, beyond
        self.merged[rules, row, pattern] = merged
        return merged

    def child_guesses(self, kept: np.ndarray, row: int, pattern: int) -> np.ndarray:
        """The rows allowed after playing `row` and seeing `pattern` (hard mode narrows them)."""
        if not self.hard_mode:
            return kept
        greens, counts = self._rules(row, pattern)
        for position, letter in greens:  # each rule narrows the guesses the next one reads
            kept = kept[self.codes[position, kept] == letter]
        for letter, count in counts:
            kept = kept[self.letter_counts[letter, kept] >= count]
        return kept

    def _rules(self, row: int, pattern: int) -> Rules:
        """What hard mode asks after `row` gets `pattern` (see model.hard_mode_mask): (position,
        letter) for each green letter, (letter, count) for each letter revealed; letters as codes."""
        key = (row, pattern)
        if (rules := self.rules.get(key)) is None:
            greens, counts = revealed(self.lists.guesses[self.guess_ids[row]], pattern)
            rules = (
                tuple((position, ord(letter) - ord("a")) for position, letter in greens.items()),
                tuple((ord(letter) - ord("a"), count) for letter, count in counts.items()),
            )
            self.rules[key] = rules
        return rules

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
        self.top = BOUNDED_TOP if self.top is None else min(self.top, BOUNDED_TOP)

    def _evaluate(self, node: Subproblem, row: int) -> int:
        if node.depth < 1:
            return len(node.answers) * LOST
        patterns = self.matrix[row, node.answers]
        kept = node.guesses[self._useful(node)]
        return self._try(node, kept, patterns, row, NO_LIMIT)

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
            # One answer: guess it. Two: guess the first in alphabetical order, then the other.
            names = sorted((answers[c] for c in node.answers), key=self._alphabetical)
            out[names[0]] = (*prefix, names[0])
            if len(names) == 2:
                out[names[1]] = (*prefix, names[0], names[1])
            return
        if row is None:
            row = self.best_guess(node)[0]
        if row < 0:
            raise ValueError(f"No guess is allowed to solve {len(node.answers)} answers.")
        word = self.lists.guesses[self.guess_ids[row]]
        patterns = self.matrix[row, node.answers]
        kept = node.guesses[self._useful(node)]
        for column, pattern in zip(node.answers, patterns):
            if pattern == self.solved:
                out[answers[column]] = (*prefix, word)
        for pattern, part in self.split(node.answers, patterns):
            self.play_out(self.child(node, part, kept, row, pattern), (*prefix, word), out)

    def _useful(self, node: Subproblem) -> np.ndarray:
        sub = submatrix(self.matrix, node.guesses, node.answers)
        return (sub != sub[:, :1]).any(axis=1)

    def _alphabetical(self, word: str) -> int:
        return int(self.lists.guess_alphabetical_rank[self.lists.guess_index[word]])


def _closed_form(n: int, depth: int) -> int | None:
    """The total for `n` answers with `depth` guesses left where no search is needed (else None):
    none left (all at risk), one answer (1), one guess left (one found, the rest at risk), or two
    answers (guess one, then the other: 3)."""
    if depth < 1:
        return n * LOST
    if n == 1:
        return 1
    if depth == 1:
        return n + (n - 1) * LOST
    return 3 if n == 2 else None


def submatrix(matrix: np.ndarray, rows: np.ndarray, columns: np.ndarray) -> np.ndarray:
    """`matrix[np.ix_(rows, columns)]`, taken rows first, then columns: several times faster."""
    return matrix.take(rows, axis=0).take(columns, axis=1)


def distinct_rows(matrix: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(the first row of each distinct row, each row's distinct row), like np.unique(axis=0) but faster.

    Rows are grouped by a random 64-bit hash, and the grouping is checked: on a collision the
    exact (slower) np.unique decides, so the result is always exact.
    """
    weights = np.random.default_rng(matrix.shape[1]).integers(1, 2**63, matrix.shape[1], dtype=np.uint64)
    _, first, inverse = np.unique(matrix @ weights, return_index=True, return_inverse=True)
    inverse = inverse.ravel()
    if not np.array_equal(matrix, matrix[first][inverse]):
        _, first, inverse = np.unique(matrix, axis=0, return_index=True, return_inverse=True)
        inverse = inverse.ravel()
    return first, inverse


def search_for(
    table: PatternTable,
    lists: WordLists,
    answers: np.ndarray,
    guesses: np.ndarray,
    hard_mode: bool = False,
    top: int | None = None,
    depth: int = MAX_GUESSES,
) -> tuple[Search, Subproblem]:
    """A search over `answers` (columns of the table) with `guesses` (rows) allowed.

    In normal mode the rows are first reduced to one per distinct split of these answers.
    """
    alphabetical = guesses[np.argsort(lists.guess_alphabetical_rank[guesses], kind="stable")]
    local = np.asarray(submatrix(table.matrix, alphabetical, answers))
    rows = np.arange(len(alphabetical))
    if not hard_mode:
        first, inverse = distinct_rows(local)
        # Renumber the distinct rows in order of their first guess, so that row order stays alphabetical.
        order = np.argsort(first)
        renumber = np.empty_like(order)
        renumber[order] = np.arange(len(order))
        rows = renumber[inverse]
        kept = first[order]
        everything, alphabetical, local = alphabetical, alphabetical[kept], local[kept]
    else:
        everything = alphabetical
    names = tuple(table.targets[column] for column in answers)
    search = Search(local, alphabetical, lists, names, hard_mode, top)
    search.row_of_guess = dict(zip(everything.tolist(), rows.tolist()))
    search.answer_rows = np.array([search.row_of_guess.get(lists.guess_index[w], -1) for w in names], dtype=np.intp)
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
