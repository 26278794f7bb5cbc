"""Settings, statistics and the game in progress, kept on disk as small JSON files.

Every write goes to a temporary file first and replaces the old one, so a crash never leaves half
a file. A file that cannot be read is moved aside as `*.bad` (`*.bad.1`, `*.bad.2`, ... when that
name is taken), defaults are used, and the reason is kept in `Store.problems` for the app to tell
the user once.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

import platformdirs

from .core.files import write_text_atomically
from .core.game import MAX_GUESSES
from .core.strategies import STRATEGIES
from .core.words import DEFAULT_PRESET, PRESETS

APP_NAME = "wordle-tui"
THEMES = ("dark", "light", "high-contrast")
LISTS_BEFORE_PRESETS = "nyt2022"  # the lists of games saved before files named theirs


@dataclass
class Settings:
    hard_mode: bool = False
    strategy: str = "entropy"  # for hints, the coach and the bot
    workers: int = 0  # ranking processes; 0 means one per core
    theme: str = "dark"
    show_hints: bool = False
    lists: str = DEFAULT_PRESET  # the word lists of the app, unless the command line names others
    fetch_nyt: bool = False  # `play --nyt` may download the day's answer from the NYT without --fetch

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Settings:
        """Known keys of the right type; anything else keeps its default."""
        settings = cls()
        for item in fields(cls):
            value = data.get(item.name)
            if type(value) is type(getattr(settings, item.name)):
                setattr(settings, item.name, value)
        if settings.strategy not in STRATEGIES:
            settings.strategy = Settings.strategy
        if settings.theme not in THEMES:
            settings.theme = Settings.theme
        if settings.lists not in PRESETS:
            settings.lists = Settings.lists
        settings.workers = max(0, settings.workers)
        return settings


@dataclass(frozen=True)
class GameRecord:
    """A finished game, as the statistics count it."""

    id: str
    answer: str
    guesses: tuple[str, ...]
    won: bool
    hard_mode: bool = False
    hints: bool = False  # the coach's ranking was shown during the game
    nyt: int | None = None  # the NYT puzzle number, for a game of the NYT's puzzle
    lists: str = DEFAULT_PRESET

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameRecord:
        return cls(
            id=str(data["id"]),
            answer=str(data["answer"]),
            guesses=tuple(str(g) for g in data["guesses"]),
            won=bool(data["won"]),
            hard_mode=bool(data.get("hard_mode", False)),
            hints=bool(data.get("hints", False)),
            nyt=_puzzle_number(data.get("nyt")),
            lists=str(data.get("lists", LISTS_BEFORE_PRESETS)),
        )


def _puzzle_number(value: Any) -> int | None:
    if value is None:
        return None
    if type(value) is not int or value < 0:
        raise ValueError(f"{value!r} is not a puzzle number")
    return value


@dataclass(frozen=True)
class Stats:
    played: int = 0
    wins: int = 0
    current_streak: int = 0
    max_streak: int = 0
    distribution: tuple[int, ...] = (0,) * MAX_GUESSES  # wins in 1, 2, ... 6 guesses

    @property
    def win_percent(self) -> int:
        return round(100 * self.wins / self.played) if self.played else 0

    @property
    def average(self) -> float:
        """Guesses per won game."""
        return sum(n * count for n, count in enumerate(self.distribution, start=1)) / self.wins if self.wins else 0.0


def stats_of(records: list[GameRecord], hard_mode: bool) -> Stats:
    games = [record for record in records if record.hard_mode == hard_mode]
    distribution = [0] * MAX_GUESSES
    streak = best = 0
    for game in games:
        if game.won:
            distribution[min(len(game.guesses), MAX_GUESSES) - 1] += 1
            streak += 1
            best = max(best, streak)
        else:
            streak = 0
    wins = sum(distribution)
    return Stats(len(games), wins, streak, best, tuple(distribution))


@dataclass
class SavedGame:
    """A game in progress, resumed on the next start."""

    id: str
    answer: str
    guesses: list[str] = field(default_factory=list)
    hard_mode: bool = False
    hints: bool = False
    daily: bool = False
    nyt: int | None = None
    lists: str = DEFAULT_PRESET

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SavedGame:
        return cls(
            id=str(data["id"]),
            answer=str(data["answer"]),
            guesses=[str(g) for g in data.get("guesses", [])],
            hard_mode=bool(data.get("hard_mode", False)),
            hints=bool(data.get("hints", False)),
            daily=bool(data.get("daily", False)),
            nyt=_puzzle_number(data.get("nyt")),
            lists=str(data.get("lists", LISTS_BEFORE_PRESETS)),
        )


class Store:
    """The files of one user: settings in the config folder, stats and the current game in the data folder."""

    def __init__(self, config_dir: Path | None = None, data_dir: Path | None = None):
        self.config_dir = config_dir or platformdirs.user_config_path(APP_NAME)
        self.data_dir = data_dir or platformdirs.user_data_path(APP_NAME)
        self.problems: list[str] = []  # told to the user once, then cleared
        self.report: Callable[[str], None] | None = None  # once set, problems go straight to it

    @property
    def settings_path(self) -> Path:
        return self.config_dir / "settings.json"

    @property
    def stats_path(self) -> Path:
        return self.data_dir / "stats.json"

    @property
    def game_path(self) -> Path:
        return self.data_dir / "game.json"

    @property
    def nyt_path(self) -> Path:
        return self.data_dir / "nyt-answers.json"

    def _read(self, path: Path, what: str, shape: type) -> Any:
        """The parsed file, or None if it is missing; a damaged file is moved aside and noted."""
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if not isinstance(data, shape):
                raise ValueError(f"expected a JSON {shape.__name__}")
            return data
        except FileNotFoundError:
            return None
        except (OSError, ValueError) as error:
            reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
            return self._set_aside(path, what, reason)

    def _set_aside(self, path: Path, what: str, reason: str) -> None:
        aside = path.with_name(path.name + ".bad")
        number = 0
        while aside.exists():  # never over a file set aside before
            number += 1
            aside = path.with_name(f"{path.name}.bad.{number}")
        try:
            os.replace(path, aside)
            where = f"it was moved to {aside}"
        except OSError:
            where = "it was left in place"
        self._problem(f"Could not read your {what} ({reason}); {where} and defaults are used.")

    def _problem(self, message: str) -> None:
        if self.report is None:
            self.problems.append(message)
        else:
            self.report(message)

    def _write(self, path: Path, data: Any, what: str) -> bool:
        try:
            write_text_atomically(path, json.dumps(data, indent=2) + "\n")
            return True
        except OSError as error:
            self._problem(f"Could not save your {what} to {path} ({error.strerror or error}).")
            return False

    def settings(self) -> Settings:
        data = self._read(self.settings_path, "settings", dict)
        return Settings.from_json(data) if data else Settings()

    def save_settings(self, settings: Settings) -> None:
        self._write(self.settings_path, asdict(settings), "settings")

    def records(self) -> list[GameRecord]:
        data = self._read(self.stats_path, "statistics", dict)
        if not data:
            return []
        try:
            return [GameRecord.from_json(item) for item in data.get("games", [])]
        except (KeyError, TypeError, ValueError) as error:
            self._set_aside(self.stats_path, "statistics", f"bad entry: {error}")
            return []

    def record(self, game: GameRecord) -> bool:
        """Count a finished game; False if it was already counted."""
        records = self.records()
        if any(record.id == game.id for record in records):
            return False
        records.append(game)
        return self._write(self.stats_path, {"games": [asdict(record) for record in records]}, "statistics")

    def stats(self, hard_mode: bool) -> Stats:
        return stats_of(self.records(), hard_mode)

    def saved_game(self) -> SavedGame | None:
        data = self._read(self.game_path, "game in progress", dict)
        if not data:
            return None
        try:
            return SavedGame.from_json(data)
        except (KeyError, TypeError, ValueError) as error:
            self._set_aside(self.game_path, "game in progress", f"bad entry: {error}")
            return None

    def save_game(self, game: SavedGame) -> None:
        self._write(self.game_path, asdict(game), "game in progress")

    def clear_game(self) -> None:
        try:
            self.game_path.unlink(missing_ok=True)
        except OSError as error:
            self._problem(f"Could not remove the finished game {self.game_path} ({error.strerror or error}).")

    def nyt_answer(self, day: str) -> str | None:
        """The NYT's answer of the day `day` (YYYY-MM-DD), if it was fetched before."""
        data = self._read(self.nyt_path, "NYT answers", dict) or {}
        entry = data.get(day)
        answer = entry.get("solution") if isinstance(entry, dict) else None
        return answer if isinstance(answer, str) else None

    def keep_nyt_answer(self, day: str, number: int, answer: str, editor: str | None) -> bool:
        """Keep a fetched answer for offline use; False if it could not be saved (the problem is reported)."""
        data = self._read(self.nyt_path, "NYT answers", dict) or {}
        data[day] = {"number": number, "solution": answer, "editor": editor}
        return self._write(self.nyt_path, dict(sorted(data.items())), "NYT answers")
