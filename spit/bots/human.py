"""The human model: how fast a bot sees, decides and reaches, and how often it slips.

A bot's strength in Spit is mostly speed, and speed is where a bot can be unfair: a
program sees a change the instant it happens. The parameters here put a human's limits
on it. They are plain numbers so that the difficulty levels (``spit.bots.levels``)
can be compared side by side and documented in ``docs/bots.md``.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class HumanModel:
    """Timing and error parameters of one simulated player (all times in game ms)."""

    perception_ms: int
    """The bot sees the table as it was this long ago: a change is noticed only after
    this delay, and a decision is always made on that slightly stale table."""
    reaction_median_ms: int
    """Median time from deciding on a card to the card landing on the pile."""
    reaction_spread: float
    """Shape (sigma) of the lognormal reaction time: human reaction times are skewed,
    with a long tail of slow reactions, which a lognormal reproduces."""
    reaction_min_ms: int
    """Nobody is faster than this, however lucky the draw."""
    retarget_ms: int
    """Hesitation after noticing that the pile being aimed at changed (or a play was
    refused): the bot stops, then looks again."""
    slap_median_ms: int
    """Median time from noticing the round's end to the slap landing."""
    overlook: float
    """Chance that one look misses each possible play or move."""
    wrong_slap: float
    """Chance of slapping the other spit pile than the one the policy chose."""

    def __post_init__(self) -> None:
        times = (self.perception_ms, self.reaction_median_ms, self.reaction_min_ms)
        if min(*times, self.retarget_ms, self.slap_median_ms) < 1:
            raise ValueError("every time in a human model must be at least 1 ms")
        if not (0.0 <= self.overlook < 1.0 and 0.0 <= self.wrong_slap <= 1.0):
            raise ValueError("overlook must be in [0, 1) and wrong_slap in [0, 1]")

    def reaction(self, rng: random.Random) -> int:
        """A fresh reaction time for one play or move."""
        return _lognormal(self.reaction_median_ms, self.reaction_spread, self.reaction_min_ms, rng)

    def slap_reaction(self, rng: random.Random) -> int:
        """A fresh reaction time for a slap (same spread as plays)."""
        return _lognormal(self.slap_median_ms, self.reaction_spread, self.reaction_min_ms, rng)

    @property
    def typical_play_ms(self) -> int:
        """Median time from a change on the table to the bot's answering card landing
        (perception plus median reaction): the figure to compare with a human."""
        return self.perception_ms + self.reaction_median_ms


def _lognormal(median: int, spread: float, floor: int, rng: random.Random) -> int:
    """``median * e^(spread Z)``, which is lognormal with that median, and at least
    ``floor``. ``gauss()`` is the cheapest normal draw in ``random``; a bot draws
    hundreds of these per game."""
    ms = int(median * math.exp(spread * rng.gauss()))
    return ms if ms > floor else floor
