"""Optimal play worked out by trying every guess at every position, nothing pruned: what the exact
search is checked against, at any word length."""

from __future__ import annotations

from functools import cache

from wordle_tui.core.rules.feedback import score, solved_pattern
from wordle_tui.core.rules.game import MAX_GUESSES, Difficulty, mode_violation


def _buckets(guess: str, left: frozenset[str]) -> dict[int, frozenset[str]]:
    buckets: dict[int, set[str]] = {}
    for answer in left:
        buckets.setdefault(score(guess, answer), set()).add(answer)
    return {pattern: frozenset(bucket) for pattern, bucket in buckets.items()}


def _after(allowed: frozenset[str], guess: str, pattern: int, hard_mode: Difficulty) -> frozenset[str]:
    """The guesses the mode still allows after `guess` got `pattern`."""
    if not hard_mode:
        return allowed
    return frozenset(g for g in allowed if not mode_violation(g, ((guess, pattern),), hard_mode))


def fewest_guesses(
    answers: list[str], guesses: list[str], hard_mode: Difficulty, first: str | None = None
) -> tuple[int, int]:
    """(the fewest answers not found within six guesses, then the fewest guesses, a loss counted as
    seven), opening with `first` if given."""
    solved = solved_pattern(len(answers[0]))

    @cache
    def cost(left: frozenset[str], allowed: frozenset[str], depth: int, only: str | None = None) -> tuple[int, int]:
        if depth == 0:
            return len(left), len(left)  # lost: each counts a seventh guess
        best = (len(left) + 1, 0)
        for guess in [only] if only else sorted(allowed):
            buckets = _buckets(guess, left)
            if len(buckets) == 1 and guess not in left and not only:
                continue  # tells nothing: whatever follows it could be played without it
            lost, total = 0, len(left)
            for pattern, bucket in buckets.items():
                if pattern != solved:
                    more_lost, more = cost(bucket, _after(allowed, guess, pattern, hard_mode), depth - 1)
                    lost, total = lost + more_lost, total + more
            best = min(best, (lost, total))
        return best

    return cost(frozenset(answers), frozenset(guesses), MAX_GUESSES, first)


def steadiest(answers: list[str], guesses: list[str], hard_mode: Difficulty) -> tuple[int, int, str]:
    """(the fewest guesses, the smallest worst case among trees with that total, the guess that opens
    such a tree, an answer before another guess and then the first alphabetically), where six
    guesses find every answer (a loss is not allowed at all)."""
    solved = solved_pattern(len(answers[0]))

    @cache
    def best(left: frozenset[str], allowed: frozenset[str], depth: int) -> tuple[int, int, bool, str]:
        if len(left) == 1:
            return 1, 1, False, next(iter(left))
        choice = (10**9, 0, True, "")
        if depth == 0:
            return choice
        for guess in sorted(allowed):
            total, worst = len(left), 1
            for pattern, bucket in _buckets(guess, left).items():
                if pattern != solved:
                    more, deepest, *_ = best(bucket, _after(allowed, guess, pattern, hard_mode), depth - 1)
                    total, worst = total + more, max(worst, 1 + deepest)
            choice = min(choice, (total, worst, guess not in left, guess))
        return choice

    total, worst, _, guess = best(frozenset(answers), frozenset(guesses), MAX_GUESSES)
    return total, worst, guess
