"""What a player sends the Spades session: an intent, judged when it is handled.

A complete decision is the engine's own action (``Bid``, ``DeclareBlindNil``,
``PlayCard``, ``Exchange``...): a bot, a test or a network client sends those, and
the engine accepts or refuses them, both recorded. A front end's keys are sent as
they are pressed (``Key``, ``Confirm``) and the session decides what they mean from
the game as it is at that moment: ``b`` declares blind nil before the draw and plays
the card lettered ``b`` in the play; Enter plays the card under the cursor, gives away
the chosen cards, places the typed bid or deals the next hand. A key that means
nothing now (not the player's turn, a letter with no card) is refused and not
recorded, as a key the table ignores.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TypeAlias

from spit.core.cards import Card
from spit.core.value import value
from spit.games.spades.engine import Action


@value
class Key:
    """A letter key: an answer before the draw (``b`` blind nil, ``n`` not), in the draw
    (``k`` keep, ``d`` discard), or the card of that letter (``keys.hand_letters``) in
    the exchange (picked, see ``Handling.picked``) and in the play (played)."""

    letter: str


@value
class Confirm:
    """Enter, with what the front end has composed: the card under its cursor, the
    cards chosen for an exchange and the digits typed for a bid."""

    card: Card | None = None
    chosen: frozenset[Card] = frozenset()
    bid: str = ""


@value
class NextHand:
    """Deal the next hand, once the last one is scored (the player has seen it)."""


Intent: TypeAlias = Action | Key | Confirm | NextHand


class Refusal(StrEnum):
    """Why the session refused an intent before it reached the engine (not recorded);
    the value is a message fit to show a player."""

    PAUSED = "the game is paused"
    GAME_OVER = "the game is over"
    NOT_YOUR_TURN = "it is the other player's turn"
    NO_MEANING = "that key does nothing now"
    NO_BID = "type your bid first: 0 (nil) to 13 tricks"
    BID_TOO_HIGH = "a bid is 0 (nil) to 13 tricks"
