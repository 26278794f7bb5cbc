"""Word lists: loading, validation and the numeric encoding the engine works on.

numpy is loaded by the encoding only, when first asked for: a command that checks a word or two
(`wordle-tui score`) starts without it."""

from __future__ import annotations

import hashlib
import unicodedata
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from ..echo import echoed
from ..files import read_utf8

if TYPE_CHECKING:
    import numpy as np

MIN_LENGTH = 2
MAX_LENGTH = 11
CUSTOM = "custom"  # the name of lists read from files of the user's
LARGEST_LIST = 64 << 20  # bytes: every English word of eleven letters or fewer takes about 3 MB
OFFENSIVE_FILE = "offensive.txt"  # in the data folder: the words of every length that are never the answer
ENGLISH_ALPHABET = "abcdefghijklmnopqrstuvwxyz"  # the letters of lists of English words; others add theirs after z
MOST_LETTERS = 32  # letters the words of a pair of lists may use: the exact search keeps a letter in five bits


class WordListError(ValueError):
    """A word list that cannot be used; the message is one sentence naming file and line."""


def data_dir() -> Path:
    """The shipped data folder: inside the installed package, or `data/` in a checkout."""
    package = Path(__file__).resolve().parents[2]  # the package: importlib.resources would slow every start
    packaged = package / "data"
    return packaged if packaged.is_dir() else package.parent / "data"


def read_words(path: Path | str) -> list[str]:
    """Read one word a line: lowercased, stripped, blank lines skipped, duplicates dropped. Any Unicode
    letter is one (ñ, ß, é: normalised to NFC, so that a letter typed one way or another is one code point)."""
    path = Path(path)
    try:
        text = read_utf8(path, LARGEST_LIST)
    except FileNotFoundError:
        raise WordListError(f"Cannot read {path}: no such file.") from None
    except UnicodeDecodeError:
        raise WordListError(f"Cannot read {path}: it is not UTF-8 text.") from None
    except OSError as error:
        raise WordListError(f"Cannot read {path}: {error.strerror or error}.") from None
    text = text.lower()
    if not text.isascii():
        text = unicodedata.normalize("NFC", text)
    lines = text.splitlines()
    words = [word for word in map(str.strip, lines) if word]
    letters, lengths = "".join(words), set(map(len, words))
    if letters.isalpha() and len(lengths) == 1 and MIN_LENGTH <= min(lengths) <= MAX_LENGTH:
        return list(dict.fromkeys(words))
    raise _problem(path, lines)


def _problem(path: Path, lines: list[str]) -> WordListError:
    """What is wrong with a list that is not one word a line, letters only, all of one length that Wordle plays:
    the first line that breaks the rule (found line by line, where a good list is read at once)."""
    length = 0
    for number, line in enumerate(lines, start=1):
        word = line.strip()
        if not word:
            continue
        if not word.isalpha():
            return WordListError(f"{path}, line {number}: {echoed(word)!r} has characters other than letters.")
        if not length:
            length = len(word)
            if not MIN_LENGTH <= length <= MAX_LENGTH:
                return WordListError(
                    f"{path}, line {number}: {echoed(word)!r} has {length} letters; "
                    f"words must have {MIN_LENGTH} to {MAX_LENGTH}."
                )
        elif len(word) != length:
            return WordListError(
                f"{path}, line {number}: {echoed(word)!r} has {len(word)} letters "
                f"but the words before it have {length}."
            )
    return WordListError(f"{path} has no words.")


def frequencies_path(length: int) -> Path:
    """The shipped frequencies of the words of one length: a file for each, so that a game reads
    only those of its own length (the 14,855 words of five letters, not 200,000)."""
    return data_dir() / f"frequencies-{length}.tsv"


def read_frequencies(path: Path) -> dict[str, float]:
    """`word<TAB>zipf` lines after a header; a missing or unreadable file gives no frequencies."""
    frequencies: dict[str, float] = {}
    try:
        lines = path.read_text(encoding="utf-8").splitlines()[1:]
    except (OSError, UnicodeDecodeError):
        return frequencies
    for line in lines:
        word, _, value = line.partition("\t")
        try:
            frequencies[word.strip().lower()] = float(value)
        except ValueError:
            continue
    return frequencies


@cache
def offensive_words(length: int) -> frozenset[str]:
    """The shipped offensive words of `length` letters (data/offensive.txt), which are never the answer; none
    if the file cannot be read."""
    try:
        text = (data_dir() / OFFENSIVE_FILE).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return frozenset()
    return frozenset(word for word in text.split() if len(word) == length)


def normal_form(word: str) -> str:
    """A word as the lists hold it: stripped, lower-case, and its letters composed (NFC: ñ one code point, not two)."""
    word = word.strip().lower()
    return word if word.isascii() else unicodedata.normalize("NFC", word)


def alphabet_of(*word_lists: tuple[str, ...] | list[str]) -> str:
    """The letters of the words, in order: a-z, then any others they use in the order of their code points
    (ß before ä before ñ), so that English words have English's 26 letters and codes."""
    letters = "".join("".join(words) for words in word_lists)
    if letters.isascii():
        return ENGLISH_ALPHABET
    return ENGLISH_ALPHABET + "".join(sorted(set(letters) - set(ENGLISH_ALPHABET)))


def encode(words: tuple[str, ...] | list[str], alphabet: str | None = None) -> np.ndarray:
    """Words as an (n, length) uint8 array of letter codes: each letter's place in `alphabet` (the words'
    own, alphabet_of, if None); ValueError for a letter that is not in it."""
    import numpy as np

    length = len(words[0])
    letters = "".join(words)
    alphabet = alphabet or alphabet_of(words)
    if alphabet == ENGLISH_ALPHABET and letters.isascii():
        raw = np.frombuffer(letters.encode("ascii"), dtype=np.uint8)
        return (raw - ord("a")).reshape(len(words), length)
    points = np.frombuffer(letters.encode("utf-32-le"), dtype=np.uint32)
    known = np.array([ord(letter) for letter in alphabet], dtype=np.uint32)
    order = np.argsort(known)
    place = np.minimum(np.searchsorted(known[order], points), len(known) - 1)
    if (unknown := known[order][place] != points).any():
        raise ValueError(f"{chr(points[unknown][0])!r} is not a letter of {alphabet!r}")
    return order[place].astype(np.uint8).reshape(len(words), length)


# A capital that is one letter for each letter whose str.upper() is two or more: 'ß'.upper() is 'SS',
# which would put two letters in a tile. Other such letters (rare ligatures) stay as they are.
ONE_LETTER_CAPITALS = {"ß": "ẞ"}


def capitals(word: str) -> str:
    """`word` in capitals, as the board, the keyboard and messages show it: letter by letter, one letter each."""
    if word.isascii():
        return word.upper()
    return "".join(ONE_LETTER_CAPITALS.get(letter) or _capital(letter) for letter in word)


def _capital(letter: str) -> str:
    capital = letter.upper()
    return capital if len(capital) == 1 else letter


@dataclass(frozen=True)
class WordLists:
    """The possible answers and the allowed guesses (which include every answer)."""

    answers: tuple[str, ...]
    guesses: tuple[str, ...]
    frequencies_file: Path | None = field(default=None, compare=False, repr=False)  # see frequencies
    name: str = field(default=CUSTOM, compare=False)  # the preset, or CUSTOM for lists from the user's files

    @cached_property
    def frequencies(self) -> dict[str, float]:
        """How common each word is (Zipf scale), read when first asked: checking a word needs none."""
        return read_frequencies(self.frequencies_file) if self.frequencies_file else {}

    @property
    def length(self) -> int:
        return len(self.answers[0])

    @cached_property
    def guess_index(self) -> dict[str, int]:
        return {word: i for i, word in enumerate(self.guesses)}

    @cached_property
    def answer_index(self) -> dict[str, int]:
        return {word: i for i, word in enumerate(self.answers)}

    @cached_property
    def digest(self) -> str:
        """A hash of both lists, naming everything computed from them."""
        h = hashlib.sha256()
        h.update("\n".join(self.answers).encode())
        h.update(b"\0")
        h.update("\n".join(self.guesses).encode())
        return h.hexdigest()[:20]

    @cached_property
    def offensive(self) -> frozenset[str]:
        """The accepted words that are never the answer: the offensive ones (data/offensive.txt) off the answer
        list. They are still accepted as guesses; lists of one's own keep every answer they list."""
        return frozenset(word for word in offensive_words(self.length) - set(self.answers) if word in self.guess_index)

    @cached_property
    def possible(self) -> tuple[str, ...]:
        """Every word that may be the answer, in the guesses' order: the accepted words less the offensive ones."""
        return tuple(word for word in self.guesses if word not in self.offensive) if self.offensive else self.guesses

    @cached_property
    def offensive_mask(self) -> np.ndarray:
        """One flag a guess: an offensive word (see offensive), never suggested."""
        import numpy as np

        mask = np.zeros(len(self.guesses), dtype=bool)
        mask[[self.guess_index[word] for word in self.offensive]] = True
        return mask

    @cached_property
    def possible_digest(self) -> str:
        """A hash naming the words that may be the answer: the lists' digest where every accepted word may be."""
        if not self.offensive:
            return self.digest
        return hashlib.sha256(f"{self.digest}\0{' '.join(sorted(self.offensive))}".encode()).hexdigest()[:20]

    @cached_property
    def guess_alphabetical_rank(self) -> np.ndarray:
        """Each guess's place in alphabetical order (the final tie-break of every ranking)."""
        import numpy as np

        return np.argsort(np.argsort(np.array(self.guesses)))

    @cached_property
    def guess_alphabetical_order(self) -> np.ndarray:
        """The guesses' indices in alphabetical order of their words."""
        import numpy as np

        return np.argsort(self.guess_alphabetical_rank, kind="stable")

    @cached_property
    def alphabet(self) -> str:
        """The letters the words are made of, in the order of their codes (see alphabet_of): a-z for English."""
        return alphabet_of(self.guesses, self.answers)

    def is_letter(self, key: str) -> bool:
        """Whether `key` is one of the lists' letters (what typing a word takes)."""
        return len(key) == 1 and key in self.alphabet

    @cached_property
    def guess_codes(self) -> np.ndarray:
        """(guesses, length) each letter's code: its place in the alphabet."""
        return encode(self.guesses, self.alphabet)

    @cached_property
    def guess_letter_counts(self) -> np.ndarray:
        """(guesses, letters of the alphabet) how often each letter occurs in each guess."""
        import numpy as np

        codes = self.guess_codes
        counts = np.zeros((len(codes), len(self.alphabet)), dtype=np.uint8)
        rows = np.arange(len(codes))
        for position in range(codes.shape[1]):
            counts[rows, codes[:, position]] += 1
        return counts

    def is_allowed(self, word: str) -> bool:
        return word in self.guess_index

    def can_be_answer(self, word: str) -> bool:
        """An accepted word that is not offensive (see offensive)."""
        return word in self.guess_index and word not in self.offensive


@dataclass(frozen=True)
class Preset:
    """A pair of shipped lists: where they come from and when they were current."""

    name: str
    date: str
    source: str
    length: int = 5  # the letters of its words

    @property
    def folder(self) -> Path:
        return data_dir() / self.name


ENGLISH_LENGTHS = (4, 6, 7, 8, 9, 10, 11)  # five letters are the NYT's
PRESETS = {
    preset.name: preset
    for preset in (
        Preset(
            "nyt",
            "2023-07-01",
            "every guess the NYT accepts (since 30 Aug 2022) and the curated answers WordleBot used from July 2023",
        ),
        Preset("nyt2022", "2022-02-15", "the NYT's lists after its edit of February 2022: the classic benchmark"),
        Preset("original", "2021-10-01", "the original game's lists, before the NYT bought it"),
        *(
            Preset(f"english-{length}", "2020-12-07", "English words from SCOWL; the commonest as answers", length)
            for length in ENGLISH_LENGTHS
        ),
    )
}
DEFAULT_PRESET = "nyt"


LENGTHS = range(4, 12)  # the lengths of the shipped lists: five letters the NYT's, the others english-N


def preset_for_length(length: int, preferred: str = DEFAULT_PRESET) -> str:
    """The shipped lists of words of `length` letters: `preferred` if it holds them, else the default
    preset for five letters and english-N for the others."""
    if preferred in PRESETS and preset_length(preferred) == length:
        return preferred
    return DEFAULT_PRESET if length == 5 else f"english-{length}"


def preset_length(name: str) -> int:
    """How many letters the words of a preset have, known without reading them (which may fail: see
    load_word_lists)."""
    return preset_named(name).length


def preset_named(name: str) -> Preset:
    try:
        return PRESETS[name]
    except KeyError:
        raise WordListError(f"Unknown word lists {echoed(name)!r}; choose one of {', '.join(PRESETS)}.") from None


def load_preset(name: str = DEFAULT_PRESET) -> WordLists:
    return load_word_lists(preset=name)


def load_word_lists(
    answers: Path | str | None = None, guesses: Path | str | None = None, preset: str = DEFAULT_PRESET
) -> WordLists:
    """A preset's lists, or the files given in place of either; answers missing from the guesses are added.

    Files holding a preset's words (in any order) are that preset: its own lists, so that every
    tree, table and proof shipped for it applies.
    """
    folder = preset_named(preset).folder
    answers_path = Path(answers) if answers else folder / "answers.txt"
    guesses_path = Path(guesses) if guesses else folder / "guesses.txt"
    answer_words = read_words(answers_path)
    guess_words = read_words(guesses_path)
    if len(guess_words[0]) != len(answer_words[0]):
        raise WordListError(
            f"{guesses_path} has {len(guess_words[0])}-letter words but {answers_path} has "
            f"{len(answer_words[0])}-letter words."
        )
    known = set(guess_words)
    guess_words += [word for word in answer_words if word not in known]
    if len(alphabet := alphabet_of(guess_words)) > MOST_LETTERS:
        raise WordListError(
            f"The words of {answers_path} and {guesses_path} use {len(alphabet)} letters (a-z and "
            f"{' '.join(alphabet[len(ENGLISH_ALPHABET) :])}); at most {MOST_LETTERS} can be played."
        )
    if answers or guesses:
        words = (frozenset(answer_words), frozenset(guess_words))
        same = next((name for name in (preset, *PRESETS) if _is_preset(name, *words)), None)
        if same is not None:
            return load_word_lists(preset=same)
    name = CUSTOM if answers or guesses else preset
    return WordLists(tuple(answer_words), tuple(guess_words), frequencies_path(len(answer_words[0])), name)


def _is_preset(name: str, answers: frozenset[str], guesses: frozenset[str]) -> bool:
    """Whether these answers and guesses (answers included) are the preset's: its answers are read
    first, and its guesses only if they match (most lists of one's own differ there already)."""
    return _preset_answers(name) == answers and _preset_guesses(name) == guesses


@cache
def _preset_answers(name: str) -> frozenset[str]:
    return frozenset(read_words(PRESETS[name].folder / "answers.txt"))


@cache
def _preset_guesses(name: str) -> frozenset[str]:
    return frozenset(read_words(PRESETS[name].folder / "guesses.txt")) | _preset_answers(name)
