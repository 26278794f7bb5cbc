"""The three looks: NYT dark, NYT light, and high contrast (orange for green, blue for yellow)."""

from __future__ import annotations

from textual.theme import Theme

# Tile colours by the NYT's palette, keyed like the settings' themes; every theme sets every variable.
THEMES = {
    "dark": Theme(
        name="wordle-dark",
        primary="#538d4e",
        secondary="#b59f3b",
        accent="#b59f3b",
        background="#121213",
        surface="#1a1a1b",
        panel="#2a2a2c",
        foreground="#f8f8f8",
        error="#e5484d",
        dark=True,
        variables={
            "tile-green": "#538d4e",
            "tile-yellow": "#b59f3b",
            "tile-grey": "#3a3a3c",
            "tile-empty": "#3a3a3c",
            "tile-typed": "#6e6e70",
            "tile-text": "#ffffff",
            "key": "#818384",
        },
    ),
    "light": Theme(
        name="wordle-light",
        primary="#6aaa64",
        secondary="#c9b458",
        accent="#c9b458",
        background="#ffffff",
        surface="#f4f4f5",
        panel="#e4e4e7",
        foreground="#1a1a1b",
        error="#d7263d",
        dark=False,
        variables={
            "tile-green": "#6aaa64",
            "tile-yellow": "#c9b458",
            "tile-grey": "#787c7e",
            "tile-empty": "#d3d6da",
            "tile-typed": "#878a8c",
            "tile-text": "#ffffff",
            "key": "#a6a9ad",
        },
    ),
    "high-contrast": Theme(
        name="wordle-high-contrast",
        primary="#f5793a",
        secondary="#85c0f9",
        accent="#85c0f9",
        background="#000000",
        surface="#121213",
        panel="#2a2a2c",
        foreground="#ffffff",
        error="#e5484d",
        dark=True,
        variables={
            "tile-green": "#f5793a",
            "tile-yellow": "#85c0f9",
            "tile-grey": "#3a3a3c",
            "tile-empty": "#565758",
            "tile-typed": "#878a8c",
            "tile-text": "#ffffff",
            "key": "#818384",
        },
    ),
}

DEFAULT_VARIABLES = THEMES["dark"].variables
