"""A player of Spades over the network for the tests: a legal move from the seat's view.

It decides from the JSON view a client is sent and nothing else, as a remote screen
does, so a game it plays shows that the view holds all a player needs.
"""

from __future__ import annotations

import random
from typing import Any

from spit.core.cards import card_name
from spit.games.spades.engine import Phase, playable
from spit.games.spades.keys import hand_letters
from spit.games.spades.wire import read_event, read_view
from tests.games.cards_in import cards_in

BID = 6
"""Both bid six of the thirteen tricks: one of them makes it each hand, so a game to a
low target ends in a few hands."""


def spades_intent(view: dict[str, Any], rng: random.Random) -> str | None:
    """What the seat does now, in the intents' notation, or nothing if it has no move:
    its keys for the draw and the next hand, whole actions otherwise."""
    if not view["can_play"]:
        return None
    seen = read_view(view)
    match seen.phase:
        case Phase.HAND_OVER:
            return rng.choice(("next", "enter"))
        case Phase.BLIND:
            return rng.choice(("decline", "key n"))
        case Phase.DRAW:
            return rng.choice(("keep", "discard", "key k", "key d"))
        case Phase.EXCHANGE:
            return "exchange"
        case Phase.BID:
            return rng.choice((f"bid {BID}", f"enter bid {BID}"))
        case Phase.PLAY:
            cards = playable(seen.hand, seen.trick[0] if seen.trick else None, seen.broken)
            card = rng.choice(cards)
            return rng.choice((f"play {card_name(card)}", f"key {hand_letters(seen)[card]}"))
    return None


def frame_cards(message: dict[str, Any]) -> set[str]:
    """The names of the cards a view frame of Spades holds: its view's, its news'
    events', and a card picked for the exchange (``tests.net.loopback.Named``)."""
    cards = cards_in(read_view(message["view"]))
    for item in message.get("events", []):
        cards |= cards_in([read_event(event) for event in item.get("events", [])])
        if item.get("kind") == "picked":
            cards.add(item["card"])
    return {card_name(card) for card in cards}
