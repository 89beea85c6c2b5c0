"""Where the session's hands come from: a seeded dealer, or card orders given to it
(a replay's ``hand`` lines, as they are read)."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from typing import Protocol

from spit.core.dealer import Dealer
from spit.games.spades.engine import HandOrders, shuffled_hand


class HandSource(Protocol):
    def next(self) -> HandOrders:
        """The next hand's card orders; ``LookupError`` when there are no more."""
        ...


class SeededHands:
    """Every hand shuffled from one seeded ``Dealer``: a seed deals the whole game."""

    def __init__(self, seed: int) -> None:
        self._dealer = Dealer(seed)

    def next(self) -> HandOrders:
        return shuffled_hand(self._dealer)


class ScriptedHands:
    """Hands given in order, up front or one at a time with ``push``."""

    def __init__(self, orders: Iterable[HandOrders] = ()) -> None:
        self._queue = deque(orders)

    def push(self, orders: HandOrders) -> None:
        self._queue.append(orders)

    def next(self) -> HandOrders:
        if not self._queue:
            raise LookupError("no more hands")
        return self._queue.popleft()
