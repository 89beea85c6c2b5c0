"""Spit's adjacency ring: which card may go on which (R02).

The cards themselves, shared with every game, are in ``spit.core.cards``.
"""

from __future__ import annotations

from typing import Final

from spit.core.cards import DECK, Card, rank


def _adjacent(a: Card, b: Card) -> bool:
    return (rank(a) - rank(b)) % 13 in (1, 12)


ADJACENT: Final[tuple[tuple[bool, ...], ...]] = tuple(
    tuple(_adjacent(a, b) for b in DECK) for a in DECK
)
"""``ADJACENT[a][b]``: may ``a`` be played on ``b``?

One rank up or down, and the ace touches both the king and the two (R02): the ranks
form a ring. Precomputed because the legality test runs millions of times in the
simulator.
"""
