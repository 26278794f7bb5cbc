"""The strategies, by the names every command's `--strategy` takes."""

from __future__ import annotations

from .base import Ranked, Strategy
from .entropy import Entropy
from .optimal import Optimal

STRATEGIES: dict[str, type[Strategy]] = {strategy.name: strategy for strategy in (Entropy, Optimal)}


def strategy_named(name: str) -> Strategy:
    try:
        return STRATEGIES[name]()
    except KeyError:
        raise ValueError(f"Unknown strategy {name!r}; choose one of {', '.join(STRATEGIES)}.") from None


__all__ = ["STRATEGIES", "Ranked", "Strategy", "strategy_named"]
