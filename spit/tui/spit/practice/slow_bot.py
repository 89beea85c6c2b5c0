"""The practice round's bot: the slowest level's player, slowed down much further and
making no mistakes, so that a new player has time to read each hint and act on it.

It is built from the bots' own classes (``BotAgent``, ``HumanModel``) on the
beginner's model, with every time in it stretched and every error chance set to
nothing; the levels themselves are left alone (they are calibrated against each
other, ``docs/bots.md``). The stretch is worked out from the model's typical time a
card, so a recalibrated beginner still gives a bot of about ``CARD_MS`` a card.
"""

from __future__ import annotations

from dataclasses import fields, replace
from typing import Any, Final

from spit.core.seats import Seat
from spit.games.spit.bots import BotAgent
from spit.games.spit.bots.human import HumanModel
from spit.games.spit.bots.levels import get_level
from spit.games.spit.bots.policies import POLICIES

NAME: Final = "practice"
"""The bot's level name, as the table and the result show it ("Practice bot")."""
CARD_MS: Final = 6000
"""About how long the bot takes to answer a change on the table with a card: time to
read a hint, find the key and press it, with room to spare."""
POLICY: Final = "naive"
"""It plays the first card it sees: no tactics to puzzle a new player."""


def slow_model(base: HumanModel, card_ms: int = CARD_MS) -> HumanModel:
    """``base`` with every time stretched so that a card takes about ``card_ms``, and
    every chance of a mistake (an overlooked play, a wrong slap) set to 0; the shapes
    of its spreads are kept."""
    stretch = card_ms / base.typical_play_ms
    changes: dict[str, Any] = {}
    for field in fields(base):
        value = getattr(base, field.name)
        if field.name.endswith("_ms") and isinstance(value, int):
            changes[field.name] = max(1, round(value * stretch))
        elif isinstance(value, float) and "spread" not in field.name:
            changes[field.name] = 0.0
    return replace(base, **changes)


def make_slow_bot(player: Seat, seed: int) -> BotAgent:
    """The practice bot for seat ``player``."""
    model = slow_model(get_level("beginner").model)
    return BotAgent(player, POLICIES[POLICY], model, seed, level=NAME)
