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
_SPAN = 1 << 64
_GOLDEN = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB
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
        self._state = (self._state + _GOLDEN) & _MASK64
        z = self._state
        z = ((z ^ (z >> 30)) * _MIX1) & _MASK64
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``0..n-1`` (rejection sampling, so no modulo bias)."""
        limit = _SPAN - _SPAN % n
        while True:
            x = self._next()
            if x < limit:
                return x % n

    def shuffle(self, cards: Sequence[Card]) -> tuple[Card, ...]:
        """A new order of ``cards``; the input is not changed. ``below`` and ``_next`` are
        written out in the loop for the simulator: the same numbers (``docs/performance.md``)."""
        out = list(cards)
        state = self._state
        for i in range(len(out) - 1, 0, -1):
            n = i + 1
            limit = _SPAN - _SPAN % n
            while True:
                state = (state + _GOLDEN) & _MASK64
                z = ((state ^ (state >> 30)) * _MIX1) & _MASK64
                z = ((z ^ (z >> 27)) * _MIX2) & _MASK64
                x = z ^ (z >> 31)
                if x < limit:
                    break
            j = x % n
            out[i], out[j] = out[j], out[i]
        self._state = state
        return tuple(out)

    def first_deal(self) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        """Shuffle the deck and split it, 26 cards each (R03)."""
        deck = self.shuffle(DECK)
        return deck[:26], deck[26:]
