"""Small statistics for simulation results."""

from __future__ import annotations

import math

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion.

    Used rather than the textbook ``p ± z·sqrt(p(1-p)/n)`` because it stays inside
    [0, 1] and keeps its coverage near 0% and 100%, where lopsided bot match-ups
    (expert against beginner) live. ``(0.0, 1.0)`` when there are no trials.
    """
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return max(0.0, centre - half), min(1.0, centre + half)
