"""The game's name and replay file suffix: what its replay files say they are.

Apart from the descriptor so that the replay modules, low in the game's layers, can
name their game without importing the descriptor and what it reaches (the bots).
"""

from __future__ import annotations

from typing import Final

NAME: Final = "spit"
"""A header names it, or names no game at all (files written before there was a second
game): Spit's replays carry no ``game`` key."""
SUFFIX: Final = ".spit.jsonl"
