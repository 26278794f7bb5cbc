"""The strategies themselves, by the names every command's `--strategy` takes."""

from __future__ import annotations

from .base import Strategy
from .lookahead import Expected, Lookahead
from .optimal import Optimal
from .simple import Entropy, Frequency, Minimax, Parts, Random

STRATEGIES: dict[str, type[Strategy]] = {
    strategy.name: strategy for strategy in (Random, Frequency, Minimax, Parts, Entropy, Expected, Lookahead, Optimal)
}


def strategy_named(name: str) -> Strategy:
    try:
        return STRATEGIES[name]()
    except KeyError:
        raise ValueError(f"Unknown strategy {name!r}; choose one of {', '.join(STRATEGIES)}.") from None
