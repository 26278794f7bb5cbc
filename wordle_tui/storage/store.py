"""The user's files: settings in the config folder, the games (finished and in progress) in the data folder.

Settings are a small JSON file, written as a merge: the settings this process changed, onto the
file as it is at that moment, under a lock, so that two windows never undo each other's change.
The games live in a SQLite database (see database.py), counted there (counting.py); a finished game
waits in the outbox (outbox.py) until the database has it. Every write reaches the disk before it
returns; the app hands its writes to a thread of their own (`defer`, see writer.py). Only regular
files are read, each up to a size: a file that cannot be read, whatever is wrong with it or
whatever stands in its place, is moved aside as `*.bad` (`*.bad.1`, ... when that name is taken),
defaults are used, and the reason is kept in `Store.problems` for the app to tell the user once.
"""

from __future__ import annotations

import datetime as dt
import json
import os
from collections.abc import Callable, Hashable, Iterator
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any, TypeVar

import platformdirs

from ..core.files import free_name, locked, read_utf8, write_text_atomically
from ..core.rules.game import Difficulty
from ..core.rules.variant import WORDLE, Variant
from ..core.rules.words import CUSTOM
from . import counting
from .counting import Listed, Overview, Row
from .database import GameDatabase, parse_json
from .kinds import Kind, kind_of
from .outbox import Outbox
from .records import DayTotals, GameRecord, NytStatistics, Stats
from .saved import InProgress
from .settings_file import Settings, settings_of
from .writer import FINISHED

T = TypeVar("T")
APP_NAME = "wordle-tui"
LARGEST_FILE = 16 << 20  # bytes: no settings or saved state is larger; a file that is is damaged
LARGEST_IMPORT = 1 << 30  # bytes: a million games exported take about 300 MB
Defer = Callable[[Callable[[], Any], str | None, Hashable | None, str | None], None]  # see writer.Writer.submit


class TransferError(ValueError):
    """A file of games to import, or a place to export to, that cannot be used; one sentence."""


@dataclass(frozen=True)
class Imported:
    """What an import took: games added, games already recorded, entries that were not games (and why the
    first was not), the NYT's statistics, and the games among those added whose analysis is still to come."""

    added: int
    known: int
    unreadable: int
    nyt: NytStatistics | None
    first_unreadable: str = ""
    to_analyse: int = 0


class Store:
    """The files of one user: settings in the config folder, the games in the data folder."""

    def __init__(self, config_dir: Path | None = None, data_dir: Path | None = None):
        self.config_dir = config_dir or platformdirs.user_config_path(APP_NAME)
        self.data_dir = data_dir or platformdirs.user_data_path(APP_NAME)
        self.problems: list[str] = []  # told to the user once, then cleared
        self.report: Callable[[str], None] | None = None  # once set, problems go straight to it
        self.defer: Defer | None = None  # once set, the games' changes are handed to it rather than made here
        self.games = GameDatabase(self.data_dir, self._problem, self._read)
        self.outbox = Outbox(self.data_dir, self._problem)
        self._not_recorded: dict[str, bool] = {}  # games finished here the database could not take: kept in the outbox?

    @property
    def settings_path(self) -> Path:
        return self.config_dir / "settings.json"

    # -- reading what may be damaged ---------------------------------------------------------------

    def _read(self, path: Path, what: str, shape: type) -> Any:
        """The parsed file, or None if it is missing; a damaged file, of whatever kind, is moved aside and noted."""
        try:
            data = parse_json(read_utf8(path, LARGEST_FILE))
            if not isinstance(data, shape):
                raise ValueError(f"expected a JSON {shape.__name__}")
            return data
        except FileNotFoundError:
            return None
        except (OSError, ValueError) as error:
            reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
            self._set_aside(path, what, reason)
            return None

    def _set_aside(self, path: Path, what: str, reason: str) -> None:
        aside = free_name(path, ".bad")
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

    def _change(
        self, change: Callable[[], T], what: str | None, key: Hashable | None = None, game: str | None = None
    ) -> T | None:
        """Make a change to the games now, or hand it to `defer` (then: None); it saves `what` of `game`, if
        anything that would be lost (see writer.Change)."""
        if self.defer is None:
            return change()
        self.defer(change, what, key, game)
        return None

    def records(self) -> list[GameRecord]:
        """Every finished game, recorded or waiting in the outbox, oldest first."""
        return self.games.records(self._unrecorded())

    def _unrecorded(self) -> list[GameRecord]:
        return [game for game, _ in self.outbox.games()]

    def record(self, game: GameRecord, update: bool = False) -> bool:
        """Count a finished game: kept in the outbox at once, then recorded (by `defer`'s thread, when set).
        False if it was already counted (unless told to `update` it) or could not be kept."""
        kept = self.outbox.put(game, update)
        if self.defer is None:
            return bool(self._record_finished(game, update, kept))
        self.defer(lambda: self._record_finished(game, update, kept), FINISHED, None, game.id)
        return kept

    def _record_finished(self, game: GameRecord, update: bool, kept: bool) -> bool | None:
        """Record a game finished here (`kept` in the outbox, or not), noting it if the database cannot take it."""
        recorded = self._record_kept(game, update)
        if recorded is None:
            self._not_recorded[game.id] = kept
        else:
            self._not_recorded.pop(game.id, None)
        return recorded

    def _record_kept(self, game: GameRecord, update: bool) -> bool | None:
        """Record a game of the outbox, and forget it there once the database has it (None: it does not)."""
        recorded = self.games.record(game, update)
        if recorded is not None:
            self.outbox.remove(game)
        return recorded

    def not_recorded(self) -> str | None:
        """Where the games finished here that the database could not take are (the outbox), or that they could be
        kept nowhere, in one sentence; None if the database took them all."""
        if not self._not_recorded:
            return None
        kept = sum(self._not_recorded.values())
        lost = len(self._not_recorded) - kept
        games = lambda count: "the game you finished" if count == 1 else f"{count} of the games you finished"  # noqa: E731
        said = []
        if kept:
            said.append(f"{games(kept)} {'is' if kept == 1 else 'are'} kept in {self.outbox.folder}, to be recorded "
                        f"by the next wordle-tui that can write {self.games.path}")  # fmt: skip
        if lost:
            why = f" ({self.games.read_only})" if self.games.read_only else ""
            said.append(f"{games(lost)} could not be kept: {self.data_dir} cannot be written{why}")
        sentence = "; ".join(said)
        return sentence[0].upper() + sentence[1:] + "."

    def record_unrecorded(self) -> int:
        """Record the games of the outbox (left by a process that could not, or that ended first): how many."""
        return sum(bool(self._record_kept(game, update)) for game, update in self.outbox.games())

    def note_analysis(self, game_id: str, skill: float | None, luck: float | None) -> bool | None:
        """Keep the averages of a recorded game's analysis (None: it has none to be had); False if no such game
        is recorded, None if the change was handed to `defer`."""
        rounded = (None, None) if skill is None or luck is None else (round(skill, 1), round(luck, 1))
        return self._change(lambda: self.games.note_analysis(game_id, *rounded), None)  # else worked out again

    def to_analyse(self, lists: str, count: int, since: float | None = None) -> list[GameRecord]:
        """The newest `count` games of one board played on the preset `lists` (and finished `since` that
        moment, in seconds since 1970, if given) whose analysis is still to come."""
        if lists == CUSTOM:  # which files they were is not kept: only a preset names the same lists again
            return []
        if since is None:
            return self.games.records(where="analysed IS NULL AND lists = ?", values=(lists,), newest=count)
        where = "analysed IS NULL AND lists = ? AND moment >= ?"
        return self.games.records(where=where, values=(lists, since), newest=count)

    def _count(self, what: str, work: Callable[..., T], default: T, *args: Any) -> T:
        """`work(connection, source, *args)` over every finished game, those of the outbox included."""
        return self.games.read(what, lambda db, source: work(db, source, *args), default, self._unrecorded())

    def stats(
        self,
        lists: str | None = None,
        hard_mode: Difficulty | None = None,
        *,
        variant: Variant = WORDLE,
        unread: Stats | None = None,
    ) -> Stats:
        """The statistics of the games of `variant` (Wordle itself unless told) played on `lists` (None: any), in
        one mode or (None) every one, Wordle's with the NYT's own if they were imported (see counting.stats);
        `unread` (none played, if not given) where the games cannot be read, which is told."""
        nyt = self.games.nyt_statistics() if variant == WORDLE else None
        unread = Stats(variant=variant) if unread is None else unread
        return self._count("count your games", counting.stats, unread, variant, lists, hard_mode, nyt)

    def overview(self, lists: str | None = None) -> Overview:
        """How many games are recorded, of which kinds and on which lists (see counting.overview)."""
        return self._count("count your games", counting.overview, Overview(), lists)

    def day_totals(self, first: dt.date, last: dt.date) -> list[DayTotals]:
        """What the games of one board finished on each day from `first` to `last` add up to."""
        return self._count("count your games", counting.day_totals, [], first, last)

    def newest_first(self, take: Callable[[list[Row]], bool], first: int = 100, batch: int = 5000) -> None:
        """Hand every finished game to `take`, newest first, the `first` so many, then `batch` at a time, until
        it returns False."""
        self._count("read your games", counting.newest_first, None, take, first, batch)

    def widest(self) -> list[Listed]:
        """A game as wide as the widest of each shape, to size the history's table (see counting.widest)."""
        return self._count("read your games", counting.widest, [])

    def last_game(self) -> GameRecord | None:
        """The game finished last, played here or coached."""
        records = self.games.records(self._unrecorded(), newest=1)
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
        TransferError if the file holds neither, or the games could not be added. Safe while the app or
        another import runs."""
        try:
            data = parse_json(read_utf8(path, LARGEST_IMPORT))
        except (OSError, UnicodeDecodeError) as error:
            reason = getattr(error, "strerror", None) or error
            raise TransferError(f"Cannot read {path}: {reason}.") from None
        except ValueError as error:
            raise TransferError(f"{path} is not JSON ({error}).") from None
        games, unreadable, first = _games_in(data)
        try:
            statistics = _nyt_statistics_in(data)
        except ValueError as error:
            raise TransferError(f"The NYT statistics in {path} cannot be taken: {error}.") from None
        if not games and not unreadable and statistics is None:
            raise TransferError(f"{path} holds neither games exported by wordle-tui nor the NYT's statistics.")
        if not games and statistics is None:
            entries = "its one entry is not" if unreadable == 1 else f"none of its {unreadable:,} entries is"
            raise TransferError(f"Nothing was added from {path}: {entries} a game ({first}).")
        problems = len(self.problems)
        added = self.games.add(games)
        if added is None:
            raise TransferError(self._failure(problems, f"Could not add the games of {path}."))
        if statistics is not None and not self.games.keep_nyt_statistics(statistics):
            raise TransferError(self._failure(problems, f"Could not keep the NYT's statistics of {path}."))
        to_analyse = sum(game.analysable and game.skill is None for game in games) if added else 0
        return Imported(added, len(games) - added, unreadable, statistics, first, min(added, to_analyse))

    def _failure(self, told_before: int, otherwise: str) -> str:
        """The problem told since `told_before` problems were (taken from them), or `otherwise`."""
        if self.report is None and len(self.problems) > told_before:
            return self.problems.pop()
        return otherwise

    # -- games in progress -------------------------------------------------------------------------

    def in_progress(
        self, variant: Variant, lists: str, coached: bool = False, nyt: int | None = None
    ) -> InProgress | None:
        """The newest game of `variant` in progress on `lists`, played here or `coached` (then of the NYT puzzle
        `nyt` too), that no other window shows; it is this window's from now on. A game played here is carried
        on once a guess is played: those left before one, on whatever lists, of whatever number of boards, are
        forgotten on the way."""
        for game in self._kept(kind_of(variant, coached)):
            if not (game.coached or game.guesses):
                if self.games.claim(game.id):  # not another window's: nothing to carry on
                    self.forget(game.id)
                continue
            wanted = (game.variant, game.lists) == (variant, lists) and (game.nyt == nyt or not coached)
            if wanted and self.games.claim(game.id):
                return game
        return None

    def _kept(self, kind: Kind) -> Iterator[InProgress]:
        """The games in progress of one kind, newest first; one that cannot be read is forgotten, and so is one
        that has finished (its end was still to be written when its window closed)."""
        found = self.games.in_progress(kind)
        ids = [game_id for game_id, _ in found]
        finished = self.games.recorded(ids) | self.outbox.holds() if not kind.coached and ids else set()
        for game_id, state in found:
            try:
                if state is None or game_id in finished:
                    raise ValueError("it cannot be read, or it has finished")
                game = InProgress.from_state(kind, game_id, state)
            except (KeyError, TypeError, ValueError):
                self.forget(game_id)
                continue
            yield game

    def keep(self, game: InProgress) -> None:
        """Keep a game in progress for the next start (claimed by this window at once, its state kept in turn)."""
        kind, state = game.kind, game.state()
        self.games.claim(game.id)
        what, key = "the game in progress", ("keep", game.id)
        self._change(lambda: self.games.keep(kind, game.id, state), what, key, game.id)

    def forget(self, game_id: str) -> None:
        """Forget a game in progress, finished, given up or not to be carried on: no window resumes it (if this
        is never done, it is only resumed, or forgotten, once more)."""
        self._change(lambda: self.games.drop(game_id), None)

    # -- the NYT's answers --------------------------------------------------------------------------

    def nyt_answer(self, day: str) -> str | None:
        """The NYT's answer of the day `day` (YYYY-MM-DD), if it was fetched before."""
        return self.games.nyt_answer(day)

    def keep_nyt_answer(self, day: str, number: int, answer: str, editor: str | None) -> bool:
        """Keep a fetched answer for offline use; False if it could not be saved (the problem is reported)."""
        return self.games.keep_nyt_answer(day, number, answer, editor)


def _games_in(data: Any) -> tuple[list[GameRecord], int, str]:
    """The games of an export (`{"games": [...]}`), how many of its entries are not games, and why the first
    of those is not (a phrase)."""
    items = data.get("games") if isinstance(data, dict) else None
    if not isinstance(items, list):
        return [], 0, ""
    games, unreadable, first = [], 0, ""
    for number, item in enumerate(items, start=1):
        try:
            games.append(GameRecord.from_json(item))
        except (KeyError, TypeError, ValueError) as error:
            unreadable += 1
            if not first:
                why = f"it has no {error}" if isinstance(error, KeyError) else str(error)
                first = f"game {number:,}: {why}"
    return games, unreadable, first


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
