"""The pattern table: the feedback of every allowed guess against every possible answer.

Built without a Python loop over words. For one letter c, the colours it gets depend only on
the set of positions holding c in the guess and in the answer (two bitmasks), so a small lookup
table gives each letter's share of the pattern, and a pattern is the sum of those shares over
the guess's distinct letters: one row gather and one add per letter position. That is fast
enough to build a position's candidates' columns when it asks for them, so the table of every
accepted word against every accepted word (the guesses squared) is never kept whole unless
something needs every pattern at once.
"""

from __future__ import annotations

import json
import os
import zlib
from contextlib import suppress
from functools import cache, cached_property
from pathlib import Path
from typing import IO, NamedTuple

import numpy as np
import platformdirs

from ..files import clear_entry, keep_in_cache, locked, read_utf8, tell_cache_news
from ..rules.feedback import GREEN, YELLOW, score
from ..rules.words import WordLists, alphabet_of, encode

FORMAT_VERSION = 1
_CHUNK_BYTES = 1 << 20  # patterns built a block at a time: about a megabyte, which stays in cache while added to
_SPOT_CHECKS = 64
BUILDING_LOCK = "patterns.lock"  # in the cache folder: held while a table is built, one process at a time
_BUILT_AT_ONCE = 8 << 20  # bytes of a table built and written at a time into its cache file
SAID_FROM_BYTES = 200_000_000  # a table this large is said as it is built: how large, and roughly how long
_BUILT_PER_SECOND = 150e6  # bytes of table built and written a second, on this 2-core machine beside other work
_SUMS_AT_MOST = 4096  # a table's checksum file is a few dozen bytes: a larger one is damaged
_FEW_GUESSES = 32  # fewer guesses are built from their own letters' shares, not from every letter's
_READ_SHARE = 8  # candidates read from a whole table when they are at least 1/8 of its targets
_TRANSPOSE_BLOCK = 256  # a square block of a byte table is 64 KB: both sides of its copy stay in cache
# A table built in parts is built whole (and cached) for a search only up to this size: every `nyt` word
# against every other, 210 MiB, is; every eleven-letter word of a large dictionary against every other,
# gigabytes, is not (the search builds its answers' rows instead).
WHOLE_AT_MOST = 256 << 20
# Up to this many letters, the shares of every letter_key against the targets are built once for all
# guesses (letters x 2**length rows: 832 at five letters of English's 26); longer words have 26 x 2,048
# keys at eleven, of which a list uses a few thousand: only those are built.
_EVERY_KEY_UP_TO = 7


def cache_dir() -> Path:
    return platformdirs.user_cache_path("wordle-tui")


def pattern_dtype(length: int) -> np.dtype:
    """The narrowest unsigned type that holds every pattern of `length` letters: a byte up to five
    letters (3**5 = 243), two up to ten (3**10 = 59,049), four for eleven (3**11 = 177,147)."""
    patterns = 3**length
    return np.dtype(np.uint8 if patterns <= 1 << 8 else np.uint16 if patterns <= 1 << 16 else np.uint32)


@cache
def _letter_shares(length: int) -> np.ndarray:
    """shares[g, a]: the pattern share of a letter at guess positions g and answer positions a.

    Every pair of position masks at once, a letter position at a time (2,048 x 2,048 pairs at eleven
    letters): greens where both masks hold the position, then yellows left to right while the
    answer has copies that are not green."""
    size = 1 << length
    dtype = pattern_dtype(length)
    g = np.arange(size, dtype=np.uint16)[:, None]
    a = np.arange(size, dtype=np.uint16)[None, :]
    green = g & a
    ones = np.array([bin(mask).count("1") for mask in range(size)], dtype=np.int8)
    spare = ones[a & ~green]  # copies in the answer left to turn yellow
    shares = np.zeros((size, size), dtype=dtype)
    for position in range(length):
        bit = np.uint16(1 << position)
        shares[(green & bit) != 0] += dtype.type(GREEN * 3**position)
        yellow = ((g & ~green & bit) != 0) & (spare > 0)
        shares[yellow] += dtype.type(YELLOW * 3**position)
        spare -= yellow
    return shares


def _position_masks(codes: np.ndarray, letters: int) -> np.ndarray:
    """(n, letters) bitmask of the positions each letter of an alphabet of `letters` takes in each word."""
    n, length = codes.shape
    masks = np.zeros((n, letters), dtype=np.uint16)
    rows = np.arange(n)
    for position in range(length):
        masks[rows, codes[:, position]] |= 1 << position
    return masks


def letter_keys(codes: np.ndarray) -> np.ndarray:
    """(n, length): each letter's code times 2^length plus the positions it takes in the word, at the
    letter's first position; at a later copy, the positions are 0 (a zero share), so that each
    distinct letter is counted once. Which share of a pattern a guess's letter takes is keyed so."""
    length = codes.shape[1]
    masks = _position_masks(codes, int(codes.max(initial=0)) + 1)  # the letters these words use are enough here
    first = np.ones_like(codes, dtype=bool)
    for position in range(1, length):
        first[:, position] = (codes[:, :position] != codes[:, position : position + 1]).all(axis=1)
    return codes.astype(np.intp) * (1 << length) + np.where(first, masks[np.arange(len(codes))[:, None], codes], 0)


class GuessKeys(NamedTuple):
    """The guesses' letter_keys as a builder reads them: up to _EVERY_KEY_UP_TO letters the keys
    themselves (`vocabulary` None); longer, `keys` index the distinct keys, `vocabulary`."""

    vocabulary: np.ndarray | None
    keys: np.ndarray


def guess_keys(codes: np.ndarray) -> GuessKeys:
    keys = letter_keys(codes)
    if codes.shape[1] <= _EVERY_KEY_UP_TO:
        return GuessKeys(None, keys)
    distinct, inverse = np.unique(keys, return_inverse=True)
    return GuessKeys(distinct, inverse.reshape(keys.shape))


class _Builder:
    """Patterns of any guesses against fixed targets, from their letters' positions (see the module's docstring)."""

    def __init__(
        self,
        target_masks: np.ndarray,
        length: int,
        shares: np.ndarray | None = None,
        vocabulary: np.ndarray | None = None,
    ):
        self.target_masks = target_masks  # (targets, letters of the alphabet), see _position_masks
        self.length = length
        self.shares = _letter_shares(length) if shares is None else shares
        self.vocabulary = vocabulary  # see GuessKeys

    @cached_property
    def per_letter(self) -> np.ndarray:
        """per_letter[k, j]: the share of key k against target j, k = c * 2**length + g for letter c at
        guess positions g; or, with a vocabulary, for its k-th key."""
        if self.vocabulary is not None:
            return self.of_keys(self.vocabulary)
        size = 1 << self.length
        # Gathered along the masks' transpose, a row at a time (indexing would leave them column-major).
        shares = np.take(self.shares, self.target_masks.T, axis=1)
        letters = self.target_masks.shape[1]
        return shares.transpose(1, 0, 2).reshape(letters * size, len(self.target_masks))

    def of_keys(self, keys: np.ndarray) -> np.ndarray:
        """(keys x targets): the share of each letter_key against each target."""
        masks, codes = keys & ((1 << self.length) - 1), keys >> self.length
        return self.shares[masks[:, None], self.target_masks[:, codes].T]

    def rows(self, keys: np.ndarray) -> np.ndarray:
        """The (guesses x targets) patterns of the guesses whose keys are `keys` (see GuessKeys): one
        row gather and one add per letter position."""
        if len(keys) < _FEW_GUESSES:  # a few rows: their letters' shares, not every letter's
            if self.vocabulary is not None:
                keys = self.vocabulary[keys]
            out = np.zeros((len(keys), len(self.target_masks)), dtype=self.shares.dtype)
            for position in range(self.length):
                out += self.of_keys(keys[:, position])
            return out
        per_letter = self.per_letter
        out = np.empty((len(keys), per_letter.shape[1]), dtype=per_letter.dtype)
        chunk = max(1, min(len(keys), _CHUNK_BYTES // (per_letter.shape[1] * per_letter.itemsize)))
        block = np.empty((chunk, per_letter.shape[1]), dtype=per_letter.dtype)
        for start in range(0, len(keys), chunk):
            stop = min(start + chunk, len(keys))
            part = out[start:stop]
            # The keys are in range by construction; mode "clip" spares the copy of `out` that "raise" makes.
            np.take(per_letter, keys[start:stop, 0], axis=0, out=part, mode="clip")
            for position in range(1, self.length):
                np.take(per_letter, keys[start:stop, position], axis=0, out=block[: stop - start], mode="clip")
                part += block[: stop - start]
        return out


def build_patterns(guesses: tuple[str, ...], targets: tuple[str, ...], target_major: bool = False) -> np.ndarray:
    """The (guesses x targets) matrix of patterns, vectorised over both lists; `target_major`:
    (targets x guesses), built so rather than copied. A letter absent from either word adds
    nothing, so a pattern is as well the sum of the shares of the target's distinct letters."""
    length = len(guesses[0])
    shares = _letter_shares(length)
    if target_major:
        guesses, targets, shares = targets, guesses, shares.T  # the shares seen from the target's side
    alphabet = alphabet_of(guesses, targets)  # the letters of both, coded alike
    vocabulary, keys = guess_keys(encode(guesses, alphabet))
    return _Builder(_position_masks(encode(targets, alphabet), len(alphabet)), length, shares, vocabulary).rows(keys)


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
    """Patterns of every allowed guess (rows) against every target word (columns).

    A table is kept whole (memory-mapped from the cache) or, where the whole would be large and a
    position needs only its candidates' columns, built in parts as they are asked for: `matrix`
    builds and caches the whole only when something needs every pattern at once.
    """

    def __init__(
        self, guesses: tuple[str, ...], targets: tuple[str, ...], matrix: np.ndarray | None, path: Path | None = None
    ):
        self.guesses = guesses
        self.targets = targets
        self._matrix = matrix
        self.path = path  # the cache file of the whole table, memory-mapped by every process that reads it
        self.length = len(guesses[0])
        self._by_target: np.ndarray | None = None  # the whole table target-major, where it was built so

    @property
    def whole(self) -> bool:
        """The whole table is at hand (read from it rather than build)."""
        return self._matrix is not None

    @property
    def affordable(self) -> bool:
        """The whole table is at hand, or small enough to build and keep (see WHOLE_AT_MOST)."""
        size = len(self.guesses) * len(self.targets) * pattern_dtype(self.length).itemsize
        return self.whole or size <= WHOLE_AT_MOST

    @property
    def matrix(self) -> np.ndarray:
        """Every pattern, guess-major: from the cache, or built (and cached) the first time it is needed."""
        if self._matrix is None:
            self._matrix, self.path = _cached_matrix(self.guesses, self.targets, self.path)
        return self._matrix

    @property
    def by_target(self) -> TargetRows:
        """The patterns target-major: `by_target[answers]` holds those answers' patterns, a contiguous row each."""
        return TargetRows(self)

    def against(self, columns: np.ndarray) -> CandidatePatterns:
        """The patterns of any guess against the targets `columns` (a position's candidates)."""
        return CandidatePatterns(self, columns)

    def row(self, guess: int, columns: np.ndarray) -> np.ndarray:
        """The patterns of one guess (a row) against the targets `columns`."""
        if self.whole:
            return np.asarray(self.matrix[guess, columns])
        return self.builder(columns).rows(self.guess_keys.keys[guess : guess + 1])[0]

    def builder(self, columns: np.ndarray) -> _Builder:
        """What builds the patterns of any guess against the targets `columns`."""
        return _Builder(self.target_masks[columns], self.length, vocabulary=self.guess_keys.vocabulary)

    @cached_property
    def alphabet(self) -> str:
        """The letters of the guesses and targets, coded alike (the codes are the table's own: a pattern is the same
        whatever the codes)."""
        return alphabet_of(self.guesses, self.targets)

    @cached_property
    def guess_keys(self) -> GuessKeys:
        """The guesses' letter_keys: what building their patterns reads of them."""
        return guess_keys(encode(self.guesses, self.alphabet))

    @cached_property
    def target_masks(self) -> np.ndarray:
        return _position_masks(encode(self.targets, self.alphabet), len(self.alphabet))

    @classmethod
    def target_major(cls, guesses: tuple[str, ...], targets: tuple[str, ...]) -> PatternTable:
        """Built target-major and kept in memory only, for work in one process that reads it so (a
        tree's buckets): building it costs less than writing it to the cache. `matrix` is a view."""
        by_target = build_patterns(guesses, targets, target_major=True)
        table = cls(guesses, targets, by_target.T)
        table._by_target = by_target
        return table

    @classmethod
    def for_answers(cls, lists: WordLists, directory: Path | None = None) -> PatternTable:
        """The table against the possible answers, kept whole: from the cache or built and cached."""
        return cls.cached(lists.guesses, lists.answers, lists.digest, directory)

    @classmethod
    def for_all_words(cls, lists: WordLists, directory: Path | None = None) -> PatternTable:
        """The table against every word that may be the answer (every accepted word, the offensive ones aside),
        for players who do not know the answer list: built in parts, each position's candidates' columns (the
        whole is nearly as large as the guesses squared)."""
        return cls.cached(lists.guesses, lists.possible, lists.possible_digest + "-all", directory, whole=False)

    @classmethod
    def cached(
        cls,
        guesses: tuple[str, ...],
        targets: tuple[str, ...],
        key: str,
        directory: Path | None = None,
        whole: bool = True,
    ) -> PatternTable:
        """The table whose whole is cached under `key`, loaded now if `whole`, else when first needed."""
        path = (directory or cache_dir()) / f"patterns-v{FORMAT_VERSION}-{key}.npy"
        for leftover in (f"{path.stem}-by-target.npy", f"{path.stem}-by-target.npy.sum"):
            clear_entry(path.with_name(leftover))  # the target-major copy earlier versions kept beside it
        table = cls(guesses, targets, None, path)
        if whole:
            table.matrix  # noqa: B018 - loaded (or built and cached) now
        return table


class TargetRows:
    """A table target-major, rows built for the targets asked for: `rows[answers]` is (answers x guesses)."""

    def __init__(self, table: PatternTable):
        self.table = table

    def __getitem__(self, columns: np.ndarray) -> np.ndarray:
        if self.table._by_target is not None:  # built target-major: the answers' rows, gathered
            return np.take(self.table._by_target, columns, axis=0)
        return transposed(self.table.against(columns).of(None))


class CandidatePatterns:
    """The patterns of any guess against some targets (a position's candidates).

    Read from the whole table where it is at hand and they are a good share of its targets (its rows
    hold them nearly whole); built otherwise, so that a position never reads more of the table than
    its own candidates' columns, nor needs the whole.
    """

    def __init__(self, table: PatternTable, columns: np.ndarray):
        self.table = table
        self.columns = columns
        self.every_target = len(columns) == len(table.targets)
        self.read = table.whole and len(columns) * _READ_SHARE >= len(table.targets)

    @cached_property
    def _builder(self) -> _Builder:
        return self.table.builder(self.columns)

    def of(self, rows: np.ndarray | None) -> np.ndarray:
        """(guesses x candidates): the patterns of the guesses `rows` (every guess if None) against the candidates."""
        if self.read:
            matrix = self.table.matrix
            if rows is None:
                return np.asarray(matrix) if self.every_target else matrix[:, self.columns]
            return np.asarray(matrix[rows]) if self.every_target else matrix[rows][:, self.columns]
        keys = self.table.guess_keys.keys
        return self._builder.rows(keys if rows is None else keys[rows])


def _cached_matrix(
    guesses: tuple[str, ...], targets: tuple[str, ...], path: Path | None
) -> tuple[np.ndarray, Path | None]:
    """The whole table memory-mapped from the cache file `path`, or built and cached there (None: kept in
    memory only, where the cache is not writable). Processes that need it at once (the workers of a pool)
    take turns: one builds it, the others then read what it kept."""
    if path is not None:
        if (matrix := _load(path, guesses, targets)) is not None:
            return matrix, path
        with suppress(OSError), locked(path.with_name(BUILDING_LOCK)):
            if (matrix := _load(path, guesses, targets, say=False)) is not None:  # built meanwhile
                return matrix, path
            if _build_into(path, guesses, targets) and (matrix := _load(path, guesses, targets)) is not None:
                return matrix, path
    return build_patterns(guesses, targets), None


def _build_into(path: Path, guesses: tuple[str, ...], targets: tuple[str, ...]) -> bool:
    """Build the table into its cache file a block of rows at a time, so that the whole is never in memory
    (150 MB at seven letters), its checksum written before the file takes its name: a reader sees either
    no table or a whole one with its own checksum beside it. False if the cache is not writable."""
    dtype = pattern_dtype(len(guesses[0]))
    rows = max(1, _BUILT_AT_ONCE // (len(targets) * dtype.itemsize))
    if (size := len(guesses) * len(targets) * dtype.itemsize) >= SAID_FROM_BYTES:
        seconds = max(1, round(size / _BUILT_PER_SECOND))
        tell_cache_news(
            f"Building the pattern table of {len(guesses):,} guesses against {len(targets):,} answers, about "
            f"{seconds} s: {size / 1e6:,.0f} MB kept in {path.parent} (`wordle-tui cache` shows and clears it)."
        )

    def write(handle: IO[bytes]) -> None:
        header = {"descr": np.lib.format.dtype_to_descr(dtype), "fortran_order": False}
        np.lib.format.write_array_header_1_0(handle, header | {"shape": (len(guesses), len(targets))})
        crc32 = 0
        for start in range(0, len(guesses), rows):  # each block from its own letters: their shares are few
            block = np.ascontiguousarray(build_patterns(guesses[start : start + rows], targets), dtype=dtype)
            handle.write(block.data)
            crc32 = zlib.crc32(block.data, crc32)
        if not keep_in_cache(_sums(path), lambda out: out.write(json.dumps({"crc32": crc32}))):
            raise OSError(f"{_sums(path)} cannot be written")

    return keep_in_cache(path, write, binary=True)


def _mapped(path: Path, shape: tuple[int, int], dtype: np.dtype) -> np.ndarray | None:
    try:
        matrix = np.load(path, mmap_mode="r", allow_pickle=False)
    except (OSError, ValueError, EOFError):
        return None
    return matrix if matrix.shape == shape and matrix.dtype == dtype else None


def _load(path: Path, guesses: tuple[str, ...], targets: tuple[str, ...], say: bool = True) -> np.ndarray | None:
    """The memory-mapped cache, or None if it is not there, or damaged in any way: then it is said (see
    tell_cache_news), and the table is built again.

    Nothing read from the cache may change a result, so the whole file is checked against the checksum
    kept beside it at every load (47 MB at five letters: a few hundredths of a second; the largest
    table kept whole, 256 MiB, about a tenth), which catches a torn write or zeroed pages whatever
    their size and times say. The checksum reads the file rather than map it, and the spot checks
    read through a map of their own, dropped before the table is mapped again: what they read would
    otherwise count in the process's memory (the whole table, while the checksum reads it), where a
    process maps only the pages it reads.
    """
    if not os.path.lexists(path):
        return None
    shape, dtype = (len(guesses), len(targets)), pattern_dtype(len(guesses[0]))
    damage = _damage(path, guesses, targets, _mapped(path, shape, dtype))
    if damage is None and (matrix := _mapped(path, shape, dtype)) is not None:
        return matrix
    if say:
        tell_cache_news(
            f"The pattern table cached in {path} was damaged ({damage or 'it cannot be read'}): it is built again."
        )
    return None


def _damage(path: Path, guesses: tuple[str, ...], targets: tuple[str, ...], checked: np.ndarray | None) -> str | None:
    """What is wrong with the cached table `checked` (mapped from `path`, None if it could not be), or None."""
    if checked is None:
        return "it is not a table of these lists"
    # A spot check against the scalar rules catches a file overwritten with another table whole.
    rng = np.random.default_rng(len(guesses) * 7919 + len(targets))
    rows = rng.integers(0, len(guesses), _SPOT_CHECKS)
    cols = rng.integers(0, len(targets), _SPOT_CHECKS)
    if any(checked[i, j] != score(guesses[i], targets[j]) for i, j in zip(rows, cols)):
        return "its patterns are not these words'"
    try:
        kept = json.loads(read_utf8(_sums(path), _SUMS_AT_MOST))["crc32"]
    except (OSError, ValueError, KeyError, TypeError, RecursionError):
        return "its checksum is missing or unreadable"
    try:
        found = _file_checksum(path, getattr(checked, "offset", 0), checked.nbytes)
    except OSError:
        return "it cannot be read"
    return None if kept == found else "its checksum differs"


def _file_checksum(path: Path, offset: int, size: int) -> int:
    """The CRC-32 of `size` bytes of the file from `offset`, read rather than mapped: the pages read stay
    in the system's cache, not in this process's memory (a map would hold the whole table while it reads)."""
    crc32 = 0
    with path.open("rb", buffering=0) as handle:
        handle.seek(offset)
        block = bytearray(_BUILT_AT_ONCE)
        while size > 0:
            read = handle.readinto(memoryview(block)[: min(size, len(block))])
            if not read:
                raise OSError(f"{path} ends early")
            crc32 = zlib.crc32(memoryview(block)[:read], crc32)
            size -= read
    return crc32


def _sums(path: Path) -> Path:
    return path.with_name(path.name + ".sum")
