"""What the match tells front ends: engine events plus the real-time ones.

Every event comes stamped with the game time it happened at, so a front end (or a
replay viewer) can draw it without knowing anything about the rules. Like the
engine's events, they are untracked frozen records (see ``spit.engine.events``).
"""

from __future__ import annotations

from enum import StrEnum
from typing import TypeAlias

from msgspec import Struct

from spit.core.seats import Seat
from spit.engine import Action, Card, CardSpat, Event, PlayStarted, Reason, Stalled


class CountdownKind(StrEnum):
    START = "start"
    """Before a round's first spit: "3, 2, 1, Spit!"."""
    STALL = "stall"
    """Nobody can play: a short wait, then everyone with spit cards spits."""


class InputRecord(Struct, frozen=True, gc=False):
    """One input as it arrived and what became of it. Rejected inputs are kept too, so
    a front end can say "too slow!" and a replay can show what a player tried."""

    t: int
    player: Seat
    action: Action
    accepted: bool
    reason: Reason | None = None
    """Why it was refused, by the rules or by the match (paused, over, ...)."""
    too_slow: bool = False
    """It was legal a moment ago, before the other player got there first (R10)."""


class CountdownStarted(Struct, frozen=True, gc=False):
    kind: CountdownKind
    ends_at: int


class CountdownTick(Struct, frozen=True, gc=False):
    """Whole seconds left in the running countdown (0 means "Spit!")."""

    kind: CountdownKind
    seconds_left: int


class SlapWindowOpened(Struct, frozen=True, gc=False):
    """Slap now; at ``ends_at`` each player gets the pile on their own side (D08)."""

    ends_at: int
    sizes: tuple[int, int]


class SlapWindowClosed(Struct, frozen=True, gc=False):
    """Nobody slapped in time: the ``Slapped`` event that follows is the default
    (each player takes the pile on their own side, D08), not a player's slap."""


class NextRoundAt(Struct, frozen=True, gc=False):
    """The round summary is on; the next deal comes at ``at``."""

    at: int


class InputHandled(Struct, frozen=True, gc=False):
    """An input was applied or rejected; ``record`` says which."""

    record: InputRecord


class PauseChanged(Struct, frozen=True, gc=False):
    paused: bool


class StallRun(Struct, frozen=True, gc=False):
    """A run of stalls taken at once (``spit.engine.stall_spits``), told as one event
    to a front end that asked for it (``Match(stall_runs=True)``) instead of an event
    or four for every automatic spit: a file may claim rounds of nothing but stalls,
    and what a viewer keeps must grow with the file, not with the game time it claims.

    ``steps`` stall steps, the first at this event's time and then one every ``every``
    ms; at each step every player who still has one spits the next of their ``spat``
    cards, and nobody can play on them. ``held``: the spit cards each player had
    before the run. ``timed_events`` gives the events one spit at a time makes.
    """

    steps: int
    every: int
    spat: tuple[tuple[Card, ...], tuple[Card, ...]]
    """The cards each player spat in the run, in order (a player whose spit cards run
    out spits at the first steps only)."""
    held: tuple[int, int]
    one_pile: bool
    """A one-pile round (R17): every spit card goes onto pile 0."""

    def timed_events(self, t: int) -> list[TimedEvent]:
        """The events of the run starting at ``t``, as one spit at a time emits them:
        each step's spits in seat order, then play starting and stalling again at
        once, then the next countdown."""
        out = []
        spat, held, every = self.spat, self.held, self.every
        piles = (0, 0) if self.one_pile else (0, 1)
        for step in range(self.steps):
            at = t + step * every
            for p in (0, 1):
                if step < len(spat[p]):
                    out.append(TimedEvent(at, CardSpat(p, piles[p], spat[p][step])))
            done = step + 1
            left = (held[0] > min(done, len(spat[0])), held[1] > min(done, len(spat[1])))
            out.append(TimedEvent(at, PlayStarted()))
            out.append(TimedEvent(at, Stalled(left)))
            out.append(TimedEvent(at, CountdownStarted(CountdownKind.STALL, at + every)))
        return out


MatchEvent: TypeAlias = (
    Event
    | CountdownStarted
    | CountdownTick
    | SlapWindowOpened
    | SlapWindowClosed
    | NextRoundAt
    | InputHandled
    | PauseChanged
    | StallRun
)


class TimedEvent(Struct, frozen=True, gc=False):
    t: int
    event: MatchEvent
