"""Trick-taking on single cards: which cards may be played and which card wins.

Kept apart from the state machine because the bot reasons about the same questions on
hypothetical hands. Cards are ``spit.core.cards`` ints (``rank * 4 + suit``), so
within one suit a higher int is a higher card and a trick is decided by comparing ints.
"""

from __future__ import annotations

from typing import Final

from spit.core.cards import SUIT_SYMBOLS, Card, Pile

SPADES: Final = SUIT_SYMBOLS.index("S")
"""The trump suit (S01)."""


def is_spade(card: Card) -> bool:
    return card & 3 == SPADES


def beats(card: Card, lead: Card) -> bool:
    """Whether ``card``, played second, wins the trick that ``lead`` opened (S10)."""
    if card & 3 == lead & 3:
        return card > lead
    return card & 3 == SPADES


def trick_winner(leader: int, lead: Card, follow: Card) -> int:
    """The player who takes the trick ``leader`` opened with ``lead`` (S10)."""
    return 1 - leader if beats(follow, lead) else leader


def playable(hand: Pile, lead: Card | None, broken: bool) -> Pile:
    """The cards of ``hand`` that may be played, in the hand's order.

    Leading (``lead`` is None): anything once spades are broken, otherwise anything
    but a spade unless the hand holds nothing else (S08). Following: a card of the
    suit led if there is one, otherwise anything (S09, SD10).
    """
    if lead is None:
        if broken:
            return hand
        return tuple(c for c in hand if c & 3 != SPADES) or hand
    suit = lead & 3
    return tuple(c for c in hand if c & 3 == suit) or hand
