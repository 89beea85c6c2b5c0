"""Cards as small integers, for every game.

A card is an ``int`` from 0 to 51, the way python-chess represents squares: cheap to
copy, hash and compare, which matters because the engine copies piles on every
action. ``card // 4`` is the rank index (0 = two ... 12 = ace) and ``card % 4`` the
suit. Suits matter in Spades and never in Spit (its rule R01).
"""

from __future__ import annotations

from typing import Final, TypeAlias

Card = int
"""A card, 0..51: ``rank_index * 4 + suit``."""

RANK_SYMBOLS: Final = "23456789TJQKA"
"""Rank symbols indexed by rank index: the two is lowest, the ace highest."""

SUIT_SYMBOLS: Final = "CDHS"
"""Clubs, diamonds, hearts, spades."""

SUIT_GLYPHS: Final = "♣♦♥♠"

RED_SUITS: Final = frozenset({1, 2})

DECK: Final[tuple[Card, ...]] = tuple(range(52))
"""The 52 cards in a fixed order (two of clubs first, ace of spades last)."""


def rank(card: Card) -> int:
    """The rank index of ``card``: 0 for a two up to 12 for an ace."""
    return card >> 2


def suit(card: Card) -> int:
    """The suit index of ``card`` (see ``SUIT_SYMBOLS``)."""
    return card & 3


def is_red(card: Card) -> bool:
    """Diamonds and hearts are drawn red."""
    return (card & 3) in RED_SUITS


def card_name(card: Card) -> str:
    """Two-letter notation, rank then suit: ``"TD"`` is the ten of diamonds."""
    return RANK_SYMBOLS[card >> 2] + SUIT_SYMBOLS[card & 3]


def parse_card(text: str) -> Card:
    """Read two-letter notation (case-insensitive, ``10`` accepted for ``T``).

    Raises ``ValueError`` with a readable message for anything else.
    """
    t = text.strip().upper()
    if t.startswith("10"):
        t = "T" + t[2:]
    if len(t) != 2 or t[0] not in RANK_SYMBOLS or t[1] not in SUIT_SYMBOLS:
        raise ValueError(f"not a card: {text!r} (expected rank 2-9/T/J/Q/K/A and suit C/D/H/S)")
    return RANK_SYMBOLS.index(t[0]) * 4 + SUIT_SYMBOLS.index(t[1])


Pile: TypeAlias = tuple[Card, ...]
"""Cards in a stack or a hand, bottom (or first) card first."""
