"""What a running app shows, as plain text: for the tests that read a whole screen
(the ASCII card style must keep every screen to ASCII), with the screens beneath a
dialog included, as the terminal shows them."""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console
from textual.app import App


def screen_lines(app: App[Any]) -> list[str]:
    """Every line of the terminal as the app last drew it, dialogs and notices too."""
    width, height = app.size
    console = Console(
        width=width,
        height=height,
        file=io.StringIO(),
        force_terminal=True,
        color_system="truecolor",
        record=True,
        legacy_windows=False,
        safe_box=False,
    )
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    console.print(update)
    return console.export_text(styles=False).splitlines()


def non_ascii(app: App[Any]) -> list[str]:
    """The lines of the screen that hold anything but ASCII, each with what it holds."""
    found = []
    for number, line in enumerate(screen_lines(app)):
        odd = sorted({c for c in line if not c.isascii()})
        if odd:
            found.append(f"line {number}: {''.join(odd)!r} in {line.rstrip()!r}")
    return found
