"""The strategies, by the names every command's `--strategy` takes; the ranking of a position through the pool,
self-play and benchmarks build on them.

The names are here, for the settings and the commands' options; the strategies themselves (and numpy with
them) load when first asked for, so that a command that ranks nothing, or the app's first frame, does without.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .base import Ranked, Strategy, measure_all
    from .named import STRATEGIES, strategy_named

STRATEGY_NAMES = ("random", "frequency", "minimax", "parts", "entropy", "expected", "lookahead", "optimal")
BOARD_STRATEGIES = ("boards", "entropy", "minimax")  # the names --strategy takes for several boards


def __getattr__(name: str) -> Any:
    """The strategies, loaded at their first use (PEP 562)."""
    if name in ("Ranked", "Strategy", "measure_all"):
        from . import base

        return getattr(base, name)
    if name in ("STRATEGIES", "strategy_named"):
        from . import named

        return getattr(named, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["BOARD_STRATEGIES", "STRATEGIES", "STRATEGY_NAMES", "Ranked", "Strategy", "measure_all", "strategy_named"]
