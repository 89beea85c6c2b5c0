"""Legal actions and their effects: the rules of two-player Spades as pure functions.

``apply`` never raises for a bad action and never mutates: it returns ``Applied`` (the
new state and its events) or ``Rejected`` (why not), and the old state stays valid
either way. Chance comes in from outside as explicit card orders, once per hand
(``new_game``, ``next_hand``). Rule numbers (S..) and decisions (SD..) refer to
``docs/rules_sources/SPADES.md``.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Sequence
from itertools import combinations
from typing import TypeVar

from spit.core.cards import DECK, Card, Pile
from spit.core.outcome import Applied, Refusal, Rejected
from spit.games.spades.engine.actions import (
    Action,
    Bid,
    DeclareBlindNil,
    DeclineBlindNil,
    Discard,
    Exchange,
    Keep,
    PlayCard,
)
from spit.games.spades.engine.events import (
    BidMade,
    BlindNilChosen,
    CardPlayed,
    CardsDrawn,
    DrawEnded,
    Event,
    Exchanged,
    GameOver,
    HandScored,
    HandStarted,
    SpadesBroken,
    TrickTaken,
)
from spit.games.spades.engine.scoring import score_player
from spit.games.spades.engine.state import TRICKS_PER_HAND, HandResult, Phase, State, Trick
from spit.games.spades.engine.tricks import is_spade, playable

MAX_EXCHANGE = 3
"""Cards a blind-nil bidder may swap (S07)."""

_NO_BIDS: tuple[int | None, int | None] = (None, None)
_EMPTY: tuple[Pile, Pile] = ((), ())
_BLIND_CHOICES: list[Action] = [DeclareBlindNil(), DeclineBlindNil()]
_DRAW_CHOICES: list[Action] = [Keep(), Discard()]
_BIDS: list[Action] = [Bid(n) for n in range(TRICKS_PER_HAND + 1)]
_T = TypeVar("_T")


class Reason(Refusal):
    """Why an action was rejected; the value is a message fit to show a player."""

    BAD_PLAYER = "there is no such player"
    NOT_YOUR_TURN = "it is the other player's turn"
    NOT_BLIND_TIME = "blind nil is only declared before the draw starts"
    NOT_DRAWING = "nobody is drawing now"
    NOT_EXCHANGING = "there is no blind-nil exchange now"
    NOT_BIDDING = "bids are not being taken now"
    NOT_PLAYING = "cards are not being played now"
    BAD_BID = "a bid is a number of tricks from 0 (nil) to 13"
    TOO_MANY = "a blind-nil exchange swaps at most three cards"
    NOT_HELD = "that card is not in your hand"
    MUST_FOLLOW = "you must follow the suit led"
    SPADES_NOT_BROKEN = "spades cannot be led until they are broken, unless you hold only spades"


_PHASE_OF: dict[type, tuple[Phase, Reason]] = {
    DeclareBlindNil: (Phase.BLIND, Reason.NOT_BLIND_TIME),
    DeclineBlindNil: (Phase.BLIND, Reason.NOT_BLIND_TIME),
    Keep: (Phase.DRAW, Reason.NOT_DRAWING),
    Discard: (Phase.DRAW, Reason.NOT_DRAWING),
    Exchange: (Phase.EXCHANGE, Reason.NOT_EXCHANGING),
    Bid: (Phase.BID, Reason.NOT_BIDDING),
    PlayCard: (Phase.PLAY, Reason.NOT_PLAYING),
}
"""The phase each kind of action belongs to, and the message when it comes at another time."""


Outcome = Applied[State, Event] | Rejected[Reason]
"""What ``apply`` returns."""


def new_game(
    stock: Sequence[Card],
    exchange_order: Sequence[Card],
    *,
    target: int = 500,
    first: int = 0,
) -> State:
    """The first hand, ready for the blind-nil choices (S03, SD01, SD04). ``stock`` is the
    shuffled deck, top card first; ``exchange_order``, a second shuffle, decides blind-nil
    exchange draws (SD06); ``deal.shuffled_hand`` makes both. ``ValueError`` unless both
    hold the 52 cards once, ``target`` is positive and ``first`` is 0 or 1."""
    if target < 1:
        raise ValueError("the target score must be positive")
    if first not in (0, 1):
        raise ValueError("the first player must be 0 or 1")
    return _hand(target, 1, first, stock, exchange_order, (0, 0), (0, 0), ())


def next_hand(
    state: State, stock: Sequence[Card], exchange_order: Sequence[Card]
) -> Applied[State, Event]:
    """Start the next hand from a fresh shuffle; the previous second player draws first (S15).

    Raises ``ValueError`` if the hand is not over or the orders are not shuffles of the deck.
    """
    if state.phase is not Phase.HAND_OVER:
        raise ValueError(f"cannot start a hand in phase {state.phase}")
    new = _hand(
        state.target,
        state.hand + 1,
        state.second,
        stock,
        exchange_order,
        state.scores,
        state.bags,
        state.history,
    )
    return Applied(new, (HandStarted(new.hand, new.first),))


def _hand(
    target: int,
    number: int,
    first: int,
    stock: Sequence[Card],
    exchange_order: Sequence[Card],
    scores: tuple[int, int],
    bags: tuple[int, int],
    history: tuple[HandResult, ...],
) -> State:
    for name, order in (("stock", stock), ("exchange", exchange_order)):
        if sorted(order) != list(DECK):
            raise ValueError(f"the {name} order must hold all 52 cards exactly once")
    return State(
        target=target,
        hand=number,
        phase=Phase.BLIND,
        first=first,
        turn=first,
        stock=tuple(stock),
        exchange_order=tuple(exchange_order),
        hands=_EMPTY,
        discards=_EMPTY,
        received=_EMPTY,
        blind=(False, False),
        bids=_NO_BIDS,
        trick=(),
        tricks=(),
        broken=False,
        scores=scores,
        bags=bags,
        history=history,
        winner=None,
    )


def to_move(state: State) -> int | None:
    """The player whose action the game waits for; ``None`` between hands and at the end."""
    if state.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
        return None
    return state.turn


def legal_actions(state: State, player: int) -> list[Action]:
    """Every action ``player`` may take now, sorted by ``action_key``; empty when it is
    not their turn (OpenSpiel's convention)."""
    if player != to_move(state):
        return []
    phase = state.phase
    if phase is Phase.PLAY:
        lead = state.trick[0] if state.trick else None
        return [PlayCard(c) for c in playable(state.hands[player], lead, state.broken)]
    if phase is Phase.DRAW:
        return list(_DRAW_CHOICES)
    if phase is Phase.BID:
        return list(_BIDS)
    if phase is Phase.BLIND:
        return list(_BLIND_CHOICES)
    hand = state.hands[player]  # the exchange: every set of up to three cards
    return [Exchange(c) for k in range(MAX_EXCHANGE + 1) for c in combinations(hand, k)]


def apply(state: State, player: int, action: Action) -> Outcome:
    """Apply ``action`` by ``player``: the new state and events, or why not."""
    if player not in (0, 1):
        return Rejected(Reason.BAD_PLAYER)
    phase, wrong_phase = _PHASE_OF[type(action)]
    if state.phase is not phase:
        return Rejected(wrong_phase)
    if state.turn != player:
        return Rejected(Reason.NOT_YOUR_TURN)
    match action:
        case PlayCard(card):
            return _play(state, player, card)
        case Keep() | Discard():
            return _draw(state, player, keep_first=isinstance(action, Keep))
        case Bid(tricks):
            return _bid(state, player, tricks)
        case Exchange(cards):
            return _exchange(state, player, cards)
        case DeclareBlindNil() | DeclineBlindNil():
            return _blind(state, player, declared=isinstance(action, DeclareBlindNil))


def _blind(state: State, player: int, declared: bool) -> Applied[State, Event]:
    """S07, SD04: the first drawer answers, then the second; then the draw begins."""
    new = state._replace(
        blind=_set(state.blind, player, declared),
        bids=_set(state.bids, player, 0) if declared else state.bids,
    )
    if player == state.first:
        new = new._replace(turn=state.second)
    else:
        new = new._replace(phase=Phase.DRAW, turn=state.first)
    return Applied(new, (BlindNilChosen(player, declared),))


def _draw(state: State, player: int, keep_first: bool) -> Applied[State, Event]:
    """S03, S04, SD02, SD03: two cards off the stock, one kept, one discarded."""
    top, under = state.stock[0], state.stock[1]
    kept, gone = (top, under) if keep_first else (under, top)
    hand = list(state.hands[player])
    insort(hand, kept)
    new = state._replace(
        stock=state.stock[2:],
        hands=_set(state.hands, player, tuple(hand)),
        discards=_set(state.discards, player, (*state.discards[player], gone)),
        turn=1 - player,
    )
    events: tuple[Event, ...] = (CardsDrawn(player, keep_first, kept, gone),)
    if new.stock:
        return Applied(new, events)
    events = (*events, DrawEnded())
    exchangers = [p for p in (state.second, state.first) if state.blind[p]]
    if exchangers:
        return Applied(new._replace(phase=Phase.EXCHANGE, turn=exchangers[0]), events)
    return _to_bidding(new, events)


def _exchange(state: State, player: int, cards: tuple[Card, ...]) -> Outcome:
    """S07, SD05, SD06: swap up to three cards for the first discards in exchange order."""
    if len(cards) > MAX_EXCHANGE:
        return Rejected(Reason.TOO_MANY)
    hand = state.hands[player]
    if len(set(cards)) != len(cards) or not set(cards) <= set(hand):
        return Rejected(Reason.NOT_HELD)
    pile = set(state.discard_pile())
    drawn = tuple(c for c in state.exchange_order if c in pile)[: len(cards)]
    new_hand = tuple(sorted([*(c for c in hand if c not in cards), *drawn]))
    new = state._replace(
        hands=_set(state.hands, player, new_hand),
        discards=_set(state.discards, player, (*state.discards[player], *cards)),
        received=_set(state.received, player, tuple(sorted(drawn))),
    )
    events: tuple[Event, ...] = (Exchanged(player, len(cards), cards, tuple(sorted(drawn))),)
    if player == state.second and state.blind[state.first]:
        return Applied(new._replace(turn=state.first), events)
    return _to_bidding(new, events)


def _to_bidding(state: State, events: tuple[Event, ...]) -> Applied[State, Event]:
    """Bids in order, the second player first, skipping blind-nil bidders (S05, SD11)."""
    waiting = [p for p in (state.second, state.first) if state.bids[p] is None]
    if waiting:
        return Applied(state._replace(phase=Phase.BID, turn=waiting[0]), events)
    return Applied(state._replace(phase=Phase.PLAY, turn=state.second), events)


def _bid(state: State, player: int, tricks: int) -> Outcome:
    if not 0 <= tricks <= TRICKS_PER_HAND:
        return Rejected(Reason.BAD_BID)
    new = state._replace(bids=_set(state.bids, player, tricks))
    return _to_bidding(new, (BidMade(player, tricks),))


def _play(state: State, player: int, card: Card) -> Outcome:
    """S08-S11, SD09, SD10."""
    hand = state.hands[player]
    if card not in hand:
        return Rejected(Reason.NOT_HELD)
    lead = state.trick[0] if state.trick else None
    if card not in playable(hand, lead, state.broken):
        return Rejected(Reason.SPADES_NOT_BROKEN if lead is None else Reason.MUST_FOLLOW)
    events: list[Event] = [CardPlayed(player, card)]
    broken = state.broken
    if not broken and is_spade(card):
        broken = True
        events.append(SpadesBroken(player))
    new = state._replace(
        hands=_set(state.hands, player, tuple(c for c in hand if c != card)),
        broken=broken,
    )
    if lead is None:
        return Applied(new._replace(trick=(card,), turn=1 - player), tuple(events))
    trick = Trick(1 - player, lead, card)
    new = new._replace(trick=(), tricks=(*state.tricks, trick), turn=trick.winner)
    events.append(TrickTaken(trick.winner, len(new.tricks)))
    if len(new.tricks) < TRICKS_PER_HAND:
        return Applied(new, tuple(events))
    return _score(new, tuple(events))


def _score(state: State, events: tuple[Event, ...]) -> Applied[State, Event]:
    """S12-S14, SD07, SD08, then the end of the game (S16, SD12)."""
    bids = (state.bids[0] or 0, state.bids[1] or 0)
    tricks = (state.tricks_won(0), state.tricks_won(1))
    s0, s1 = (score_player(bids[p], state.blind[p], tricks[p], state.bags[p]) for p in (0, 1))
    result = HandResult(
        hand=state.hand,
        bids=bids,
        blind=state.blind,
        tricks=tricks,
        bags=(s0.bags, s1.bags),
        penalties=(s0.penalty, s1.penalty),
        points=(s0.points, s1.points),
    )
    scores = (state.scores[0] + s0.points, state.scores[1] + s1.points)
    bags = (state.bags[0] + s0.bags, state.bags[1] + s1.bags)
    new = state._replace(
        phase=Phase.HAND_OVER, scores=scores, bags=bags, history=(*state.history, result)
    )
    events = (*events, HandScored(result, scores, bags))
    a, b = scores
    if max(a, b) < state.target or a == b:
        return Applied(new, events)
    winner = 0 if a > b else 1
    return Applied(new._replace(phase=Phase.GAME_OVER, winner=winner), (*events, GameOver(winner)))


def _set(pair: tuple[_T, _T], player: int, value: _T) -> tuple[_T, _T]:
    return (value, pair[1]) if player == 0 else (pair[0], value)
