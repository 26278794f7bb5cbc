"""How a guess's risk is written, wherever it is shown: the app's panels and the command line (see risk.py).

Apart from the search, so that what shows a mark loads no solver to write it."""

from __future__ import annotations

# Optimal play after the guess finds every possible answer within six guesses: "at most six" (never ✓, which says
# a board is solved).
SAFE_MARK = "≤6"
RISK_MARK = "⚠"  # followed by the answers the guess leaves at risk of taking more than six
BOUND = "≤"  # a figure from a bounded search: at most that many


def risk_mark(at_risk: int | None, exact: bool = True) -> str:
    """`≤6` for a guess that keeps six guesses guaranteed, `⚠2` (`⚠≤2` for a bound) for one that does not."""
    if at_risk is None:
        return ""
    return SAFE_MARK if at_risk == 0 else f"{RISK_MARK}{'' if exact else BOUND}{at_risk}"
