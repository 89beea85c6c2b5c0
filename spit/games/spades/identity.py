"""What Spades is called and how it is described (``INFO``, ``spit.game.GameInfo``): its
name and replay file suffix, what its replay files say they are.

Apart from the descriptor so that the replay modules, low in the game's layers, can
name their game without importing the descriptor and what it reaches (the bots).
"""

from __future__ import annotations

from typing import Final

from spit.core.replay import MAX_TARGET
from spit.game import GameInfo, Option

NAME: Final = "spades"
"""The header's ``game``."""
SUFFIX: Final = ".spades.jsonl"

TARGET: Final = Option("target", "Winning score", lowest=1, highest=MAX_TARGET, default=500)
"""The winning score; its default is the replay records' ``DEFAULT_TARGET`` (not
imported here, where no replay code is loaded; a test checks they agree)."""

INFO: Final = GameInfo(
    key=NAME,
    title="Spades",
    seats=2,
    real_time=False,
    hidden_information=True,
    can_draw=False,
    options=(TARGET,),
    round_word="hand",
    engine_version="1.0",
)
"""Spades as every layer may know it without loading its rules (the version is
``spit.games.spades.engine.ENGINE_VERSION``: a test checks they agree)."""
