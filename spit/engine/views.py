"""What one player may see of the table.

A player sees every face-up card (both rows' top cards, the spit piles) and how many
cards lie face down, but never a face-down card or the order of anyone's spit cards.
Bots decide from a view like this so that they cannot cheat by construction.

A ``PlayerView`` is an untracked frozen record, like the events (``spit.engine.events``):
``observe`` makes one for most bot decisions. A ``StockView`` is a pair, a named tuple.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from msgspec import Struct

from spit.core.cards import DECK, Card, Pile
from spit.engine.state import Phase, State, Stockpiles, Variant


class StockView(NamedTuple):
    """One stockpile as seen from across the table."""

    face_up: Card | None
    face_down: int


class PlayerView(Struct, frozen=True, gc=False):
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


MOST_FACE_DOWN: Final = 4
"""A stockpile holds at most five cards: the deal makes piles of one to five (R04) and a
card moves only into an empty space (D04), so at most four lie face down."""

_STOCK_VIEWS: Final = tuple(
    tuple(StockView(card, down) for down in range(MOST_FACE_DOWN + 1)) for card in DECK
)
"""``_STOCK_VIEWS[card][face_down]``: every possible non-empty stockpile view, built once.
Views are immutable values, so sharing them is safe, and looking one up costs a fraction
of building it (ten per ``observe``)."""

_NO_STOCK: Final = StockView(None, 0)


def _row(stocks: Stockpiles) -> tuple[StockView, ...]:
    # Spelled out for the five spaces: a quarter faster than a comprehension.
    views = _STOCK_VIEWS
    a, b, c, d, e = stocks
    return (
        views[a[-1]][len(a) - 1] if a else _NO_STOCK,
        views[b[-1]][len(b) - 1] if b else _NO_STOCK,
        views[c[-1]][len(c) - 1] if c else _NO_STOCK,
        views[d[-1]][len(d) - 1] if d else _NO_STOCK,
        views[e[-1]][len(e) - 1] if e else _NO_STOCK,
    )


def _pile_tops(piles: tuple[Pile, ...]) -> tuple[Card, ...]:
    # Two piles with a card each is what bots see at almost every decision.
    if len(piles) == 2 and piles[0] and piles[1]:
        return (piles[0][-1], piles[1][-1])
    return tuple([p[-1] for p in piles if p])


def observe(state: State, player: int) -> PlayerView:
    """The part of ``state`` that ``player`` is allowed to know."""
    other = 1 - player
    stocks, hands, piles = state.stocks, state.hands, state.piles
    return PlayerView(
        player=player,
        variant=state.variant,
        round=state.round,
        phase=state.phase,
        own=_row(stocks[player]),
        opponent=_row(stocks[other]),
        own_spit_cards=len(hands[player]),
        opponent_spit_cards=len(hands[other]),
        pile_tops=_pile_tops(piles),
        pile_sizes=tuple(map(len, piles)),
        must_spit=state.must_spit[player],
        scores=state.scores,
        winner=state.winner,
    )
