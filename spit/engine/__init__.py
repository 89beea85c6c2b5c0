"""The rules of Spit as a pure, deterministic library.

No clock, no randomness, no I/O and no user interface: a state goes in, a state and
its events (or a rejection) come out. The timers that run a game in real time are
``spit.engine.timers``, pure too, with the time as an argument.

    >>> from spit.engine import Dealer, new_game, legal_actions, apply
    >>> state = new_game(Dealer(7).first_deal())
    >>> [str(a) for a in legal_actions(state, 0)]
    ['spit']
"""

from typing import TYPE_CHECKING, Any

from spit.core.cards import DECK, Card, Pile, card_name, is_red, parse_card, rank, suit
from spit.core.dealer import MAX_SEED, Dealer
from spit.core.outcome import Applied, Rejected
from spit.engine.actions import Action, Move, Play, Slap, Spit, action_key, parse_action
from spit.engine.cards import ADJACENT
from spit.engine.deal import Orders, lay_out
from spit.engine.events import (
    CardMoved,
    CardPlayed,
    CardSpat,
    EndReason,
    Event,
    GameOver,
    PlayStarted,
    RoundDealt,
    RoundEnded,
    RoundResolved,
    Slapped,
    Stalled,
)
from spit.engine.rules import (
    GameEnd,
    Outcome,
    Reason,
    apply,
    can_act,
    deal_round,
    game_end,
    legal_actions,
    new_game,
    stall_spits,
)
from spit.engine.state import PLAYERS, Phase, State, Stockpiles, Variant
from spit.engine.views import PlayerView, StockView, observe

if TYPE_CHECKING:
    from spit.engine.serialize import dumps, from_json, loads, state_hash, to_json
else:

    def __getattr__(name: str) -> Any:
        """The JSON form and the state hash, imported when first asked for: they need
        ``json`` and ``hashlib`` (OpenSSL), which a game on the screen never uses, and
        the first frame of ``spit-tui play`` waits for every import (docs/performance.md)."""
        if name in _SERIALIZE:
            from spit.engine import serialize

            return getattr(serialize, name)
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


_SERIALIZE = frozenset({"dumps", "from_json", "loads", "state_hash", "to_json"})

ENGINE_VERSION = "1.0"
"""Bumped when the rules' behaviour changes; replays record it."""

__all__ = [
    "ADJACENT",
    "DECK",
    "ENGINE_VERSION",
    "MAX_SEED",
    "PLAYERS",
    "Action",
    "Applied",
    "Card",
    "CardMoved",
    "CardPlayed",
    "CardSpat",
    "Dealer",
    "EndReason",
    "Event",
    "GameEnd",
    "GameOver",
    "Move",
    "Orders",
    "Outcome",
    "Phase",
    "Pile",
    "Play",
    "PlayStarted",
    "PlayerView",
    "Reason",
    "Rejected",
    "RoundDealt",
    "RoundEnded",
    "RoundResolved",
    "Slap",
    "Slapped",
    "Spit",
    "Stalled",
    "State",
    "StockView",
    "Stockpiles",
    "Variant",
    "action_key",
    "apply",
    "can_act",
    "card_name",
    "deal_round",
    "dumps",
    "from_json",
    "game_end",
    "is_red",
    "lay_out",
    "legal_actions",
    "loads",
    "new_game",
    "observe",
    "parse_action",
    "parse_card",
    "rank",
    "stall_spits",
    "state_hash",
    "suit",
    "to_json",
]
