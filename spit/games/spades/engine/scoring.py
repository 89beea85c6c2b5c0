"""Scoring one player's hand (S12-S14): a pure function of bid, tricks and bags."""

from __future__ import annotations

from typing import NamedTuple

NIL_BONUS = 100
BLIND_NIL_BONUS = 200
POINTS_PER_TRICK = 10
BAGS_PER_PENALTY = 10
BAG_PENALTY = 100


class PlayerScore(NamedTuple):
    points: int
    """The hand's score with the bag penalty included."""
    bags: int
    """Bags taken this hand."""
    penalty: int
    """The bag penalty included in ``points``: 0, -100, ..."""


def score_player(bid: int, blind: bool, tricks: int, bags_before: int) -> PlayerScore:
    """Score a bid of ``bid`` tricks (0 is nil, blind nil if ``blind``) that took ``tricks``.

    ``bags_before`` is the player's bag count over the game so far: a penalty falls due
    each time the running count reaches another multiple of ten (S14, SD08). A nil bid
    scores only its bonus or penalty and never gives bags (SD07).
    """
    if bid == 0:
        bonus = BLIND_NIL_BONUS if blind else NIL_BONUS
        return PlayerScore(bonus if tricks == 0 else -bonus, 0, 0)
    if tricks < bid:
        return PlayerScore(-POINTS_PER_TRICK * bid, 0, 0)
    bags = tricks - bid
    due = (bags_before + bags) // BAGS_PER_PENALTY - bags_before // BAGS_PER_PENALTY
    penalty = -BAG_PENALTY * due
    return PlayerScore(POINTS_PER_TRICK * bid + bags + penalty, bags, penalty)
