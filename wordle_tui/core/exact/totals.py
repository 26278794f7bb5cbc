"""How the exact search counts: a total of guesses over a set of answers, losses first.

An answer not found within six guesses counts as seven guesses plus AT_RISK, larger than any
total, so minimising a total first minimises the answers at risk (zero whenever six guesses can be
guaranteed), then the guesses. Inside the search a total travels with the worst case of its tree
as one number, total * WORST_SPAN + worst, so that comparing two numbers compares the totals and,
on a tie, the worst cases (the steadier tree wins without a second search).
"""

from __future__ import annotations

AT_RISK = 1 << 20  # added to a total for each answer not found within six guesses: losses count first
LOST = AT_RISK + 1  # an answer not found within six guesses: the penalty, and a seventh guess
NO_LIMIT = 1 << 62  # a bound no total reaches
WORST_SPAN = 64  # worst cases are below this (six guesses, then UNLIMITED more once a game is lost)
NO_VALUE = 1 << 62  # a value (total * WORST_SPAN + worst) no position reaches


def at_risk(total: int) -> int:
    """How many answers a total leaves unfound within six guesses."""
    return total // AT_RISK


def guesses_of(total: int) -> int:
    """The guesses of a total, each answer at risk counted as seven."""
    return total % AT_RISK
