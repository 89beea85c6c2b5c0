"""The human model: how fast a bot sees, decides and presses a key, and how often it slips.

A bot's strength in Spit is mostly speed, and speed is where a bot can be unfair: a
program sees a change the instant it happens. The parameters here put a human's limits
on it, in the stages of Card, Moran and Newell's Model Human Processor: a change is
*perceived*, a *decision* is taken, a *key* is pressed. ``docs/bots.md`` gives the
published figures each stage is calibrated on.

The slap is a decision of its own, taken by the human model rather than by a policy:
every player knows to slap the smaller pile (it is the one tactic of the slap), so what
sets players apart there is how fast they read and compare the two sizes and how often
they get it wrong, which is perception and slips, the human model's business.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, replace


@dataclass(frozen=True, slots=True)
class HumanModel:
    """Timing and error parameters of one simulated player (all times in game ms)."""

    perception_ms: int
    """The bot sees the table as it was this long ago: a change is noticed only after
    this delay, and a decision is always made on that slightly stale table."""
    choice_ms: int
    """Median time to decide which card to play (or which stockpile to turn up) once
    the table is seen: a choice among the cards in sight."""
    compare_ms: int
    """Median time to decide which pile to slap once the round's end is seen: a
    two-choice decision on two numbers read and compared."""
    keystroke_ms: int
    """Time to press the key once decided (the Keystroke-Level Model's K)."""
    reaction_spread: float
    """Shape (sigma) of the lognormal response time (decision plus keystroke): human
    response times are skewed, with a long tail of slow ones, which a lognormal
    reproduces."""
    reaction_min_ms: int
    """Nobody decides and presses faster than this, however lucky the draw."""
    retarget_ms: int
    """Hesitation after noticing that the pile being aimed at changed (or a play was
    refused): the bot stops, then looks again."""
    overlook: float
    """Chance that one look misses each possible play or move."""
    wrong_pile: float
    """Chance of slapping the larger pile when the piles differ by one card. Like every
    comparison of two numbers, it is harder the closer they are (the distance effect),
    so a difference of ``d`` cards gives ``wrong_pile / d``."""
    form_spread: float = 0.0
    """Shape (sigma) of the lognormal form of one game: a player has better and worse
    games, and ``in_form`` scales the decision and key times of a game by one draw."""

    def __post_init__(self) -> None:
        times = (self.perception_ms, self.choice_ms, self.compare_ms, self.keystroke_ms)
        if min(*times, self.reaction_min_ms, self.retarget_ms) < 1:
            raise ValueError("every time in a human model must be at least 1 ms")
        if not (0.0 <= self.overlook < 1.0 and 0.0 <= self.wrong_pile <= 1.0):
            raise ValueError("overlook must be in [0, 1) and wrong_pile in [0, 1]")
        if not 0.0 <= self.form_spread < 1.0:
            raise ValueError("form_spread must be in [0, 1)")

    def in_form(self, rng: random.Random) -> HumanModel:
        """This player on one game's form: decision, key and hesitation times scaled
        by a lognormal factor of median 1 (``form_spread``). Perception and the floor
        stay as they are: they are the body's limits, not the day's."""
        if not self.form_spread:
            return self
        form = math.exp(self.form_spread * rng.gauss())
        return replace(
            self,
            choice_ms=max(1, round(self.choice_ms * form)),
            compare_ms=max(1, round(self.compare_ms * form)),
            keystroke_ms=max(1, round(self.keystroke_ms * form)),
            retarget_ms=max(1, round(self.retarget_ms * form)),
            form_spread=0.0,
        )

    def reaction(self, rng: random.Random) -> int:
        """A fresh response time for one play or move: decision plus keystroke."""
        return self.reaction_draws(rng)[0]()

    def slap_reaction(self, rng: random.Random) -> int:
        """A fresh response time for a slap: comparison plus keystroke."""
        return self.reaction_draws(rng)[1]()

    def reaction_draws(self, rng: random.Random) -> tuple[Callable[[], int], Callable[[], int]]:
        """``reaction`` and ``slap_reaction`` bound to ``rng``: what a bot keeps for a
        game, so that each of its several hundred draws skips working out the median
        and looking up the model's fields (the same numbers, in the same order)."""
        play = _lognormal(self.choice_ms + self.keystroke_ms, self, rng)
        slap = _lognormal(self.compare_ms + self.keystroke_ms, self, rng)
        return play, slap

    def slap_pile(self, sizes: tuple[int, int], rng: random.Random) -> int:
        """The pile this player slaps: the smaller, unless the comparison goes wrong.
        Equal piles: the left one (either is as good)."""
        smaller = 0 if sizes[0] <= sizes[1] else 1
        distance = abs(sizes[0] - sizes[1])
        if distance and rng.random() * distance < self.wrong_pile:
            return 1 - smaller
        return smaller

    @property
    def typical_play_ms(self) -> int:
        """Median time from a change on the table to the bot's answering card landing."""
        return self.perception_ms + self.choice_ms + self.keystroke_ms

    @property
    def typical_slap_ms(self) -> int:
        """Median time from the last card landing to the slap landing."""
        return self.perception_ms + self.compare_ms + self.keystroke_ms


def _lognormal(median: int, model: HumanModel, rng: random.Random) -> Callable[[], int]:
    """Draws of ``median * e^(spread Z)`` (lognormal with that median), at least the model's
    floor. One draw covers decision and keystroke together (their medians are summed);
    ``gauss()`` is ``random``'s cheapest normal draw, and a bot makes hundreds a game."""
    spread, floor, gauss, exp = model.reaction_spread, model.reaction_min_ms, rng.gauss, math.exp

    def draw() -> int:
        ms = int(median * exp(spread * gauss()))
        return ms if ms > floor else floor

    return draw
