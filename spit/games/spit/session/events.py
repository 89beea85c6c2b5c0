"""What the match tells front ends: engine events plus the real-time ones.

Every event comes stamped with the game time it happened at, so a front end (or a
replay viewer) can draw it without knowing anything about the rules.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TypeAlias

from spit.core.value import value
from spit.engine import Action, Event, Reason


class CountdownKind(StrEnum):
    START = "start"
    """Before a round's first spit: "3, 2, 1, Spit!"."""
    STALL = "stall"
    """Nobody can play: a short wait, then everyone with spit cards spits."""


@value
class InputRecord:
    """One input as it arrived and what became of it. Rejected inputs are kept too, so
    a front end can say "too slow!" and a replay can show what a player tried."""

    t: int
    player: int
    action: Action
    accepted: bool
    reason: Reason | None = None
    """Why it was refused, by the rules or by the match (paused, over, ...)."""
    too_slow: bool = False
    """It was legal a moment ago, before the other player got there first (R10)."""


@value
class CountdownStarted:
    kind: CountdownKind
    ends_at: int


@value
class CountdownTick:
    """Whole seconds left in the running countdown (0 means "Spit!")."""

    kind: CountdownKind
    seconds_left: int


@value
class SlapWindowOpened:
    """Slap now; at ``ends_at`` each player gets the pile on their own side (D08)."""

    ends_at: int
    sizes: tuple[int, int]


@value
class SlapWindowClosed:
    """Nobody slapped in time: the ``Slapped`` event that follows is the default
    (each player takes the pile on their own side, D08), not a player's slap."""


@value
class NextRoundAt:
    """The round summary is on; the next deal comes at ``at``."""

    at: int


@value
class InputHandled:
    """An input was applied or rejected; ``record`` says which."""

    record: InputRecord


@value
class PauseChanged:
    paused: bool


MatchEvent: TypeAlias = (
    Event
    | CountdownStarted
    | CountdownTick
    | SlapWindowOpened
    | SlapWindowClosed
    | NextRoundAt
    | InputHandled
    | PauseChanged
)


@value
class TimedEvent:
    t: int
    event: MatchEvent
