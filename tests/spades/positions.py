"""Build exact Spades positions from card notation, for tests.

A position names the cards a test cares about (``"AS KS 2H"``); every other card of the
deck goes onto the discard pile, half each, so the state holds all 52 cards exactly once
as a real game's does.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from spit.core.cards import DECK, Card, Pile, parse_card
from spit.games.spades.engine import (
    Action,
    Applied,
    DeclareBlindNil,
    DeclineBlindNil,
    Discard,
    HandResult,
    Keep,
    Phase,
    PlayCard,
    Reason,
    Rejected,
    State,
    Trick,
    apply,
    new_game,
)


def c(text: str) -> Card:
    """One card: ``c("AS")``."""
    return parse_card(text)


def cards(text: str) -> Pile:
    """``"AS 2H"`` -> the two cards in the order written; ``""`` -> ``()``."""
    return tuple(parse_card(t) for t in text.split())


def hand(text: str) -> Pile:
    return tuple(sorted(cards(text)))


def position(
    hand0: str,
    hand1: str,
    *,
    phase: Phase = Phase.PLAY,
    first: int = 0,
    turn: int | None = None,
    trick: str = "",
    tricks: Sequence[tuple[int, str, str]] = (),
    bids: tuple[int | None, int | None] = (3, 3),
    blind: tuple[bool, bool] = (False, False),
    broken: bool | None = None,
    scores: tuple[int, int] = (0, 0),
    bags: tuple[int, int] = (0, 0),
    target: int = 500,
    hand_number: int = 1,
) -> State:
    """A state with the given hands; ``turn`` defaults to the second player (``1 - first``).

    ``tricks`` are (leader, lead, follow). ``broken`` defaults to whether any spade has
    been played. Non-zero ``scores``/``bags`` come from one earlier hand in the history.
    """
    done = tuple(Trick(leader, parse_card(a), parse_card(b)) for leader, a, b in tricks)
    named = [*hand(hand0), *hand(hand1), *cards(trick)]
    named.extend(c for t in done for c in (t.lead, t.follow))
    assert len(set(named)) == len(named), "a card is named twice"
    rest = [c for c in DECK if c not in named]
    half = len(rest) // 2
    if broken is None:
        broken = any(c & 3 == 3 for c in [*cards(trick), *(x for t in done for x in t[1:])])
    history: tuple[HandResult, ...] = ()
    if scores != (0, 0) or bags != (0, 0):
        history = (HandResult(1, (1, 1), (False, False), (0, 0), bags, (0, 0), scores),)
    return State(
        target=target,
        hand=hand_number,
        phase=phase,
        first=first,
        turn=1 - first if turn is None else turn,
        stock=(),
        exchange_order=DECK,
        hands=(hand(hand0), hand(hand1)),
        discards=(tuple(rest[:half]), tuple(rest[half:])),
        received=((), ()),
        blind=blind,
        bids=bids,
        trick=cards(trick),
        tricks=done,
        broken=broken,
        scores=scores,
        bags=bags,
        history=history,
        winner=None,
    )


def ok(state: State, player: int, action: Action) -> Applied:
    outcome = apply(state, player, action)
    assert isinstance(outcome, Applied), outcome
    return outcome


def refused(state: State, player: int, action: Action, reason: Reason) -> None:
    before = tuple(state)
    outcome = apply(state, player, action)
    assert outcome == Rejected(reason), outcome
    assert tuple(state) == before


def run(state: State, moves: Iterable[tuple[int, Action]]) -> State:
    for player, action in moves:
        state = ok(state, player, action).state
    return state


def through_draw(
    stock: Sequence[Card] = DECK,
    *,
    blind: tuple[bool, bool] = (False, False),
    first: int = 0,
    exchange_order: Sequence[Card] = DECK,
    keep: bool = True,
) -> State:
    """A new game taken through the blind-nil choices and the whole draw, every turn
    keeping (or, with ``keep=False``, discarding) the top card."""
    state = new_game(stock, exchange_order, first=first)
    for p in (first, 1 - first):
        state = ok(state, p, DeclareBlindNil() if blind[p] else DeclineBlindNil()).state
    while state.phase is Phase.DRAW:
        state = ok(state, state.turn, Keep() if keep else Discard()).state
    return state


def before_last_trick(
    bids: tuple[int, int],
    won: tuple[int, int],
    *,
    blind: tuple[bool, bool] = (False, False),
    **settings: Any,
) -> State:
    """Twelve tricks played, ``won[p]`` of them by player ``p`` (player 2's first), each
    winner leading the next. Player 1 holds AH and player 2 holds 2H, so whoever leads,
    player 1 takes the last trick. Other keywords go to ``position``."""
    assert won[0] + won[1] == 12
    pairs = [(f"{a}{s}", f"{b}{s}") for s in "CD" for a, b in zip("2468TQ", "3579JK", strict=True)]
    winners = [1] * won[1] + [0] * won[0]
    leader, tricks = 0, []
    for (low, high), winner in zip(pairs, winners, strict=True):
        tricks.append((leader, high, low) if winner == leader else (leader, low, high))
        leader = winner
    return position(
        "AH", "2H", bids=bids, blind=blind, first=1, turn=leader, tricks=tricks, **settings
    )


def finish_hand(state: State) -> Applied:
    """Play the last trick of a ``before_last_trick`` position."""
    leader = state.turn
    state = ok(state, leader, PlayCard(state.hands[leader][0])).state
    return ok(state, 1 - leader, PlayCard(state.hands[1 - leader][0]))


def full_deck(state: State) -> list[Card]:
    """Every card of ``state`` wherever it lies: stock, hands, discard pile, tricks."""
    found = [*state.stock, *state.hands[0], *state.hands[1], *state.trick]
    found.extend(c for t in state.tricks for c in (t.lead, t.follow))
    found.extend(state.discard_pile())
    return found
