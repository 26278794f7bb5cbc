"""The kinds of game, one for the records and the games in progress: each named by the words every earlier
version wrote, so that a file of theirs reads here and one written here reads there."""

from __future__ import annotations

import pytest

from wordle_tui.core.rules.variant import ABSURDLE, FAMILY, WORDLE, Variant
from wordle_tui.storage.kinds import Kind, kind_of
from wordle_tui.storage.records import GameRecord

# (the game, coached, its kind, the word its record is kept by, the word its game in progress is kept by)
WORDS = [
    (WORDLE, False, Kind.PLAYED, "played", "play"),
    (WORDLE, True, Kind.COACHED, "coached", "coach"),
    (Variant(4), False, Kind.BOARDS, "boards", "boards"),
    (Variant(2), True, Kind.BOARDS_COACHED, None, "boards-coach"),
    (ABSURDLE, False, Kind.ABSURDLE, "absurdle", "absurdle"),
]


@pytest.mark.parametrize(("variant", "coached", "kind", "recorded", "kept"), WORDS, ids=[w[4] for w in WORDS])
def test_each_kind_is_the_game_and_keeps_the_words_earlier_versions_wrote(variant, coached, kind, recorded, kept):
    assert kind_of(variant, coached) is kind and kind.variant(variant.boards) == variant and kind.coached == coached
    assert Kind.of_kept(kept) is kind and kind.kept_as == kept
    if recorded is None:  # the coach of several boards records no game
        with pytest.raises(ValueError, match="is not a kind of game"):
            Kind.of_record(kind.value)
    else:
        assert Kind.of_record(recorded) is kind


def test_every_game_of_the_family_has_a_kind_played_here_and_all_but_absurdle_coached():
    assert {kind_of(variant) for variant in FAMILY} == {Kind.PLAYED, Kind.BOARDS, Kind.ABSURDLE}
    with pytest.raises(ValueError, match="Absurdle holds no answer"):
        kind_of(ABSURDLE, coached=True)


def test_a_record_exported_by_an_earlier_version_reads_as_its_kind_and_exports_as_it_did():
    exported = {"id": "q", "answer": "crane moist", "guesses": ["crane", "moist"], "won": True, "kind": "boards"}
    record = GameRecord.from_json(exported)
    assert (record.kind, record.variant) == (Kind.BOARDS, Variant(2)) and record.as_json()["kind"] == "boards"
    with pytest.raises(ValueError, match="'play' is not a kind of game"):  # a game in progress's word, not a record's
        GameRecord.from_json(exported | {"kind": "play"})
