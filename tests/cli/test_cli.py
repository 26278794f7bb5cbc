import json
from contextlib import suppress

import pytest
from helpers import write_words

from wordle_tui.cli import main
from wordle_tui.core.rules import words
from wordle_tui.core.rules.feedback import parse_pattern
from wordle_tui.core.rules.game import ultra_hard_violation


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_score_prints_digits_and_emoji(capsys):
    assert run(capsys, "score", "shoes", "class") == (0, "10002 🟨⬛⬛⬛🟩\n", "")


CLASSIC = ("--lists", "nyt2022", "--candidates", "answers")  # the lists and model of the published figures


def test_suggest_with_no_history_ranks_soare_first(capsys):
    code, out, _ = run(capsys, "suggest", *CLASSIC, "--json", "--top", "3")
    data = json.loads(out)
    assert code == 0
    assert data["remaining"] == 2309 and len(data["candidates"]) == 2309
    first = data["suggestions"][0]
    assert first["word"] == "soare" and first["entropy"] == pytest.approx(5.885, abs=5e-4)
    assert set(first) >= {"word", "entropy", "worst_case", "candidate"}
    assert len(data["suggestions"]) == 3


def test_suggest_lists_few_remaining_answers_by_name(capsys):
    code, out, _ = run(capsys, "suggest", *CLASSIC, "soare=bbyyy", "--top", "2")
    assert code == 0
    assert out.splitlines()[0] == "61 answers remain."  # too many to list by name
    code, out, _ = run(capsys, "suggest", *CLASSIC, "soare=10010", "--top", "2")
    assert "16 answers remain: brisk, brush" in out


def test_by_default_every_accepted_word_may_be_the_answer(capsys):
    code, out, _ = run(capsys, "suggest", "--json", "--top", "1")
    data = json.loads(out)
    assert code == 0 and (data["remaining"], data["likely"]) == (14855 - 82, 3158)  # the offensive words aside
    assert data["candidates"][:2] == ["aback", "abase"]  # likely ones first, alphabetically
    assert data["suggestions"][0]["word"] == "tarse" and data["suggestions"][0]["likely"] is False


def test_the_guano_game_lists_guano(capsys):
    code, out, _ = run(capsys, "suggest", "salet=01000", "round=01120", "--top", "3")
    assert code == 0 and out.splitlines() == ["Only GUANO is left: play it."]  # named; nothing else to rank
    # On the 2022 lists GUANO is not a listed answer, but it is accepted: an unlikely candidate, named.
    code, out, _ = run(capsys, "suggest", "--lists", "nyt2022", "salet=01000", "round=01120", "--json")
    data = json.loads(out)
    assert code == 0 and data["likely"] == 0 and "guano" in data["candidates"]


def test_a_position_with_nothing_to_rank_names_its_answer_or_says_it_is_solved(capsys):
    code, out, _ = run(capsys, "suggest", "salet=01000", "tango=01112", "guano=22222")
    assert code == 0 and out.splitlines() == ["Solved: GUANO, in 3."]
    code, out, _ = run(capsys, "suggest", "salet=01000", "tango=01112", "guano=22222", "--json")
    assert json.loads(out)["solved"] is True and json.loads(out)["suggestions"] == []
    code, out, _ = run(capsys, "suggest", "salet=01000", "round=01120", "--json")
    assert [row["word"] for row in json.loads(out)["suggestions"]] == ["guano"]  # the answer alone, no filler


def test_no_offensive_word_is_a_possible_answer_nor_a_suggestion_though_it_is_accepted_as_a_guess(capsys):
    code, out, _ = run(capsys, "suggest", "salet=01000", "--json")
    data = json.loads(out)
    assert code == 0 and (data["remaining"], data["likely"]) == (746, 145)  # 749 with NIGGA, WIGGA and GUBBA
    assert not {"nigga", "wigga", "gubba"} & set(data["candidates"])
    # After TARSE=01110 entropy ranked HONKY second, and after SALET=00200 on the 2022 lists, FUGLY.
    for lists, feedback in (("nyt", "tarse=01110"), ("nyt2022", "salet=00200")):
        code, out, _ = run(capsys, "suggest", feedback, "--lists", lists, "--json", "--top", "50")
        offensive = words.load_preset(lists).offensive
        assert code == 0 and not offensive & {row["word"] for row in json.loads(out)["suggestions"]}
    assert run(capsys, "score", "nigga", "crane") == (0, "10001 🟨⬛⬛⬛🟨\n", "")  # accepted as a guess
    code, _, err = run(capsys, "suggest", "nigga=00001", "--top", "1")
    assert code == 0 and err == ""
    code, _, err = run(capsys, "solve", "nigga")
    assert code == 2 and "NIGGA is on the list of offensive words: it is accepted as a guess, never the answer." in err


def test_queso_is_scored_against_guano(capsys):
    assert run(capsys, "score", "queso", "guano") == (0, "02002 ⬛🟩⬛⬛🟩\n", "")
    code, _, err = run(capsys, "score", "queso", "guano", "--lists", "nyt2022")
    assert code == 2 and "QUESO: Not in word list (the nyt2022 lists" in err  # not accepted before August 2022


def test_suggest_accepts_all_three_notations_alike(capsys):
    outputs = {run(capsys, "suggest", f"soare={p}", "--json")[1] for p in ("10010", "ybbyb", "o__o_")}
    assert len(outputs) == 1


def test_solve_json_shape(capsys):
    code, out, _ = run(capsys, "solve", "prove", *CLASSIC, "--json", "--strategy", "entropy")
    data = json.loads(out)
    assert code == 0
    assert set(data) == {"answer", "guesses", "patterns", "solved", "strategy"}
    assert data["answer"] == "prove" and data["guesses"][-1] == "prove" and data["patterns"][-1] == "22222"
    assert data["guesses"][0] == "soare" and data["solved"] is True and data["strategy"] == "entropy"


def test_solve_prints_each_guess_with_its_pattern(capsys):
    code, out, _ = run(capsys, "solve", "baker", "--hard", "--start", "crane")
    lines = out.splitlines()
    assert code == 0
    assert (
        lines[0]
        == "Strategy: entropy (no optimal tree after CRANE, hard mode, at hand: --strategy optimal searches one)."
    )
    assert lines[1].startswith("crane  ") and "01012" not in lines[1]
    assert lines[-1].startswith("Solved in")


@pytest.mark.parametrize("lists", ["nyt", "nyt2022"])
def test_solve_plays_optimally_where_an_optimal_tree_ships_and_says_so(capsys, lists):
    code, out, _ = run(capsys, "solve", "foyer", "--hard", "--lists", lists)
    lines = out.splitlines()
    opener = {"nyt": "TARSE", "nyt2022": "SALET"}[lists]
    assert code == 0 and lines[0] == f"Strategy: optimal (the optimal tree after {opener}, hard mode, shipped)."
    assert lines[1].startswith(f"{opener.lower()}  ") and lines[-1] in {f"Solved in {n}." for n in range(1, 7)}


def test_solve_foyer_in_hard_mode_wins_within_six_where_entropy_takes_seven(capsys):
    game = json.loads(run(capsys, "solve", "foyer", "--hard", "--json")[1])
    assert game["strategy"] == "optimal" and game["solved"] and len(game["guesses"]) <= 6
    entropy = json.loads(run(capsys, "solve", "foyer", "--hard", "--strategy", "entropy", "--json")[1])
    assert not entropy["solved"] and len(entropy["guesses"]) == 7  # what the default played before
    with pytest.raises(SystemExit):
        main(["solve", "--help"])
    assert "(default: optimal, where an optimal tree ships" in " ".join(capsys.readouterr().out.split())


def test_solve_and_suggest_keep_ultra_hard_rules(capsys):
    for answer in ("baker", "mummy", "fuzzy", "vivid"):
        code, out, _ = run(capsys, "solve", answer, "--ultra", "--strategy", "minimax", "--json")
        game = json.loads(out)
        assert code == 0 and game["solved"]
        history = tuple(zip(game["guesses"], (parse_pattern(p, 5) for p in game["patterns"])))
        for place, guess in enumerate(game["guesses"]):
            assert ultra_hard_violation(guess, history[:place]) is None
    code, out, _ = run(capsys, "suggest", "crane=01000", "--ultra", "--json", "--top", "50")
    words = [row["word"] for row in json.loads(out)["suggestions"]]
    assert words and all(ultra_hard_violation(w, (("crane", parse_pattern("01000", 5)),)) is None for w in words)
    code, out, _ = run(capsys, "suggest", "crane=01000", "--hard", "--json", "--top", "200")  # COURT, 138th
    assert any(
        ultra_hard_violation(row["word"], (("crane", parse_pattern("01000", 5)),))
        for row in json.loads(out)["suggestions"]
    )


def test_one_mode_at_a_time_and_games_checked_against_theirs(capsys):
    with pytest.raises(SystemExit) as stopped:
        main(["suggest", "--hard", "--ultra"])
    assert stopped.value.code == 2 and "argument --ultra: not allowed with argument --hard" in capsys.readouterr().err
    code, _, err = run(capsys, "analyze", "crane=01000", "brick=00000", "--ultra")
    assert code == 2 and "Guess 2 (BRICK) breaks ultra hard mode: Guess can't contain C." in err
    code, out, _ = run(capsys, "analyze", "crane=01000", "brick=01000", "--hard", "--json")
    assert code == 0 and json.loads(out)["hard_mode"] == 1


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["score", "abcde", "class"], "ABCDE: Not in word list (the nyt lists, 5 letters: --lists or --length"),
        (["score", "cran", "class"], "CRAN: Not enough letters (the nyt lists, 5 letters"),
        (["suggest", "soare=0122"], "Feedback '0122' must have 5 marks"),
        (["suggest", "soare"], "'soare' must be GUESS=PATTERN"),
        (["suggest", "crane=22221"], "No accepted word fits this feedback (row 1)."),
        (["solve", "abcde"], "ABCDE is not an accepted word, so it cannot be the answer (the nyt lists"),
        (["solve", "shoes", "--candidates", "answers"], "SHOES is not on the answer list; with --candidates all"),
        (["suggest", "--answers", "/nonexistent/answers.txt"], "Cannot read /nonexistent/answers.txt: no such file."),
    ],
)
def test_bad_input_gets_one_sentence_and_no_traceback(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and message in err and "Traceback" not in err


LONG = "q" * 100_000  # a guess, a code, a pattern pasted by mistake: said back cut short, whatever said it
CUT = "Q" * 39 + "…"


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["score", LONG, "crane"], f"{CUT}: Not in word list (the nyt lists"),
        (["solve", LONG], f"{CUT} is not an accepted word, so it cannot be the answer (the nyt lists"),
        (["play", "--code", LONG], f"'{CUT.lower()}' is not a challenge code"),
        (["play", "--code", f"{LONG}-4K7QX2"], f"The code {CUT.lower()} names word lists"),
        (["suggest", f"crane={LONG}"], f"Feedback '{CUT.lower()}' must have 5 marks"),
        (["suggest", LONG], f"'{CUT.lower()}' must be GUESS=PATTERN"),
        (["nyt", LONG], f"'{CUT.lower()}' is neither a date"),
        (["bench", "--sample", LONG], f"argument --sample: '{CUT.lower()}' is not a positive whole number"),
        (["suggest", "--lists", LONG], f"argument --lists: invalid choice: '{CUT.lower()}' (choose from"),
        ([LONG], f"argument COMMAND: invalid choice: '{CUT.lower()}' (choose from"),
        (["score", "crane", "salet", LONG], f"unrecognized arguments: {CUT.lower()}"),
    ],
    ids=lambda value: " ".join(word[:12] for word in value) if isinstance(value, list) else "",
)
def test_a_message_says_back_no_more_than_forty_characters_of_what_was_given(capsys, argv, said):
    with suppress(SystemExit):  # argparse's own messages end the program
        assert main(argv) == 2
    err = capsys.readouterr().err
    assert said in err and len(err.splitlines()[-1]) < 300, err[:500]


def test_a_line_of_ten_megabytes_in_a_word_list_is_said_back_cut_short(capsys, tmp_path):
    words = tmp_path / "words.txt"
    words.write_text("crane\n" + "b" * 10_000_000 + "\n")
    code, out, err = run(capsys, "suggest", "--answers", str(words), "--guesses", str(words))
    assert code == 2 and out == ""
    assert err == f"wordle-tui: {words}, line 2: '{'b' * 39}…' has 10000000 letters but the words before it have 5.\n"


def test_lists_names_each_preset_with_its_length_counts_date_and_source(capsys):
    code, out, _ = run(capsys, "lists", "--json")
    presets = {row["name"]: row for row in json.loads(out)}
    english = [f"english-{length}" for length in (4, 6, 7, 8, 9, 10, 11)]
    assert code == 0 and list(presets) == ["nyt", "nyt2022", "original", *english]
    assert [(row["length"], row["answers"], row["guesses"]) for row in presets.values()][:4] == [
        (5, 3158, 14855),
        (5, 2309, 12953),
        (5, 2315, 12972),
        (4, 1475, 5050),
    ]
    assert [presets[name]["length"] for name in english] == [4, 6, 7, 8, 9, 10, 11]
    assert (
        presets["nyt"]["default"] and presets["nyt"]["date"] == "2023-07-01" and "WordleBot" in presets["nyt"]["source"]
    )
    assert presets["english-11"]["date"] == "2020-12-07" and "SCOWL" in presets["english-11"]["source"]
    code, out, _ = run(capsys, "lists")
    assert code == 0 and "nyt (default)" in out and "14,855" in out and "12,972" in out
    assert "english-11" in out and "25,967" in out


def test_an_unknown_preset_is_refused_by_name(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["suggest", "--lists", "nyt2023"])
    assert stop.value.code == 2 and "argument --lists: invalid choice: 'nyt2023'" in capsys.readouterr().err


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
    assert code == 2 and "more than the 3158 answers" in err


def test_suggest_and_solve_take_strategy_and_candidates(capsys):
    argv = ("suggest", "--lists", "nyt2022", "--strategy", "minimax", "--json", "--top", "1")
    code, out, _ = run(capsys, *argv, "--candidates", "all")
    assert code == 0 and json.loads(out)["remaining"] == 12953 - 57  # the offensive words aside
    code, out, _ = run(capsys, *argv, "--candidates", "answers")
    assert code == 0 and json.loads(out)["remaining"] == 2309
    code, out, _ = run(capsys, "solve", "prove", *CLASSIC, "--strategy", "parts", "--json")
    assert json.loads(out)["guesses"][0] == "trace"


def test_fit_writes_curves_for_both_modes(capsys, tmp_path):
    answers = write_words(tmp_path / "a.txt", ["bills", "fills", "hills", "kills", "mills", "pills", "chomp"])
    out_file = tmp_path / "fit.json"
    code, _, _ = run(capsys, "fit", "--answers", str(answers), "--guesses", str(answers), "--workers", "1",
                       "--out", str(out_file))  # fmt: skip
    assert code == 0
    data = json.loads(out_file.read_text())
    assert set(data) == {"format", "lists", "name", "normal", "hard"} and set(data["normal"]) == {"slope", "bend"}


def test_only_commands_that_start_workers_start_the_fork_server_early():
    from wordle_tui.cli import wants_workers

    assert wants_workers([]) and wants_workers(["bench"]) and wants_workers(["tree", "--hard"])
    assert wants_workers(["bench", "--workers", "2"]) and wants_workers(["coach"])
    assert not wants_workers(["bench", "--workers", "1"]) and not wants_workers(["bench", "--workers=1"])
    assert not wants_workers(["suggest"]) and not wants_workers(["score", "crane", "crate"])
    assert not wants_workers(["bench", "--help"]) and not wants_workers(["-h"])


def test_challenge_prints_a_code_and_the_command_that_plays_it(capsys):
    code, out, err = run(capsys, "challenge", "crane", "--lists", "nyt2022")
    challenge, command = out.splitlines()
    assert code == 0 and err == "" and challenge.startswith("nyt2022-") and "crane" not in challenge.lower()
    assert command == f"Play it with: wordle-tui play --code {challenge}"


def test_a_command_given_a_word_plays_it_on_the_lists_of_its_letters(capsys, tmp_path, monkeypatch):
    """Six letters chosen in the settings, a word of five is challenged on five-letter lists, one of seven on
    seven; a length named that the word does not have is refused, naming the lists it used."""
    from wordle_tui.storage.store import Store

    for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME"):
        monkeypatch.setenv(name, str(tmp_path / name))
    Store().change_settings(lists="english-6")
    code, out, _ = run(capsys, "challenge", "guano")
    assert code == 0 and out.startswith("nyt-")
    code, out, _ = run(capsys, "challenge", "example")
    assert code == 0 and out.startswith("english-7-")
    code, out, _ = run(capsys, "challenge", "carpet")  # the settings' own lists, of its letters
    assert code == 0 and out.startswith("english-6-")
    code, _, err = run(capsys, "challenge", "guano", "--length", "6")
    assert code == 2 and "GUANO is not an accepted word, so it cannot be the answer (the english-6 lists, 6" in err
    code, out, _ = run(capsys, "score", "example", "another")
    assert code == 0 and out.split()[0] == "1010000"


def test_the_help_says_which_commands_take_the_settings_lists(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    told = " ".join(capsys.readouterr().out.split())
    assert "play, coach, watch, challenge and serve use the settings' lists" in told
    assert "the other commands use nyt" in told


def test_challenge_of_lists_from_files_names_them_in_the_command(capsys, tmp_path):
    answers = write_words(tmp_path / "a.txt", ["crane", "slate"])
    guesses = write_words(tmp_path / "g.txt", ["crane", "slate", "trace"])
    code, out, _ = run(capsys, "challenge", "trace", "--answers", str(answers), "--guesses", str(guesses))
    challenge, command = out.splitlines()
    assert code == 0 and challenge.startswith("custom-")
    assert command == f"Play it with: wordle-tui play --code {challenge} --answers {answers} --guesses {guesses}"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["challenge", "abcde"], "ABCDE is not an accepted word, so it cannot be the answer (the nyt lists, 5 letters"),
        (["play", "--code", "crane"], "'crane' is not a challenge code: one looks like nyt-4K7QX2"),
        (["play", "--code", ""], "'' is not a challenge code"),
        (["play", "--code", "nyt-000000"], "The challenge code nyt-000000 does not fit the nyt word lists here"),
        (["play", "--code", "zzz-4K7QX2"], "The code zzz-4K7QX2 names word lists this program does not have (zzz)."),
        (["play", "--code", "custom-4K7QX2"], "was made with word lists from files: give the same ones with --answers"),
        (["play", "--code", "nyt-4K7QX2", "--lists", "nyt2022"], "is for the nyt word lists: leave out --lists"),
    ],
)
def test_a_bad_challenge_is_one_sentence(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and message in err and "Traceback" not in err


def test_absurdle_prints_the_fewest_guesses_that_always_win_and_a_line(capsys):
    code, out, err = run(capsys, "absurdle", "--lists", "original")
    lines = out.splitlines()
    assert code == 0 and "searching the fewest guesses that always beat Absurdle" in err
    assert lines[0] == "4 guesses always beat Absurdle on the original lists; 3 never do. A line that wins:"
    assert [line.split()[0] for line in lines[1:]] == ["1", "2", "3", "4"]
    assert lines[3].endswith("1 answer left") and lines[4].endswith("🟩🟩🟩🟩🟩  won")


def test_challenge_names_files_only_where_the_friend_needs_them(capsys, tmp_path):
    # The preset's own files are the preset: no file to pass on.
    preset = ["--answers", "data/nyt2022/answers.txt", "--guesses", "data/nyt2022/guesses.txt"]
    _, out, _ = run(capsys, "challenge", "crane", *preset)
    assert out.splitlines()[1] == f"Play it with: wordle-tui play --code {out.splitlines()[0]}"
    # One file of the user's, the other list the preset's: both named, a path with a space quoted.
    answers = write_words(tmp_path / "my answers.txt", ["crane", "slate"])
    _, out, _ = run(capsys, "challenge", "slate", "--answers", str(answers), "--lists", "nyt2022")
    code = out.splitlines()[0]
    assert out.splitlines()[1] == f"Play it with: wordle-tui play --code {code} --answers '{answers}' --lists nyt2022"


def _replayed(game: dict) -> bool:
    """Whether a played set's guesses solve every board, each board's answer guessed once."""
    return set(game["answers"]) <= set(game["guesses"]) and game["guesses"][-1] in game["answers"]


def test_bench_of_several_boards_plays_seeded_sets_and_lists_each_game(capsys):
    argv = ("bench", "--boards", "4", "--lists", "nyt2022", "--sample", "12", "--seed", "5", "--workers", "1", "--json")
    code, out, _ = run(capsys, *argv)
    data = json.loads(out)
    assert code == 0 and (data["game"], data["boards"], data["limit"], data["strategy"]) == ("Quordle", 4, 9, "boards")
    played = data["played"]
    assert len(played) == 12 == data["sets"] == sum(data["distribution"].values())
    assert all(len(game["answers"]) == 4 and _replayed(game) for game in played)
    assert data["average"] == pytest.approx(sum(len(game["guesses"]) for game in played) / 12, abs=1e-4)
    assert data["failed"] == [game["answers"] for game in played if len(game["guesses"]) > 9]
    assert json.loads(run(capsys, *argv)[1])["played"] == played  # a seeded sample is the same sample
    code, out, _ = run(capsys, "bench", "--boards", "2", "--sample", "5", "--strategy", "minimax", "--workers", "1")
    assert code == 0 and "minimax, Dordle (2 boards, 7 guesses), 5 sets" in out and "█" in out


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (("play", "--boards", "2", "--absurdle"), "Absurdle is played on one board: leave out --boards."),
        (("play", "--absurdle", "--hard"), "Hard modes are for one board of Wordle: Absurdle has none"),
        (("watch", "--boards", "4", "--ultra"), "Hard modes are for one board of Wordle: Quordle has none"),
        (("play", "--boards", "4", "--answer", "crane"), "Several boards are played against random answers"),
        (("play", "--absurdle", "--daily"), "Absurdle holds no answer: leave out --answer, --daily"),
        (("watch", "--absurdle", "--answer", "crane"), "Absurdle holds no answer"),
    ],
)
def test_the_options_a_game_cannot_take_are_refused_in_one_sentence(capsys, argv, said):
    code, out, err = run(capsys, *argv)
    assert (code, out) == (2, "") and said in err and len(err.strip().splitlines()) == 1, err


def test_bench_of_several_boards_refuses_what_such_games_do_not_have(capsys):
    for argv, said in (
        (("--boards", "2", "--hard"), "Hard modes are for one board"),
        (("--boards", "2", "--ultra"), "Hard modes are for one board"),
        (("--boards", "2", "--strategy", "expected"), "ranked by boards, entropy, minimax, not by expected"),
        (("--strategy", "boards"), "give --boards N as well"),
    ):
        code, _, err = run(capsys, "bench", "--sample", "3", "--workers", "1", *argv)
        assert code == 2 and said in err, err
    with pytest.raises(SystemExit) as stop:
        main(["bench", "--boards", "9"])
    assert stop.value.code == 2 and "2 to 8" in capsys.readouterr().err


@pytest.mark.parametrize(
    "words", [["bark", "bare", "care", "core", "cord", "word"], ["planet", "plenty", "tenant", "banana", "cabana"]]
)
def test_several_boards_of_other_lengths(capsys, tmp_path, words):
    answers = write_words(tmp_path / "a.txt", words)
    argv = ("bench", "--boards", "2", "--answers", str(answers), "--guesses", str(answers), "--sample", "6", "--json")
    code, out, _ = run(capsys, *argv, "--workers", "1")
    data = json.loads(out)
    assert code == 0 and all(_replayed(game) for game in data["played"]) and not data["failed"]


@pytest.mark.parametrize(
    "words",
    [
        ["bark", "bare", "care", "core", "cord", "word", "ward", "wire", "wore", "bore", "cure", "pure"],
        ["planet", "plenty", "tenant", "banana", "cabana", "canter", "carpet", "parent", "patent", "latent"],
    ],
)
def test_ultra_hard_mode_with_words_of_other_lengths(capsys, tmp_path, words):
    answers = write_words(tmp_path / "a.txt", words)
    files = ("--answers", str(answers), "--guesses", str(answers))
    for strategy in ("optimal", "entropy"):
        for answer in words:
            code, out, _ = run(capsys, "solve", answer, *files, "--ultra", "--strategy", strategy, "--json")
            game = json.loads(out)
            assert code == 0 and game["solved"], (strategy, answer)
            history = tuple(zip(game["guesses"], (parse_pattern(p, len(answer)) for p in game["patterns"])))
            assert all(ultra_hard_violation(guess, history[:n]) is None for n, guess in enumerate(game["guesses"]))
    code, out, _ = run(capsys, "bench", *files, "--ultra", "--strategy", "optimal", "--workers", "1", "--json")
    assert code == 0 and json.loads(out)["mode"] == "ultra" and json.loads(out)["games"] == len(words)


@pytest.mark.parametrize("columns", ["0", "-5", "abc"])
@pytest.mark.parametrize(
    ("argv", "shown"),
    [
        (["suggest", "--lists", "nyt2022", "salet=01000", "--top", "2"], "Best guesses by entropy"),
        (["lists"], "nyt2022"),
        (["tree", "--lists", "nyt2022", "--start", "salet", "--workers", "1"], "total 7897 guesses"),
    ],
)
def test_a_columns_of_no_width_prints_as_wide_as_the_terminal(capsys, monkeypatch, columns, argv, shown):
    """rich takes COLUMNS=0 as a width of none, and printed nothing at all, with exit status 0."""
    monkeypatch.setenv("COLUMNS", columns)
    code, out, _ = run(capsys, *argv)
    assert code == 0 and shown in out and max(map(len, out.splitlines())) <= 80
