"""Copying text where the user can paste it: the system clipboard through a tool for it, tmux's paste buffer.

A terminal app can also ask the terminal to copy (OSC 52), but many terminals, and tmux unless told
to, ignore that without a word; so a tool is tried first, and the caller learns which way was taken.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from textual.app import App

SECONDS = 3.0  # a tool that takes longer is stuck (a clipboard daemon gone away): the copy is said to have failed

# (name, command, when it can work): the first that can work and succeeds is used.
TOOLS = (
    ("wl-copy", ["wl-copy"], lambda: "WAYLAND_DISPLAY" in os.environ),
    ("xclip", ["xclip", "-selection", "clipboard"], lambda: "DISPLAY" in os.environ),
    ("xsel", ["xsel", "--clipboard", "--input"], lambda: "DISPLAY" in os.environ),
    ("pbcopy", ["pbcopy"], lambda: sys.platform == "darwin"),
)
TMUX = "tmux"


def copy_text(text: str) -> str | None:
    """Copy `text` with the first clipboard tool on this machine that works: its name (`xclip`, or TMUX for
    tmux's paste buffer), or None if none did (the caller falls back to asking the terminal)."""
    for name, command, usable in TOOLS:
        path = shutil.which(command[0]) if usable() else None
        if path and _ran([path, *command[1:]], text):
            return name
    if "TMUX" in os.environ and shutil.which("tmux") and _ran(["tmux", "load-buffer", "-"], text):
        return TMUX
    return None


def _ran(command: list[str], text: str) -> bool:
    """Whether `command` took `text` on its input and succeeded in time.

    Its output goes nowhere: a tool such as xclip stays behind to serve the clipboard, holding any pipe open.
    """
    try:
        done = subprocess.run(
            command,
            input=text.encode(),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            timeout=SECONDS,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return False
    return done.returncode == 0


SELECTED = "the selected text"  # what Ctrl+C copies, selected with the mouse on any screen


def how_copied(tool: str | None, what: str) -> str:
    """One sentence saying where `what` went, so that nobody is told it was copied when it was not."""
    if tool == TMUX:
        return f"Copied {what} to tmux's paste buffer (prefix ] pastes it) and asked the terminal to copy it too."
    if tool is not None:
        return f"Copied {what} to the clipboard with {tool}."
    instead = (
        "select it with Shift+drag instead, which most terminals copy themselves"
        if what == SELECTED
        else "select the text in the dialog instead (Shift+drag in most terminals)"
    )
    return f"Asked the terminal to copy {what} (OSC 52); if nothing pastes, your terminal ignores that: {instead}."


def share(app: App[object], text: str, what: str) -> None:
    """Copy `text` where it can be pasted, then say where: in a browser, its clipboard; in a terminal, with a
    clipboard tool (in a thread: one may be slow), else by asking the terminal."""
    if app.is_web:  # the browser's clipboard takes it: the machine the server runs on has nothing to do
        app.copy_to_clipboard(text)
        app.notify(f"Copied {what} to the clipboard.", title="Copy", timeout=3)
        return

    def copied(tool: str | None) -> None:
        if tool in (None, TMUX):
            app.copy_to_clipboard(text)  # OSC 52: tmux passes it on when its set-clipboard option allows
        app.notify(how_copied(tool, what), title="Copy", timeout=3 if tool not in (None, TMUX) else 8)

    app.run_worker(
        lambda: app.call_from_thread(copied, copy_text(text)), thread=True, group="copy", exit_on_error=False
    )
