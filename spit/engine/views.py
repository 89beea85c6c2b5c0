"""What one player may see of the table.

A player sees every face-up card (both rows' top cards, the spit piles) and how many
cards lie face down, but never a face-down card or the order of anyone's spit cards.
Bots decide from a view like this so that they cannot cheat by construction.
"""

from __future__ import annotations

from typing import NamedTuple

from spit.engine.cards import Card
from spit.engine.state import Phase, State, Variant


class StockView(NamedTuple):
    """One stockpile as seen from across the table."""

    face_up: Card | None
    face_down: int


class PlayerView(NamedTuple):
    """The table from ``player``'s chair; ``opponent`` is the other player."""

    player: int
    variant: Variant
    round: int
    phase: Phase
    own: tuple[StockView, ...]
    opponent: tuple[StockView, ...]
    own_spit_cards: int
    opponent_spit_cards: int
    pile_tops: tuple[Card, ...]
    """Top card of each spit pile; empty piles are left out only before the first spit."""
    pile_sizes: tuple[int, ...]
    must_spit: bool
    scores: tuple[int, int]
    winner: int | None


def _row(state: State, player: int) -> tuple[StockView, ...]:
    return tuple(
        StockView(pile[-1] if pile else None, max(len(pile) - 1, 0))
        for pile in state.stocks[player]
    )


def observe(state: State, player: int) -> PlayerView:
    """The part of ``state`` that ``player`` is allowed to know."""
    other = 1 - player
    return PlayerView(
        player=player,
        variant=state.variant,
        round=state.round,
        phase=state.phase,
        own=_row(state, player),
        opponent=_row(state, other),
        own_spit_cards=len(state.hands[player]),
        opponent_spit_cards=len(state.hands[other]),
        pile_tops=tuple(p[-1] for p in state.piles if p),
        pile_sizes=tuple(len(p) for p in state.piles),
        must_spit=state.must_spit[player],
        scores=state.scores,
        winner=state.winner,
    )
