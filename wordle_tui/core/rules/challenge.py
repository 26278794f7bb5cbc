"""Challenge codes: a word for a friend to play, as a short code that names its word lists and does not
spell the word out (hiding, not security: anyone with the program can decode it).

A code is `LISTS-XXXXYY`: the preset's name (or `custom` for lists from files), then in Crockford's
base 32 the word's place among the lists' accepted words, scrambled by the lists' digest (XXXX), and
a check of both (YY), so that a mistyped code, or one made with other lists, is refused rather than
played as some other word.
"""

from __future__ import annotations

import hashlib

from ..echo import echoed
from .words import WordLists

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford's base 32: no I, L, O or U
ALIASES = str.maketrans({"O": "0", "I": "1", "L": "1"})  # what Crockford reads them as
WORD_DIGITS = 4  # a word's place: up to 32**4 accepted words
CHECK_DIGITS = 2


class ChallengeError(ValueError):
    """A code that cannot be played here; the message is one sentence."""


def challenge_code(lists: WordLists, word: str) -> str:
    """The code of `word`, an accepted word of `lists`."""
    place = lists.guess_index[word]
    if place >= len(ALPHABET) ** WORD_DIGITS:
        raise ChallengeError(f"These lists have {len(lists.guesses):,} words, too many for a challenge code.")
    body = _digits(place ^ _scramble(lists), WORD_DIGITS) + _digits(_check(lists, place), CHECK_DIGITS)
    return f"{lists.name}-{body}"


def code_lists(code: str) -> str:
    """The name of the lists a code was made with (a preset's, or `custom`); ChallengeError if it
    is not shaped like a code."""
    return _parts(code)[0]


def standard_code(code: str) -> str:
    """`code` as challenge_code writes it, however it was typed (case, O for 0, I or L for 1)."""
    return "-".join(_parts(code))


def challenge_word(code: str, lists: WordLists) -> str:
    """The word `code` stands for, on `lists` (those it names); ChallengeError if it does not fit them."""
    name, body = _parts(code)
    place = _number(body[:WORD_DIGITS]) ^ _scramble(lists)
    if place >= len(lists.guesses) or _number(body[WORD_DIGITS:]) != _check(lists, place):
        raise ChallengeError(
            f"The challenge code {echoed(code.strip())} does not fit the {echoed(name)} word lists here: check it for "
            "a typo, or ask for one made with the same lists."
        )
    return lists.guesses[place]


def _parts(code: str) -> tuple[str, str]:
    name, dash, body = code.strip().rpartition("-")
    body = body.upper().translate(ALIASES)
    if not name or not dash or len(body) != WORD_DIGITS + CHECK_DIGITS or any(c not in ALPHABET for c in body):
        raise ChallengeError(
            f"{echoed(code.strip())!r} is not a challenge code: one looks like nyt-4K7QX2 "
            "(wordle-tui challenge WORD makes one)."
        )
    return name.lower(), body


def _digits(number: int, count: int) -> str:
    out = ""
    for _ in range(count):
        number, digit = divmod(number, len(ALPHABET))
        out = ALPHABET[digit] + out
    return out


def _number(digits: str) -> int:
    number = 0
    for digit in digits:
        number = number * len(ALPHABET) + ALPHABET.index(digit)
    return number


def _scramble(lists: WordLists) -> int:
    return int(hashlib.sha256(f"challenge {lists.digest}".encode()).hexdigest(), 16) % len(ALPHABET) ** WORD_DIGITS


def _check(lists: WordLists, place: int) -> int:
    return int(hashlib.sha256(f"{lists.digest} {place}".encode()).hexdigest(), 16) % len(ALPHABET) ** CHECK_DIGITS
