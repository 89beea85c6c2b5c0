"""What a player means by a key, before the match decides what it does.

A front end sends intents, never actions: "stockpile 3, left side" (``PlayIntent``),
"stockpile 3, move" (``MoveIntent``), or a spit (``SpitIntent``). What one means is
decided by the match at the moment it handles it (``Match.submit_intent``): a play in
play, a slap of that side's pile in the slap phase, a play onto the only pile in a
one-pile round (R17). So a key pressed just as the phase changes is judged by the
match's table then, not by what the screen showed, and a keyboard and a network
client send the same thing. A replay records the action an intent resolved to, so
the format knows nothing of intents.

An intent that cannot mean anything now is refused with an ``IntentRefusal`` and is
not recorded, like an input while paused; one that resolves to an action the rules
then reject is recorded as a rejected input.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import IntEnum, StrEnum
from typing import Final, TypeAlias

from msgspec import Struct

from spit.core.seats import Seat
from spit.engine import Action, Move, Play, Slap

STOCKPILES: Final = 5
"""Stockpiles per player, numbered 0-4 here (1-5 to people)."""


class Side(IntEnum):
    """A side of the table's centre: its spit pile, or the pile a slap takes. The
    value is the engine's pile index in a two-pile round."""

    LEFT = 0
    RIGHT = 1


def _check_stock(stock: int) -> None:
    if not 0 <= stock < STOCKPILES:
        raise ValueError(f"no stockpile {stock}: stockpiles are 0 to {STOCKPILES - 1}")


class PlayIntent(Struct, frozen=True):
    """A play key: stockpile ``stock``'s card towards ``side`` (a slap of that side's
    pile once the round is over). Made only for a stockpile that exists."""

    stock: int
    side: Side

    def __post_init__(self) -> None:
        _check_stock(self.stock)
        Side(self.side)  # an int that is no side raises ValueError here


class MoveIntent(Struct, frozen=True):
    """A move key: stockpile ``stock``'s card into an empty space."""

    stock: int

    def __post_init__(self) -> None:
        _check_stock(self.stock)


class SpitIntent(Struct, frozen=True):
    """A player calling "spit": always refused, as the match spits for everyone when
    the countdown ends (D17); a client may still send it."""


Intent: TypeAlias = PlayIntent | MoveIntent | SpitIntent


def intent_text(intent: Intent) -> str:
    """The intent in the network protocol's notation (``docs/protocol.md``):
    ``play 2 left``, ``move 4``, ``spit``; stockpiles 0-4, as in the actions' notation,
    which a side's word keeps apart from (``play 2 1`` is an action)."""
    if isinstance(intent, PlayIntent):
        return f"play {intent.stock} {intent.side.name.lower()}"
    if isinstance(intent, MoveIntent):
        return f"move {intent.stock}"
    return "spit"


def parse_intent(text: str) -> Intent:
    """Read ``intent_text``'s notation. Raises ``ValueError`` with a readable message
    (the text quoted with ``repr``, so it is safe to show)."""
    match text.split():
        case ["play", stock, "left" | "right" as side] if _is_stock(stock):
            return PlayIntent(int(stock), Side[side.upper()])
        case ["move", stock] if _is_stock(stock):
            return MoveIntent(int(stock))
        case ["spit"]:
            return SpitIntent()
    raise ValueError(
        f"bad intent {text[:40]!r}: expected 'play S left', 'play S right', 'move S' or "
        f"'spit', with S a stockpile 0-{STOCKPILES - 1}"
    )


def _is_stock(text: str) -> bool:
    return len(text) == 1 and text.isdigit() and int(text) < STOCKPILES


PLAYER_INTENTS: Final[tuple[Intent, ...]] = tuple(
    intent
    for stock in range(STOCKPILES)
    for intent in (PlayIntent(stock, Side.LEFT), PlayIntent(stock, Side.RIGHT), MoveIntent(stock))
)
"""Every intent a player's keys send, in key-map order: per stockpile, left, right,
move (``spit.settings.keymap``)."""


class IntentRefusal(StrEnum):
    """Why an intent meant nothing and was not recorded. ``PAUSED``, ``GAME_OVER`` and
    ``SPIT_IS_AUTOMATIC`` are the texts ``InputRecord.reason`` has for the same refusals
    of actions."""

    PAUSED = "paused"
    """The match is paused: nothing is played until it resumes."""
    GAME_OVER = "game_over"
    """The game is over (or its recording ended): inputs are no longer taken."""
    SPIT_IS_AUTOMATIC = "spit_is_automatic"
    """The match spits for the players when a countdown ends (D17)."""
    ONLY_SLAPS = "only_slaps"
    """The round is over: from the slap to the next deal a play key slaps, and a move
    key means nothing."""


class IntentRefused(Struct, frozen=True):
    """An intent that meant nothing at game time ``t``, and why."""

    t: int
    player: Seat
    intent: Intent
    reason: IntentRefusal


def meaning(
    intent: Intent, *, over: bool, slapping: bool, one_pile: bool
) -> Action | IntentRefusal:
    """What ``intent`` means: once the game is ``over``; while ``slapping`` (from the
    slap to the next deal); in play or a countdown with ``one_pile`` or two."""
    if over:
        return IntentRefusal.GAME_OVER
    if isinstance(intent, SpitIntent):
        return IntentRefusal.SPIT_IS_AUTOMATIC  # D17
    if slapping:
        # After the slap window a play key still slaps, for the rules to call it too
        # late: the player is told, rather than the key doing nothing.
        return (
            Slap(int(intent.side)) if isinstance(intent, PlayIntent) else IntentRefusal.ONLY_SLAPS
        )
    if isinstance(intent, MoveIntent):
        return Move(intent.stock)
    return Play(intent.stock, 0 if one_pile else int(intent.side))  # R17


class Meanings(Struct, frozen=True):
    """What every intent means at one kind of moment, worked out once (there are four
    kinds: ``TWO_PILES``, ``ONE_PILE``, ``AT_SLAP``, ``GAME_ENDED``), both ways round:
    the match looks an intent up in ``of``, and the hints, which ask at every redraw
    which keys would do something, look up the few legal actions in ``keys``."""

    of: Mapping[Intent, Action | IntentRefusal]
    keys: Mapping[Action, tuple[tuple[int, Intent], ...]]
    """The intents that mean each action, with their place in ``PLAYER_INTENTS``."""

    @classmethod
    def when(
        cls, *, over: bool = False, slapping: bool = False, one_pile: bool = False
    ) -> Meanings:
        of = {
            i: meaning(i, over=over, slapping=slapping, one_pile=one_pile)
            for i in (*PLAYER_INTENTS, SpitIntent())
        }
        keys: dict[Action, tuple[tuple[int, Intent], ...]] = {}
        for place, intent in enumerate(PLAYER_INTENTS):
            action = of[intent]
            if not isinstance(action, IntentRefusal):
                keys[action] = (*keys.get(action, ()), (place, intent))
        return cls(of, keys)


TWO_PILES: Final = Meanings.when()
ONE_PILE: Final = Meanings.when(one_pile=True)
AT_SLAP: Final = Meanings.when(slapping=True)
GAME_ENDED: Final = Meanings.when(over=True)
