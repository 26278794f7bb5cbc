"""The exact search, compiled: one recursive function over positions, and the memo it shares.

Built with the package into a module of its own that loads without the compiler (native.py).
Where that could not be built, this is imported when a search runs (search.compiled_search), as
loading the compiler takes a moment the app should not pay at start-up, and numba keeps what it
compiles in the user cache folder, so only the first search on a machine compiles (see search.prepare).

A position is a set of answers (columns of the pattern matrix), the guesses allowed there (rows,
ascending, which is alphabetical order), the guesses left, and in hard mode the rules the feedback
so far imposes. `solve` returns the position's value as total * WORST_SPAN + worst (see
totals.py) with its best guess, if that value is below `beta`, else a lower bound of at least
`beta`. In order, it:

- answers sets of one or two answers, and one guess left, in closed form;
- looks the position up in the memo: an exact value, or a lower bound that already reaches beta;
- tries the position's own answers: one that splits the others into singletons is optimal
  (2n - 1 guesses), and finding it costs n * n, not n * guesses;
- counts every guess's distinct patterns (a guess with b of them costs at least 3n - b, one less
  if it is an answer); a perfect split ends the search, and with two guesses left the value of
  every guess is known from its count alone. Few answers are compared in pairs along the rows of
  the answer-major matrix, many guesses at a time; more are counted guess by guess, and a count
  stops as soon as the guess cannot get below beta;
- adds to a guess's bound the answers it must leave at risk (the endgame: see below);
- tries the guesses in order of that bound (answers first on ties, then alphabetical), at most
  `top` of them in a bounded search; for each, every bucket is bounded before any is searched
  (its memo entry, else 2m - 1), then the buckets are searched smallest first, each with the
  beta that is left once the others are at their bounds; the guess is dropped as soon as the
  buckets' sum reaches the best value found;
- bounds in the memo the unions of buckets another guess would leave (see _infer_unions): a
  set costs at least what its parts cost apart;
- memoises the value (exact, or the least of the lower bounds its guesses reached after their
  cut-offs, never below beta).

Positions are keyed by two independent 64-bit hashes of their answers, guesses left and rules
(a false match needs both to collide, odds below 2**-100 over any search). The memo is a table
with four slots a key; when the four are taken the smallest position's entry gives way.
"""

from __future__ import annotations

import os

import numpy as np
from numba import config, njit

from .layout import (
    HARD,
    LENGTH,
    LIMIT,
    MOST,
    NODES,
    PATTERNS,
    ROOT_DONE,
    ROOT_TOTAL,
    SOLVED,
    STOPPED,
    TOP,
    ULTRA,
    USED,
)
from .totals import AT_RISK, LOST, NO_VALUE, WORST_SPAN

if os.environ.get(
    "NUMBA_CACHE_DIR"
):  # set by search.compiled_search, and heeded even if the compiler was loaded before
    config.CACHE_DIR = os.environ["NUMBA_CACHE_DIR"]  # type: ignore[attr-defined]

W = WORST_SPAN
ALWAYS_EXHAUSTIVE = 12  # up to this many answers even a bounded search tries every guess (small sets lose games)
PROBE = 4  # memo slots a key may take
PAIRWISE = 64  # up to this many answers, patterns are counted by comparing answers in pairs
LETTER_BITS = 32  # letter codes are below 32, packed five bits a position (words.MOST_LETTERS)
EMPTY, BOUND, EXACT = 0, 1, 2  # what a memo slot holds


@njit(cache=True)
def _mix(x: int) -> int:
    x = (x ^ ((x >> 30) & 0x3FFFFFFFF)) * -4658895280553007687
    x = (x ^ ((x >> 27) & 0x1FFFFFFFFF)) * -7723592293110705685
    return x ^ ((x >> 31) & 0x1FFFFFFFF)


@njit(cache=True)
def _key(answers, depth, rules, z1, z2):
    h1 = np.int64(0)
    h2 = np.int64(0)
    for a in answers:
        h1 ^= z1[a]
        h2 ^= z2[a]
    return _finish(h1, h2, answers.shape[0], depth, rules)


@njit(cache=True)
def _finish(h1, h2, n, depth, rules):
    """The key of a position from its answers' hashes combined (a set's is the exclusive or of its
    parts', so a union's key needs no list of its answers), its size, guesses left and rules."""
    h1 = _mix(h1 + depth * -7046029254386353131 + n)
    h2 = _mix(h2 ^ (depth * 7146057691288625177 + n))
    for r in rules:
        h1 = _mix(h1 ^ r)
        h2 = _mix(h2 + r)
    return h1, h2


@njit(cache=True)
def _find(memo, h1, h2):
    k1, k2, _, _, flags, _ = memo
    mask = k1.shape[0] - 1
    for i in range(PROBE):
        slot = (h1 + i) & mask
        if flags[slot] != EMPTY and k1[slot] == h1 and k2[slot] == h2:
            return slot
    return -1


@njit(cache=True)
def _store(memo, counters, h1, h2, value, row, exact, size):
    k1, k2, values, rows, flags, sizes = memo
    mask = k1.shape[0] - 1
    victim = -1
    for i in range(PROBE):
        slot = (h1 + i) & mask
        if flags[slot] != EMPTY and k1[slot] == h1 and k2[slot] == h2:
            if flags[slot] == EXACT or (not exact and values[slot] >= value):
                return  # what is kept is worth more
            victim = slot
            break
        if flags[slot] == EMPTY:
            victim = slot
            counters[USED] += 1
            break
        if victim < 0 or sizes[slot] < sizes[victim]:
            victim = slot
    k1[victim] = h1
    k2[victim] = h2
    values[victim] = value
    rows[victim] = row
    flags[victim] = EXACT if exact else BOUND
    sizes[victim] = size


@njit(cache=True)
def rehash(old, new, counters):
    """Move every entry of the memo `old` into the (bigger) memo `new`."""
    k1, k2, values, rows, flags, sizes = old
    counters[USED] = 0
    for slot in range(k1.shape[0]):
        if flags[slot] != EMPTY:
            _store(new, counters, k1[slot], k2[slot], values[slot], rows[slot], flags[slot] == EXACT, sizes[slot])


@njit(cache=True)
def _closed(answers, depth, answer_row):
    """(value, row) where no search is needed, else (-1, -1): no guess left (every answer at risk),
    one answer (guess it), one guess left (one found, the rest at risk), two answers (guess the
    first, then the other)."""
    n = answers.shape[0]
    if depth < 1:
        return n * LOST * W + 1, -1
    if n == 1:
        return W + 1, answer_row[answers[0]]
    if depth == 1 or n == 2:
        first = answer_row[answers[0]]
        for a in answers:
            first = min(first, answer_row[a])
        if depth == 1:
            return (n + (n - 1) * LOST) * W + 2, first
        return 3 * W + 2, first
    return -1, -1


@njit(cache=True)
def distinct_upto(matrix, row, answers, seen, tag, need):
    """How many distinct patterns `row` gets against `answers` (`seen` marks patterns with `tag`);
    once the answers left cannot bring the count to `need`, the most it could still reach."""
    count = 0
    most = answers.shape[0]
    line = matrix[row]
    for a in answers:
        p = line[a]
        if seen[p] != tag:
            seen[p] = tag
            count += 1
        else:
            most -= 1
            if most < need:
                return most
    return count


@njit(cache=True)
def _repeats(columns, answers, need):
    """For every row, how many of `answers` get the same pattern as an earlier one (so the row's
    distinct patterns are n less this): answers compared in pairs along contiguous rows of the
    answer-major matrix, which the processor does many at a time. Fast for few answers. Once no
    row can still reach `need` distinct patterns, the counts so far (which bound the rows'
    patterns from above) are returned."""
    rows = columns.shape[1]
    n = answers.shape[0]
    most = n - need  # repeats a row may have and still reach `need`
    repeats = np.zeros(rows, np.uint8)
    same = np.empty(rows, np.uint8)
    for later in range(1, n):
        b = columns[answers[later]]
        same[:] = 0
        for earlier in range(later):
            a = columns[answers[earlier]]
            for r in range(rows):
                same[r] |= a[r] == b[r]
        for r in range(rows):
            repeats[r] += same[r]
        if most < later:  # some row may have fallen out of reach: is any left?
            alive = False
            for r in range(rows):
                if repeats[r] <= most:
                    alive = True
                    break
            if not alive:
                break
    return repeats


@njit(cache=True)
def adversary(matrix, answers, rows, rank, patterns):
    """For each of `rows`: the group of `answers` Absurdle keeps after it (see rules.absurdle), as
    (its response, its size)."""
    counts = np.zeros(patterns, np.int64)
    responses = np.empty(rows.shape[0], np.int64)
    sizes = np.empty(rows.shape[0], np.int64)
    for j in range(rows.shape[0]):
        line = matrix[rows[j]]
        for a in answers:
            counts[line[a]] += 1
        best = line[answers[0]]
        for a in answers:
            p = line[a]
            if counts[p] > counts[best] or (counts[p] == counts[best] and rank[p] < rank[best]):
                best = p
        responses[j] = best
        sizes[j] = counts[best]
        for a in answers:
            counts[line[a]] = 0
    return responses, sizes


@njit(cache=True)
def gather(matrix, rows, columns):
    """`matrix[np.ix_(rows, columns)]` in one pass, row by row (numpy's take goes element by element)."""
    out = np.empty((rows.shape[0], columns.shape[0]), matrix.dtype)
    for i in range(rows.shape[0]):
        line = matrix[rows[i]]
        for j in range(columns.shape[0]):
            out[i, j] = line[columns[j]]
    return out


@njit(cache=True)
def distinct_columns(columns):
    """(the first column of each distinct column, ascending; each column's place among them; whether
    two distinct columns hashed alike, in which case the caller must group them another way).

    A column is a guess's split of the answers (the rows): every column is hashed at once, a row at
    a time (four rows' patterns a word), so that the loop runs along contiguous rows and no hash
    waits on the one before; each column is then checked against the first of its kind."""
    rows, width = columns.shape
    hashes = np.full(width, np.int64(rows))
    for top in range(0, rows - rows % 4, 4):
        a, b, c, d = columns[top], columns[top + 1], columns[top + 2], columns[top + 3]
        for j in range(width):
            word = np.int64(a[j]) | (np.int64(b[j]) << 16) | (np.int64(c[j]) << 32) | (np.int64(d[j]) << 48)
            hashes[j] = hashes[j] * -7046029254386353131 + word
    for r in range(rows - rows % 4, rows):
        line = columns[r]
        for j in range(width):
            hashes[j] = hashes[j] * -7046029254386353131 + line[j]
    size = 1
    while size < 2 * width:
        size *= 2
    keys = np.empty(size, np.int64)  # open addressing: a hash, and the class of the columns that have it
    classes = np.full(size, -1, np.int64)
    firsts = np.empty(width, np.int64)
    which = np.empty(width, np.int64)
    others = np.empty(width, np.int64)  # the columns that repeat an earlier one's hash, and that one
    their_first = np.empty(width, np.int64)
    count = 0
    repeats = 0
    for j in range(width):
        h = _mix(hashes[j])
        slot = h & (size - 1)
        while classes[slot] >= 0 and keys[slot] != h:
            slot = (slot + 1) & (size - 1)
        k = classes[slot]
        if k < 0:
            keys[slot] = h
            classes[slot] = count
            firsts[count] = j
            k = count
            count += 1
        else:
            others[repeats] = j
            their_first[repeats] = firsts[k]
            repeats += 1
        which[j] = k
    clash = False
    for r in range(rows):
        line = columns[r]
        for i in range(repeats):
            clash |= line[others[i]] != line[their_first[i]]
    return firsts[:count], which, clash


@njit(cache=True)
def bucket_counts(matrix, columns, answers, rows, patterns, need):
    """How many distinct patterns each of `rows` gets against `answers`; for a row that cannot
    reach `need`, possibly only an upper bound. Few answers are compared in pairs along the
    answer-major matrix (`columns`), many rows at a time; more are counted row by row."""
    n = answers.shape[0]
    out = np.empty(rows.shape[0], np.int64)
    if n <= PAIRWISE and 4 * rows.shape[0] >= columns.shape[1]:
        repeats = _repeats(columns, answers, need)
        for j in range(rows.shape[0]):
            out[j] = n - repeats[rows[j]]
        return out
    seen = np.zeros(patterns, np.int64)
    for j in range(rows.shape[0]):
        out[j] = distinct_upto(matrix, rows[j], answers, seen, j + 1, need)
    return out


@njit(cache=True)
def feedback_rules(letters, row, pattern, params):
    """What hard mode asks after `row` gets `pattern`: [green positions' mask, their letters, then
    for k = 1..most the letters revealed at least k times], letters packed five bits a position.
    Ultra hard mode (params[HARD] == ULTRA) adds for k = 1..most the letters that may not occur
    k times (a grey one shown fewer times), then for each position the letters it may not hold
    (those yellow or grey there), a bit a letter of the alphabet. Rules combine by OR (see merged)."""
    length, most = params[LENGTH], params[MOST]
    ultra = params[HARD] == ULTRA
    out = np.zeros(2 + most + (most + length if ultra else 0), np.int64)
    counts = np.zeros(LETTER_BITS, np.int64)
    grey = np.zeros(LETTER_BITS, np.bool_)
    q = pattern
    for i in range(length):
        digit = q % 3
        q //= 3
        letter = np.int64(letters[row, i])
        if digit == 2:
            out[0] |= np.int64(31) << (5 * i)
            out[1] |= letter << (5 * i)
        elif ultra:
            out[2 + 2 * most + i] |= np.int64(1) << letter
        if digit >= 1:
            counts[letter] += 1
        else:
            grey[letter] = True
    for i in range(length):  # the guess's letters, each once: cleared once done, a later copy adds nothing
        letter = np.int64(letters[row, i])
        for k in range(min(counts[letter], most)):
            out[2 + k] |= np.int64(1) << letter
        if ultra and grey[letter]:
            for k in range(counts[letter], most):
                out[2 + most + k] |= np.int64(1) << letter
        counts[letter] = 0
        grey[letter] = False
    return out


@njit(cache=True)
def allowed(guesses, asked, codes, has, letters):
    """The `guesses` that follow the rules `asked` (see feedback_rules): bit operations per guess."""
    most = has.shape[1]
    ultra = asked.shape[0] > 2 + most
    keep = np.empty(guesses.shape[0], np.bool_)
    for j in range(guesses.shape[0]):
        g = guesses[j]
        ok = (codes[g] & asked[0]) == asked[1]
        k = 0
        while ok and k < most:
            ok = (asked[2 + k] & ~has[g, k]) == 0
            if ultra:
                ok = ok and (asked[2 + most + k] & has[g, k]) == 0
            k += 1
        if ultra:
            i = 0
            while ok and i < letters.shape[1]:
                ok = (asked[2 + 2 * most + i] >> np.int64(letters[g, i])) & 1 == 0
                i += 1
        keep[j] = ok
    return guesses[keep]


@njit(cache=True)
def merged(rules, asked):
    out = rules.copy()
    for i in range(out.shape[0]):
        out[i] |= asked[i]
    return out


@njit(cache=True)
def lower_bound(data, answers, guesses, depth):
    """A total no play of the position can beat (3n - b - [an answer] for the best guess)."""
    matrix, columns, answer_row, _, _, _, _, _, params = data
    v, _ = _closed(answers, depth, answer_row)
    if v >= 0:
        return v // W
    most = bucket_counts(matrix, columns, answers, guesses, params[PATTERNS], 0).max()
    own = answer_row[answers]
    own = own[own >= 0]
    if own.shape[0]:  # an answer's own bound is one less
        most = max(most, bucket_counts(matrix, columns, answers, own, params[PATTERNS], 0).max() + 1)
    return 3 * answers.shape[0] - most


@njit(cache=True)
def _infer_unions(
    data, memo, counters, row, members, first_of, size_of, present, ranked, value_of, nb, depth, rules, by_pattern
):
    """Once some of the buckets of guess `row` are searched (exhaustive search), bound the unions
    another guess would leave: buckets whose patterns differ at one letter only are one bucket for
    a guess that learns nothing at that letter (one known to be absent), which is then cut off
    from the memo without a search.

    In normal mode a set costs at least what its parts cost apart (the union's best tree plays
    each part), so a union is bounded by the sum of its parts' values or bounds. In hard mode the
    rules differ with the colour at that letter, but not for that other guess: the union has the
    rules of its part with the letter grey, and costs at least that part's value plus 2m - 1 for
    each other part of m answers (a subset under the same rules costs no more than the set)."""
    _, _, _, z1, z2, letters, _, _, params = data
    solved = params[SOLVED]
    hard = params[HARD]
    for b in range(nb):
        by_pattern[present[ranked[b]]] = b
    for around in range(nb):
        p = present[ranked[around]]
        child_rules = rules
        if hard:
            child_rules = merged(rules, feedback_rules(letters, row, p, params))
        power = 1
        for _ in range(params[LENGTH]):
            digit = (p // power) % 3
            base = p - digit * power
            if digit > 0 and (hard or by_pattern[base] >= 0 or (digit > 1 and by_pattern[base + power] >= 0)):
                power *= 3
                continue  # bounded from its first part (in hard mode, the grey one)
            total = 0
            size = 0
            parts = 0
            h1 = np.int64(0)
            h2 = np.int64(0)
            for colour in range(3):
                q = base + colour * power
                if q == solved:
                    parts = 0  # the guess itself is among them: left alone
                    break
                b = by_pattern[q]
                if b < 0:
                    continue
                parts += 1
                total += 2 * size_of[b] - 1 if hard and colour > 0 else value_of[b] // W
                size += size_of[b]
                for a in members[first_of[b] : first_of[b] + size_of[b]]:
                    h1 ^= z1[a]
                    h2 ^= z2[a]
            if parts > 1:
                u1, u2 = _finish(h1, h2, size, depth, child_rules)
                _store(memo, counters, u1, u2, total * W, -1, False, size)
            power *= 3
    for b in range(nb):
        by_pattern[present[ranked[b]]] = -1


@njit(cache=True)
def _ranked(hopeful, keys):
    """`hopeful` in order of `keys`, ties in their order. Counted into place, as the keys of a
    position's guesses span little (their bounds lie between 2n and 3n): sorting them took a third
    of the search. Sorted where answers at risk spread the keys far apart."""
    count = hopeful.shape[0]
    if count < 2:
        return hopeful
    low = keys.min()
    span = keys.max() - low + 1
    if span > 4 * count + 64:
        return hopeful[np.argsort(keys, kind="mergesort")]  # stable
    starts = np.zeros(span + 1, np.int64)
    for key in keys:
        starts[key - low + 1] += 1
    for i in range(span):
        starts[i + 1] += starts[i]
    out = np.empty(count, np.int64)
    for i in range(count):
        key = keys[i] - low
        out[starts[key]] = hopeful[i]
        starts[key] += 1
    return out


@njit(cache=True)
def solve(data, memo, counters, answers, guesses, depth, rules, beta, only, root):
    """_solve, as the Python around the search calls it: numba builds a recursive function ahead of
    time (native.py) only when something else calls it."""
    return _solve(data, memo, counters, answers, guesses, depth, rules, beta, only, root)


@njit(cache=True)
def _solve(data, memo, counters, answers, guesses, depth, rules, beta, only, root):
    """(value, best row) of the position if its value is below `beta`, else (a lower bound >= beta, -1).

    `only` >= 0 values playing that row first (then the best play) and leaves the position's own
    memo entry alone.
    `root` keeps counters[ROOT_DONE] / counters[ROOT_TOTAL] at the guesses tried so far.
    Once counters[NODES] passes counters[LIMIT] it sets counters[STOPPED] and returns at once.
    """
    matrix, columns, answer_row, z1, z2, letters, codes, has, params = data
    n = answers.shape[0]
    k = guesses.shape[0]
    h1 = np.int64(0)
    h2 = np.int64(0)
    if only < 0:
        v, r = _closed(answers, depth, answer_row)
        if v >= 0:
            return v, r
        h1, h2 = _key(answers, depth, rules, z1, z2)
        slot = _find(memo, h1, h2)
        if slot >= 0 and (memo[4][slot] == EXACT or memo[2][slot] >= beta):
            return memo[2][slot], memo[3][slot]
    elif depth < 1:
        return n * LOST * W + 1, -1
    counters[NODES] += 1
    if counters[NODES] > counters[LIMIT]:
        counters[STOPPED] = 1
        return 0, -1

    patterns = params[PATTERNS]
    solved = params[SOLVED]
    seen = np.zeros(patterns, np.int64)
    tag = 0
    own = np.full(n, -1, np.int64)  # where each answer's row is among the guesses, if it is allowed
    for i in range(n):
        r = answer_row[answers[i]]
        if r >= 0:
            j = np.searchsorted(guesses, r)
            if j < k and guesses[j] == r:
                own[i] = j

    if only < 0:
        # The position's own answers first: one splitting the rest into singletons is optimal.
        first = -1
        for i in range(n):
            j = own[i]
            if j >= 0 and (first < 0 or j < first):
                tag += 1
                if distinct_upto(matrix, guesses[j], answers, seen, tag, n) == n:
                    first = j
        if first >= 0:
            value = (2 * n - 1) * W + 2
            _store(memo, counters, h1, h2, value, guesses[first], True, n)
            return value, guesses[first]
        # Without one, no guess does better than a perfect split by another guess (2n).
        if 2 * n * W + 2 >= beta:
            _store(memo, counters, h1, h2, 2 * n * W + 2, -1, False, n)
            return 2 * n * W + 2, -1

    # Only a guess with at least `need` patterns can get below beta: counting a guess's patterns
    # stops once the answers left cannot reach it (its count is then an upper bound).
    need = 3 * n - 1 - (beta - 4) // W if beta < NO_VALUE else 0
    buckets = bucket_counts(matrix, columns, answers, guesses, patterns, need)
    is_answer = np.zeros(k, np.bool_)
    for j in own:
        if j >= 0:
            is_answer[j] = True
    if only < 0:
        for j in range(k):
            if buckets[j] == n:  # a perfect split by a guess that is not an answer
                value = 2 * n * W + 2
                _store(memo, counters, h1, h2, value, guesses[j], True, n)
                return value, guesses[j]
        if depth == 2:
            # Two guesses find one answer per pattern of the first; the rest are at risk.
            best, best_row = NO_VALUE, -1
            for j in range(k):
                value = ((2 * n - is_answer[j] + LOST * (n - buckets[j])) * 2 + (1 - is_answer[j])) * W
                if value < best:
                    best, best_row = value, guesses[j]
            value = (best // (2 * W)) * W + 3
            if value >= beta:  # counts cut short are upper bounds: no guess gets below beta
                _store(memo, counters, h1, h2, value, -1, False, n)
                return value, -1
            _store(memo, counters, h1, h2, value, best_row, True, n)
            return value, best_row

    useful = buckets > 1
    kept = guesses[useful]
    bound = 3 * n - buckets - is_answer
    # The endgame: no guess below splits its answers into more buckets than the most any guess
    # here does (b), so a bucket finds at most b ** (depth - 2) answers in the guesses it has left,
    # and a family like _IGHT that the guesses cannot tell apart leaves the rest at risk.
    reach = 1
    most = buckets.max() if k else 1
    for _ in range(depth - 2):
        reach = min(reach * most, n)
    if reach < n:
        for j in range(k):
            found = is_answer[j] + (buckets[j] - is_answer[j]) * reach
            if found < n:
                bound[j] += AT_RISK * (n - found)
    if only >= 0:
        j = np.searchsorted(guesses, only)
        if j < k and guesses[j] == only:
            order = np.array([j])
        else:  # a guess not allowed here: its own bound
            return NO_VALUE, -1
    else:
        hopeful = np.flatnonzero(useful & (bound * W + 3 < beta))
        order = _ranked(hopeful, 2 * bound[hopeful] + 1 - is_answer[hopeful])
        if params[TOP] > 0 and n > ALWAYS_EXHAUSTIVE:
            order = order[: params[TOP]]
    if root:
        counters[ROOT_TOTAL] = order.shape[0]

    best, best_tie, best_row = beta, np.int64(-1), np.int64(-1)
    least = NO_VALUE  # the least lower bound of a guess tried and cut off
    tried = np.zeros(k, np.bool_)
    # One set of buffers for every guess tried here: a guess's buckets, smallest first.
    counts = np.zeros(patterns, np.int64)
    at = np.empty(patterns, np.int64)
    present = np.empty(n, np.int64)
    order_key = np.empty(n, np.int64)
    first_of = np.empty(n, np.int64)
    size_of = np.empty(n, np.int64)
    members = np.empty(n, np.int64)
    value_of = np.empty(n, np.int64)
    exact = np.empty(n, np.bool_)
    by_pattern = np.full(patterns, -1, np.int64)  # each pattern's bucket while a guess is tried
    # see _infer_unions; not in ultra hard mode, where a guess that learns nothing at a letter is one
    # that plays a letter known absent, which the rules forbid: its entries would only take memo slots
    infer = params[TOP] == 0 and params[HARD] != ULTRA
    for c in range(order.shape[0]):
        if root:
            counters[ROOT_DONE] = c
        j = order[c]
        g = guesses[j]
        tie = ((1 - np.int64(is_answer[j])) << 32) | g
        limit = best + 1 if best_row >= 0 and tie < best_tie else best
        static = bound[j] * W + 3
        if static >= limit:
            if static > best:
                break  # every later guess has a bound at least as high
            continue
        tried[j] = True

        # The buckets of g, smallest first, answers ascending in each.
        line = matrix[g]
        nb = 0
        for a in answers:
            p = line[a]
            if counts[p] == 0 and p != solved:
                present[nb] = p
                nb += 1
            counts[p] += 1
        for b in range(nb):
            order_key[b] = counts[present[b]] * patterns + present[b]
        ranked = np.argsort(order_key[:nb])
        offset = 0
        for b in range(nb):
            p = present[ranked[b]]
            first_of[b] = offset
            size_of[b] = counts[p]
            at[p] = offset
            offset += counts[p]
        for a in answers:
            p = line[a]
            if p != solved:
                members[at[p]] = a
                at[p] += 1
        for b in range(nb):
            counts[present[b]] = 0
        counts[solved] = 0

        # Every bucket bounded before any is searched: closed form, memo, else 2m - 1.
        total = n
        worst = 1
        rest = 0
        pending = 0
        for b in range(nb):
            m = size_of[b]
            part = members[first_of[b] : first_of[b] + m]
            v, _ = _closed(part, depth - 1, answer_row)
            exact[b] = v >= 0
            if v < 0:
                child_rules = rules
                if params[HARD]:
                    child_rules = merged(rules, feedback_rules(letters, g, line[part[0]], params))
                c1, c2 = _key(part, depth - 1, child_rules, z1, z2)
                slot = _find(memo, c1, c2)
                v = (2 * m - 1) * W + 2
                if slot >= 0:
                    if memo[4][slot] == EXACT:
                        v = memo[2][slot]
                        exact[b] = True
                    else:
                        v = max(v, memo[2][slot])
            value_of[b] = v
            if exact[b]:
                total += v // W
                worst = max(worst, 1 + v % W)
            else:
                rest += v // W
                pending += 1

        ceiling, top_worst = divmod(limit - 1, W)
        reached = (total + rest) * W + max(worst, 3 if pending else 0)
        cut = reached >= limit
        searched = False
        for b in range(nb):
            if cut:
                break
            if exact[b]:
                continue
            part = members[first_of[b] : first_of[b] + size_of[b]]
            p = line[part[0]]
            rest -= value_of[b] // W
            pending -= 1
            room = ceiling - total - rest
            child_beta = room * W + (top_worst if worst <= top_worst else 0)
            child_guesses = kept
            child_rules = rules
            if params[HARD]:
                asked = feedback_rules(letters, g, p, params)
                child_rules = merged(rules, asked)
                child_guesses = allowed(kept, asked, codes, has, letters)
            v, _ = _solve(
                data, memo, counters, part, child_guesses, depth - 1, child_rules, child_beta, np.int64(-1), np.int64(0)
            )
            if counters[STOPPED]:
                return 0, -1
            value_of[b] = v
            searched = True
            if v >= child_beta:
                reached = max(reached, (total + v // W + rest) * W + max(worst, 3))
                cut = True
                break
            total += v // W
            worst = max(worst, 1 + v % W)
            reached = (total + rest) * W + max(worst, 3 if pending else 0)
            cut = reached >= limit
        if searched and infer:
            _infer_unions(
                data,
                memo,
                counters,
                g,
                members,
                first_of,
                size_of,
                present,
                ranked,
                value_of,
                nb,
                depth - 1,
                rules,
                by_pattern,
            )
        if cut:
            least = min(least, max(reached, static))
            continue
        best, best_tie, best_row = total * W + worst, tie, g

    if root:
        counters[ROOT_DONE] = order.shape[0]
    if best_row >= 0:
        value, exact_value = best, True
    else:
        for j in range(k):  # a guess not tried is worth at least its bound
            if useful[j] and not tried[j]:
                least = min(least, bound[j] * W + 3)
        value, exact_value = max(beta, least), False
    if only < 0:
        _store(memo, counters, h1, h2, value, best_row, exact_value, n)
    return value, best_row
