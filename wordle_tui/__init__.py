"""wordle-tui: a terminal Wordle game, coach and solver."""

__version__ = "0.1.0"
