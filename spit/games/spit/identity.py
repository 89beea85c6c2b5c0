"""What Spit is called and how it is described (``INFO``, ``spit.game.GameInfo``): its
name and replay file suffix, what its replay files say they are; and the names of its
bot levels, as the command line, the settings file and a replay's header spell them.

Apart from the descriptor so that the replay modules, low in the game's layers, can
name their game without importing the descriptor and what it reaches (the bots); the
settings read a level's name without loading the bots either.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final

from spit.core.replay import MAX_TARGET
from spit.game import GameInfo, Option

NAME: Final = "spit"
"""A header names it, or names no game at all (files written before there was a second
game): Spit's replays carry no ``game`` key."""
SUFFIX: Final = ".spit.jsonl"

INFO: Final = GameInfo(
    key=NAME,
    title="Spit",
    seats=2,
    real_time=True,
    hidden_information=False,
    can_draw=False,
    options=(
        Option("variant", "Variant", values=("standard", "points")),
        Option(
            "target", "Winning score", lowest=1, highest=MAX_TARGET, default=100, in_rooms=False
        ),
    ),
    round_word="round",
    engine_version="1.0",
)
"""Spit as every layer may know it without loading its rules (the variants are
``spit.engine.Variant``'s values, the version ``spit.engine.ENGINE_VERSION``: a test
checks they agree)."""


class BotLevel(StrEnum):
    """The levels' names, weakest first (``spit.games.spit.bots.LEVEL_TABLE`` has what
    each one is); the values are what the command line takes, the settings file holds
    and a replay's header names as its bot."""

    BEGINNER = "beginner"
    NOVICE = "novice"
    EASY = "easy"
    CASUAL = "casual"
    STEADY = "steady"
    NORMAL = "normal"
    SKILLED = "skilled"
    HARD = "hard"
    VETERAN = "veteran"
    EXPERT = "expert"
