"""What happened: the events ``apply`` and ``next_hand`` return with the new state.

Events tell the whole truth, including cards only one player may see (what a drawer
kept, what an exchange swapped). A front end showing the table to one player passes
each event through ``redact`` first, which hides what that player must not know.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TypeAlias

from spit.core.cards import Card, Pile
from spit.games.spades.engine.state import HandResult

__all__ = [
    "BidMade",
    "BlindNilChosen",
    "CardPlayed",
    "CardsDrawn",
    "DrawEnded",
    "Event",
    "Exchanged",
    "GameOver",
    "HandScored",
    "HandStarted",
    "SpadesBroken",
    "TrickTaken",
    "redact",
]


@dataclass(frozen=True, slots=True)
class HandStarted:
    """Hand ``hand`` begins; ``first`` draws first (S03, S15)."""

    hand: int
    first: int


@dataclass(frozen=True, slots=True)
class BlindNilChosen:
    """``player`` did (``declared``) or did not bid blind nil (S07, SD04)."""

    player: int
    declared: bool


@dataclass(frozen=True, slots=True)
class CardsDrawn:
    """``player`` took two cards off the stock, kept one and discarded the other (S03).

    ``kept_first`` (whether the top card was the one kept) is public; the two cards are
    ``None`` in the opponent's copy (``redact``, SD02).
    """

    player: int
    kept_first: bool
    kept: Card | None
    discarded: Card | None


@dataclass(frozen=True, slots=True)
class DrawEnded:
    """The stock is used up: 13 cards each, 26 set aside (S04)."""


@dataclass(frozen=True, slots=True)
class Exchanged:
    """A blind-nil bidder swapped ``count`` cards: ``given`` for ``received`` (S07, SD05).

    The cards are ``None`` in the opponent's copy, who only sees how many.
    """

    player: int
    count: int
    given: Pile | None
    received: Pile | None


@dataclass(frozen=True, slots=True)
class BidMade:
    """``player`` bid ``tricks`` (0 is nil) (S05, S06)."""

    player: int
    tricks: int


@dataclass(frozen=True, slots=True)
class CardPlayed:
    player: int
    card: Card


@dataclass(frozen=True, slots=True)
class SpadesBroken:
    """The card just played was the hand's first spade (S11)."""

    player: int


@dataclass(frozen=True, slots=True)
class TrickTaken:
    """``player`` won trick ``number`` (1-13) and leads the next one (S10, SD09)."""

    player: int
    number: int


@dataclass(frozen=True, slots=True)
class HandScored:
    """The hand is over; ``scores`` and ``bags`` are the new game totals."""

    result: HandResult
    scores: tuple[int, int]
    bags: tuple[int, int]


@dataclass(frozen=True, slots=True)
class GameOver:
    winner: int


Event: TypeAlias = (
    HandStarted
    | BlindNilChosen
    | CardsDrawn
    | DrawEnded
    | Exchanged
    | BidMade
    | CardPlayed
    | SpadesBroken
    | TrickTaken
    | HandScored
    | GameOver
)


def redact(event: Event, viewer: int | None) -> Event:
    """``event`` as ``viewer`` may see it: the opponent's private cards become ``None``;
    for ``None`` (a spectator, who sits in neither seat) both players' do."""
    if isinstance(event, CardsDrawn) and event.player != viewer:
        return replace(event, kept=None, discarded=None)
    if isinstance(event, Exchanged) and event.player != viewer:
        return replace(event, given=None, received=None)
    return event
