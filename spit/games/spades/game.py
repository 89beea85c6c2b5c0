"""Spades as the game interface (``spit.game.Game``) has it, and the session that plays it.

The rules are ``spit.games.spades.engine``. ``Game`` adds what is Spades' own beside
them: what a key means when it arrives (``spit.games.spades.intents``), what each seat
and a spectator may know, the text of its inputs and deals (``CODEC``). Spades is
played in turns, so its stage has no timers: between hands it waits for the next deal,
which a session makes at once when only bots play, and otherwise when a player who has
seen the score asks for it (``NextHand``, or Enter).

``new_session`` starts a game in the session written once for every game
(``spit.play.session.Session``); ``Session`` is that session's type with Spades' types
filled in.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Final, TypeAlias

from msgspec import Struct

from spit.core.cards import Card
from spit.core.clock import Clock
from spit.core.dealer import Dealer
from spit.core.outcome import Applied, Rejected
from spit.core.replay.fields import card_names, cards_of
from spit.core.seats import SEATS, Seat
from spit.game import FunctionCodec, GameInfo, NextDeal, Outcome, Timed, TimedEvent, Turns
from spit.games.spades.engine import (
    TRICKS_PER_HAND,
    Action,
    Bid,
    DeclareBlindNil,
    DeclineBlindNil,
    Discard,
    Event,
    Exchange,
    HandOrders,
    HandStarted,
    Keep,
    Phase,
    PlayCard,
    PlayerView,
    Reason,
    State,
    apply,
    legal_actions,
    new_game,
    next_hand,
    observe,
    parse_action,
    redact,
    shuffled_hand,
    state_hash,
    to_move,
)
from spit.games.spades.identity import INFO
from spit.games.spades.intents import (
    Confirm,
    Intent,
    Key,
    NextHand,
    Refusal,
    intent_text,
    parse_intent,
)
from spit.games.spades.keys import card_of
from spit.play import events, session
from spit.play.deals import Deals, seeded_or_given
from spit.play.events import SessionEvent, Step

PLAYING: Final = Turns()
BETWEEN_HANDS: Final = Turns(dealing=True)
OVER: Final = Turns(over=True)

Refused: TypeAlias = Reason | Refusal
"""Why Spades refuses an input (the rules' ``Reason``) or an intent (``Refusal``)."""
SpadesTimed: TypeAlias = Timed[State, Turns, Event]


def _stage(state: State) -> Turns:
    phase = state.phase
    if phase is Phase.GAME_OVER:
        return OVER
    return BETWEEN_HANDS if phase is Phase.HAND_OVER else PLAYING


def _deal_fields(chance: HandOrders) -> dict[str, str]:
    return {"stock": card_names(chance.stock), "exchange": card_names(chance.exchange_order)}


def _read_deal(fields: Mapping[str, object]) -> HandOrders:
    """Raises ``ValueError`` (``FormatError``) unless ``stock`` and ``exchange`` are
    cards (whether each holds the deck is the rules' to say, when it is dealt)."""
    return HandOrders(cards_of(dict(fields), "stock"), cards_of(dict(fields), "exchange"))


CODEC: Final = FunctionCodec(intent_text, parse_intent, str, parse_action, _deal_fields, _read_deal)
"""The text of Spades' inputs and deals (``spit.game.Codec``): intents as the network
protocol writes them (``key b``, ``enter at AS``, ``next``, or an action), actions as
the replays do (``bid 4``, ``play AS``), a hand's deal as its ``stock`` and
``exchange`` orders of card names."""


class Game(Struct, frozen=True):
    """Spades played to ``target`` points, ``first`` drawing first in the first hand
    (S03, SD04). See ``spit.game.Game``."""

    target: int = 500
    first: int = 0

    @property
    def info(self) -> GameInfo:
        return INFO

    @property
    def codec(self) -> FunctionCodec[Intent, Action, HandOrders]:
        return CODEC

    # -- chance: two shuffles of the deck a hand (SD06)

    def draw_first(self, dealer: Dealer) -> HandOrders:
        return shuffled_hand(dealer)

    def draw_next(self, state: State, dealer: Dealer) -> HandOrders:
        return shuffled_hand(dealer)

    def start(self, chance: HandOrders) -> SpadesTimed:
        state = new_game(*chance, target=self.target, first=self.first)
        return Timed(state, PLAYING, (HandStarted(1, self.first),))

    def deal(self, state: State, stage: Turns, t: int, chance: HandOrders) -> SpadesTimed:
        applied = next_hand(state, *chance)
        return Timed(applied.state, PLAYING, applied.events)

    # -- inputs

    def resolve(
        self, state: State, stage: Turns, seat: Seat, intent: Intent
    ) -> Action | Refused | NextDeal:
        """What ``intent`` means now: an action means itself (between hands, nothing:
        a replay goes from a hand's end to the next hand's deal); ``NextHand``, or Enter
        between hands, the next deal; a key what it does in the phase, on the player's
        turn only."""
        phase = state.phase
        between = phase is Phase.HAND_OVER
        if isinstance(intent, NextHand) or (isinstance(intent, Confirm) and between):
            return NextDeal() if between else Refusal.NO_MEANING
        if not isinstance(intent, Key | Confirm):
            return Refusal.NO_MEANING if between else intent
        if to_move(state) != seat:
            return Refusal.NOT_YOUR_TURN
        if isinstance(intent, Confirm):
            return _confirmed(phase, intent)
        letter = intent.letter
        if phase is Phase.BLIND and letter in ("b", "n"):
            return DeclareBlindNil() if letter == "b" else DeclineBlindNil()
        if phase is Phase.DRAW and letter in ("k", "d"):
            return Keep() if letter == "k" else Discard()
        if phase is Phase.PLAY:
            card = card_of(observe(state, seat), letter)
            if card is not None:
                return PlayCard(card)
        return Refusal.NO_MEANING

    def legal_actions(self, state: State, stage: Turns, seat: Seat) -> list[Action]:
        return legal_actions(state, seat)

    def apply(
        self, state: State, stage: Turns, t: int, seat: Seat, action: Action
    ) -> SpadesTimed | Rejected[Refused]:
        outcome = apply(state, seat, action)
        if not isinstance(outcome, Applied):
            return outcome
        after = outcome.state
        stage = _stage(after)
        return Timed(after, stage, outcome.events, round_over=stage is not PLAYING)

    def lost_race(self, stage: Turns, t: int, seat: Seat, action: Action, reason: Refused) -> bool:
        return False  # turns leave nothing to race for

    def run_timers(self, state: State, stage: Turns, t: int, horizon: int) -> SpadesTimed:
        return Timed(state, stage, ())  # never due

    # -- what each seat may know (SD14)

    def observe(self, state: State, seat: Seat | None) -> PlayerView:
        """``seat``'s view; a spectator's is player 1's without what only player 1
        knows (the hand, its face-down and drawn-back cards, the top card it draws)."""
        if seat is not None:
            return observe(state, seat)
        seen = observe(state, SEATS[0])
        return seen._replace(hand=(), top_card=None, discards=(), received=())

    def tell(self, event: Event, seat: Seat | None) -> Event:
        return redact(event, seat)

    def tell_action(self, action: Action, by: Seat, seat: Seat | None) -> Action | None:
        """An exchange names the cards given away: only their owner is told it."""
        return None if isinstance(action, Exchange) and by != seat else action

    # -- the end, and the hash

    def outcome(self, state: State) -> Outcome | None:
        if state.phase is not Phase.GAME_OVER or state.winner is None:
            return None
        return Outcome((SEATS[state.winner],), state.scores, "points")

    def state_hash(self, state: State) -> str:
        return state_hash(state)


def _confirmed(phase: Phase, confirm: Confirm) -> Action | Refusal:
    """What Enter means in ``phase`` (not between hands: that is the next deal)."""
    if phase is Phase.PLAY and confirm.card is not None:
        return PlayCard(confirm.card)
    if phase is Phase.EXCHANGE:
        return Exchange(tuple(confirm.chosen))
    if phase is Phase.BID:
        if not confirm.bid:
            return Refusal.NO_BID
        if not confirm.bid.isdigit() or int(confirm.bid) > TRICKS_PER_HAND:
            return Refusal.BID_TOO_HIGH
        return Bid(int(confirm.bid))
    return Refusal.NO_MEANING


def picked(state: State, seat: Seat, intent: Intent) -> Card | None:
    """The card a letter key picks for a blind-nil exchange, when it is ``seat``'s to
    make: what the front end keeps until Enter sends the cards chosen (``Confirm``).
    Nothing changes in the game, so nothing reaches a session."""
    if not isinstance(intent, Key) or state.phase is not Phase.EXCHANGE:
        return None
    if to_move(state) != seat:
        return None
    return card_of(observe(state, seat), intent.letter)


def card_played(state: State) -> bool:
    """Whether a card was played in the game: a game without one leaves no replay."""
    return state.hand > 1 or bool(state.tricks) or bool(state.trick)


Session: TypeAlias = session.Session[
    State, Turns, Action, Intent, HandOrders, Event, Refused, PlayerView
]
"""A game of Spades."""
Told: TypeAlias = SessionEvent[Event, Action, Refused]
"""What a Spades session tells: the engine's events, each input handled, a pause."""
Recorder: TypeAlias = session.Recorder[State, Action, HandOrders, Refused]
"""What records a game of Spades (its replay writer)."""
Agent: TypeAlias = session.Agent[State, Action, Told]


def steps(told: Iterable[TimedEvent[Told]]) -> list[Step[Action, Event, Refused]]:
    """``told`` one accepted input or one hand dealt at a time (``spit.play.events.steps``)."""
    return events.steps(told, lambda event: isinstance(event, HandStarted))


def new_session(
    *,
    seed: int | None = None,
    deals: Deals[State, HandOrders] | None = None,
    target: int = 500,
    first: int = 0,
    agents: Sequence[Agent] = (),
    recorders: Sequence[Recorder] = (),
    clock: Clock | None = None,
    auto_deal: bool | None = None,
    max_hands: int | None = None,
    collect_events: bool = True,
) -> Session:
    """A game of Spades dealt from ``seed`` or from ``deals`` (a replay's, pushed as
    read). ``agents``: the bots (``spit.games.spades.bots.agent.BotAgent``); the other seats
    send intents. ``auto_deal``: deal each next hand as soon as the last is scored
    (default: when every seat is a bot). ``max_hands``: stop, unfinished, after that
    many hands (the rules set no limit, SD12)."""
    game = Game(target, first)
    return session.Session(
        game,
        seeded_or_given(game, seed, deals),
        agents=agents,
        recorders=recorders,
        clock=clock,
        collect_events=collect_events,
        auto_deal=len(agents) == len(SEATS) if auto_deal is None else auto_deal,
        max_rounds=max_hands,
    )
