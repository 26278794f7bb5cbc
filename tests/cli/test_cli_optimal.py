import json
import os
import re
import shlex
import time

import pytest
from helpers import write_words
from processes import command, in_a_namespace_of_its_own
from small_lists import ILLS, ILLS_GUESSES

from wordle_tui.cli import main, searches
from wordle_tui.core.cancel import checkpoint
from wordle_tui.core.exact import search as search_module
from wordle_tui.core.exact import trees as tree_module
from wordle_tui.core.exact.opener_records import found_opener
from wordle_tui.core.position.table import cache_dir
from wordle_tui.core.rules.game import Difficulty
from wordle_tui.core.rules.words import PRESETS, load_word_lists


def numbers(row: str) -> list[int]:
    """The numbers of a row of bar charts: each chart's number of guesses, then its count."""
    return [int(number) for number in re.findall(r"\d+", row)]


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def ills(tmp_path):
    answers = write_words(tmp_path / "answers.txt", ILLS)
    guesses = write_words(tmp_path / "guesses.txt", ILLS_GUESSES)
    return ["--answers", str(answers), "--guesses", str(guesses)]


def test_tree_prints_the_figures_and_writes_the_file(capsys, tmp_path, ills):
    out_file = tmp_path / "tree.txt"
    code, out, _ = run(capsys, "tree", *ills, "--start", "zills", "--hard", "--workers", "1", "--out", str(out_file))
    assert code == 0
    assert "total 14 guesses, average 3.5000, max 5" in out
    lines = out.splitlines()
    chart = lines[next(n for n, line in enumerate(lines) if line.startswith("total")) + 1 :][:5]
    assert [numbers(line) for line in chart] == [[1, 0], [2, 1], [3, 1], [4, 1], [5, 1]]  # as bars
    assert out_file.read_text().splitlines()[-1] == "zills,bills,fills,hills,kills"


def test_tree_writes_graphviz_dot_and_csv_to_take_away(capsys, tmp_path, ills):
    dot, table = tmp_path / "tree.dot", tmp_path / "tree.csv"
    argv = ("tree", *ills, "--start", "zills", "--hard", "--workers", "1", "--dot", str(dot), "--csv", str(table))
    code, out, _ = run(capsys, *argv)
    assert code == 0 and f"Graphviz DOT written to {dot}" in out and f"CSV, a row an answer, written to {table}" in out
    assert dot.read_text().startswith("digraph wordle {") and 'n0 [label="ZILLS\\n' in dot.read_text()
    assert table.read_text().splitlines()[-1] == "kills,5,zills,bills,fills,hills,kills"
    code, _, err = run(capsys, *argv[:-1], str(dot / "tree.csv"))  # inside a file, not a folder
    assert code == 2 and f"Cannot write the tree to {dot / 'tree.csv'}: " in err and err.count(chr(10)) == 1


def test_tree_after_a_proof_whose_probe_placed_every_answer(capsys, tmp_path, ills):
    # The proof's probe of its first opener solves every bucket of these few answers and keeps them:
    # the tree then has no bucket left to search, only the kept answers to gather.
    code, out, _ = run(capsys, "openers", *ills, "--all", "--workers", "1")
    assert code == 0 and "Proved: bfhzz is the best" in out
    code, out, err = run(capsys, "tree", *ills, "--start", "bfhzz", "--workers", "1")
    assert code == 0 and "Traceback" not in err
    assert "bfhzz, normal mode, exact: 4 answers" in out and "total 8 guesses, average 2.0000, max 2" in out


BFHZZ = {"1": 0, "2": 4, "3": 1, "4": 1, "5": 1}
ZILLS = {"1": 0, **{str(guesses): 1 for guesses in range(2, 9)}}


def test_openers_gives_the_exact_value_and_says_which_cannot_guarantee_six(capsys, tmp_path):
    # Seven ?ILLS in hard mode (worked by hand): after ZILLS the seven are tried one by one (the
    # last two after guess six), after BILLS the other six (the last one); BFHZZ finds three at
    # guess two and the other four at guesses 2 to 5: 3 * 2 + 2 + 3 + 4 + 5 = 20.
    sevens = ["bills", "fills", "hills", "kills", "mills", "pills", "tills"]
    answers = write_words(tmp_path / "answers.txt", sevens)
    guesses = write_words(tmp_path / "guesses.txt", [*sevens, "bfhzz", "zills"])
    lists = ["--answers", str(answers), "--guesses", str(guesses), "--hard"]
    code, out, _ = run(capsys, "openers", *lists, "zills", "bfhzz", "bills", "--json", "--workers", "1")
    # Each tree just computed gives its distribution: answers found in 1, 2, ... guesses.
    ones = {str(guesses): 1 for guesses in range(1, 8)}
    assert code == 0 and json.loads(out) == [
        {"word": "bfhzz", "total": 20, "guaranteed": True, "at_risk": 0, "exact": True, "distribution": BFHZZ},
        {"word": "bills", "total": None, "guaranteed": False, "at_risk": 1, "exact": True, "distribution": ones},
        {"word": "zills", "total": None, "guaranteed": False, "at_risk": 2, "exact": True, "distribution": ZILLS},
    ]
    code, out, _ = run(capsys, "openers", *lists)  # what was computed is kept
    assert code == 0 and "cannot guarantee: 2 at risk" in out and "2.8571" in out
    code, out, _ = run(capsys, "openers", *lists, "bfhzz", "bills", "--workers", "1")  # read back, drawn as bars
    charts = out[out.index("Answers found in 1, 2, ... guesses") :].splitlines()[1:]
    assert charts[0].split() == ["BFHZZ", "BILLS"] and len(charts) == 1 + 7  # one scale: 1 to 7 guesses for both
    assert [numbers(row) for row in charts[1:3]] == [[1, 0, 1, 1], [2, 4, 2, 1]]
    assert numbers(charts[-1]) == [7, 0, 7, 1]
    record = tmp_path / "proof.tsv"
    code, out, err = run(capsys, "openers", *lists, "--all", "--workers", "1", "--out", str(record))
    assert code == 0 and "Proved: bfhzz is the best of the 9 first guesses" in out
    # Three values are known from above, so the proof starts by bounding every opener, and says so.
    said = "wordle-tui: proving the best opener of the 9 first guesses (7 answers, hard mode, 1 worker):"
    assert err.startswith(said)
    assert "bounding 9 openers" in err and "evaluating" not in err.splitlines()[0]
    header, *rows = record.read_text().splitlines()
    assert "mode=hard top=1 unsettled=0 best=bfhzz value=20" in header and len(rows) == 9
    assert rows[sevens.index("bills")].split("\t")[-1] == str(1 * 2**20 + 1 + 2 + 3 + 4 + 5 + 6 + 7)
    code, _, err = run(capsys, "openers", *lists, "--all", "bills")
    assert code == 2 and "not both" in err
    code, _, err = run(capsys, "openers", *lists, "--scheduler", "tcp://127.0.0.1:8786")
    assert code == 2 and "give --all too" in err
    code, out, _ = run(capsys, "openers", *lists, "--all", "--top", "3", "--json", "--workers", "1")
    assert code == 0 and [value["word"] for value in json.loads(out)] == ["bfhzz", "bills", "fills"]


def test_analyze_json(capsys, ills):
    code, out, _ = run(capsys, "analyze", *ills, "bills=02222", "bfhzz=01000", "fills=22222", "--json")
    rows = json.loads(out)["guesses"]
    assert code == 0 and [row["skill"] for row in rows] == [49, 99, 99]
    assert rows[0]["best_guess"] == "bfhzz" and rows[0]["expected_guesses"] == 2.5


def test_analyze_table_names_the_best_guess(capsys, ills):
    code, out, _ = run(capsys, "analyze", *ills, "bills=02222", "--explain")
    assert code == 0 and "bfhzz" in out and "Skill compares your guess" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["analyze"], "Give at least one GUESS=PATTERN to analyse"),
        (["analyze", "--hard", "zills=02222", "bfhzz=00000"], "Guess 2 (BFHZZ) breaks hard mode: 2nd letter must be I"),
        (["analyze", "bills=22222", "fills=22222"], "Guess 1 (BILLS) already solved the game"),
        (["analyze", *["zills=02222"] * 7], "A game has at most 6 guesses; 7 were given."),
        (["analyze", "bills=22220"], "No accepted word fits this feedback (row 1)."),
        (["tree", "--start", "qqqqq"], "QQQQQ: Not in word list (the lists of the files given"),
    ],
)
def test_bad_input_is_one_sentence_and_exit_2(capsys, ills, argv, message):
    code, out, err = run(capsys, argv[0], *ills, *argv[1:])
    assert code == 2 and out == ""
    assert err.startswith("wordle-tui: ") and message in err and err.count("\n") == 1


def test_the_shipped_proof_of_the_100_best_nyt2022_openers_is_read_back_and_names_the_ties(capsys):
    code, out, _ = run(capsys, "openers", "--lists", "nyt2022", "--all", "--top", "100", "--workers", "1")
    text = " ".join(out.split())
    assert code == 0 and "Proved: these are the 100 best of the 12,953 first guesses on the nyt2022 lists" in text
    assert "Tied with place (7991 guesses): taler; and perhaps 1,475 more, whose bound or cut-off search" in text
    code, out, _ = run(capsys, "openers", "--lists", "nyt2022", "--all", "--workers", "1")
    assert code == 0 and "salet is the best" in " ".join(out.split()) and "Tied with" not in out
    charts = out[out.index("Answers found in 1, 2, ... guesses") :].splitlines()[1:]  # its tree ships
    assert charts[0].split() == ["SALET"] and [numbers(row) for row in charts[1:]] == [
        [1, 0],
        [2, 84],
        [3, 1213],
        [4, 970],
        [5, 42],
    ]


def test_tree_reads_the_tree_that_ships_and_writes_it_out(capsys, tmp_path):
    out_file = tmp_path / "tree.txt"
    code, out, _ = run(capsys, "tree", "--lists", "nyt2022", "--hard", "--out", str(out_file))
    assert code == 0 and "salet, hard mode, exact: 2309 answers, the tree that ships" in out
    assert "total 8099 guesses" in out
    assert out_file.read_text() == (PRESETS["nyt2022"].folder / "tree-salet-hard.txt").read_text()


def test_tree_computes_once_then_reads_the_cache(capsys, tmp_path, monkeypatch):
    # Lists of this test's own, whose tree no other test has cached: ZILLS, then BFHZZ tells the four apart.
    answers = write_words(tmp_path / "answers.txt", ["bills", "fills", "hills", "zills"])
    guesses = write_words(tmp_path / "guesses.txt", ["bfhzz"])
    lists = ["--answers", str(answers), "--guesses", str(guesses), "--start", "zills", "--workers", "2"]
    code, out, _ = run(capsys, "tree", *lists)
    assert code == 0 and "zills, normal mode, exact: 4 answers, computed now in" in out and "tree cached in" in out
    monkeypatch.setattr(tree_module, "_LOADED", {})  # as in a new process
    code, out, _ = run(capsys, "tree", *lists)
    assert code == 0 and "zills, normal mode, exact: 4 answers, the cached tree" in out and "total 10 guesses" in out


@pytest.mark.parametrize(
    "cache_made",
    [
        "mount --bind {folder} {folder}; mount -o remount,ro,bind {folder}",
        "mount -t tmpfs -o size=64k tmpfs {folder}; dd if=/dev/zero of={folder}/filler bs=4k 2>/dev/null || true",
    ],
    ids=["read-only", "full"],
)
def test_a_tree_computed_where_the_cache_cannot_be_written_says_so_rather_than_where_it_was_cached(
    tmp_path, cache_made
):
    answers = write_words(tmp_path / "answers.txt", ["bills", "fills", "hills", "zills", "kills", "mills"])
    guesses = write_words(tmp_path / "guesses.txt", ["bfhzk"])
    folder = tmp_path / "cache" / "wordle-tui"
    folder.mkdir(parents=True)
    argv = ["tree", "--answers", str(answers), "--guesses", str(guesses), "--start", "bfhzk", "--workers", "1"]
    environment = os.environ | {"XDG_CACHE_HOME": str(tmp_path / "cache")}
    done = in_a_namespace_of_its_own(
        f"{cache_made.format(folder=folder)}; exec {shlex.join(command(*argv))}", env=environment
    )
    assert done.returncode == 0 and "bfhzk, normal mode, exact: 6 answers, computed now in" in done.stdout
    digest = load_word_lists(answers, guesses).digest
    path = folder / f"{digest}-tree-bfhzk-normal.txt"
    assert "tree cached in" not in done.stdout
    assert (
        done.stdout.splitlines()[-1]
        == f"tree not cached: {path} cannot be written; the same command computes it again."
    )


def test_with_one_worker_a_tree_of_lists_of_one_s_own_leaves_only_the_tree_in_the_cache(capsys, tmp_path):
    # Building the pattern table in memory costs less than writing it: one process needs no cached table.
    answers = write_words(tmp_path / "answers.txt", ["bells", "cells", "dells", "fells", "jells"])
    guesses = write_words(tmp_path / "guesses.txt", ["bcdfj"])
    argv = ["--answers", str(answers), "--guesses", str(guesses), "--start", "bells", "--workers", "1"]
    code, out, _ = run(capsys, "tree", *argv)
    assert code == 0 and "bells, normal mode, exact: 5 answers, computed now in" in out and "total 13 guesses" in out
    digest = load_word_lists(answers, guesses).digest
    assert [path.name for path in cache_dir().glob(f"*{digest}*")] == [f"{digest}-tree-bells-normal.txt"]


def test_a_preset_s_words_given_by_path_use_what_ships_for_it(capsys, tmp_path, lists):
    answers = write_words(tmp_path / "answers.txt", sorted(lists.answers, reverse=True))
    guesses = write_words(tmp_path / "guesses.txt", list(lists.guesses))
    code, out, _ = run(capsys, "openers", "--answers", str(answers), "--guesses", str(guesses), "--hard")
    assert code == 0 and "salet     8099" in out and "on the nyt2022 lists" in " ".join(out.split())


@pytest.mark.parametrize(
    "argv",
    [
        ["bench", "--strategy", "optimal", "--start", "zills", "--workers", "1"],
        ["bench", "--strategy", "optimal", "--start", "zills", "--workers", "2", "--hard"],
        ["solve", "kills", "--strategy", "optimal", "--start", "zills", "--candidates", "answers"],
        ["suggest", "zills=02222", "--strategy", "optimal", "--candidates", "answers"],
    ],
)
def test_a_first_guess_given_is_played_without_searching_for_the_best(capsys, tmp_path, argv):
    # Nine look-alikes: BFHZZ is the best opener, which the commands must not search for.
    nines = ["bills", "fills", "hills", "kills", "mills", "pills", "tills", "sills", "wills"]
    answers = write_words(tmp_path / "answers.txt", nines)
    guesses = write_words(tmp_path / "guesses.txt", [*nines, "bfhzz", "zills", "mptsw"])
    lists = load_word_lists(answers, guesses)
    code, _, _ = run(capsys, *argv, "--answers", str(answers), "--guesses", str(guesses))
    assert code == 0
    mode = Difficulty.HARD if "--hard" in argv else Difficulty.NORMAL
    assert found_opener(lists, mode) is None  # the best opener was never searched for


@pytest.fixture
def six_hundred(tmp_path) -> list[str]:
    """600 answers of nyt2022 with all its guesses: lists of one's own whose trees take a moment."""
    answers = (PRESETS["nyt2022"].folder / "answers.txt").read_text().splitlines()[:600]
    return ["--answers", str(write_words(tmp_path / "answers.txt", answers)), "--lists", "nyt2022"]


def test_a_search_that_neither_ships_nor_is_cached_is_announced_before_it_starts(capsys, monkeypatch, six_hundred):
    monkeypatch.setattr(searches, "PROBE_SECONDS", 0.0)  # the probe solves no bucket: the pace is unknown
    said_first = []
    solve = tree_module.solve_bucket

    def solving(*args):
        said_first.append(capsys.readouterr().err)  # what was said before this bucket was searched
        return solve(*args)

    monkeypatch.setattr(tree_module, "solve_bucket", solving)
    code, out, _ = run(capsys, "tree", *six_hundred, "--start", "crane", "--workers", "1")
    assert code == 0 and "crane, normal mode, exact: 600 answers, computed now in" in out
    before = said_first[0]  # said before the first bucket was searched, once
    line = "wordle-tui: computing the exact normal-mode tree after CRANE (600 answers, 1 worker;"
    assert before.startswith(line) and before.count(line) == 1
    assert "more than under a second, how much more no short probe tells" in before.splitlines()[0]


def test_with_one_worker_the_probe_is_the_start_of_the_search_and_nothing_is_searched_twice(
    capsys, monkeypatch, six_hundred
):
    monkeypatch.setattr(searches, "PROBE_SECONDS", 0.1)
    searched: list[tuple[str, ...]] = []
    solve = tree_module.solve_bucket

    def solving(model, answers, *args):
        searched.append(tuple(answers.tolist()))
        if len(searched) == 1:  # the first bucket outlasts the probe's time, checking as a search does whether to stop
            time.sleep(0.5)
            checkpoint()
        return solve(model, answers, *args)

    monkeypatch.setattr(tree_module, "solve_bucket", solving)
    code, out, err = run(capsys, "tree", *six_hundred, "--start", "trace", "--workers", "1")
    assert code == 0 and "trace, normal mode, exact: 600 answers, computed now in" in out
    assert err.count("wordle-tui: computing the exact normal-mode tree after TRACE (600 answers, 1 worker") == 1
    assert len(searched) == len(set(searched))  # each bucket searched once


def test_progress_is_written_as_lines_where_stderr_is_not_a_terminal(capsys, monkeypatch, six_hundred):
    monkeypatch.setattr(searches, "PROGRESS_EVERY", 0.01)
    monkeypatch.setattr(searches, "PROBE_SECONDS", 0.0)
    code, _, err = run(capsys, "tree", *six_hundred, "--start", "salet", "--workers", "1")
    lines = [line for line in err.splitlines() if line.startswith("answers placed: ")]
    assert code == 0 and lines, err
    # No time left: a tree's biggest buckets come last, far slower than the pace so far.
    assert re.fullmatch(r"answers placed: \d+/600 \(\d+%\), (under a second|\d+ s) so far", lines[-1])


def test_what_ships_is_read_without_compiling_the_search_and_a_search_compiles_it_first(capsys, monkeypatch, tmp_path):
    # A new machine whose search was not built at install: nothing compiled yet. Reading a shipped tree,
    # table or finished proof compiles nothing.
    compiled = []
    monkeypatch.setattr(searches, "ready", lambda: bool(compiled))
    monkeypatch.setattr(searches, "prepare", lambda: compiled.append(True))
    monkeypatch.setattr(searches, "slower_way", lambda: "no C compiler worked when it was installed")

    def compiled_search():  # what any search loads first
        assert compiled, "a search ran before the search was compiled, and said so"
        return loaded()

    loaded = search_module.compiled_search
    monkeypatch.setattr(search_module, "compiled_search", compiled_search)
    for argv in (
        ["tree", "--lists", "nyt2022", "--hard"],
        ["openers", "--lists", "nyt2022", "--hard"],
        ["openers", "--lists", "nyt2022", "--all", "--hard", "--top", "100", "--workers", "1"],
    ):
        code, _, err = run(capsys, *argv)
        assert code == 0 and compiled == [] and "compiling" not in err, argv
    # An opener whose value is not known is searched: the search is compiled first, and says so, once.
    answers = write_words(tmp_path / "answers.txt", ["bills", "fills", "hills", "zills"])
    guesses = write_words(tmp_path / "guesses.txt", ["bfhzz"])
    code, _, err = run(
        capsys, "openers", "--answers", str(answers), "--guesses", str(guesses), "bfhzz", "--workers", "1"
    )
    assert code == 0 and compiled == [True] and err.count("numba compiles it for this machine, once") == 1


@pytest.mark.parametrize(("columns", "per_row"), [(40, 2), (120, 3)])
def test_charts_side_by_side_wrap_to_the_terminal_and_keep_one_scale(columns, per_row):
    from rich.console import Console

    from wordle_tui.cli.charts import distribution_charts

    charts = distribution_charts({"aaaaa": {2: 10}, "bbbbb": {2: 10, 3: 5}, "ccccc": {2: 10, 3: 1}}, 6, columns)
    console = Console(width=columns, color_system=None)
    with console.capture() as capture:
        console.print(charts)
    lines = capture.get().splitlines()
    assert all(len(line) <= columns for line in lines)
    titled = [line.split() for line in lines if "AAAAA" in line or "CCCCC" in line]
    assert len(titled) == (2 if per_row == 2 else 1)  # the third chart on a row of its own when two fit
    tens = [line for line in lines if re.match(r"\s*2 ", line)]
    bars = [len(bar) for line in tens for bar in re.findall("█+", line)]
    assert len(bars) == 3 and len(set(bars)) == 1  # each 10 as long as the others
