"""Finished games not recorded yet: each in a small file of its own until the database has taken it.

The app writes a finished game here (synced to the disk) the moment it ends, before the database is
tried, so that neither another program holding the database's lock nor the end of the process (a
crash, a closed terminal, a kill) loses it. Whichever process can next records it from here, once:
the database ignores a game it holds already. Until then the statistics and the history count it.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path

from ..core.files import free_name, read_limited, write_text_atomically
from .records import GameRecord

FOLDER = "unrecorded"
LARGEST = 1 << 20  # bytes: a game takes a few hundred


class Outbox:
    """The folder `unrecorded/` in the data folder; problems are told to `tell` in one sentence."""

    def __init__(self, data_dir: Path, tell: Callable[[str], None]):
        self.folder = data_dir / FOLDER
        self._tell = tell

    def _path(self, game_id: str) -> Path:
        safe = "".join(char if char.isalnum() or char in "-_" else "_" for char in game_id)[:80]
        return self.folder / f"{safe}.json"

    def put(self, game: GameRecord, update: bool = False) -> bool:
        """Keep `game` until it is recorded (in place of an earlier version of it); False if it cannot be.

        Not told: the database is tried next, and says what is wrong if it cannot take the game either.
        """
        text = json.dumps({"game": game.as_json(), "update": update})
        try:
            write_text_atomically(self._path(game.id), text, durable=True)
        except OSError:
            return False
        return True

    def games(self) -> list[tuple[GameRecord, bool]]:
        """(game, whether it replaces its earlier record) of every game kept, oldest first; an entry that
        cannot be read is set aside (`*.bad`) and told."""
        try:
            paths = sorted(self.folder.glob("*.json"), key=_age)
        except OSError:
            return []
        kept = []
        for path in paths:
            try:
                data = json.loads(read_limited(path, LARGEST))
                kept.append((GameRecord.from_json(data["game"]), data.get("update") is True))
            except FileNotFoundError:
                continue  # recorded meanwhile, by another process
            except (OSError, ValueError, KeyError, TypeError, RecursionError) as error:
                self._set_aside(path, error)
        return kept

    def remove(self, game: GameRecord) -> None:
        """The game is recorded: forget it here, unless a later version of it (the coach's, edited) has taken
        its place meanwhile, which is still to be recorded."""
        path = self._path(game.id)
        with suppress(OSError, ValueError, KeyError, TypeError, RecursionError):
            if json.loads(read_limited(path, LARGEST))["game"] == game.as_json():
                path.unlink()

    def holds(self) -> set[str]:
        """The ids of the games kept here."""
        return {game.id for game, _ in self.games()}

    def _set_aside(self, path: Path, error: Exception) -> None:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error) or type(error).__name__
        try:
            os.replace(path, free_name(path, ".bad"))
            where = "it was moved aside"
        except OSError:
            where = "it was left in place"
        self._tell(f"A finished game kept in {path} could not be read ({reason}); {where}.")


def _age(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0
