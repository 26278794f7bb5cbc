"""The pattern table: the feedback of every allowed guess against every possible answer.

Built without a Python loop over words. For one letter c, the colours it gets depend only on
the set of positions holding c in the guess and in the answer (two bitmasks), so a small lookup
table gives each letter's share of the pattern, and a pattern is the sum of those shares over
the guess's distinct letters: one row gather and one add per letter position.
"""

from __future__ import annotations

import json
import zlib
from functools import cache, cached_property
from pathlib import Path

import numpy as np
import platformdirs

from ..files import keep_in_cache, write_text_atomically
from ..rules.feedback import GREEN, YELLOW, score
from ..rules.words import WordLists, encode

FORMAT_VERSION = 1
_CHUNK_BYTES = 1 << 20  # patterns built a block at a time: about a megabyte, which stays in cache while added to
_SPOT_CHECKS = 64
_TRANSPOSE_BLOCK = 256  # a square block of a byte table is 64 KB: both sides of its copy stay in cache


def cache_dir() -> Path:
    return platformdirs.user_cache_path("wordle-tui")


def pattern_dtype(length: int) -> np.dtype:
    return np.dtype(np.uint8 if 3**length <= 256 else np.uint16)


@cache
def _letter_shares(length: int) -> np.ndarray:
    """shares[g, a]: the pattern share of a letter at guess positions g and answer positions a."""
    size = 1 << length
    shares = np.zeros((size, size), dtype=pattern_dtype(length))
    for g in range(size):
        for a in range(size):
            green = g & a
            spare = (a & ~green).bit_count()  # copies in the answer left to turn yellow
            value = 0
            for position in range(length):
                bit = 1 << position
                if green & bit:
                    value += GREEN * 3**position
                elif g & bit and spare:
                    value += YELLOW * 3**position
                    spare -= 1
            shares[g, a] = value
    return shares


def _position_masks(codes: np.ndarray) -> np.ndarray:
    """(n, 26) bitmask of the positions each letter takes in each word."""
    n, length = codes.shape
    masks = np.zeros((n, 26), dtype=np.uint16)
    rows = np.arange(n)
    for position in range(length):
        masks[rows, codes[:, position]] |= 1 << position
    return masks


def build_patterns(guesses: tuple[str, ...], targets: tuple[str, ...], target_major: bool = False) -> np.ndarray:
    """The (guesses x targets) matrix of patterns, vectorised over both lists; `target_major`:
    (targets x guesses), built so rather than copied. A letter absent from either word adds
    nothing, so a pattern is as well the sum of the shares of the target's distinct letters."""
    length = len(guesses[0])
    shares = _letter_shares(length)
    if target_major:
        guesses, targets, shares = targets, guesses, shares.T  # the shares seen from the target's side
    guess_codes, target_codes = encode(guesses), encode(targets)
    guess_masks, target_masks = _position_masks(guess_codes), _position_masks(target_codes)
    size = 1 << length
    # per_letter[c * size + g, j]: the share of letter c at guess positions g against target j, a row
    # of it contiguous (read a row at a time below: `shares[:, target_masks]` would leave it column-major).
    per_letter = np.take(shares, target_masks.T, axis=1).transpose(1, 0, 2).reshape(26 * size, len(targets))
    rows = np.arange(len(guesses))
    # Each distinct letter is counted once, at its first position; later copies add a zero row.
    first = np.ones_like(guess_codes, dtype=bool)
    for position in range(1, length):
        first[:, position] = (guess_codes[:, :position] != guess_codes[:, position : position + 1]).all(axis=1)
    letter_masks = np.where(first, guess_masks[rows[:, None], guess_codes], 0)
    keys = guess_codes.astype(np.intp) * size + letter_masks
    out = np.empty((len(guesses), len(targets)), dtype=shares.dtype)
    chunk = max(1, _CHUNK_BYTES // (len(targets) * shares.itemsize))
    block = np.empty((chunk, len(targets)), dtype=shares.dtype)
    for start in range(0, len(guesses), chunk):
        stop = min(start + chunk, len(guesses))
        part = out[start:stop]
        # The keys are in range by construction; mode "clip" spares the copy of `out` that "raise" makes.
        np.take(per_letter, keys[start:stop, 0], axis=0, out=part, mode="clip")
        for position in range(1, length):
            np.take(per_letter, keys[start:stop, position], axis=0, out=block[: stop - start], mode="clip")
            part += block[: stop - start]
    return out


def transposed(matrix: np.ndarray, block: int = _TRANSPOSE_BLOCK) -> np.ndarray:
    """`matrix.T`, contiguous: copied a square block at a time, which keeps both sides of the copy
    in cache (three to four times faster than numpy's copy of the whole transposed view)."""
    rows, columns = matrix.shape
    out = np.empty((columns, rows), dtype=matrix.dtype)
    for i in range(0, rows, block):
        for j in range(0, columns, block):
            out[j : j + block, i : i + block] = matrix[i : i + block, j : j + block].T
    return out


class PatternTable:
    """Patterns of every allowed guess (rows) against every target word (columns)."""

    def __init__(
        self, guesses: tuple[str, ...], targets: tuple[str, ...], matrix: np.ndarray, path: Path | None = None
    ):
        self.guesses = guesses
        self.targets = targets
        self.matrix = matrix
        self.path = path  # the cache file behind a memory-mapped matrix, for worker processes
        self.length = len(guesses[0])

    @cached_property
    def by_target(self) -> np.ndarray:
        """The same patterns target-major (targets x guesses): a few targets' patterns are a few contiguous rows."""
        if self.path is not None:
            path = self.path.with_name(self.path.stem + "-by-target.npy")
            matrix = _load(path, self.guesses, self.targets, by_target=True)
            if matrix is not None:
                return matrix
            if _save(path, transposed(self.matrix)):
                matrix = _load(path, self.guesses, self.targets, by_target=True)
                if matrix is not None:
                    return matrix
        return transposed(self.matrix)

    @classmethod
    def target_major(cls, guesses: tuple[str, ...], targets: tuple[str, ...]) -> PatternTable:
        """Built target-major and kept in memory only, for work in one process that reads it so (a
        tree's buckets): building it costs less than writing it to the cache. `matrix` is a view."""
        by_target = build_patterns(guesses, targets, target_major=True)
        table = cls(guesses, targets, by_target.T)
        table.__dict__["by_target"] = by_target  # the cached property, at hand
        return table

    @classmethod
    def for_answers(cls, lists: WordLists, directory: Path | None = None) -> PatternTable:
        """The table against the possible answers, from the cache or built and cached."""
        return cls.cached(lists.guesses, lists.answers, lists.digest, directory)

    @classmethod
    def for_all_words(cls, lists: WordLists, directory: Path | None = None) -> PatternTable:
        """The table against every allowed word, for players who do not know the answer list."""
        return cls.cached(lists.guesses, lists.guesses, lists.digest + "-all", directory)

    @classmethod
    def cached(
        cls, guesses: tuple[str, ...], targets: tuple[str, ...], key: str, directory: Path | None = None
    ) -> PatternTable:
        directory = directory or cache_dir()
        path = directory / f"patterns-v{FORMAT_VERSION}-{key}.npy"
        matrix = _load(path, guesses, targets)
        if matrix is not None:
            return cls(guesses, targets, matrix, path)
        built = build_patterns(guesses, targets)
        if _save(path, built) and (matrix := _load(path, guesses, targets)) is not None:
            return cls(guesses, targets, matrix, path)
        return cls(guesses, targets, built)  # cache not writable: the table lives in memory only


def _load(path: Path, guesses: tuple[str, ...], targets: tuple[str, ...], by_target: bool = False) -> np.ndarray | None:
    """The memory-mapped cache, or None if missing, unreadable, truncated, or not these lists'."""
    try:
        matrix = np.load(path, mmap_mode="r", allow_pickle=False)
    except (OSError, ValueError, EOFError):
        return None
    shape = (len(targets), len(guesses)) if by_target else (len(guesses), len(targets))
    if matrix.shape != shape or matrix.dtype != pattern_dtype(len(guesses[0])):
        return None
    # A spot check against the scalar rules catches a file overwritten with other data.
    rng = np.random.default_rng(len(guesses) * 7919 + len(targets))
    rows = rng.integers(0, len(guesses), _SPOT_CHECKS)
    cols = rng.integers(0, len(targets), _SPOT_CHECKS)
    for i, j in zip(rows, cols):
        if (matrix[j, i] if by_target else matrix[i, j]) != score(guesses[i], targets[j]):
            return None
    return matrix if _intact(path, matrix) else None


def _checksum(matrix: np.ndarray) -> int:
    return zlib.crc32(np.ascontiguousarray(matrix).data)


def _stamp(path: Path) -> dict[str, int]:
    status = path.stat()
    return {"size": status.st_size, "mtime_ns": status.st_mtime_ns}


def _intact(path: Path, matrix: np.ndarray) -> bool:
    """Whether the file still holds what was written: its checksum, kept beside it, is computed again
    whenever the file changed since it was last checked (a few tenths of a second for the largest)."""
    sums = path.with_name(path.name + ".sum")
    try:
        kept = json.loads(sums.read_text(encoding="utf-8"))
        if {key: kept[key] for key in ("size", "mtime_ns")} == _stamp(path):
            return True
        if kept["crc32"] != _checksum(matrix):
            return False
        write_text_atomically(sums, json.dumps(kept | _stamp(path)))  # touched, but the same: checked again later
    except (OSError, ValueError, KeyError, TypeError, RecursionError):
        return False
    return True


def _save(path: Path, matrix: np.ndarray) -> bool:
    """Write atomically, with the checksum beside it; False if the cache dir is not writable."""
    if not keep_in_cache(path, lambda handle: np.save(handle, matrix), binary=True):
        return False
    try:
        text = json.dumps({"crc32": _checksum(matrix)} | _stamp(path))
    except OSError:
        return False
    return keep_in_cache(path.with_name(path.name + ".sum"), lambda handle: handle.write(text))
