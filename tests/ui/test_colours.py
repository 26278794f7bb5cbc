"""Every theme at every colour depth: three tiles apart, letters readable, keys apart, and marks where colour is poor.

The palettes are checked as a terminal of each depth shows them (the colours Rich downgrades them to, in
two common 16-colour palettes, and as Textual turns them grey under NO_COLOR); then the real app is run
in tmux at 16 colours and under NO_COLOR, and its output read back with its colour codes.
"""

from __future__ import annotations

import itertools
import os
import re
import shutil
import subprocess
import sys
import time
from contextlib import suppress

import pytest
from rich.color import Color as RichColor
from rich.color import ColorSystem
from textual.color import Color

from wordle_tui.ui.app import PlayOptions
from wordle_tui.ui.dialogs.settings import SettingsScreen
from wordle_tui.ui.themes import DEPTHS, KEY_READABLE, MARK, READABLE, THEMES, contrast, depth_of, palette

from .conftest import SIZE, until

# How two common terminals show the 16 colours: the VGA values Rich assumes, and xterm's own.
XTERM = [
    (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
    (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255),
    (255, 255, 255),
]  # fmt: skip
STATES = ("green", "yellow", "grey")


def hex_of(rgb: tuple[int, int, int]) -> str:
    return "#" + "".join(f"{channel:02x}" for channel in rgb)


def shown(hex_colour: str, depth: str, xterm: bool = False) -> tuple[int, int, int]:
    """The colour a terminal of `depth` shows for a theme colour (under NO_COLOR: on a 16-colour terminal, the
    worst case)."""
    if depth == "none":
        grey = Color.parse(hex_colour).monochrome
        hex_colour, depth = grey.hex, "16"
    colour = RichColor.parse(hex_colour)
    if depth == "256":
        return colour.downgrade(ColorSystem.EIGHT_BIT).get_truecolor()
    if depth == "16":
        number = colour.downgrade(ColorSystem.STANDARD).number
        assert number is not None
        return XTERM[number] if xterm else colour.downgrade(ColorSystem.STANDARD).get_truecolor()
    triplet = colour.get_truecolor()
    return (triplet.red, triplet.green, triplet.blue)


@pytest.mark.parametrize(("theme", "depth", "xterm"), [
    (theme, depth, xterm) for theme in THEMES for depth in DEPTHS for xterm in (False, True)
    if xterm is False or depth in ("16", "none")
])  # fmt: skip
def test_every_theme_keeps_three_tiles_apart_with_readable_letters_at_every_depth(theme, depth, xterm):
    variables = THEMES[theme][palette(depth)].variables
    background = THEMES[theme][palette(depth)].background or "#000000"
    tiles = {state: shown(variables[f"tile-{state}"], depth, xterm) for state in STATES}
    assert len(set(tiles.values())) == 3, f"two tile states look alike: {tiles}"
    assert shown(background, depth, xterm) not in tiles.values()  # a scored tile stands out from the screen
    for state, colour in tiles.items():
        letters = shown(variables[f"tile-{state}-text"], depth, xterm)
        assert contrast(hex_of(letters), hex_of(colour)) >= READABLE, f"{state} letters are hard to read on {colour}"
    unused_key = shown(variables["key"], depth, xterm)
    assert unused_key not in tiles.values()  # a key of each state looks unlike a key not played yet
    # A key's letter is normal text, a cell high: WCAG AA, 4.5:1, on a key not played yet and on an absent one,
    # where the colours are the theme's own; at 16 colours the terminal's palette decides, and marks show.
    least = KEY_READABLE if palette(depth) == "full" else READABLE
    for key in ("key", "key-grey"):
        letters, on = shown(variables[f"{key}-text"], depth, xterm), shown(variables[key], depth, xterm)
        assert contrast(hex_of(letters), hex_of(on)) >= least, f"{key}'s letters read at less than {least}:1"
    assert shown(variables["key-grey"], depth, xterm) != unused_key  # an absent letter's key stands out


def test_the_depth_follows_the_terminal_and_no_color():
    assert [depth_of(system, False) for system in ("truecolor", "256", "standard", "windows", None)] == [
        "truecolor",
        "256",
        "16",
        "16",
        "16",
    ]
    assert depth_of("truecolor", True) == "none"


def marks_of(app) -> tuple[str, str]:
    """The marks under the first row's tiles and beside the key of its first letter."""
    board = app.screen.board
    tiles = "".join(board.tile(0, column).border_subtitle or "." for column in range(board.length))
    key = next(key for key in app.screen.query("Key") if key.key == "r")
    return tiles, str(key.content)


@pytest.mark.parametrize(
    ("term", "colorterm", "setting", "marked"),
    [
        ("xterm-256color", "truecolor", "auto", False),
        ("xterm", "", "auto", True),  # 16 colours: marks unless told otherwise
        ("xterm", "", "off", False),
        ("xterm-256color", "truecolor", "on", True),
    ],
)
async def test_marks_show_where_colour_is_poor_or_when_asked(
    make_app, store, monkeypatch, term, colorterm, setting, marked
):
    monkeypatch.setenv("TERM", term)
    monkeypatch.setenv("COLORTERM", colorterm)
    store.change_settings(marks=setting)
    app = make_app(play=PlayOptions(answer="crane"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"react", "enter")
        await pilot.pause()
        tiles, key = marks_of(app)
        if marked:  # REACT against CRANE: R yellow, E yellow, A green, C yellow, T grey
            assert (tiles, key) == (f"{MARK[1]}{MARK[1]}{MARK[2]}{MARK[1]}{MARK[0]}", f"R{MARK[1]}")
        else:
            assert (tiles, key) == (".....", "R")


async def test_marks_turned_on_in_the_settings_show_at_once_on_the_board_and_keys(make_app, store):
    app = make_app(play=PlayOptions(answer="crane"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"react", "enter", "f4")
        assert isinstance(app.screen, SettingsScreen)
        app.screen.change("marks", "on")
        await pilot.press("escape")
        await pilot.pause()
        assert marks_of(app)[0] == f"{MARK[1]}{MARK[1]}{MARK[2]}{MARK[1]}{MARK[0]}"
        assert store.settings().marks == "on"


async def test_the_result_is_drawn_with_marks_and_shared_in_the_squares_of_its_own_setting(make_app, store):
    from wordle_tui.ui.dialogs.statistics import StatsScreen

    store.change_settings(marks="on", share_palette="high-contrast")  # the theme stays dark: the squares are apart
    app = make_app(play=PlayOptions(answer="crane"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"slate", "enter", *"crane", "enter")
        await until(pilot, lambda: isinstance(app.screen, StatsScreen))
        grid = str(app.screen.query_one("#result-grid").content)
        shared = str(app.screen.query_one("#share-text").content)
    dot, fill = MARK[0], MARK[2]
    assert grid.split("\n") == [
        f" {dot}   {dot}   {fill}   {dot}   {fill} ",
        f" {fill}   {fill}   {fill}   {fill}   {fill} ",
    ]
    assert shared.splitlines()[-1] == "🟧🟧🟧🟧🟧" and app.theme == "wordle-dark"


# -- the real app in a real terminal --------------------------------------------------------------------

needs_tmux = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
SGR = re.compile(r"\x1b\[([0-9;]*)m")


def styled_cells(line: str) -> list[tuple[str, str]]:
    """(character, the SGR parameters in force for it) for each character of a captured line."""
    cells, state = [], ""
    for part in re.split(r"(\x1b\[[0-9;]*m)", line):
        if match := SGR.fullmatch(part):
            state = "" if match.group(1) in ("", "0") else f"{state};{match.group(1)}"
        else:
            cells.extend((char, state) for char in part)
    return cells


def background(state: str) -> str:
    """The last background colour code of an SGR state (40-47, 100-107, 48;5;N)."""
    codes = state.split(";")
    found = ""
    for place, code in enumerate(codes):
        if code.isdigit() and (40 <= int(code) <= 47 or 100 <= int(code) <= 107):
            found = code
        elif code == "48" and place + 2 < len(codes) and codes[place + 1] == "5":
            found = f"48;5;{codes[place + 2]}"
    return found


def run_in_tmux(tmp_path, environment: dict[str, str]) -> tuple[list[tuple[str, str]], list[str], list[str]]:
    """Play GUANO against ROUND in the real app in a tmux window: the scored row's letters with their colour
    codes, the marks under them, and the screen's lines."""
    name = f"wordle-tui-test-{os.getpid()}"
    env = {
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_CACHE_HOME": os.environ["XDG_CACHE_HOME"],
        "PATH": os.environ["PATH"],
        "HOME": os.environ.get("HOME", str(tmp_path)),
        "TEXTUAL_ANIMATIONS": "none",
        "PYTHONSAFEPATH": "1",  # the installed package, as in the tests (see tests/conftest.py)
        **environment,
    }
    app = [sys.executable, "-m", "wordle_tui", "play", "--lists", "nyt2022", "--answer", "round"]
    command = " ".join(["env", "-i", *(f"{key}='{value}'" for key, value in env.items()), *app])
    tmux = ["tmux", "-L", name]
    subprocess.run([*tmux, "new-session", "-d", "-s", name, "-x", "100", "-y", "32", command], check=True)
    try:
        deadline = time.monotonic() + 60
        lines = screen(tmux, name)
        while not any("WORDLE" in line for line in lines):
            assert time.monotonic() < deadline, "the app never drew:\n" + "\n".join(lines)
            time.sleep(0.2)
            lines = screen(tmux, name)
        subprocess.run([*tmux, "send-keys", "-t", name, "g", "u", "a", "n", "o", "Enter"], check=True)
        while True:
            lines = screen(tmux, name)
            # The keyboard is drawn once the row is scored: both are waited for (N, green, marked on its key).
            keyboard = any("N" + MARK[2] in re.sub(r"\x1b\[[0-9;]*m", "", line) for line in lines[-6:])
            with suppress(LookupError):
                row = tile_row(lines)
                if keyboard:
                    return (*row, lines)
            assert time.monotonic() < deadline, "the guess was never scored:\n" + "\n".join(lines)
            time.sleep(0.2)
    finally:
        subprocess.run([*tmux, "kill-server"], capture_output=True)


def screen(tmux: list[str], name: str) -> list[str]:
    return subprocess.run(
        [*tmux, "capture-pane", "-e", "-p", "-t", name], capture_output=True, text=True
    ).stdout.splitlines()


def tile_row(lines: list[str]) -> tuple[list[tuple[str, str]], list[str]]:
    """The scored row's letters with their cells, and the marks under them; LookupError until it is there."""
    for number, line in enumerate(lines[:-1]):
        letters = [(char, state) for char, state in styled_cells(line) if char in "GUANO"]
        under = [char for char, _ in styled_cells(lines[number + 1]) if char in MARK.values()]
        if "".join(char for char, _ in letters) == "GUANO" and len(under) == 5:
            return letters, under
    raise LookupError("no scored row with its marks")


@needs_tmux
def test_in_a_16_colour_terminal_the_tiles_are_green_yellow_and_grey_with_marks(tmp_path):
    letters, marks, _ = run_in_tmux(tmp_path, {"TERM": "xterm"})
    colours = {char: background(state) for char, state in letters}
    # GUANO against ROUND: G and A grey, U and O yellow, N green, in the terminal's own palette.
    assert (colours["G"], colours["U"], colours["N"]) == ("100", "43", "42")
    assert colours["A"] == colours["G"] and colours["O"] == colours["U"]
    dark = {char for char, state in letters if ";30" in state}
    assert dark == {"U", "N", "O"}  # dark letters on the light tiles, light ones on grey
    assert marks == [MARK[0], MARK[1], MARK[0], MARK[2], MARK[1]]


@needs_tmux
def test_without_colour_the_tiles_are_three_greys_apart_and_marked(tmp_path):
    letters, marks, lines = run_in_tmux(tmp_path, {"TERM": "xterm-256color", "NO_COLOR": "1"})
    colours = {char: background(state) for char, state in letters}
    assert len({colours["G"], colours["U"], colours["N"]}) == 3 and all(colours.values())
    assert marks == [MARK[0], MARK[1], MARK[0], MARK[2], MARK[1]]
    keys = next(line for line in lines if "U" + MARK[1] in re.sub(r"\x1b\[[0-9;]*m", "", line))
    assert "O" + MARK[1] in re.sub(r"\x1b\[[0-9;]*m", "", keys)


def test_no_two_depths_share_a_theme_name():
    names = [theme.name for palettes in THEMES.values() for theme in palettes.values()]
    assert len(names) == len(set(names)) == len(list(itertools.product(THEMES, ("full", "16", "none"))))
