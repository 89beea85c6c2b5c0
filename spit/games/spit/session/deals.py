"""Where each round's card orders come from.

The rules take card orders from outside (D19). Live games and the simulator draw them
from a seeded dealer; a replay feeds back the orders it recorded; a practice position
starts from hand-written orders and continues from a seed.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Protocol, Self

from spit.engine import Card, Dealer

Orders = tuple[tuple[Card, ...], tuple[Card, ...]]


class DealSource(Protocol):
    def first(self) -> Orders:
        """The first round's orders: the whole deck between the two players."""
        ...

    def next(self, collected: tuple[Sequence[Card], Sequence[Card]]) -> Orders:
        """Orders for the next round, each a shuffle of that player's ``collected``."""
        ...


class SeededDeals:
    """Deals from ``Dealer(seed)``: the same seed always deals the same game."""

    def __init__(self, seed: int) -> None:
        self._dealer = Dealer(seed)

    def first(self) -> Orders:
        return self._dealer.first_deal()

    def next(self, collected: tuple[Sequence[Card], Sequence[Card]]) -> Orders:
        return self._dealer.shuffle(collected[0]), self._dealer.shuffle(collected[1])


class ScriptedDeals:
    """Deals given in advance, then (if a seed is given) from a seeded dealer.

    A replay passes every recorded deal and no seed: running out of deals then means
    the recorded game ended there, and ``next`` raises ``LookupError``.

    A copy (``copy.deepcopy`` of a match, a viewer's snapshot) shares the given orders,
    which never change, instead of copying every card of every round.
    """

    def __init__(self, orders: Sequence[Orders], seed: int | None = None) -> None:
        if not orders:
            raise ValueError("at least the first deal is needed")
        self._orders = tuple(orders)
        self._index = 0
        self._fallback = None if seed is None else SeededDeals(seed)

    def __deepcopy__(self, memo: dict[int, object]) -> Self:
        twin = copy.copy(self)
        memo[id(self)] = twin
        twin._fallback = copy.deepcopy(self._fallback, memo)
        return twin

    def first(self) -> Orders:
        self._index = 1
        return self._orders[0]

    def next(self, collected: tuple[Sequence[Card], Sequence[Card]]) -> Orders:
        if self._index < len(self._orders):
            self._index += 1
            return self._orders[self._index - 1]
        if self._fallback is None:
            raise LookupError("no more recorded deals")
        return self._fallback.next(collected)
