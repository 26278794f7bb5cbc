"""Messages that carry work done in threads back to the widgets."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from textual.message import Message

if TYPE_CHECKING:
    from ..core.exact.guess_analysis import GuessAnalysis
    from ..core.strategies import Ranked


@dataclass
class RankingProgress(Message):
    """Part of a ranking: the best guesses among those measured so far."""

    position: int  # which request this answers; older ones are dropped
    done: int
    total: int
    ranking: list[Ranked]
    final: bool

    def can_replace(self, message: Message) -> bool:
        # A flood of partial rankings collapses into the newest one.
        return isinstance(message, RankingProgress)


class RestingChanged(Message):
    """What a screen's message line says while it has nothing else to say may have changed (a part of the
    screen was fitted to the window: see ModeScreen.resting)."""


class HintsSeen(Message):
    """A ranking came into sight for the first time in a game: from then on it was played with hints."""


@dataclass
class BotMoved(Message):
    """The bot's move (whatever its game's moves are: see modes/bot.py) for the position of `turn`, or None
    if its choice was stopped."""

    turn: int
    move: Any


@dataclass
class AnalysisReady(Message):
    """The analysis of a game (or of the bot's game so far), or why there is none."""

    request: int  # which request this answers; older ones are dropped
    rows: list[GuessAnalysis]
    problem: str = ""

    @classmethod
    def of(cls, request: int, analysis: list[GuessAnalysis] | str) -> AnalysisReady:
        """The message for what Ranker.analysis gave: the rows, or the sentence saying why there are none."""
        return cls(request, [], analysis) if isinstance(analysis, str) else cls(request, analysis)


@dataclass
class WideContent(Message):
    """A table in a dialog is `width` columns wide: the dialog widens to show it whole, as far as the screen allows."""

    width: int
