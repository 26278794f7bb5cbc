"""A position and what measures it: the pattern table, the candidate models and game states, the
figures of merit of every guess, the curve of guesses still needed, and the opening's cached figures."""
