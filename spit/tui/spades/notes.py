"""What the message line says about what just happened.

The events come already redacted for the player (``spit.games.spades.engine.redact``): of the
bot's draws and exchanges they say only what a player at the table would see, so
these sentences cannot give its cards away.
"""

from __future__ import annotations

from collections.abc import Iterable

from spit.games.spades.engine import (
    BidMade,
    BlindNilChosen,
    CardPlayed,
    CardsDrawn,
    DrawEnded,
    Event,
    Exchanged,
    HandStarted,
    SpadesBroken,
    TrickTaken,
)
from spit.tui.shared.cards import CardPainter
from spit.tui.spades.seats import HUMAN


def describe(events: Iterable[Event], names: tuple[str, str], painter: CardPainter) -> str:
    """One line for the events of one action (empty if there is nothing worth saying)."""
    said = (_sentence(event, names, painter) for event in events)
    return " ".join(s for s in said if s)


def _sentence(event: Event, names: tuple[str, str], painter: CardPainter) -> str:
    bot = names[1]
    match event:
        case HandStarted(hand, first):
            return f"Hand {hand}: {'you draw' if first == HUMAN else f'{bot} draws'} first."
        case BlindNilChosen(player, declared):
            if player == HUMAN:
                return "You bid blind nil." if declared else ""
            return f"{bot} bids blind nil!" if declared else f"{bot} does not bid blind nil."
        case CardsDrawn(player, kept_first, kept, discarded):
            if player != HUMAN or kept is None or discarded is None:
                if kept_first:
                    return f"{bot} keeps the top card."
                return f"{bot} discards the top card and takes the next."
            if kept_first:
                return f"You keep {painter.name(kept)}; {painter.name(discarded)} goes face down."
            return f"You discard {painter.name(discarded)} and take {painter.name(kept)}."
        case DrawEnded():
            return "The stock is used up."
        case Exchanged(player, count, given, received):
            if player != HUMAN or given is None or received is None:
                return f"{bot} swaps {count} card{'s' * (count != 1)}."
            if not count:
                return "You keep your hand."
            return f"You give {_names(given, painter)} and get {_names(received, painter)}."
        case BidMade(player, tricks):
            bid = "nil" if tricks == 0 else str(tricks)
            return f"You bid {bid}." if player == HUMAN else f"{bot} bids {bid}."
        case CardPlayed(player, card):
            who = "You play" if player == HUMAN else f"{bot} plays"
            return f"{who} {painter.name(card)}."
        case SpadesBroken():
            return "Spades are broken."
        case TrickTaken(player, _number):
            return "You take the trick." if player == HUMAN else f"{bot} takes the trick."
    return ""  # the hand's score and the winner have their own places on the screen


def _names(cards: tuple[int, ...], painter: CardPainter) -> str:
    return " ".join(painter.name(c) for c in cards)
