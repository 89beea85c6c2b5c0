"""Spit's adjacency ring: which card may go on which (R02).

The cards themselves, shared with every game, are in ``spit.core.cards``.
"""

from __future__ import annotations

from typing import Final

from spit.core.cards import DECK, rank

_BY_RANK: Final = tuple(tuple((r - rank(b)) % 13 in (1, 12) for b in DECK) for r in range(13))
"""``_BY_RANK[r][b]``: may a card of rank ``r`` be played on ``b``? (Cards of one rank
share their row of ``ADJACENT``.)"""

ADJACENT: Final[tuple[tuple[bool, ...], ...]] = tuple(_BY_RANK[rank(a)] for a in DECK)
"""``ADJACENT[a][b]``: may ``a`` be played on ``b``?

One rank up or down, and the ace touches both the king and the two (R02): the ranks
form a ring. Precomputed because the legality test runs millions of times in the
simulator.
"""
