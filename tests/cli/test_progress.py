"""The time a long command says it has left, on a line every few seconds where stderr is no terminal: said only
once its pace has been measured for 5 s and held steady, never for work whose pace says nothing of the rest."""

from __future__ import annotations

import re

from wordle_tui.cli import main, searches
from wordle_tui.cli.searches import ProgressLines


class Clock:
    """A clock the test moves on."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def work(pace: list[tuple[float, float]], total: int = 1000, steady: bool = True) -> list[str]:
    """The line said after each (seconds, work done per second) stretch of a task of `total`."""
    clock = Clock()
    lines = ProgressLines("{task.description}", clock)
    began = clock.now
    task = lines.add_task("openers bounded", total=total, steady=steady)
    done, said = 0.0, []
    for seconds, per_second in pace:
        for _ in range(int(seconds * 8)):  # a step every eighth of a second: sums without rounding
            clock.now += 0.125
            done += per_second / 8
            lines.update(task, completed=done)
        said.extend(lines.lines(began))
    return said


def test_steady_work_says_its_time_left_only_after_five_seconds():
    said = work([(4, 10), (16, 10)])
    assert said == [
        "openers bounded: 40/1,000 (4%), 4 s so far",
        "openers bounded: 200/1,000 (20%), 20 s so far, about 1 min 20 s left",  # 800 more at 10 a second
    ]


def test_work_that_slowed_is_said_at_its_recent_pace():
    # 20 a second for 10 s, then 10: the rest is said at the pace of the last 10 s, not the average.
    (said,) = work([(10, 20), (10, 10)])[-1:]
    assert said == "openers bounded: 300/1,000 (30%), 20 s so far, about 1 min 10 s left"


def test_a_pace_that_changed_more_than_three_times_says_no_time_left():
    (said,) = work([(10, 40), (10, 5)])[-1:]
    assert said == "openers bounded: 450/1,000 (45%), 20 s so far"


def test_work_whose_pace_says_nothing_of_the_rest_says_no_time_left():
    (said,) = work([(60, 1)], steady=False)
    assert said == "openers bounded: 60/1,000 (6%), 1 min so far"


def test_absurdle_says_no_time_left_as_it_may_end_at_any_first_guess(capsys, monkeypatch):
    """Its lines count the first guesses of lines of each length, but the search ends at the first that wins:
    on the original lists it said "about 7 h 11 min left" 11 s before it ended. That search is the one that
    misled (about 4 s of CPU, over 10 s of wall time on a busy machine): a shorter one says nothing to check."""
    monkeypatch.setattr(searches, "PROGRESS_EVERY", 0.05)
    monkeypatch.setattr(searches, "ESTIMATE_AFTER", 0.0)
    assert main(["absurdle", "--lists", "original"]) == 0
    lines = [line for line in capsys.readouterr().err.splitlines() if line.startswith("first guesses of lines of")]
    assert lines, "no progress was said"
    assert all(
        re.fullmatch(r"first guesses of lines of \d \(until one wins\): [\d,]+/[\d,]+ \(\d+%\), .+ so far", line)
        for line in lines
    ), lines
