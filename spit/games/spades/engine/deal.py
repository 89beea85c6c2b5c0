"""The chance in a hand of Spades, drawn from the project's seeded dealer.

A hand needs two independent shuffles of the full deck (SD06, SD13): the stock, and
the exchange order that decides which discards a blind-nil exchange draws. Both come
from ``spit.core.dealer.Dealer``, so a seed gives the same game on every platform.
"""

from __future__ import annotations

from typing import NamedTuple

from spit.core.cards import DECK, Card
from spit.core.dealer import Dealer


class HandOrders(NamedTuple):
    """What ``new_game`` and ``next_hand`` take besides the state."""

    stock: tuple[Card, ...]
    exchange_order: tuple[Card, ...]


def shuffled_hand(dealer: Dealer) -> HandOrders:
    """The next hand's orders from ``dealer``'s stream: the stock, then the exchange order."""
    return HandOrders(dealer.shuffle(DECK), dealer.shuffle(DECK))
