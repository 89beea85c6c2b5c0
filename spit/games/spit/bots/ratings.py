"""Each bot level's fixed rating, on openskill's scale, for rating the human against it.

A bot never learns, so its rating is measured once rather than updated by the games
people play against it: ``benchmarks/bot_ratings.py`` plays the simulator's ladder and
rates every level together with openskill's Plackett-Luce model, the one
``spit.stats.rating`` rates people with; ``RATINGS`` is what it printed (the command
and the table are in ``docs/bots.md``; run it again after retuning a level).

The numbers are openskill's own (``mu``, ``sigma``; a new player starts at 25 and
8.33), shifted so that ``ANCHOR``, the everyday adult, sits at 25: a new player starts
as good as the everyday adult, and moves from there. ``DISPLAY_SCALE`` turns them into
the figures shown (25 is 1500).

A level not in the table (a ladder step past expert, named ``expert+N``) is rated from
its skill by extending the straight line fitted through the measured levels' ratings
over their skill (``rating_at_skill``): the measured ladder came out evenly spaced over
skill, and an extrapolated bot is given a wider ``sigma`` (``EXTRAPOLATED_SIGMA``), for
it was never measured.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Final

from spit.games.spit.bots.levels import LEVEL_TABLE, skill_of
from spit.games.spit.identity import BotLevel

ANCHOR: Final = BotLevel.NORMAL.value
"""The level put at openskill's starting mean (25)."""

DISPLAY_SCALE: Final = 60.0
"""Shown rating = ``mu`` × 60, uncertainty = ``sigma`` × 60: openskill's start, 25 ±
8.33, reads 1500 ± 500, the scale chess players know (one level of the ladder is
250 to 350 of it)."""

EXTRAPOLATED_SIGMA: Final = 2.0
"""The uncertainty of a rating extrapolated past the measured levels (120 shown):
twice a measured level's, as nothing measured it."""

RATINGS: Final[dict[str, tuple[float, float]]] = {
    # nice -n 10 python benchmarks/bot_ratings.py --games 400 --seed 1 --jobs 2
    "beginner": (2.485, 0.969),
    "novice": (6.608, 0.844),
    "easy": (10.813, 0.787),
    "casual": (16.631, 0.757),
    "steady": (20.645, 0.753),
    "normal": (25.000, 0.752),
    "skilled": (30.044, 0.754),
    "hard": (34.335, 0.784),
    "veteran": (39.154, 0.842),
    "expert": (44.255, 0.971),
}
"""Level name -> (mu, sigma), from ``benchmarks/bot_ratings.py``."""


def bot_rating(level: str) -> tuple[float, float] | None:
    """The fixed rating of the bot level called ``level``: measured (``RATINGS``), or
    extrapolated from its skill (``rating_at_skill``); ``None`` for a name that is no
    level (a replay may name anything)."""
    measured = RATINGS.get(level)
    if measured is not None:
        return measured
    skill = skill_of(level)
    return None if skill is None else (rating_at_skill(skill), EXTRAPOLATED_SIGMA)


def rating_at_skill(skill: float) -> float:
    """The ``mu`` of a bot of ``skill`` on the least-squares line through the measured
    levels' (skill, mu)."""
    points = [(LEVEL_TABLE[name].skill, mu) for name, (mu, _) in RATINGS.items()]
    mean_x = sum(x for x, _ in points) / len(points)
    mean_y = sum(y for _, y in points) / len(points)
    spread = sum((x - mean_x) ** 2 for x, _ in points)
    slope = sum((x - mean_x) * (y - mean_y) for x, y in points) / spread if spread else 0.0
    return mean_y + slope * (skill - mean_x)


class LadderRatings(Mapping[str, tuple[float, float]]):
    """``RATINGS``, and a ladder step's level past them when asked by name
    (``bot_rating``): the game's ``Bots.ratings``."""

    def __getitem__(self, level: str) -> tuple[float, float]:
        found = bot_rating(level)
        if found is None:
            raise KeyError(level)
        return found

    def __iter__(self) -> Iterator[str]:
        return iter(RATINGS)

    def __len__(self) -> int:
        return len(RATINGS)
