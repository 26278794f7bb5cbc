"""The word lists the app has read, and a candidate model of each: read once, each when first asked for."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.rules.words import WordLists, load_preset, preset_for_length

if TYPE_CHECKING:
    from ..core.position.model import CandidateModel


class Shelf:
    """The shipped lists read so far, the lists played last of each length, and their models."""

    def __init__(self, lists: WordLists):
        self.loaded: dict[str, WordLists] = {lists.name: lists}  # the shipped lists read so far, by name
        self.played: dict[int, WordLists] = {lists.length: lists}  # the lists played last, for each length
        self.models: dict[str, CandidateModel] = {}  # by the name of their lists

    def shipped(self, name: str) -> WordLists:
        """The shipped lists `name`, read once. WordListError, in one sentence, where they cannot be read."""
        if name not in self.loaded:
            self.loaded[name] = load_preset(name)
        return self.loaded[name]

    def of_length(self, length: int, preferred: str) -> WordLists:
        """The lists of words of `length` letters: those played last of that length, else the shipped ones
        (`preferred`, the settings' own, where they hold that length). WordListError, in one sentence, for
        shipped lists that cannot be read."""
        if length in self.played:
            return self.played[length]
        return self.shipped(preset_for_length(length, preferred))

    def play(self, lists: WordLists) -> None:
        """`lists` are those of their length from now on."""
        self.played[lists.length] = lists

    def model_of(self, lists: WordLists) -> CandidateModel:
        """Every accepted word may be the answer, those on the answer list likely: how the NYT picks them now.
        Built when first asked for, which loads the engine: a new game of play draws without it."""
        from ..core.position.model import weighted_model

        if lists.name not in self.models:
            self.models[lists.name] = weighted_model(lists)
        return self.models[lists.name]
