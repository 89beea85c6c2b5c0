"""What the keys of a Spades hand mean: a letter per card, and the order cards lie in.

Below the screen because the session resolves a key press against the hand as it is
when the press is handled (``spit.games.spades.session.intents.Key``); the screen draws
the same letters under the cards, from the same function.
"""

from __future__ import annotations

from typing import Final

from spit.core.cards import Card
from spit.games.spades.engine import SPADES, PlayerView

HAND_KEYS: Final = "abcdefghijklm"
"""One key per card of a full hand, left to right."""
SUIT_ORDER: Final = (SPADES, 2, 0, 1)
"""Spades (trumps) first, then hearts, clubs, diamonds: the colours alternate."""


def display_order(hand: tuple[Card, ...]) -> tuple[Card, ...]:
    """The hand as it is laid out: by suit (``SUIT_ORDER``), low to high in each."""
    return tuple(sorted(hand, key=lambda c: (SUIT_ORDER.index(c & 3), c >> 2)))


def hand_letters(view: PlayerView) -> dict[Card, str]:
    """Each card in the hand and its key, kept for the whole play of the hand.

    Letters go left to right over the hand as it was when the play began, so a card's key
    never changes as the cards before it are played (letters given again after every play
    made a player typing ahead play the wrong card)."""
    held = list(view.hand)
    for trick in view.tricks:  # none before the play
        held.append(trick.lead if trick.leader == view.player else trick.follow)
    if view.trick and view.leader == view.player:
        held.append(view.trick[0])
    letters = dict(zip(display_order(tuple(held)), HAND_KEYS, strict=False))
    return {card: letters[card] for card in view.hand}


def card_of(view: PlayerView, letter: str) -> Card | None:
    """The card in the hand whose key is ``letter``, if any."""
    return next((c for c, k in hand_letters(view).items() if k == letter), None)
