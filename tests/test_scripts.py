"""The scripts that regenerate shipped data still run against the package as it is now."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import CHECKOUT
from helpers import length_lists_script

from wordle_tui.core.rules.words import ENGLISH_LENGTHS, PRESETS


def test_the_opener_table_script_starts():
    script = CHECKOUT / "scripts" / "opener_totals.py"
    done = subprocess.run([sys.executable, str(script), "--help"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "--hard" in done.stdout and "--known" in done.stdout


def test_opener_totals_of_another_length_names_the_words_it_cannot_evaluate():
    # The common openers are five-letter words: lists of another length are given theirs, or --known.
    script = CHECKOUT / "scripts" / "opener_totals.py"
    done = subprocess.run(
        [sys.executable, str(script), "--lists", "english-6", "crane"], capture_output=True, text=True
    )
    assert done.returncode == 2 and done.stderr.endswith("crane: not accepted guesses of the english-6 lists.\n")
    done = subprocess.run([sys.executable, str(script), "--lists", "english-6"], capture_output=True, text=True)
    assert done.returncode == 2 and "no openers to evaluate for the english-6 lists" in done.stderr


LENGTH_LISTS = CHECKOUT / "scripts" / "length_lists.py"
SCOWL = Path("/usr/share/dict/scowl")


def run_length_lists(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(LENGTH_LISTS), *argv], capture_output=True, text=True, timeout=300)


def small_scowl(folder: Path, offensive: str, slur: str) -> Path:
    """SCOWL's layout, as Debian ships it, with a few words in each kind of list."""
    lists = {
        "english-words.10": [
            *["car", "go", "use", "see", "she", "city", "wolf", "stop", "lake", "glad", "seed", "shed"],
            *["planet", "canvas", "because", "cars", "goes", "used", "cities", "wolves", "stopped"],
            *["Rome", "lake's", "café"],
            offensive,
        ],
        "american-words.20": ["flavor"],
        "british-words.35": ["flavour"],  # British spelling: a guess, never an answer
        "variant_1-words.35": ["ikon"],  # a variant spelling: the same
        "english-words.80": ["zygote", slur],  # rare: a guess; a slur: neither
        "english-words.95": ["quagga"],  # rarer than any guess
        "special-roman-numerals.35": ["xxiv"],  # not a word
    }
    (folder / "scowl").mkdir(parents=True)
    for name, words in lists.items():
        (folder / "scowl" / name).write_text("".join(f"{word}\n" for word in words), encoding="utf-8")
    return folder


CUSS_NOTICE = "(The MIT License)\n\nCopyright (c) 2016 Titus Wormer <tituswormer@gmail.com>\n"


def small_cuss(folder: Path, ratings: dict[str, int]) -> Path:
    """cuss's npm package as it ships (its index.js and licence), with these words and ratings."""
    folder.mkdir(parents=True)
    entries = "".join(f"  {word if word.isalpha() else repr(word)}: {rating},\n" for word, rating in ratings.items())
    (folder / "index.js").write_text(
        f"/**\n * Map of English profane words.\n */\nexport const cuss = {{\n{entries}}}\n"
    )
    (folder / "license").write_text(CUSS_NOTICE)
    return folder


# A profanity (2) and an ordinary word cuss flags (2, judged ordinary), one rated maybe (1) judged offensive and one
# not, a word no list holds, a phrase and a spelling with a digit (neither a word), and a clean word (0).
RATINGS = {"fucks": 2, "idiot": 2, "bitch": 1, "drunk": 1, "qzxqz": 2, "alligator bait": 2, "pi55": 2, "beaver": 0}


def test_the_length_lists_script_makes_the_same_lists_from_the_same_scowl(tmp_path):
    script = length_lists_script()
    offensive = min(word for word in script.OFFENSIVE - script.SLURS if len(word) == 4)
    slur = min(word for word in script.SLURS if len(word) == 6)
    folder = small_scowl(tmp_path / "dict", offensive, slur)
    notice = tmp_path / "copyright"
    notice.write_text("Copyright 2000-2011 by Kevin Atkinson\n")
    cuss = small_cuss(tmp_path / "cuss", RATINGS)
    made = []
    for out in (tmp_path / "first", tmp_path / "second"):
        done = run_length_lists(
            "--dict", str(folder), "--copyright", str(notice), "--cuss", str(cuss), "--out", str(out)
        )
        assert done.returncode == 0, done.stderr
        made.append({path.relative_to(out): path.read_bytes() for path in sorted(out.rglob("*.txt"))})
    assert made[0] == made[1]
    never = (tmp_path / "first" / "offensive.txt").read_text().split()
    assert never == sorted(never) and {"fucks", "bitch"} <= set(never)
    assert not {"idiot", "drunk", "qzxqz", "beaver", "crane"} & set(never)
    removed = {"bitch", "chink", "coons", "darky", "dyked", "dykes", "dykey", "faggy", "fagot", "gooks", "homos"}
    assert removed | {"kikes", "lesbo", "pussy", "sluts", "spick", "spics", "spiks", "whore"} <= set(never)
    assert {word for word in script.SLURS | script.ALSO_OFFENSIVE if 4 <= len(word) <= 11} <= set(never)
    assert (tmp_path / "first" / "offensive-LICENSE.txt").read_text() == CUSS_NOTICE
    assert "offensive words, never a possible answer" in done.stdout

    def words(length: int, kind: str) -> list[str]:
        return (tmp_path / "first" / f"english-{length}" / f"{kind}.txt").read_text().split()

    four = ["cafe", "city", "glad", "lake", "seed", "shed", "stop", "wolf"]  # no plural, past, name or variant
    assert words(4, "answers") == four
    assert words(4, "guesses") == sorted([*four, "cars", "goes", "ikon", offensive, "used"])
    assert (words(6, "answers"), words(6, "guesses")) == (
        ["canvas", "flavor", "planet"],
        ["canvas", "cities", "flavor", "planet", "wolves", "zygote"],
    )
    assert (words(7, "answers"), words(7, "guesses")) == (["because"], ["because", "flavour", "stopped"])
    assert all(words(length, "guesses") == [] for length in (8, 9, 10, 11))
    assert (tmp_path / "first" / "english-LICENSE.txt").read_text() == notice.read_text()
    assert "english-4: 8 answers, 13 guesses" in done.stdout


def test_the_length_lists_script_refuses_to_make_a_word_of_an_answer_list_offensive(tmp_path):
    folder = small_scowl(tmp_path / "dict", "crap", "nigger")
    notice = tmp_path / "copyright"
    notice.write_text("Copyright 2000-2011 by Kevin Atkinson\n")
    cuss = small_cuss(tmp_path / "cuss", {"crane": 2, "fucks": 2})  # CRANE: an answer of the NYT's lists
    done = run_length_lists(
        "--dict", str(folder), "--copyright", str(notice), "--cuss", str(cuss), "--out", str(tmp_path / "out")
    )
    assert done.returncode == 1 and "Words of the answer lists would be offensive: crane; judge them" in done.stdout
    assert not (tmp_path / "out" / "offensive.txt").exists()
    done = run_length_lists("--dict", str(folder), "--copyright", str(notice), "--cuss", str(tmp_path / "none"))
    assert done.returncode == 1 and "the offensive words are judged from cuss (npm i cuss@2.2.0)" in done.stdout


def test_the_length_lists_script_names_the_package_it_needs(tmp_path):
    done = run_length_lists("--dict", str(tmp_path), "--out", str(tmp_path / "out"))
    assert done.returncode == 1 and "Traceback" not in done.stdout + done.stderr
    assert (
        done.stdout
        == f"{tmp_path / 'scowl'} is missing: the lists are made from Debian's scowl package (apt-get install scowl).\n"
    )
    assert not (tmp_path / "out").exists()


def scowl_release() -> str:
    """The SCOWL release of Debian's scowl package here, as a date (2020-12-07), or none."""
    if shutil.which("dpkg-query") is None or not SCOWL.is_dir():
        return ""
    done = subprocess.run(["dpkg-query", "-W", "-f=${Version}", "scowl"], capture_output=True, text=True)
    return done.stdout.split("-")[0].replace(".", "-") if done.returncode == 0 else ""


CUSS = CHECKOUT / "node_modules" / "cuss"  # npm install --no-save cuss@2.2.0 in the checkout


@pytest.mark.skipif(
    scowl_release() != PRESETS["english-4"].date or not (CUSS / "index.js").is_file(),
    reason="needs Debian's scowl package of the release the lists name, and cuss from npm",
)
def test_the_shipped_lists_are_what_the_script_makes_from_debian_s_scowl(tmp_path):
    done = run_length_lists("--cuss", str(CUSS), "--out", str(tmp_path))
    assert done.returncode == 0, done.stderr
    data = PRESETS["english-4"].folder.parent
    for length in ENGLISH_LENGTHS:
        for kind in ("answers.txt", "guesses.txt"):
            assert (tmp_path / f"english-{length}" / kind).read_bytes() == (
                data / f"english-{length}" / kind
            ).read_bytes()
    for name in ("english-LICENSE.txt", "offensive.txt", "offensive-LICENSE.txt"):
        assert (tmp_path / name).read_bytes() == (data / name).read_bytes()
