"""The five named difficulty levels: a policy plus a human model each.

The numbers are calibrated with the simulator so that every level beats the one below
it; ``docs/bots.md`` has the table of parameters, the win rates and the command that
measured them. Change a number here and that table must be re-measured.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from spit.bots.agent import BotAgent
from spit.bots.human import HumanModel
from spit.bots.policies import POLICIES


@dataclass(frozen=True, slots=True)
class Level:
    name: str
    policy: str
    """A key of ``spit.bots.policies.POLICIES``."""
    model: HumanModel
    blurb: str
    """What playing against it feels like, for the menu."""


_LEVELS: Final = (
    Level(
        "beginner",
        "naive",
        HumanModel(
            perception_ms=300,
            reaction_median_ms=1700,
            reaction_spread=0.35,
            reaction_min_ms=700,
            retarget_ms=700,
            slap_median_ms=1500,
            overlook=0.3,
            wrong_slap=0.3,
        ),
        "slow and often misses a play; a child can beat it",
    ),
    Level(
        "easy",
        "naive",
        HumanModel(
            perception_ms=250,
            reaction_median_ms=1100,
            reaction_spread=0.3,
            reaction_min_ms=450,
            retarget_ms=500,
            slap_median_ms=1000,
            overlook=0.15,
            wrong_slap=0.15,
        ),
        "relaxed pace, misses the odd play",
    ),
    Level(
        "normal",
        "strong",
        HumanModel(
            perception_ms=200,
            reaction_median_ms=700,
            reaction_spread=0.3,
            reaction_min_ms=300,
            retarget_ms=350,
            slap_median_ms=650,
            overlook=0.05,
            wrong_slap=0.05,
        ),
        "a steady adult player who knows the tactics",
    ),
    Level(
        "hard",
        "strong",
        HumanModel(
            perception_ms=150,
            reaction_median_ms=450,
            reaction_spread=0.25,
            reaction_min_ms=220,
            retarget_ms=250,
            slap_median_ms=400,
            overlook=0.02,
            wrong_slap=0.02,
        ),
        "quick and sharp: you need fast hands",
    ),
    Level(
        "expert",
        "strong",
        HumanModel(
            perception_ms=120,
            reaction_median_ms=240,
            reaction_spread=0.2,
            reaction_min_ms=150,
            retarget_ms=180,
            slap_median_ms=250,
            overlook=0.0,
            wrong_slap=0.0,
        ),
        "lightning reflexes, never misses a play",
    ),
)

LEVEL_TABLE: Final[dict[str, Level]] = {level.name: level for level in _LEVELS}

LEVELS: Final[tuple[str, ...]] = tuple(LEVEL_TABLE)
"""The level names, weakest first (the order menus show them in):
``("beginner", "easy", "normal", "hard", "expert")``."""


def get_level(name: str) -> Level:
    """The level called ``name``; ``ValueError`` names the valid ones otherwise."""
    try:
        return LEVEL_TABLE[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown bot level {name!r}: choose from {', '.join(LEVELS)}") from None


def make_bot(level: str, player: int, seed: int, *, policy: str | None = None) -> BotAgent:
    """A bot of level ``level`` for seat ``player`` (0 or 1), seeded with ``seed``.

    ``policy`` swaps in another policy at the same speed (how the simulator compares
    policies at identical timing). Raises ``ValueError`` for an unknown level or policy.
    """
    chosen = get_level(level)
    policy_name = chosen.policy if policy is None else policy
    if policy_name not in POLICIES:
        raise ValueError(f"unknown bot policy {policy_name!r}: choose from {', '.join(POLICIES)}")
    return BotAgent(player, POLICIES[policy_name], chosen.model, seed, level=chosen.name)


def bot_description(level: str) -> str:
    """One line for menus, e.g. ``"normal: a steady adult player ... (~0.9 s a card)"``."""
    chosen = get_level(level)
    seconds = chosen.model.typical_play_ms / 1000
    return f"{chosen.name}: {chosen.blurb} (~{seconds:.1f} s a card)"
