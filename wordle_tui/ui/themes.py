"""The three looks (NYT dark, NYT light, high contrast with orange and blue), each at every colour depth,
and the marks that tell the tiles apart without colour.

A terminal of 16 colours gets colours of its own palette, chosen to stay three distinct tiles (a
truecolor green matched to the nearest of 16 colours turns grey); under NO_COLOR, Textual shows
every colour as a grey of its brightness, so there the tiles are three greys far apart. Letters
are white where white reads on the tile (a contrast of 3:1, for bold letters), else black: the
NYT's own colours keep white on green and grey, but its yellow, light green, orange and blue
need dark letters. A key's letter is normal text, not a tile's large one: in the full palettes it reads at
4.5:1 or more (WCAG AA), for which their keys are a shade darker than the NYT's; at 16 colours the terminal's
own palette decides (its greys differ from one terminal to the next), and marks show. Every theme sets every
variable.
"""

from __future__ import annotations

from textual.theme import Theme

from ..core.rules.feedback import GREEN, GREY, YELLOW

DEPTHS = ("truecolor", "256", "16", "none")  # "none": NO_COLOR
MARK = {GREEN: "●", YELLOW: "○", GREY: "·"}  # the place is right, the letter is elsewhere, the letter is absent
MARK_NAMES = {GREEN: "green", YELLOW: "yellow", GREY: "grey"}
STATE_CLASS = {GREY: "-grey", YELLOW: "-yellow", GREEN: "-green"}

# The 16 colours as terminals of that depth are addressed (their own palette decides how they look).
BLACK, RED, GREEN_16, YELLOW_16 = "#000000", "#aa0000", "#00aa00", "#aa5500"
SILVER, GREY_16, BRIGHT_RED, BRIGHT_BLUE, WHITE = "#aaaaaa", "#555555", "#ff5555", "#5555ff", "#ffffff"


def _theme(name: str, dark: bool, ui: dict[str, str], tiles: dict[str, str]) -> Theme:
    theme = Theme(
        name=name,
        dark=dark,
        primary=tiles["tile-green"],
        secondary=tiles["tile-yellow"],
        accent=tiles["tile-yellow"],
        variables=tiles,
        background=ui["background"],
        surface=ui["surface"],
        panel=ui["panel"],
        foreground=ui["foreground"],
        error=ui["error"],
    )
    # From Textual's variables, not `ui`: it rounds a colour as it makes them (#e5484d becomes $error #e4484d).
    theme.variables = {**tiles, **_frame(theme.to_color_system().generate())}
    return theme


def _frame(colours: dict[str, str]) -> dict[str, str]:
    """The colours of what frames every screen (the title bar, the message line) and of the shade behind a
    dialog, from the theme's own as Textual makes them (`colours`, its $background, $error, ...)."""
    return {
        "title-bar-foreground": colours["foreground"],
        "title-bar-background": colours["panel"],
        "message-foreground": colours["background"],  # a message stands out in the page's colours reversed
        "message-background": colours["foreground"],
        "message-resting-foreground": colours["text-muted"],  # a hint at rest
        "message-error-foreground": WHITE,
        "message-error-background": colours["error"],
        "dialog-backdrop": f"{colours['background']} 70%",  # the screen behind a dialog, dimmed
    }


def _tiles(
    green: str, yellow: str, grey: str, empty: str, typed: str, key: str, key_grey: str | None = None, **text: str
) -> dict[str, str]:
    """The tile variables: each state's colour and its letters' (`green_text`, ...; if not given, those that
    read on it); an absent letter's key is `key_grey` where the grey tile's letters would read too faintly on a
    key (its letters are normal text, not a tile's large ones: see KEY_READABLE)."""
    key_grey = key_grey or grey
    return {
        "key-grey": key_grey,
        "key-grey-text": max((WHITE, BLACK), key=lambda letters: contrast(letters, key_grey)),
        "tile-green": green,
        "tile-yellow": yellow,
        "tile-grey": grey,
        "tile-empty": empty,
        "tile-typed": typed,
        "key": key,
        "tile-green-text": text.get("green_text", letters_for(green)),
        "tile-yellow-text": text.get("yellow_text", letters_for(yellow)),
        "tile-grey-text": text.get("grey_text", letters_for(grey)),
        "key-text": text.get("key_text", letters_for(key)),
    }


def letters_for(tile: str) -> str:
    """White letters where they read on `tile` (a contrast of at least 3:1), else black ones."""
    return WHITE if contrast(WHITE, tile) >= READABLE else BLACK


READABLE = 3.0  # WCAG's least contrast for large or bold text
KEY_READABLE = 4.5  # WCAG AA for normal text: a key's letter, one cell high (in the full palettes)


def contrast(one: str, other: str) -> float:
    """WCAG's contrast ratio of two colours, 1 (none) to 21."""

    def luminance(colour: str) -> float:
        channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    bright, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (bright + 0.05) / (dark + 0.05)


DARK_UI = {
    "background": "#121213",
    "surface": "#1a1a1b",
    "panel": "#2a2a2c",
    "foreground": "#f8f8f8",
    "error": "#e5484d",
}
LIGHT_UI = {
    "background": "#ffffff",
    "surface": "#f4f4f5",
    "panel": "#e4e4e7",
    "foreground": "#1a1a1b",
    "error": "#d7263d",
}
BLACK_UI = {
    "background": "#000000",
    "surface": "#121213",
    "panel": "#2a2a2c",
    "foreground": "#ffffff",
    "error": "#e5484d",
}
DARK_16 = {"background": BLACK, "surface": BLACK, "panel": GREY_16, "foreground": WHITE, "error": BRIGHT_RED}
LIGHT_16 = {"background": WHITE, "surface": WHITE, "panel": SILVER, "foreground": BLACK, "error": RED}
ON_LIGHT = {"green_text": BLACK, "yellow_text": BLACK}  # 16 colours: the palette's green and yellow are light


def _look(name: str, dark: bool, ui: dict[str, str], ui_16: dict[str, str], *tiles: dict[str, str]) -> dict[str, Theme]:
    """A look's three palettes: `tiles` are the full one's, the 16 colours' and NO_COLOR's (on `ui_16` both)."""
    full, sixteen, none = tiles
    return {
        "full": _theme(f"wordle-{name}", dark, ui, full),
        "16": _theme(f"wordle-{name}-16", dark, ui_16, sixteen),
        "none": _theme(f"wordle-{name}-mono", dark, ui_16, none),
    }


MONO_DARK = _tiles(WHITE, SILVER, GREY_16, GREY_16, SILVER, BLACK, green_text=BLACK, yellow_text=BLACK)
THEMES: dict[str, dict[str, Theme]] = {
    "dark": _look(
        "dark",
        True,
        DARK_UI,
        DARK_16,
        _tiles("#538d4e", "#b59f3b", "#3a3a3c", "#3a3a3c", "#6e6e70", "#727475"),  # keys a shade under the NYT's
        _tiles(GREEN_16, YELLOW_16, GREY_16, GREY_16, SILVER, SILVER, key_text=BLACK, **ON_LIGHT),
        MONO_DARK,
    ),
    "light": _look(
        "light",
        False,
        LIGHT_UI,
        LIGHT_16,
        _tiles("#6aaa64", "#c9b458", "#787c7e", "#d3d6da", "#878a8c", "#a6a9ad", key_grey="#6e7173"),
        _tiles(GREEN_16, YELLOW_16, GREY_16, SILVER, GREY_16, SILVER, key_text=BLACK, **ON_LIGHT),
        _tiles(BLACK, SILVER, GREY_16, SILVER, GREY_16, WHITE, yellow_text=BLACK, key_text=BLACK),
    ),
    "high-contrast": _look(
        "high-contrast",
        True,
        BLACK_UI,
        DARK_16,
        _tiles("#f5793a", "#85c0f9", "#3a3a3c", "#565758", "#878a8c", "#727475"),
        _tiles(BRIGHT_RED, BRIGHT_BLUE, GREY_16, GREY_16, SILVER, SILVER, key_text=BLACK, green_text=BLACK),
        MONO_DARK,  # without colour, high contrast is the dark look's greys
    ),
}

DEFAULT_VARIABLES = THEMES["dark"]["full"].variables


def palette(depth: str) -> str:
    """Which of a theme's palettes suits a colour depth: 256 colours show the full one faithfully enough."""
    return {"16": "16", "none": "none"}.get(depth, "full")


def depth_of(color_system: str | None, no_color: bool) -> str:
    """The colour depth of the terminal, from the colour system Rich found for it (see DEPTHS)."""
    if no_color:
        return "none"
    return {"truecolor": "truecolor", "256": "256"}.get(color_system or "", "16")


def every_theme() -> list[Theme]:
    return [theme for palettes in THEMES.values() for theme in palettes.values()]
