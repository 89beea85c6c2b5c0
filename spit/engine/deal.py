"""Laying out a Spit player's cards from an explicit order (R04, D07).

The seeded ``Dealer`` that supplies orders is shared by every game: ``spit.core.dealer``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeAlias

from spit.core.cards import Card, Pile
from spit.engine.state import Stockpiles

Orders: TypeAlias = tuple[tuple[Card, ...], tuple[Card, ...]]
"""One deal: each player's cards in the order ``lay_out`` deals them (the first round
from the whole deck, ``Dealer.first_deal``; later ones from each player's gathered
cards, shuffled)."""


def lay_out(order: Sequence[Card]) -> tuple[Stockpiles, Pile]:
    """Deal ``order`` into five stockpiles row by row, the rest as spit cards (R04, D07).

    Row ``r`` (0-based) puts one card on each of stockpiles ``r``..4, so a full layout
    is piles of 1, 2, 3, 4, 5 and the last card dealt to a pile is its face-up top.
    With fewer than 15 cards the rows stop early (R17): 10 cards give 1, 2, 3, 2, 2.
    """
    if len(order) >= 15:  # every deal but a short one: the places written out
        o = order
        return (
            (o[0],),
            (o[1], o[5]),
            (o[2], o[6], o[9]),
            (o[3], o[7], o[10], o[12]),
            (o[4], o[8], o[11], o[13], o[14]),
        ), tuple(o[15:])
    piles: list[list[Card]] = [[], [], [], [], []]
    i, n = 0, len(order)
    for row in range(5):
        for col in range(row, 5):
            if i == n:
                break
            piles[col].append(order[i])
            i += 1
    a, b, c, d, e = (tuple(p) for p in piles)
    return (a, b, c, d, e), tuple(order[i:])
