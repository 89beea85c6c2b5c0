"""The seeded dealer that supplies card orders to every game.

Rules only ever receive explicit card orders (chance lives outside them, like
OpenSpiel's chance nodes). The dealer turns a seed into orders with the project's own
generator and Fisher-Yates shuffle, so a seed deals the same cards on every Python
version and platform, unlike ``random.shuffle``, whose algorithm is not promised.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from spit.core.cards import DECK, Card

_MASK64 = (1 << 64) - 1
MAX_SEED: Final = _MASK64
"""The largest seed: a ``Dealer`` uses a seed's low 64 bits, so larger ones would only
repeat smaller ones' deals; the command line and the replay format refuse them."""


class Dealer:
    """A seeded source of card orders: SplitMix64 feeding a Fisher-Yates shuffle.

    Each call continues the same stream, so one dealer deals a whole game: the first
    round with ``first_deal``, every later round with ``shuffle`` of each player's
    gathered cards.
    """

    def __init__(self, seed: int) -> None:
        self._state = seed & _MASK64

    def _next(self) -> int:
        self._state = (self._state + 0x9E3779B97F4A7C15) & _MASK64
        z = self._state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``0..n-1`` (rejection sampling, so no modulo bias)."""
        limit = (1 << 64) - (1 << 64) % n
        while True:
            x = self._next()
            if x < limit:
                return x % n

    def shuffle(self, cards: Sequence[Card]) -> tuple[Card, ...]:
        """A new order of ``cards``; the input is not changed."""
        out = list(cards)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return tuple(out)

    def first_deal(self) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        """Shuffle the deck and split it, 26 cards each (R03)."""
        deck = self.shuffle(DECK)
        return deck[:26], deck[26:]
