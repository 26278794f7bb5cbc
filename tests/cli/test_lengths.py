"""--length N on the commands: the shipped lists of N letters, five letters the NYT's, and one sentence
where the length asked for is not that of the lists named."""

import json

import pytest
from helpers import write_words

from wordle_tui.cli import main
from wordle_tui.core.rules.challenge import challenge_word
from wordle_tui.core.rules.words import LENGTHS, load_preset


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("length", [length for length in LENGTHS if length != 5])
def test_every_length_has_shipped_lists_that_the_commands_take(capsys, length):
    lists = load_preset(f"english-{length}")
    word = lists.answers[len(lists.answers) // 2]
    code, out, err = run(capsys, "challenge", "--length", str(length), word)
    challenge = out.splitlines()[0]
    assert code == 0 and err == "" and challenge.startswith(f"english-{length}-") and word not in challenge.lower()
    assert challenge_word(challenge, lists) == word  # the code carries the length: it names its lists


def test_suggest_ranks_words_of_the_length_asked_for(capsys):
    # Four letters only: the first ranking of a length builds its pattern table (a minute at eight letters).
    code, out, err = run(capsys, "suggest", "--length", "4", "--json", "--top", "3")
    ranked = json.loads(out)["suggestions"]
    assert code == 0 and err == ""
    assert len(ranked) == 3 and all(len(row["word"]) == 4 for row in ranked)


def test_five_letters_are_the_nyt_lists_and_the_settings_lists_of_five_stay(capsys):
    _, five, _ = run(capsys, "suggest", "--length", "5", "--json", "--top", "3")
    _, plain, _ = run(capsys, "suggest", "--json", "--top", "3")
    assert json.loads(five) == json.loads(plain)  # the default: the nyt lists
    _, older, _ = run(capsys, "suggest", "--length", "5", "--lists", "nyt2022", "--json", "--top", "1")
    assert json.loads(older)["suggestions"][0]["word"] == "soare"  # nyt2022 holds five letters: it is kept


def test_a_length_the_lists_named_do_not_hold_gets_one_sentence(capsys):
    code, out, err = run(capsys, "suggest", "--length", "6", "--lists", "nyt")
    assert code == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err
    assert "--length 6 asks for words of 6 letters, but the nyt word lists hold words of 5" in err


@pytest.mark.parametrize(
    ("length", "message"),
    [("12", "the shipped lists hold words of 4 to 11 letters"), ("six", "'six' is not a positive whole number")],
)
def test_a_length_no_lists_hold_is_refused_as_a_usage_error(capsys, length, message):
    with pytest.raises(SystemExit) as stopped:
        main(["suggest", "--length", length])
    assert stopped.value.code == 2 and message in capsys.readouterr().err


def test_a_length_that_lists_from_files_do_not_hold_gets_one_sentence(capsys, tmp_path):
    words = write_words(tmp_path / "six.txt", ["planet", "plenty", "tenant", "banana"])
    code, _, err = run(capsys, "suggest", "--length", "7", "--answers", str(words), "--guesses", str(words))
    assert code == 2 and "the word lists of the files given hold words of 6" in err


def test_suggest_says_before_a_first_ranking_of_many_words_and_not_once_it_is_kept(capsys, tmp_path, monkeypatch):
    from wordle_tui.core.position import opening_figures

    monkeypatch.setattr(opening_figures, "measuring_seconds", lambda *_: 100.0)  # 37,000 words of nine letters
    words = write_words(tmp_path / "words.txt", ["planet", "plenty", "tenant", "banana", "cabana", "canter"])
    code, out, err = run(capsys, "suggest", "--answers", str(words), "--guesses", str(words), "--top", "2")
    assert code == 0 and err == (
        "Ranking the first guess on the custom lists for the first time: 6 guesses against 6 possible answers, "
        "roughly 1 min to 2 min. It is kept for the next time.\n"
    )
    assert out.count("\n") > 3  # the ranking followed
    code, out, err = run(capsys, "suggest", "--answers", str(words), "--guesses", str(words), "--top", "2")
    assert code == 0 and err == ""  # kept: nothing long to say
