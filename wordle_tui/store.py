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
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import Any, TypeVar

import platformdirs

from .core.files import write_text_atomically
from .core.processes import MOST_WORKERS
from .core.strategies import STRATEGIES
from .core.words import DEFAULT_PRESET, PRESETS
from .records import LISTS_BEFORE_PRESETS, GameRecord, Stats, puzzle_number, stats_of

T = TypeVar("T")
APP_NAME = "wordle-tui"
THEMES = ("dark", "light", "high-contrast")


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
        settings.workers = min(MOST_WORKERS, max(0, settings.workers))
        return settings


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
            nyt=puzzle_number(data.get("nyt")),
            lists=str(data.get("lists", LISTS_BEFORE_PRESETS)),
        )


@dataclass
class CoachedRows:
    """The rows entered in the coach, kept across restarts until the coach starts again."""

    id: str
    rows: list[tuple[str, int]]
    hard_mode: bool = False
    nyt: int | None = None
    lists: str = DEFAULT_PRESET

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> CoachedRows:
        rows = [(str(guess), int(pattern)) for guess, pattern in data.get("rows", [])]
        return cls(
            id=str(data["id"]),
            rows=rows,
            hard_mode=bool(data.get("hard_mode", False)),
            nyt=puzzle_number(data.get("nyt")),
            lists=str(data.get("lists", DEFAULT_PRESET)),
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
    def coach_path(self) -> Path:
        return self.data_dir / "coach.json"

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

    @staticmethod
    def _aside(path: Path) -> Path:
        """A name to set `path` aside under: never that of a file set aside before."""
        aside = path.with_name(path.name + ".bad")
        number = 0
        while aside.exists():
            number += 1
            aside = path.with_name(f"{path.name}.bad.{number}")
        return aside

    def _set_aside(self, path: Path, what: str, reason: str) -> None:
        aside = self._aside(path)
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
        """Every finished game; a record that cannot be read is set aside alone, the others kept."""
        data = self._read(self.stats_path, "statistics", dict)
        if not data:
            return []
        items = data.get("games", [])
        if not isinstance(items, list):
            self._set_aside(self.stats_path, "statistics", "its games are not a list")
            return []
        records, bad, reasons = [], [], []
        for item in items:
            try:
                records.append(GameRecord.from_json(item))
            except (KeyError, TypeError, ValueError, AttributeError) as error:
                bad.append(item)
                reasons.append(str(error) or type(error).__name__)
        if bad:
            self._set_records_aside(records, bad, reasons[0])
        return records

    def _set_records_aside(self, records: list[GameRecord], bad: list[Any], reason: str) -> None:
        aside = self._aside(self.stats_path)
        count = f"{len(bad)} game{'s' if len(bad) != 1 else ''} of your statistics"
        if self._write(aside, {"games": bad}, "statistics set aside") and self._write(
            self.stats_path, {"games": [asdict(record) for record in records]}, "statistics"
        ):
            where = f"moved to {aside}; the other {len(records)} are kept"
        else:
            where = "left as they were"
        self._problem(f"Could not read {count} (bad entry: {reason}); {where}.")

    def record(self, game: GameRecord, update: bool = False) -> bool:
        """Count a finished game; False if it was already counted (unless told to `update` it)."""
        records = self.records()
        known = [place for place, record in enumerate(records) if record.id == game.id]
        if known and not update:
            return False
        if known:
            old = records[known[0]]
            if (old.guesses, old.hard_mode, game.skill) == (game.guesses, game.hard_mode, None):
                game = replace(game, skill=old.skill, luck=old.luck)  # the same game: its analysis still holds
            if game == old:
                return True
            records[known[0]] = game
        else:
            records.append(game)
        return self._write(self.stats_path, {"games": [asdict(record) for record in records]}, "statistics")

    def note_analysis(self, game_id: str, skill: float, luck: float) -> bool:
        """Keep the averages of a recorded game's analysis; False if no such game is recorded."""
        game = next((record for record in self.records() if record.id == game_id), None)
        if game is None:
            return False
        return self.record(replace(game, skill=round(skill, 1), luck=round(luck, 1)), update=True)

    def stats(self, hard_mode: bool, lists: str | None = None) -> Stats:
        return stats_of(self.records(), hard_mode, lists)

    def _parsed(self, path: Path, what: str, parse: Callable[[dict[str, Any]], T]) -> T | None:
        """The object a JSON file holds, or None; a file that does not parse is moved aside and noted."""
        data = self._read(path, what, dict)
        if not data:
            return None
        try:
            return parse(data)
        except (KeyError, TypeError, ValueError) as error:
            self._set_aside(path, what, f"bad entry: {error}")
            return None

    def saved_game(self) -> SavedGame | None:
        return self._parsed(self.game_path, "game in progress", SavedGame.from_json)

    def save_game(self, game: SavedGame) -> None:
        self._write(self.game_path, asdict(game), "game in progress")

    def saved_coach(self) -> CoachedRows | None:
        return self._parsed(self.coach_path, "coached rows", CoachedRows.from_json)

    def save_coach(self, coached: CoachedRows) -> None:
        self._write(self.coach_path, asdict(coached), "coached rows")

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
