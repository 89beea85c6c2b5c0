"""What happened: the events ``apply`` returns alongside the new state.

Front ends draw from events and never re-derive rules: an event says which card went
where and what was turned up, so the table can animate it without looking at two
states and diffing them.

Events are frozen ``msgspec.Struct`` records: immutable values, cheap to define and to
build. They hold only numbers, enums and tuples of them, so none can be part of a
reference cycle, and ``gc=False`` tells the cycle collector not to track them: the
simulator and the replay viewer keep hundreds of thousands (docs/performance.md).
"""

from __future__ import annotations

from enum import StrEnum
from typing import TypeAlias

from msgspec import Struct

from spit.core.cards import Card


class CardPlayed(Struct, frozen=True, gc=False):
    """``card`` went from stockpile ``stock`` onto spit pile ``pile``; ``revealed`` was
    turned up beneath it (R07, R08)."""

    player: int
    stock: int
    pile: int
    card: Card
    revealed: Card | None


class CardMoved(Struct, frozen=True, gc=False):
    """``card`` went from stockpile ``stock`` into the empty space ``to`` (R09)."""

    player: int
    stock: int
    to: int
    card: Card
    revealed: Card


class CardSpat(Struct, frozen=True, gc=False):
    """``player`` turned up spit card ``card`` onto spit pile ``pile`` (R05, R13)."""

    player: int
    pile: int
    card: Card


class PlayStarted(Struct, frozen=True, gc=False):
    """Every pending spit is done: cards may be played."""


class Stalled(Struct, frozen=True, gc=False):
    """Nobody can act; the players in ``spitters`` must spit (R13, D01, D02)."""

    spitters: tuple[bool, bool]


class EndReason(StrEnum):
    STOCK_OUT = "stock_out"
    """``player`` played their last stockpile card (R14)."""
    NO_SPIT_CARDS = "no_spit_cards"
    """Stalled with no spit cards left anywhere (R14, D03, D10)."""


class RoundEnded(Struct, frozen=True, gc=False):
    """Play stopped; in a two-pile round the slap comes next (R14)."""

    reason: EndReason
    player: int | None


class Slapped(Struct, frozen=True, gc=False):
    """``player`` slapped ``pile`` first and takes it; the other player takes the
    other pile (R15, D08). ``sizes`` are both piles' sizes at the slap."""

    player: int
    pile: int
    sizes: tuple[int, int]


class RoundResolved(Struct, frozen=True, gc=False):
    """Cards are gathered: ``cards`` is each player's total for the next deal,
    ``left`` the cards each still held (what the points variant scores, D11)."""

    cards: tuple[int, int]
    left: tuple[int, int]
    scores: tuple[int, int]


class RoundDealt(Struct, frozen=True, gc=False):
    """Round ``round`` is laid out; ``spit_cards`` per player (0 means one pile, R17)."""

    round: int
    spit_cards: tuple[int, int]


class GameOver(Struct, frozen=True, gc=False):
    winner: int


Event: TypeAlias = (
    CardPlayed
    | CardMoved
    | CardSpat
    | PlayStarted
    | Stalled
    | RoundEnded
    | Slapped
    | RoundResolved
    | RoundDealt
    | GameOver
)
