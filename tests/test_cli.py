import json

import pytest

from tests.conftest import write_words
from wordle_tui.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_score_prints_digits_and_emoji(capsys):
    assert run(capsys, "score", "shoes", "class") == (0, "10002 🟨⬛⬛⬛🟩\n", "")


def test_suggest_with_no_history_ranks_soare_first(capsys):
    code, out, _ = run(capsys, "suggest", "--json", "--top", "3")
    data = json.loads(out)
    assert code == 0
    assert data["remaining"] == 2309 and len(data["candidates"]) == 2309
    first = data["suggestions"][0]
    assert first["word"] == "soare" and first["entropy"] == pytest.approx(5.885, abs=5e-4)
    assert set(first) >= {"word", "entropy", "worst_case", "candidate"}
    assert len(data["suggestions"]) == 3


def test_suggest_lists_few_remaining_answers_by_name(capsys):
    code, out, _ = run(capsys, "suggest", "soare=bbyyy", "--top", "2")
    assert code == 0
    assert out.splitlines()[0] == "61 answers remain."  # too many to list by name
    code, out, _ = run(capsys, "suggest", "soare=10010", "--top", "2")
    assert "16 answers remain: brisk, brush" in out


def test_suggest_accepts_all_three_notations_alike(capsys):
    outputs = {run(capsys, "suggest", f"soare={p}", "--json")[1] for p in ("10010", "ybbyb", "o__o_")}
    assert len(outputs) == 1


def test_solve_json_shape(capsys):
    code, out, _ = run(capsys, "solve", "prove", "--json")
    data = json.loads(out)
    assert code == 0
    assert set(data) == {"answer", "guesses", "patterns", "solved"}
    assert data["answer"] == "prove" and data["guesses"][-1] == "prove" and data["patterns"][-1] == "22222"
    assert data["guesses"][0] == "soare" and data["solved"] is True


def test_solve_prints_each_guess_with_its_pattern(capsys):
    code, out, _ = run(capsys, "solve", "baker", "--hard", "--start", "crane")
    lines = out.splitlines()
    assert code == 0
    assert lines[0].startswith("crane  ") and "01012" not in lines[0]
    assert lines[-1].startswith("Solved in")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["score", "abcde", "class"], "ABCDE: Not in word list."),
        (["score", "cran", "class"], "CRAN: Not enough letters."),
        (["suggest", "soare=0122"], "Feedback '0122' must have 5 marks"),
        (["suggest", "soare"], "'soare' must be GUESS=PATTERN"),
        (["suggest", "soare=22222"], "No word in the list fits this feedback (row 1)."),
        (["solve", "shoes"], "'shoes' is not in the answer list."),
        (["suggest", "--answers", "/nonexistent/answers.txt"], "Cannot read /nonexistent/answers.txt: no such file."),
    ],
)
def test_bad_input_gets_one_sentence_and_no_traceback(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and message in err and "Traceback" not in err


def test_other_word_lists_six_letters_long(capsys, tmp_path):
    answers = write_words(tmp_path / "a.txt", ["planet", "plenty", "tenant", "banana", "cabana"])
    guesses = write_words(tmp_path / "g.txt", ["kitten", "planet"])
    code, out, _ = run(capsys, "solve", "cabana", "--answers", str(answers), "--guesses", str(guesses), "--json")
    assert code == 0 and json.loads(out)["patterns"][-1] == "222222"
    code, out, _ = run(capsys, "score", "banana", "cabana", "--answers", str(answers), "--guesses", str(guesses))
    assert out.startswith("120222 ")


def test_bench_json_has_every_key(capsys):
    code, out, _ = run(capsys, "bench", "--sample", "30", "--seed", "3", "--workers", "1", "--json")
    data = json.loads(out)
    assert code == 0
    assert set(data) >= {
        "strategy", "mode", "games", "total_guesses", "average", "distribution", "max", "failed", "seconds", "workers"
    }  # fmt: skip
    assert data["games"] == 30 == sum(data["distribution"].values())
    assert data["strategy"] == "entropy" and data["mode"] == "normal" and data["workers"] == 1
    again = json.loads(run(capsys, "bench", "--sample", "30", "--seed", "3", "--workers", "1", "--json")[1])
    assert again["total_guesses"] == data["total_guesses"]  # a seeded sample is the same sample


def test_bench_prints_a_distribution_chart(capsys):
    code, out, _ = run(capsys, "bench", "--sample", "20", "--strategy", "minimax", "--hard", "--workers", "1")
    assert code == 0
    assert "minimax, hard mode" in out and "average" in out and "games/s" in out
    assert "█" in out


def test_bench_refuses_a_sample_larger_than_the_list(capsys):
    code, _, err = run(capsys, "bench", "--sample", "5000")
    assert code == 2 and "more than the 2309 answers" in err


def test_suggest_and_solve_take_strategy_and_candidates(capsys):
    code, out, _ = run(capsys, "suggest", "--strategy", "minimax", "--candidates", "all", "--json", "--top", "1")
    data = json.loads(out)
    assert code == 0 and data["remaining"] == 12953
    code, out, _ = run(capsys, "solve", "prove", "--strategy", "parts", "--json")
    assert json.loads(out)["guesses"][0] == "trace"


def test_fit_writes_curves_for_both_modes(capsys, tmp_path):
    answers = write_words(tmp_path / "a.txt", ["bills", "fills", "hills", "kills", "mills", "pills", "chomp"])
    out_file = tmp_path / "fit.json"
    code, _, _ = run(capsys, "fit", "--answers", str(answers), "--guesses", str(answers), "--workers", "1",
                       "--out", str(out_file))  # fmt: skip
    assert code == 0
    data = json.loads(out_file.read_text())
    assert set(data) == {"normal", "hard"} and set(data["normal"]) == {"slope", "bend"}


def test_only_commands_that_start_workers_start_the_fork_server_early():
    from wordle_tui.cli import wants_workers

    assert wants_workers([]) and wants_workers(["bench"]) and wants_workers(["tree", "--hard"])
    assert wants_workers(["bench", "--workers", "2"]) and wants_workers(["coach"])
    assert not wants_workers(["bench", "--workers", "1"]) and not wants_workers(["bench", "--workers=1"])
    assert not wants_workers(["suggest"]) and not wants_workers(["score", "crane", "crate"])
    assert not wants_workers(["bench", "--help"]) and not wants_workers(["-h"])
