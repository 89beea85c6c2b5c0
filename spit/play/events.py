"""What a session tells (``spit.play.session``): an input handled, a pause, and the
answers to what a front end submits.

Apart from the session so that the bots, which read these and must keep no clock,
need not import the session and the clock it runs on.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Final, Generic, TypeAlias, TypeVar

from msgspec import Struct

from spit.core.outcome import Refusal
from spit.core.seats import Seat
from spit.game import TimedEvent

A = TypeVar("A")
I = TypeVar("I")  # noqa: E741  (the intent, beside A for the action)
E = TypeVar("E")
R = TypeVar("R", bound=Refusal)


class Stopped(Refusal):
    """The session's own refusals, whatever the game: nothing is taken while the game
    is paused or once it is over, nor, at a network table, from a seat a bot plays."""

    PAUSED = "paused"
    GAME_OVER = "game_over"
    BOT = "bot"
    """A bot plays the seat (over the network, in the seat of a player who is gone)."""

    @property
    def message(self) -> str:
        return _STOPPED[self]


_STOPPED: Final = {
    Stopped.PAUSED: "the game is paused",
    Stopped.GAME_OVER: "the game is over",
    Stopped.BOT: "a bot plays here",
}


# -- what the session tells ------------------------------------------------------------


class InputRecord(Struct, Generic[A, R], frozen=True, gc=False):
    """An input that reached the rules, and what became of it. Refused inputs are kept
    too (and recorded), so a front end can say "too slow!" and a replay's check can
    confirm what was refused."""

    t: int
    player: Seat
    action: A
    accepted: bool
    reason: R | None = None
    """Why the rules refused it."""
    too_slow: bool = False
    """It was legal a moment ago, before another seat got there first
    (``Game.lost_race``; Spit's R10)."""


class IntentRefused(Struct, Generic[I], frozen=True):
    """An intent that meant nothing at ``t`` (not recorded), and why: the game's reason
    (``Game.resolve``) or the session's (``Stopped``)."""

    t: int
    player: Seat
    intent: I
    reason: Refusal

    @property
    def accepted(self) -> bool:
        return False

    @property
    def message(self) -> str:
        return self.reason.message


class DealAsked(Struct, Generic[I], frozen=True):
    """An intent that asked for the next deal (``spit.game.NextDeal``), which was dealt."""

    t: int
    player: Seat
    intent: I

    @property
    def accepted(self) -> bool:
        return True


class InputHandled(Struct, Generic[A, R], frozen=True, gc=False):
    """An input was applied or refused; ``record`` says which."""

    record: InputRecord[A, R]


class PauseChanged(Struct, frozen=True, gc=False):
    paused: bool


SessionEvent: TypeAlias = E | InputHandled[A, R] | PauseChanged
"""What a session tells: the game's events, each input handled, a pause."""


class Step(Struct, Generic[A, E, R], frozen=True):
    """What happened at ``t``, as a table or the network shows it: ``record``'s input
    accepted, or (``record`` ``None``) a deal, and the events it caused."""

    t: int
    record: InputRecord[A, R] | None
    events: tuple[E, ...]


def steps(
    told: Iterable[TimedEvent[SessionEvent[E, A, R]]],
    deals: Callable[[E], bool] = lambda event: False,
) -> list[Step[A, E, R]]:
    """``told`` (a session's ``drain``) one accepted input or one deal at a time, as a
    table or the network shows it; a refused input, which changed nothing, and a pause
    are left out (the one who sent it is answered apart). Events no input caused, and
    an event ``deals`` says starts a round, are a deal's."""
    out: list[Step[A, E, R]] = []
    current: Step[A, E, R] | None = None
    for timed in told:
        event = timed.event
        if isinstance(event, InputHandled):
            current = None
            if event.record.accepted:
                current = Step(timed.t, event.record, ())
                out.append(current)
        elif isinstance(event, PauseChanged):
            continue
        elif current is None or deals(event):
            current = Step(timed.t, None, (event,))
            out.append(current)
        else:
            current = Step(current.t, current.record, (*current.events, event))
            out[-1] = current
    return out
