"""Replay framing shared by every game: the fields, lines, seal and reading of replay files.

The bound on a game's winning score lives here, apart from ``fields``, so that a game's
identity can name it without loading the replay records (and the JSON decoder) at start-up.
"""

from typing import Final

MAX_TARGET: Final = 1_000_000
"""The highest winning score a replay (and so a game's ``target`` option) may hold."""
