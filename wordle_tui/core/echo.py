"""What a message says back of what the user gave (a word, a code, a pattern, a line of a file): enough
to know it again, never the whole of it (a file's line may be ten megabytes long)."""

from __future__ import annotations

ECHOED = 40  # characters: the longest word played (eleven letters), a code, a GUESS=PATTERN fit whole


def echoed(text: str, most: int = ECHOED) -> str:
    """`text`, or its first `most` - 1 characters and an ellipsis if it is longer."""
    return text if len(text) <= most else text[: most - 1] + "…"
