"""The game and the solver, without a screen: five layers, each importing only those below it.

    strategies   the heuristics, lookahead and optimal play; ranking through the pool; self-play and benchmarks
    exact        the exact search, trees, openers and their worth, proofs, risk, the analysis of a game
    workers      jobs, worker processes, the pool, the Dask flow
    position     the pattern table, candidate models, figures, the curve, the opening's figures
    rules        words and presets, feedback, the game and hard mode, days, sharing

over cancel.py (work that a newer request supersedes) and files.py (atomic writes and locks). The
layers are contracts of import-linter, in pyproject.toml.
"""
