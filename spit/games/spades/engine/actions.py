"""What a Spades player can do, as small immutable values with a text notation.

Actions carry only the player's choice. The notation (``keep``, ``bid 4``, ``play AS``,
``exchange 2C QS``) is what replays and tests write; ``parse_action`` reads it back.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from spit.core.cards import Card, card_name, parse_card

__all__ = [
    "Action",
    "Bid",
    "DeclareBlindNil",
    "DeclineBlindNil",
    "Discard",
    "Exchange",
    "Keep",
    "PlayCard",
    "action_key",
    "parse_action",
]


@dataclass(frozen=True, slots=True)
class DeclareBlindNil:
    """Bid blind nil before seeing a card (S07, SD04)."""

    def __str__(self) -> str:
        return "blind"


@dataclass(frozen=True, slots=True)
class DeclineBlindNil:
    """Do not bid blind nil; draw and bid normally (SD04)."""

    def __str__(self) -> str:
        return "decline"


@dataclass(frozen=True, slots=True)
class Keep:
    """Keep the top card of the stock; the next one is discarded unseen by the opponent (S03)."""

    def __str__(self) -> str:
        return "keep"


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard the top card of the stock and keep the next one, whatever it is (S03)."""

    def __str__(self) -> str:
        return "discard"


@dataclass(frozen=True, slots=True)
class Exchange:
    """A blind-nil bidder swaps ``cards`` (0-3 of them) for random discards (S07, SD05).

    The cards are kept sorted, so an exchange is a set: ``Exchange((5, 1))`` equals
    ``Exchange((1, 5))`` and both print the same.
    """

    cards: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(sorted(self.cards)))

    def __str__(self) -> str:
        return " ".join(["exchange", *(card_name(c) for c in self.cards)])


@dataclass(frozen=True, slots=True)
class Bid:
    """Bid ``tricks`` tricks, 0 (nil) to 13 (S05, S06)."""

    tricks: int

    def __str__(self) -> str:
        return f"bid {self.tricks}"


@dataclass(frozen=True, slots=True)
class PlayCard:
    """Play ``card`` to the current trick (S08, S09)."""

    card: Card

    def __str__(self) -> str:
        return f"play {card_name(self.card)}"


Action: TypeAlias = DeclareBlindNil | DeclineBlindNil | Keep | Discard | Exchange | Bid | PlayCard


def action_key(action: Action) -> tuple[int, ...]:
    """A total order on actions: by kind in the order of a hand, then by their values."""
    match action:
        case DeclareBlindNil():
            return (0,)
        case DeclineBlindNil():
            return (1,)
        case Keep():
            return (2,)
        case Discard():
            return (3,)
        case Exchange(cards):
            return (4, len(cards), *cards)
        case Bid(tricks):
            return (5, tricks)
        case PlayCard(card):
            return (6, card)


def parse_action(text: str) -> Action:
    """Read the text notation. Raises ``ValueError`` with a readable message."""
    parts = text.split()
    try:
        match parts:
            case ["blind"]:
                return DeclareBlindNil()
            case ["decline"]:
                return DeclineBlindNil()
            case ["keep"]:
                return Keep()
            case ["discard"]:
                return Discard()
            case ["exchange", *names] if len(names) <= 3:
                return Exchange(tuple(parse_card(n) for n in names))
            case ["bid", n] if n.isdigit() and len(n) <= 2:
                return Bid(int(n))
            case ["play", name]:
                return PlayCard(parse_card(name))
    except ValueError as err:
        raise ValueError(f"bad action {_quoted(text)}: {err}") from None
    raise ValueError(
        f"bad action {_quoted(text)}: expected 'blind', 'decline', 'keep', 'discard', "
        "'exchange [up to 3 cards]', 'bid N' or 'play CARD'"
    )


def _quoted(text: str) -> str:
    """An outside text fit for a message: cut short, quoted, and escaped by ``ascii``
    (no control character reaches a terminal; the engines import no I/O helpers)."""
    return ascii(text[:40]) + ("..." if len(text) > 40 else "")
