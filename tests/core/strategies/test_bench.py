from helpers import write_words

from wordle_tui.core.position.model import uniform_model
from wordle_tui.core.rules.feedback import score, solved_pattern
from wordle_tui.core.rules.game import Difficulty
from wordle_tui.core.rules.words import load_word_lists
from wordle_tui.core.strategies import strategy_named
from wordle_tui.core.strategies.selfplay import BenchResult, play_every, solve


def test_the_shared_tree_plays_each_game_as_the_solver_would_alone(model, lists):
    sample = list(lists.answers[::97])
    games = play_every(sample, "entropy", model)
    for answer in sample:
        assert games[answer] == solve(answer, strategy_named("entropy"), model).history
        assert games[answer][-1] == (answer, solved_pattern(5))


def test_a_benchmark_reports_what_a_user_reads(tmp_path):
    path = write_words(tmp_path / "ills.txt", ["bills", "fills", "hills", "kills", "mills", "pills"])
    model = uniform_model(load_word_lists(path, path))
    result = BenchResult("entropy", Difficulty.NORMAL, play_every(model.lists.answers, "entropy", model), 0.5, 1)
    # Guessing bills first finds bills at once; every other guess reveals one more letter, so the
    # answers fall one a guess: bills 1, fills 2, hills 3, kills 4, mills 5, pills 6 (alphabetical ties).
    assert result.distribution == {1: 1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1}
    assert result.total_guesses == 21 and result.failed == []
    data = result.as_dict()
    assert {k: data[k] for k in ("games", "total_guesses", "max", "mode", "workers")} == {
        "games": 6, "total_guesses": 21, "max": 6, "mode": "normal", "workers": 1
    }  # fmt: skip
    assert data["average"] == 3.5


def test_a_start_word_opens_every_game(model, lists):
    games = play_every(list(lists.answers[:20]), "entropy", model, start="crane")
    assert all(history[0] == ("crane", score("crane", answer)) for answer, history in games.items())


def test_hard_mode_games_obey_the_rule(model, lists):
    from wordle_tui.core.rules.game import hard_mode_violation

    games = play_every(list(lists.answers[::41]), "entropy", model, hard_mode=Difficulty.HARD)
    for history in games.values():
        for i, (guess, _) in enumerate(history):
            assert hard_mode_violation(guess, history[:i]) is None
