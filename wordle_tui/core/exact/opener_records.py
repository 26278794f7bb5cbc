"""What openers are worth, and which is best, as it is kept: the tables that ship, and the cache.

A full search after one opener takes seconds to hours, so the values of common openers ship in
each preset's folder as `openers-normal.tsv` and `openers-hard.tsv`, and a value computed here is
kept in the cache per word list: an exact one, or a bounded search's (the most promising guesses
only at each position: an upper bound, usually exact). The best opener found by a search or a
proof is kept there too. Which opener is best and what one is worth, for every caller, is
openers.py's to say; this module only reads and writes what is kept.

A table is a header naming the lists and the mode, then `word<TAB>total<TAB>at_risk<TAB>exact`
lines: the answers the opener cannot guarantee within six guesses, the total guesses with each of
those counted as seven (see search.AT_RISK), and 1 for an exact value, 0 for a bounded search's.
"""

from __future__ import annotations

from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path

from ..files import keep_text_in_cache
from ..position.table import cache_dir
from ..rules.game import Difficulty
from ..rules.words import WordLists
from .search import AT_RISK, at_risk, guesses_of
from .trees import shipped_folder

FORMAT = "wordle-tui openers v2"


@dataclass(frozen=True)
class OpenerValue:
    """What optimal play achieves after one opener, over every answer of the list."""

    word: str
    value: int  # answers at risk times AT_RISK, plus the guesses (one at risk counted as seven)
    exact: bool  # False: from a bounded search, an upper bound

    @property
    def at_risk(self) -> int:
        """Answers that no play after this opener can be sure to find within six guesses."""
        return at_risk(self.value)

    @property
    def guaranteed(self) -> bool:
        return self.at_risk == 0

    @property
    def total(self) -> int | None:
        """The total number of guesses, if six guesses can be guaranteed."""
        return guesses_of(self.value) if self.guaranteed else None

    def as_dict(self) -> dict:
        return {
            "word": self.word,
            "total": self.total,
            "guaranteed": self.guaranteed,
            "at_risk": self.at_risk,
            "exact": self.exact,
        }


def openers_name(hard_mode: Difficulty) -> str:
    return f"openers-{hard_mode.word}.tsv"


def read_values(path: Path, digest: str) -> dict[str, OpenerValue]:
    """The values in a table, empty if it is missing or for other lists; damaged lines are skipped."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return {}
    if not lines or not lines[0].startswith(f"# {FORMAT} ") or f"lists={digest}" not in lines[0].split():
        return {}
    values = {}
    for line in lines[1:]:
        with suppress(ValueError):
            word, total, risk, exact = line.split("\t")
            values[word] = OpenerValue(word, int(total) + AT_RISK * int(risk), exact == "1")
    return values


def values_text(values: dict[str, OpenerValue], digest: str, hard_mode: Difficulty) -> str:
    """A table, exact values first, each part best opener first."""
    lines = [f"# {FORMAT} lists={digest} mode={hard_mode.word}"]
    for value in sorted(values.values(), key=lambda value: (not value.exact, value.value, value.word)):
        lines.append(f"{value.word}\t{guesses_of(value.value)}\t{value.at_risk}\t{int(value.exact)}")
    return "\n".join(lines) + "\n"


def shipped_values(lists: WordLists, hard_mode: Difficulty) -> dict[str, OpenerValue]:
    """The table shipped for these lists and mode (empty for lists that are no preset)."""
    folder = shipped_folder(lists)
    return read_values(folder / openers_name(hard_mode), lists.digest) if folder else {}


def _cached_path(lists: WordLists, hard_mode: Difficulty, guess: str, exact: bool) -> Path:
    """One file an opener, so that two processes computing two openers never write the same file."""
    kind = "exact" if exact else "bounded"
    return cache_dir() / f"{lists.digest}-{kind}-opener-v2-{hard_mode.word}-{guess}.txt"


def _read_cached(path: Path) -> int | None:
    try:
        return int(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None  # not computed yet, or damaged: computed again


def cached_exact_values(lists: WordLists, hard_mode: Difficulty) -> dict[str, OpenerValue]:
    """Every exact value kept in the cache for these lists and mode."""
    values = {}
    for path in cache_dir().glob(_cached_path(lists, hard_mode, "*", exact=True).name):
        word = path.name.rsplit("-", 1)[1][: -len(".txt")]
        if word in lists.guess_index and (value := _read_cached(path)) is not None:
            values[word] = OpenerValue(word, value, True)
    return values


def cached_value(lists: WordLists, hard_mode: Difficulty, guess: str, exact: bool) -> OpenerValue | None:
    """The value of `guess` kept in the cache (an exact one, or a bounded search's), if there is one."""
    value = _read_cached(_cached_path(lists, hard_mode, guess, exact))
    return None if value is None else OpenerValue(guess, value, exact)


def remember_exact(lists: WordLists, hard_mode: Difficulty, value: OpenerValue) -> None:
    """Cache an exact value, for known_value and known_values."""
    # An unwritable cache costs the search again next time, nothing else.
    keep_text_in_cache(_cached_path(lists, hard_mode, value.word, exact=True), str(value.value))


def remember_bounded(lists: WordLists, hard_mode: Difficulty, value: OpenerValue) -> None:
    """Cache a bounded search's value, for cached_value."""
    keep_text_in_cache(_cached_path(lists, hard_mode, value.word, exact=False), str(value.value))


def _found_opener_path(lists: WordLists, hard_mode: Difficulty) -> Path:
    return cache_dir() / f"{lists.digest}-best-opener-v2-{hard_mode.word}.txt"


def found_opener(lists: WordLists, hard_mode: Difficulty) -> str | None:
    """The best opener a search or a proof found for these lists before, if it is kept."""
    with suppress(OSError, UnicodeDecodeError):
        found = _found_opener_path(lists, hard_mode).read_text(encoding="utf-8").strip()
        if found in lists.guess_index:
            return found
    return None


def remember_opener(lists: WordLists, hard_mode: Difficulty, opener: str) -> None:
    """Keep the optimal opener found for these lists, for found_opener."""
    keep_text_in_cache(_found_opener_path(lists, hard_mode), opener + "\n")  # unwritable, it costs the search again
