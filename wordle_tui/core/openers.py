"""The value of each first guess with optimal play afterwards: answers at risk, then total guesses.

A full search after one opener takes seconds to hours, so the values of common openers ship in
each preset's folder as `openers-normal.tsv` and `openers-hard.tsv`, and an exact value computed
here is cached per word list. Any other opener gets a bounded search (the most promising guesses
only at each position: an upper bound, usually exact), also cached.

A table is a header naming the lists and the mode, then `word<TAB>total<TAB>at_risk<TAB>exact`
lines: the answers the opener cannot guarantee within six guesses, the total guesses with each of
those counted as seven (see optimal.AT_RISK), and 1 for an exact value, 0 for a bounded search's.
"""

from __future__ import annotations

from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path

from .files import keep_text_in_cache
from .game import mode_name
from .jobs import Runner
from .model import CandidateModel
from .optimal import AT_RISK, BOUNDED_TOP, at_risk, guesses_of
from .table import cache_dir
from .tree import Progress, compute_tree, default_opener, shipped_folder, stored_tree
from .words import WordLists

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


def openers_name(hard_mode: bool) -> str:
    return f"openers-{mode_name(hard_mode)}.tsv"


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


def values_text(values: dict[str, OpenerValue], digest: str, hard_mode: bool) -> str:
    """A table, exact values first, each part best opener first."""
    lines = [f"# {FORMAT} lists={digest} mode={mode_name(hard_mode)}"]
    for value in sorted(values.values(), key=lambda value: (not value.exact, value.value, value.word)):
        lines.append(f"{value.word}\t{guesses_of(value.value)}\t{value.at_risk}\t{int(value.exact)}")
    return "\n".join(lines) + "\n"


def shipped_values(lists: WordLists, hard_mode: bool) -> dict[str, OpenerValue]:
    """The table shipped for these lists and mode (empty for lists that are no preset)."""
    folder = shipped_folder(lists)
    return read_values(folder / openers_name(hard_mode), lists.digest) if folder else {}


def _cached_path(lists: WordLists, hard_mode: bool, guess: str, exact: bool) -> Path:
    """One file an opener, so that two processes computing two openers never write the same file."""
    kind = "exact" if exact else "bounded"
    return cache_dir() / f"{lists.digest}-{kind}-opener-v2-{mode_name(hard_mode)}-{guess}.txt"


def _read_cached(path: Path) -> int | None:
    try:
        return int(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None  # not computed yet, or damaged: computed again


def known_value(model: CandidateModel, guess: str, hard_mode: bool) -> OpenerValue | None:
    """The exact value of `guess` if known without a search: its tree (shipped or cached), a table or the cache."""
    lists = model.lists
    if (stored := stored_tree(model, hard_mode, guess)) is not None:
        return OpenerValue(guess, stored[0].value, True)
    if (shipped := shipped_values(lists, hard_mode).get(guess)) is not None and shipped.exact:
        return shipped
    if (value := _read_cached(_cached_path(lists, hard_mode, guess, exact=True))) is not None:
        return OpenerValue(guess, value, True)
    return None


def known_values(model: CandidateModel, hard_mode: bool) -> list[OpenerValue]:
    """Every exact value known without a search for these lists and mode, best first (see known_value)."""
    lists = model.lists
    values: dict[str, OpenerValue] = {}
    for path in cache_dir().glob(_cached_path(lists, hard_mode, "*", exact=True).name):
        word = path.name.rsplit("-", 1)[1][: -len(".txt")]
        if word in lists.guess_index and (value := _read_cached(path)) is not None:
            values[word] = OpenerValue(word, value, True)
    values.update((word, value) for word, value in shipped_values(lists, hard_mode).items() if value.exact)
    if (start := default_opener(lists, hard_mode)) is not None and (stored := stored_tree(model, hard_mode, start)):
        values[start] = OpenerValue(start, stored[0].value, True)
    return sorted(values.values(), key=lambda value: (value.value, value.word))


def exact_value(
    model: CandidateModel, guess: str, hard_mode: bool, run: Runner | None = None, progress: Progress | None = None
) -> OpenerValue:
    """The exact value of `guess`: known, or an exhaustive search now (handed to `run`), then cached."""
    if (known := known_value(model, guess, hard_mode)) is not None:
        return known
    value = OpenerValue(guess, compute_tree(model, guess, hard_mode, run=run, progress=progress).value, True)
    remember_exact(model.lists, hard_mode, value)
    return value


def remember_exact(lists: WordLists, hard_mode: bool, value: OpenerValue) -> None:
    """Cache an exact value, for known_value and known_values."""
    # An unwritable cache costs the search again next time, nothing else.
    keep_text_in_cache(_cached_path(lists, hard_mode, value.word, exact=True), str(value.value))


def stored_value(model: CandidateModel, guess: str, hard_mode: bool) -> OpenerValue | None:
    """The exact value of `guess` if known, else a bounded search's if one was shipped or cached, else None."""
    if (known := known_value(model, guess, hard_mode)) is not None:
        return known
    if (shipped := shipped_values(model.lists, hard_mode).get(guess)) is not None:
        return shipped
    if (value := _read_cached(_cached_path(model.lists, hard_mode, guess, exact=False))) is not None:
        return OpenerValue(guess, value, False)
    return None


def opener_value(model: CandidateModel, guess: str, hard_mode: bool) -> OpenerValue:
    """The exact value of `guess` if known, else a bounded search's (shipped, or computed now and cached)."""
    if (stored := stored_value(model, guess, hard_mode)) is not None:
        return stored
    # In this process: the app runs analyses inside a pool worker, which must not start a pool.
    value = compute_tree(model, guess, hard_mode, top=BOUNDED_TOP).value
    keep_text_in_cache(_cached_path(model.lists, hard_mode, guess, exact=False), str(value))
    return OpenerValue(guess, value, False)
