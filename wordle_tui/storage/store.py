"""The user's files: settings in the config folder, the games (finished and in progress) in the data folder.

Settings are a small JSON file, written as a merge: the settings this process changed, onto the
file as it is at that moment, under a lock, so that two windows never undo each other's change.
The games live in a SQLite database (see database.py). Every write reaches the disk before it
returns. A file that cannot be read, whatever is wrong with it, is moved aside as `*.bad`
(`*.bad.1`, ... when that name is taken), defaults are used, and the reason is kept in
`Store.problems` for the app to tell the user once.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any, TypeVar

import platformdirs

from ..core.files import locked, write_text_atomically
from ..core.rules.words import DEFAULT_PRESET
from .database import ABSURDLE, BOARDS, BOARDS_COACH, COACH, PLAY, GameDatabase, parse_json
from .records import (
    LISTS_BEFORE_PRESETS,
    AbsurdleStats,
    GameRecord,
    NytStatistics,
    Stats,
    absurdle_stats,
    boards_stats,
    mode_or_normal,
    puzzle_number,
    stats_of,
)
from .settings_file import Settings, settings_of

T = TypeVar("T")
APP_NAME = "wordle-tui"
LARGEST_FILE = 16 * 1024 * 1024  # bytes: no settings or saved state is larger; a file that is is damaged


class TransferError(ValueError):
    """A file of games to import, or a place to export to, that cannot be used; one sentence."""


@dataclass
class SavedGame:
    """A game in progress, resumed on the next start."""

    id: str
    answer: str
    guesses: list[str] = field(default_factory=list)
    hard_mode: int = False
    hints: bool = False
    daily: bool = False
    nyt: int | None = None
    lists: str = DEFAULT_PRESET
    code: str | None = None  # the challenge code of a coded game

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SavedGame:
        return cls(
            id=str(data["id"]),
            answer=str(data["answer"]),
            guesses=[str(g) for g in data.get("guesses", [])],
            hard_mode=mode_or_normal(data.get("hard_mode")),
            hints=bool(data.get("hints", False)),
            daily=bool(data.get("daily", False)),
            nyt=puzzle_number(data.get("nyt")),
            lists=str(data.get("lists", LISTS_BEFORE_PRESETS)),
            code=str(data["code"]) if data.get("code") else None,
        )


@dataclass
class SavedBoards:
    """A game of several boards in progress, resumed on the next start of that many boards."""

    id: str
    answers: list[str]
    guesses: list[str] = field(default_factory=list)
    lists: str = DEFAULT_PRESET

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SavedBoards:
        return cls(
            id=str(data["id"]),
            answers=[str(a) for a in data["answers"]],
            guesses=[str(g) for g in data.get("guesses", [])],
            lists=str(data.get("lists", DEFAULT_PRESET)),
        )


@dataclass
class CoachedBoards:
    """The rows entered in the coach of several boards: each guess, and each board's colours (None on a
    board solved before)."""

    id: str
    boards: int
    rows: list[tuple[str, list[int | None]]] = field(default_factory=list)
    lists: str = DEFAULT_PRESET

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> CoachedBoards:
        boards = int(data["boards"])
        rows = [(str(guess), [None if p is None else int(p) for p in patterns]) for guess, patterns in data["rows"]]
        if any(len(patterns) != boards for _, patterns in rows):
            raise ValueError("a row has the colours of another number of boards")
        return cls(id=str(data["id"]), boards=boards, rows=rows, lists=str(data.get("lists", DEFAULT_PRESET)))


@dataclass
class CoachedRows:
    """The rows entered in the coach, kept across restarts until the coach starts again."""

    id: str
    rows: list[tuple[str, int]]
    hard_mode: int = False
    nyt: int | None = None
    lists: str = DEFAULT_PRESET

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> CoachedRows:
        rows = [(str(guess), int(pattern)) for guess, pattern in data.get("rows", [])]
        return cls(
            id=str(data["id"]),
            rows=rows,
            hard_mode=mode_or_normal(data.get("hard_mode")),
            nyt=puzzle_number(data.get("nyt")),
            lists=str(data.get("lists", DEFAULT_PRESET)),
        )


@dataclass(frozen=True)
class Imported:
    """What an import took: games added, games already recorded, entries that were not games, the NYT's statistics."""

    added: int
    known: int
    unreadable: int
    nyt: NytStatistics | None


class Store:
    """The files of one user: settings in the config folder, the games in the data folder."""

    def __init__(self, config_dir: Path | None = None, data_dir: Path | None = None):
        self.config_dir = config_dir or platformdirs.user_config_path(APP_NAME)
        self.data_dir = data_dir or platformdirs.user_data_path(APP_NAME)
        self.problems: list[str] = []  # told to the user once, then cleared
        self.report: Callable[[str], None] | None = None  # once set, problems go straight to it
        self.games = GameDatabase(self.data_dir, self._problem, self._read)

    @property
    def settings_path(self) -> Path:
        return self.config_dir / "settings.json"

    # -- reading what may be damaged ---------------------------------------------------------------

    def _read(self, path: Path, what: str, shape: type) -> Any:
        """The parsed file, or None if it is missing; a damaged file, of whatever kind, is moved aside and noted."""
        try:
            if path.stat().st_size > LARGEST_FILE:
                raise ValueError(f"it is larger than {LARGEST_FILE // (1024 * 1024)} MB")
            data = parse_json(path.read_text(encoding="utf-8"))
            if not isinstance(data, shape):
                raise ValueError(f"expected a JSON {shape.__name__}")
            return data
        except FileNotFoundError:
            return None
        except (OSError, ValueError) as error:
            reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
            self._set_aside(path, what, reason)
            return None

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

    # -- settings ---------------------------------------------------------------------------------

    def settings(self) -> Settings:
        return settings_of(self._read(self.settings_path, "settings", dict) or {})

    def change_settings(self, **changes: Any) -> Settings:
        """Write `changes` onto the settings file as it is now (another window's changes stay); the result."""
        unknown = set(changes) - {item.name for item in fields(Settings)}
        if unknown:
            raise TypeError(f"no such setting: {', '.join(sorted(unknown))}")
        try:
            with locked(self.config_dir / ".settings.lock"):
                current = self._read(self.settings_path, "settings", dict) or {}
                settings = Settings.from_json(asdict(settings_of(current)) | changes)
                text = json.dumps(current | asdict(settings), indent=2) + "\n"  # keys of newer versions kept
                write_text_atomically(self.settings_path, text, durable=True)
        except OSError as error:
            self._problem(f"Could not save your settings to {self.settings_path} ({error.strerror or error}).")
            settings = Settings.from_json(changes)
        return settings

    # -- finished games ---------------------------------------------------------------------------

    def records(self) -> list[GameRecord]:
        """Every finished game, oldest first."""
        return self.games.records()

    def record(self, game: GameRecord, update: bool = False) -> bool:
        """Count a finished game; False if it was already counted (unless told to `update` it)."""
        return self.games.record(game, update)

    def note_analysis(self, game_id: str, skill: float, luck: float) -> bool:
        """Keep the averages of a recorded game's analysis; False if no such game is recorded."""
        return self.games.note_analysis(game_id, round(skill, 1), round(luck, 1))

    def stats(self, lists: str | None = None, hard_mode: int | None = None) -> Stats:
        """The statistics of the games played on `lists` (None: any), in one mode or (None) both, with the NYT's
        own if they were imported."""
        return stats_of(self.records(), lists, hard_mode, self.games.nyt_statistics())

    def absurdle_stats(self, lists: str) -> AbsurdleStats:
        """Absurdle beaten on these lists (see records.absurdle_stats)."""
        return absurdle_stats(self.records(), lists)

    def boards_stats(self, lists: str, boards: int) -> Stats:
        """The statistics of the games of `boards` boards played on `lists`."""
        return boards_stats(self.records(), lists, boards)

    def last_game(self) -> GameRecord | None:
        """The game finished last, played here or coached."""
        records = self.records()
        return records[-1] if records else None

    # -- moving games between machines --------------------------------------------------------------

    def export_games(self, path: Path) -> int:
        """Write every game (and the NYT's statistics, if imported) as JSON to `path`: how many games."""
        data = self.exported()
        try:
            write_text_atomically(path, json.dumps(data, indent=1) + "\n", durable=True)
        except OSError as error:
            raise TransferError(f"Cannot write {path}: {error.strerror or error}.") from None
        return len(data["games"])

    def exported(self) -> dict[str, Any]:
        """`{"games": [...]}`, each game as GameRecord.as_json, with "nyt_statistics" once they are imported."""
        data: dict[str, Any] = {"games": [record.as_json() for record in self.records()]}
        if (nyt := self.games.nyt_statistics()) is not None:
            data["nyt_statistics"] = nyt.as_json()
        return data

    def import_games(self, path: Path) -> Imported:
        """Add the games of an export not recorded yet, and take the NYT web game's statistics object;
        TransferError if the file holds neither. Safe while the app or another import runs."""
        try:
            if path.stat().st_size > 64 * LARGEST_FILE:
                raise TransferError(f"{path} is too large to be a file of games.")
            data = parse_json(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError) as error:
            reason = getattr(error, "strerror", None) or error
            raise TransferError(f"Cannot read {path}: {reason}.") from None
        except ValueError as error:
            raise TransferError(f"{path} is not JSON ({error}).") from None
        games, unreadable = _games_in(data)
        try:
            statistics = _nyt_statistics_in(data)
        except ValueError as error:
            raise TransferError(f"The NYT statistics in {path} cannot be taken: {error}.") from None
        if not games and not unreadable and statistics is None:
            raise TransferError(f"{path} holds neither games exported by wordle-tui nor the NYT's statistics.")
        added = self.games.add(games)
        if statistics is not None:
            self.games.keep_nyt_statistics(statistics)
        return Imported(added, len(games) - added, unreadable, statistics)

    # -- games in progress -------------------------------------------------------------------------

    def saved_game(self, lists: str) -> SavedGame | None:
        """The newest game in progress on `lists` with a guess played that no other window shows; it is this
        window's from now on. Games left before a guess was played are forgotten on the way."""
        for game_id, saved in self._in_progress(PLAY, SavedGame.from_json):
            if (saved.lists != lists and saved.guesses) or not self.games.claim(game_id):
                continue  # another lists' game, or another window's
            if saved.guesses:
                return saved
            self.games.drop(game_id)  # left before a guess was played: nothing to carry on
        return None

    def _in_progress(self, kind: str, parse: Callable[[dict[str, Any]], T]) -> Iterator[tuple[str, T]]:
        """The games in progress of one kind, newest first, read by `parse`; one it cannot read is forgotten."""
        for game_id, state in self.games.in_progress(kind):
            try:
                game = parse(state)
            except (KeyError, TypeError, ValueError):
                self.games.drop(game_id)
                continue
            yield game_id, game

    def save_game(self, game: SavedGame) -> None:
        self.games.keep(PLAY, game.id, asdict(game))

    def clear_game(self, game_id: str) -> None:
        """The game in progress is finished or given up: no window resumes it."""
        self.games.drop(game_id)

    def saved_boards(self, lists: str, boards: int) -> SavedBoards | None:
        """The newest game of `boards` boards in progress on `lists` with a guess played that no other window
        shows; it is this window's from now on."""
        for game_id, saved in self._in_progress(BOARDS, SavedBoards.from_json):
            if (saved.lists, len(saved.answers)) != (lists, boards) or not self.games.claim(game_id):
                continue
            if saved.guesses:
                return saved
            self.games.drop(game_id)  # left before a guess was played: nothing to carry on
        return None

    def save_boards(self, game: SavedBoards) -> None:
        self.games.keep(BOARDS, game.id, asdict(game))

    def saved_boards_coach(self, lists: str, boards: int) -> CoachedBoards | None:
        """The rows last entered in the coach of `boards` boards on these lists, unless another window shows them."""
        for game_id, coached in self._in_progress(BOARDS_COACH, CoachedBoards.from_json):
            if (coached.lists, coached.boards) == (lists, boards) and self.games.claim(game_id):
                return coached
        return None

    def save_boards_coach(self, coached: CoachedBoards) -> None:
        self.games.keep(BOARDS_COACH, coached.id, asdict(coached))

    def saved_absurdle(self, lists: str) -> tuple[str, list[str]] | None:
        """(its id, its guesses) of the newest game against Absurdle in progress on `lists` that no other
        window shows; it is this window's from now on."""
        for game_id, state in self.games.in_progress(ABSURDLE):
            if state.get("lists") == lists and self.games.claim(game_id):
                return game_id, [str(word) for word in state.get("guesses", [])]
        return None

    def save_absurdle(self, game_id: str, guesses: list[str], lists: str) -> None:
        self.games.keep(ABSURDLE, game_id, {"id": game_id, "guesses": guesses, "lists": lists})

    def saved_coach(self, nyt: int, lists: str) -> CoachedRows | None:
        """The rows last entered in the coach for this puzzle on these lists, unless another window shows them."""
        for game_id, coached in self._in_progress(COACH, CoachedRows.from_json):
            if (coached.nyt, coached.lists) == (nyt, lists) and self.games.claim(game_id):
                return coached
        return None

    def save_coach(self, coached: CoachedRows) -> None:
        self.games.keep(COACH, coached.id, asdict(coached))

    def clear_coach(self, game_id: str) -> None:
        self.games.drop(game_id)

    # -- the NYT's answers --------------------------------------------------------------------------

    def nyt_answer(self, day: str) -> str | None:
        """The NYT's answer of the day `day` (YYYY-MM-DD), if it was fetched before."""
        return self.games.nyt_answer(day)

    def keep_nyt_answer(self, day: str, number: int, answer: str, editor: str | None) -> bool:
        """Keep a fetched answer for offline use; False if it could not be saved (the problem is reported)."""
        return self.games.keep_nyt_answer(day, number, answer, editor)


def _games_in(data: Any) -> tuple[list[GameRecord], int]:
    """The games of an export (`{"games": [...]}`), and how many of its entries are not games."""
    items = data.get("games") if isinstance(data, dict) else None
    if not isinstance(items, list):
        return [], 0
    games, unreadable = [], 0
    for item in items:
        try:
            games.append(GameRecord.from_json(item))
        except (KeyError, TypeError, ValueError):
            unreadable += 1
    return games, unreadable


def _nyt_statistics_in(data: Any, depth: int = 4) -> NytStatistics | None:
    """The NYT's statistics object, wherever the file holds it: as the web game keeps it in the browser
    (`nyt-wordle-statistics`, or under "stats" in `nyt-wordle-moogle/...`), or as exported here.
    ValueError if it is there but its figures cannot be taken."""
    if not isinstance(data, dict) or depth < 0:
        return None
    for candidate in (data, data.get("nyt_statistics")):
        if isinstance(candidate, dict) and ("gamesPlayed" in candidate or "current_streak" in candidate):
            try:
                return NytStatistics.from_json(candidate)
            except KeyError as missing:
                raise ValueError(f"it has no {missing}") from None
    for value in data.values():
        if isinstance(value, dict) and (found := _nyt_statistics_in(value, depth - 1)) is not None:
            return found
    return None
