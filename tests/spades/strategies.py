"""Shared pieces for the property tests: the action space and the invariants."""

from __future__ import annotations

import random
from itertools import combinations

from hypothesis import strategies as st

from spit.core.cards import DECK
from spit.games.spades.engine import (
    SPADES,
    Action,
    Bid,
    DeclareBlindNil,
    DeclineBlindNil,
    Discard,
    Exchange,
    Keep,
    Phase,
    PlayCard,
    State,
    action_key,
    legal_actions,
    observe,
    to_move,
)

from .positions import full_deck

SIMPLE_ACTIONS: tuple[Action, ...] = (
    DeclareBlindNil(),
    DeclineBlindNil(),
    Keep(),
    Discard(),
    Exchange(),
    *(Bid(n) for n in range(-1, 16)),
    *(PlayCard(c) for c in range(-1, 53)),
)
"""Every action but the exchanges of one or more cards, plus some out-of-range values."""


def exchanges_near(state: State, player: int) -> list[Action]:
    """Exchanges worth trying: of the player's own cards, of others' cards, and too many."""
    own = state.hands[player][:5]
    other = state.hands[1 - player][:2]
    tried: list[Action] = [Exchange(c) for k in (1, 3, 4) for c in combinations(own, k)]
    tried.extend(Exchange((*own[:1], x)) for x in other)
    return tried


actions = st.one_of(
    st.sampled_from(SIMPLE_ACTIONS),
    st.lists(st.sampled_from(DECK), max_size=4).map(lambda cs: Exchange(tuple(cs))),
)


def check_invariants(state: State) -> None:
    """What must hold in every reachable state."""
    assert sorted(full_deck(state)) == list(DECK), "52 cards, each once"
    for p in (0, 1):
        assert list(state.hands[p]) == sorted(state.hands[p])
    assert state.scores == tuple(sum(r.points[p] for r in state.history) for p in (0, 1))
    assert state.bags == tuple(sum(r.bags[p] for r in state.history) for p in (0, 1))
    played = [c for t in state.tricks for c in (t.lead, t.follow)] + list(state.trick)
    assert state.broken == any(c & 3 == SPADES for c in played), "broken iff a spade was played"
    mover = to_move(state)
    for p in (0, 1):
        legal = legal_actions(state, p)
        if p != mover:
            assert legal == []
            continue
        keys = [action_key(a) for a in legal]
        assert keys == sorted(keys) and len(set(keys)) == len(keys)
        if state.phase is Phase.PLAY:
            check_play_legality(state, p, [a for a in legal if isinstance(a, PlayCard)])
    if state.phase is Phase.PLAY:
        in_hand = [len(state.hands[p]) for p in (0, 1)]
        assert sum(in_hand) == 26 - len(played)
    for p in (0, 1):
        check_hidden(state, p)


def check_play_legality(state: State, player: int, legal: list[PlayCard]) -> None:
    hand = state.hands[player]
    cards = [a.card for a in legal]
    if state.trick:
        suit = state.trick[0] & 3
        same = [c for c in hand if c & 3 == suit]
        assert cards == (same or list(hand)), "follow suit when possible, else anything"
    elif state.broken or all(c & 3 == SPADES for c in hand):
        assert cards == list(hand)
    else:
        assert cards == [c for c in hand if c & 3 != SPADES], "no spade lead before broken"


def check_hidden(state: State, player: int) -> None:
    """The view is the same when every card hidden from ``player`` is shuffled around."""
    other = 1 - player
    drawing = state.phase is Phase.DRAW and to_move(state) == player
    stock_hidden = state.stock[1:] if drawing else state.stock
    known = set(state.received[player])
    opp_discards = [c for c in state.discards[other] if c not in known]
    hidden = [*state.hands[other], *stock_hidden, *opp_discards]
    rng = random.Random(len(hidden) * 7919 + state.hand)
    rng.shuffle(hidden)
    it = iter(hidden)
    opp_hand = tuple(sorted(next(it) for _ in state.hands[other]))
    stock = (
        *state.stock[: len(state.stock) - len(stock_hidden)],
        *(next(it) for _ in stock_hidden),
    )
    scrambled_discards = iter(next(it) for _ in opp_discards)
    discards = tuple(c if c in known else next(scrambled_discards) for c in state.discards[other])
    hands = list(state.hands)
    hands[other] = opp_hand
    both = list(state.discards)
    both[other] = discards
    scrambled = state._replace(
        hands=(hands[0], hands[1]),
        stock=stock,
        discards=(both[0], both[1]),
        exchange_order=tuple(rng.sample(DECK, 52)),
    )
    assert observe(scrambled, player) == observe(state, player)
