"""What one player may know of the game (SD14).

A player knows their own cards, the cards they put face down, the top card of the stock
while they are drawing it, every bid and every card played; of the opponent's cards
only how many there are. Bots decide from this view, so they cannot cheat by
construction.
"""

from __future__ import annotations

from typing import NamedTuple

from spit.core.cards import Card, Pile
from spit.games.spades.engine.rules import to_move
from spit.games.spades.engine.state import HandResult, Phase, State, Trick


class PlayerView(NamedTuple):
    """The game from ``player``'s chair."""

    player: int
    target: int
    hand_number: int
    phase: Phase
    first: int
    """Who drew first this hand; the other player bids and leads first."""
    to_move: int | None
    hand: Pile
    """Own cards, sorted."""
    opponent_cards: int
    stock_size: int
    top_card: Card | None
    """The stock's top card, shown only to the player who is drawing it."""
    discards: Pile
    """Own face-down cards in the order put down (draw discards, then exchanged cards)."""
    opponent_discards: int
    received: Pile
    """Own cards drawn back in a blind-nil exchange."""
    opponent_received: int
    blind: tuple[bool, bool]
    bids: tuple[int | None, int | None]
    trick: Pile
    """The current trick: empty, or the card led."""
    leader: int
    """Who led or leads the current trick (meaningful in the play phase)."""
    tricks: tuple[Trick, ...]
    tricks_won: tuple[int, int]
    broken: bool
    scores: tuple[int, int]
    bags: tuple[int, int]
    history: tuple[HandResult, ...]
    winner: int | None


def observe(state: State, player: int) -> PlayerView:
    """The part of ``state`` that ``player`` is allowed to know."""
    other = 1 - player
    mover = to_move(state)
    drawing = state.phase is Phase.DRAW and mover == player
    return PlayerView(
        player=player,
        target=state.target,
        hand_number=state.hand,
        phase=state.phase,
        first=state.first,
        to_move=mover,
        hand=state.hands[player],
        opponent_cards=len(state.hands[other]),
        stock_size=len(state.stock),
        top_card=state.stock[0] if drawing else None,
        discards=state.discards[player],
        opponent_discards=len(state.discards[other]),
        received=state.received[player],
        opponent_received=len(state.received[other]),
        blind=state.blind,
        bids=state.bids,
        trick=state.trick,
        leader=state.leader,
        tricks=state.tricks,
        tricks_won=(state.tricks_won(0), state.tricks_won(1)),
        broken=state.broken,
        scores=state.scores,
        bags=state.bags,
        history=state.history,
        winner=state.winner,
    )
