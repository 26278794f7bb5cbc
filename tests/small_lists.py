"""Tiny word lists whose optimal totals can be worked out by hand."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from helpers import write_words

from wordle_tui.core.position.model import uniform_model
from wordle_tui.core.rules.words import load_word_lists

# Four answers that differ only in their first letter. BFHZZ tells all four apart (B green, F or H
# yellow, or nothing for KILLS) but is not an answer: 4 + 4 = 8 guesses. ZILLS tells none apart.
ILLS = ["bills", "fills", "hills", "kills"]
ILLS_GUESSES = ["bfhzz", "zills"]


def lists_of(tmp: Path, answers: list[str], guesses: list[str]):
    return load_word_lists(write_words(tmp / "answers.txt", answers), write_words(tmp / "guesses.txt", guesses))


def ills_model(tmp: Path):
    return uniform_model(lists_of(tmp, ILLS, ILLS_GUESSES))


POOL = list("bfhkmpst")  # first letters of the look-alikes


def look_alikes(rng: np.random.Generator, count: int) -> tuple[list[str], list[str]]:
    """`count` answers of the shape ?ILL? (hard to tell apart) and six random guesses from their letters."""
    answers: set[str] = set()
    while len(answers) < count:
        answers.add(rng.choice(POOL) + "ill" + rng.choice(["s", "y"]))
    guesses = set(answers)
    while len(guesses) < count + 6:
        guesses.add("".join(rng.choice([*POOL, "i", "l", "y"], 5)))
    return sorted(answers), sorted(guesses)


def probed(rng: np.random.Generator, count: int, probes: int) -> tuple[list[str], list[str]]:
    """`count` answers ?ILL? and `probes` guesses of the first letters only: too few guesses to find
    every answer by guessing answers, so the probes matter, and ultra hard mode limits them."""
    answers: set[str] = set()
    while len(answers) < count:
        answers.add(rng.choice(POOL) + "ill" + rng.choice(["s", "y"]))
    guesses = set(answers)
    while len(guesses) < count + probes:
        guesses.add("".join(rng.choice(POOL, 5)))
    return sorted(answers), sorted(guesses)


MIDDLE = "illowingsta"  # the letters every answer shares, as many as the length leaves
FIRSTS = list("bcdfghkmpt")


def probe(rng: np.random.Generator, length: int, letters: list[str], informative: int) -> str:
    """A guess of `informative` letters drawn from `letters`, in random places, the rest Z (no answer's)."""
    word = ["z"] * length
    for position in rng.choice(length, informative, replace=False):
        word[position] = rng.choice(letters)
    return "".join(word)


def look_alikes_at(rng: np.random.Generator, length: int, count: int, probes: int) -> tuple[list[str], list[str]]:
    """`count` answers told apart by their first and last letters only (B-ILL-S, F-ILL-Y, ...: ?ILL?
    at five letters, ?ILLOWING? at eleven), and `probes` guesses of two of those letters each."""
    middle = MIDDLE[: length - 2]
    answers: set[str] = set()
    while len(answers) < count:
        answers.add(rng.choice(FIRSTS) + middle + rng.choice(["s", "y"]))
    guesses = set(answers)
    while len(guesses) < count + probes:
        guesses.add(probe(rng, length, [*FIRSTS, "y"], 2))
    return sorted(answers), sorted(guesses)


def one_family_at(rng: np.random.Generator, length: int) -> tuple[list[str], list[str]]:
    """Nine answers told apart by their first letter alone (?ILLS, ?ILLOWINGS), and one guess of two
    first letters: it splits them in three at best, and six guesses cannot find them all."""
    answers = [first + MIDDLE[: length - 2] + "s" for first in rng.choice(FIRSTS, 9, replace=False)]
    return sorted(answers), sorted({*answers, probe(rng, length, FIRSTS, 2)})


# Spanish and German words of five letters, with ñ, ß and umlauts: the lists' alphabet is a-z and ß ä ñ ö ú ü,
# 32 letters (ß is one letter: GROẞE has five tiles).
ACCENTED_ANSWERS = [
    "baños", "cañas", "grüße", "große", "leñas", "niñas", "niños", "peñas", "señor", "soßen", "süßes", "weiße",
]  # fmt: skip
ACCENTED_GUESSES = ["añejo", "bäche", "bußen", "daños", "flöße", "ñandú", "paños", "prosa", "reißt", "salsa"]
ACCENTED_ALPHABET = "abcdefghijklmnopqrstuvwxyzßäñöúü"


def accented_lists(tmp: Path):
    """The accented lists, loaded from files as a player's own would be."""
    return lists_of(tmp, ACCENTED_ANSWERS, ACCENTED_ANSWERS + ACCENTED_GUESSES)
