"""Where the shared style sheets are, so that screens in any package can name them,
and the class that switches on the ASCII card style's.

Textual resolves a relative ``CSS_PATH`` against the module that declares it; the game
screens of both games and the shell live in different packages, so they take these
absolute paths instead of each working out its way back here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

_HERE: Final = Path(__file__).parent

SHELL_CSS: Final = _HERE.parent / "shell.tcss"
"""The screens around the games (the menu, settings, replays, statistics, how to play)."""

ASCII_CSS: Final = _HERE / "ascii.tcss"
"""The ASCII card style's overrides (the ``-ascii`` class), for every screen."""

GAME_CSS: Final = (_HERE / "game.tcss", ASCII_CSS)
"""The table of either game."""

ASCII_CLASS: Final = "-ascii"
"""The CSS class of the app, or of a screen, drawn in the ASCII card style: it keeps
every border to ASCII (``ascii.tcss``)."""


def style_classes(ascii_only: bool) -> str:
    """The classes for a screen drawn in the ASCII card style, or not."""
    return ASCII_CLASS if ascii_only else ""
