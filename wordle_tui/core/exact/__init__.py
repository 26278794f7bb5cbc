"""Exact play: the branch-and-bound search, decision trees, which opener is best and what each is worth
(openers.py answers both, for every caller), the proofs behind them, answers at risk, and the analysis
of a played game against optimal play."""
