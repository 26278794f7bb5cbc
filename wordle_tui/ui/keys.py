"""The keys a screen answers, written as the help and the README list them: `Ctrl+N new game`."""

from __future__ import annotations

from textual.binding import Binding
from textual.dom import DOMNode

NAMED_KEYS = {"escape": "Esc", "space": "Space", "question_mark": "?", "plus": "+", "minus": "-"}


def key_name(binding: Binding) -> str:
    """How a binding's first key is written: `Ctrl+N`, `F1`, `Esc`, `C`."""
    if binding.key_display:
        return binding.key_display
    key = binding.key.split(",")[0]
    if key in NAMED_KEYS:
        return NAMED_KEYS[key]
    return "+".join(part.capitalize() if len(part) > 1 else part.upper() for part in key.split("+"))


def keys_of(screen: type[DOMNode]) -> list[str]:
    """Every key a screen (or the app) answers: the keys it handles itself, then its bindings (those without
    a description, and those the footer groups, such as ← →, are among the former)."""
    bindings = [
        binding
        for binding in screen.BINDINGS
        if isinstance(binding, Binding) and binding.description and binding.group is None
    ]
    described = [f"{key_name(binding)} {binding.description.lower()}" for binding in bindings]
    return list(getattr(screen, "KEY_HELP", ())) + described
