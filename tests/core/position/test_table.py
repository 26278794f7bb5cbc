import os
from pathlib import Path

import numpy as np
import pytest
from helpers import write_words

from wordle_tui.core.files import cache_news_to
from wordle_tui.core.position.table import BUILDING_LOCK, PatternTable, build_patterns, transposed
from wordle_tui.core.rules.feedback import score
from wordle_tui.core.rules.words import load_word_lists

REPEATED = ["speed", "abide", "eerie", "there", "llama", "hello", "lolly", "geese", "those", "error",
            "robot", "array", "rarer", "ninny", "union", "mamma", "maxim", "sassy", "asset", "civic",
            "vivid", "eeeee", "aaaaa", "shoes", "class", "ennui", "esses", "fluff", "mummy", "puppy"]  # fmt: skip


def test_the_table_matches_the_scalar_rules_on_a_large_sample(lists, model):
    matrix = model.table.matrix
    assert matrix.shape == (12953, 2309) and matrix.dtype == np.uint8
    rng = np.random.default_rng(2022)
    rows, cols = rng.integers(0, 12953, 20000), rng.integers(0, 2309, 20000)
    expected = [score(lists.guesses[i], lists.answers[j]) for i, j in zip(rows, cols)]
    assert matrix[rows, cols].tolist() == expected


def test_every_repeated_letter_pair_matches_the_scalar_rules():
    matrix = build_patterns(tuple(REPEATED), tuple(REPEATED))
    for i, guess in enumerate(REPEATED):
        for j, answer in enumerate(REPEATED):
            assert matrix[i, j] == score(guess, answer), (guess, answer)


def test_every_feedback_vector_matches():
    from helpers import feedback_vectors

    vectors = feedback_vectors()
    guesses = tuple(g for g, _, _ in vectors)
    answers = tuple(a for _, a, _ in vectors)
    matrix = build_patterns(guesses, answers)
    diagonal = matrix[np.arange(len(vectors)), np.arange(len(vectors))]
    assert diagonal.tolist() == [score(g, a) for g, a in zip(guesses, answers)]


@pytest.mark.parametrize("shape", [(1, 1), (7, 3), (3, 7), (9, 9), (10, 17)])
def test_the_blocked_transpose_is_the_transpose(shape):
    matrix = np.random.default_rng(sum(shape)).integers(0, 243, shape).astype(np.uint8)
    for block in (1, 4, 256):  # blocks that divide the sides, that do not, and one bigger than both
        out = transposed(matrix, block)
        assert out.flags.c_contiguous and out.shape == shape[::-1]
        assert (out == matrix.T).all()


def test_a_table_built_target_major_holds_the_same_patterns(lists):
    answers = lists.answers[::7]
    for words, targets in ((tuple(REPEATED), tuple(REPEATED[::-1])), (lists.guesses, answers)):
        assert (build_patterns(words, targets, target_major=True) == build_patterns(words, targets).T).all()
    table = PatternTable.target_major(lists.guesses, answers)  # in memory only: the matrix is a view of it
    rows = table.by_target[np.arange(len(answers))[::-1]]
    assert rows.flags.c_contiguous and table.path is None
    assert (rows == build_patterns(lists.guesses, answers[::-1]).T).all()
    assert table.matrix[lists.guess_index["salet"], :5].tolist() == [score("salet", a) for a in answers[:5]]


def test_six_letter_lists_work_and_use_a_wider_type():
    words = ("banana", "cabana", "eeeeee", "abcdee", "planet", "plenty", "tenant", "kitten")
    matrix = build_patterns(words, words)
    assert matrix.dtype == np.uint16
    assert [[score(g, a) for a in words] for g in words] == matrix.tolist()
    assert (build_patterns(words, words, target_major=True) == matrix.T).all()


def _lists(tmp_path, words):
    path = write_words(tmp_path / "words.txt", words)
    return load_word_lists(path, path)


def test_a_cached_table_is_memory_mapped(tmp_path):
    lists = _lists(tmp_path, REPEATED)
    first = PatternTable.for_answers(lists, tmp_path / "cache")
    again = PatternTable.for_answers(lists, tmp_path / "cache")
    assert isinstance(again.matrix, np.memmap)
    assert np.array_equal(first.matrix, again.matrix)
    assert again.path.parent == tmp_path / "cache"


@pytest.fixture
def told() -> list[str]:
    """What the cache said it found damaged, a sentence each time."""
    sentences: list[str] = []
    with cache_news_to(sentences.append):
        yield sentences


@pytest.mark.parametrize("damage", ["truncate", "garbage", "overwrite", "folder", "deep checksum", "no checksum"])
def test_a_damaged_cache_is_rebuilt_and_said_once(tmp_path, told, damage):
    lists = _lists(tmp_path, REPEATED)
    table = PatternTable.for_answers(lists, tmp_path / "cache")
    good = np.array(table.matrix)
    data = table.path.read_bytes()
    sums = table.path.with_name(table.path.name + ".sum")
    assert told == []  # built and kept: nothing to say
    if damage == "truncate":
        table.path.write_bytes(data[: len(data) // 2])
    elif damage == "garbage":
        table.path.write_bytes(b"not a numpy file at all")
    elif damage == "folder":  # the entry became a folder: cleared, and the table kept on disk again
        table.path.unlink()
        (table.path / "inside").mkdir(parents=True)
    elif damage == "deep checksum":
        sums.write_text("[" * 100_000)
    elif damage == "no checksum":
        sums.unlink()
    else:  # right header and size, wrong contents
        np.save(table.path, np.zeros_like(good))
    rebuilt = PatternTable.for_answers(lists, tmp_path / "cache")
    assert np.array_equal(rebuilt.matrix, good)
    assert np.array_equal(np.load(table.path), good) and sums.is_file()
    assert len(told) == 1 and str(table.path) in told[0] and "built again" in told[0]
    PatternTable.for_answers(lists, tmp_path / "cache")
    assert len(told) == 1  # rebuilt whole: read again without a word


def test_zeroed_pages_in_a_cached_table_are_found_though_its_size_and_times_are_kept(tmp_path, told):
    """As a power cut can leave a file written without a sync: its size and times intact, a block of it zeros."""
    lists = _lists(tmp_path, REPEATED)
    table = PatternTable.for_answers(lists, tmp_path / "cache")
    good = np.array(np.load(table.path))
    before = table.path.stat()
    damaged = np.load(table.path, mmap_mode="r+")
    damaged[3] = 0  # one row of zeros: right header, right size, and the spot checks may all miss it
    damaged.flush()
    del damaged
    os.utime(table.path, ns=(before.st_atime_ns, before.st_mtime_ns))
    again = PatternTable.for_answers(lists, tmp_path / "cache")
    assert np.array_equal(again.matrix, good) and np.array_equal(np.load(table.path), good)
    assert len(told) == 1 and "damaged" in told[0]


def test_other_lists_never_read_this_cache(tmp_path):
    a = _lists(tmp_path, REPEATED)
    b = load_word_lists(write_words(tmp_path / "b.txt", REPEATED[:10]), write_words(tmp_path / "bg.txt", REPEATED))
    ta = PatternTable.for_answers(a, tmp_path / "cache")
    tb = PatternTable.for_answers(b, tmp_path / "cache")
    assert ta.path != tb.path
    assert tb.matrix.shape == (len(REPEATED), 10)


def test_an_unwritable_cache_dir_still_gives_a_table(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("a file where the cache dir should be")
    table = PatternTable.for_answers(_lists(tmp_path, REPEATED), blocker / "cache")
    assert table.path is None
    assert table.matrix[0, 0] == score(REPEATED[0], REPEATED[0])


def _lazy(guesses: tuple[str, ...], targets: tuple[str, ...]) -> PatternTable:
    return PatternTable(guesses, targets, None, None)


@pytest.mark.parametrize("guesses", [1, 31, 32, 300])  # a few rows built from their own letters, and blocks
def test_the_patterns_of_a_position_built_in_parts_are_the_whole_tables(lists, model, guesses):
    rng = np.random.default_rng(guesses)
    rows = np.sort(rng.choice(len(lists.guesses), guesses, replace=False))
    for table in (model.table, _lazy(lists.guesses, lists.answers)):  # kept whole, and built in parts
        for count in (2309, 1000, 100, 3):  # every target (read whole), a good share, and a few (built)
            columns = np.sort(rng.choice(2309, count, replace=False))
            expected = model.table.matrix[rows][:, columns]
            assert np.array_equal(table.against(columns).of(rows), expected), (table.whole, count)
            assert np.array_equal(table.row(int(rows[0]), columns), expected[0])
            assert np.array_equal(table.by_target[columns], model.table.matrix[:, columns].T)


def test_every_word_against_every_word_in_parts_matches_the_scalar_rules(lists, tmp_path):
    table = PatternTable.for_all_words(lists, tmp_path)
    assert not table.whole  # nothing is built or cached until a position asks
    rng = np.random.default_rng(14)
    assert table.targets == lists.possible and len(table.targets) == 12953 - 57  # the offensive words aside
    rows, columns = np.sort(rng.choice(12953, 40, replace=False)), np.sort(rng.choice(12896, 50, replace=False))
    patterns = table.against(columns).of(rows)
    assert patterns.tolist() == [[score(lists.guesses[i], table.targets[j]) for j in columns] for i in rows]
    assert not table.whole and not any(tmp_path.iterdir())


def test_six_letter_patterns_built_in_parts_use_the_wider_type():
    words = ("banana", "cabana", "eeeeee", "abcdee", "planet", "plenty", "tenant", "kitten")
    table = _lazy(words, words)
    patterns = table.against(np.arange(8)).of(np.arange(8))
    assert patterns.dtype == np.uint16 and patterns.tolist() == build_patterns(words, words).tolist()


def test_the_target_major_copy_earlier_versions_kept_is_removed(tmp_path):
    lists = _lists(tmp_path, REPEATED)
    table = PatternTable.for_answers(lists, tmp_path / "cache")
    leftover = table.path.with_name(table.path.stem + "-by-target.npy")
    np.save(leftover, np.array(table.matrix).T)
    leftover.with_name(leftover.name + ".sum").write_text("{}")
    PatternTable.for_answers(lists, tmp_path / "cache")
    kept = sorted(path.name for path in (tmp_path / "cache").iterdir() if path.name != BUILDING_LOCK)
    assert kept == [table.path.name, table.path.name + ".sum"]


def _resident_bytes(path) -> int:
    """How much of the file at `path` is mapped into this process, read from /proc/self/smaps."""
    resident, inside = 0, False
    for line in Path("/proc/self/smaps").read_text().splitlines():
        if line[:1].isalnum() and "-" in line.split(" ", 1)[0]:
            inside = line.endswith(str(path))
        elif inside and line.startswith("Rss:"):
            resident += int(line.split()[1]) * 1024
    return resident


@pytest.mark.skipif(not Path("/proc/self/smaps").exists(), reason="needs /proc (Linux)")
def test_a_cached_table_loads_without_mapping_what_its_checks_read(lists, tmp_path):
    PatternTable.for_answers(lists, tmp_path)  # built and cached
    table = PatternTable.for_answers(lists, tmp_path)  # loaded and checked: spot checks and its checksum
    assert isinstance(table.matrix, np.memmap)
    # Each process maps only the pages it reads, however many the checks read.
    assert _resident_bytes(table.path) < table.path.stat().st_size // 20
    salet = table.row(lists.guess_index["salet"], np.arange(5))
    assert salet.tolist() == [score("salet", answer) for answer in lists.answers[:5]]


def test_a_large_table_is_said_as_it_is_built_with_its_size_and_where_it_is_kept(tmp_path, told, monkeypatch):
    from wordle_tui.core.position import table as table_module

    lists = _lists(tmp_path, REPEATED)
    monkeypatch.setattr(table_module, "SAID_FROM_BYTES", len(REPEATED) ** 2)  # as large as 200 MB
    table = PatternTable.for_answers(lists, tmp_path / "cache")
    assert told == [
        f"Building the pattern table of {len(REPEATED)} guesses against {len(REPEATED)} answers, about 1 s: 0 MB "
        f"kept in {tmp_path / 'cache'} (`wordle-tui cache` shows and clears it)."
    ]
    PatternTable.for_answers(lists, tmp_path / "cache")  # read back: nothing built, nothing said
    assert len(told) == 1 and table.path is not None
