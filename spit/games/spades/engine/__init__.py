"""Two-player Spades as a pure, deterministic library, in the style of ``spit.engine``.

No clock, no randomness, no I/O: a state goes in, a state and its events (or a
rejection) come out. Cards are ``spit.core.cards`` ints; chance comes in as explicit
card orders, one pair per hand (``shuffled_hand`` makes them from a seeded ``Dealer``).
The rules are in ``docs/rules_sources/SPADES.md`` (S01-S16, SD01-SD14).

    >>> from spit.core.dealer import Dealer
    >>> from spit.games.spades.engine import apply, legal_actions, new_game, shuffled_hand
    >>> dealer = Dealer(7)
    >>> state = new_game(*shuffled_hand(dealer))
    >>> [str(a) for a in legal_actions(state, 0)], legal_actions(state, 1)
    (['blind', 'decline'], [])
"""

from spit.core.cards import Card, card_name, parse_card
from spit.core.outcome import Applied, Rejected
from spit.games.spades.engine import actions, events
from spit.games.spades.engine.actions import *  # noqa: F403
from spit.games.spades.engine.deal import HandOrders, shuffled_hand
from spit.games.spades.engine.events import *  # noqa: F403
from spit.games.spades.engine.rules import (
    MAX_EXCHANGE,
    Outcome,
    Reason,
    apply,
    legal_actions,
    new_game,
    next_hand,
    to_move,
)
from spit.games.spades.engine.scoring import PlayerScore, score_player
from spit.games.spades.engine.serialize import dumps, from_json, loads, state_hash, to_json
from spit.games.spades.engine.state import TRICKS_PER_HAND, HandResult, Phase, State, Trick
from spit.games.spades.engine.tricks import SPADES, beats, is_spade, playable, trick_winner
from spit.games.spades.engine.views import PlayerView, observe

ENGINE_VERSION = "1.0"
"""Bumped when the rules' behaviour changes; replays record it."""

__all__ = [
    "ENGINE_VERSION",
    "MAX_EXCHANGE",
    "SPADES",
    "TRICKS_PER_HAND",
    "Applied",
    "Card",
    "HandOrders",
    "HandResult",
    "Outcome",
    "Phase",
    "PlayerScore",
    "PlayerView",
    "Reason",
    "Rejected",
    "State",
    "Trick",
    "apply",
    "beats",
    "card_name",
    "dumps",
    "from_json",
    "is_spade",
    "legal_actions",
    "loads",
    "new_game",
    "next_hand",
    "observe",
    "parse_card",
    "playable",
    "score_player",
    "shuffled_hand",
    "state_hash",
    "to_json",
    "to_move",
    "trick_winner",
]
# The actions and the events are many, and the rules import most of them: each is
# named once, in its module's ``__all__``, and re-exported from there.
__all__ += actions.__all__
__all__ += events.__all__
