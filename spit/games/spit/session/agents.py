"""The interface between the match and anything that acts on its own: bots.

An agent is woken at the time it asks for, looks at the table, and may answer with one
action. It is told about every change, so it can react (or, being human-like, notice
a moment later). The match runs agents in time order with its own timers, so the
simulator can jump straight from one wake-up to the next.

Agents answer with actions, not the intents a player's keys send
(``spit.games.spit.session.intents``). Intents exist because a key is pressed on a
table the player saw a moment ago, and must be judged by the table when it arrives;
an agent is woken inside the match and its answer is handled at the same game time
on the very table it looked at, so there is nothing left to resolve. Its policies
also choose among the rules' legal actions (``legal_actions``), and the simulator
handles millions of them: translating each into an intent and back would cost time
and say nothing more. A bot on the far side of a network would send intents, as
people do.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from spit.core.seats import Seat
from spit.engine import Action, State
from spit.games.spit.session.events import TimedEvent


class Agent(Protocol):
    player: Seat

    def next_wakeup(self) -> int | None:
        """Game time at which to call ``wake`` next, or ``None`` to wait for events."""
        ...

    def on_events(self, t: int, state: State, events: Sequence[TimedEvent]) -> None:
        """``events`` happened at time ``t`` and left the table in ``state``."""
        ...

    def wake(self, t: int, state: State) -> Action | None:
        """Called at ``next_wakeup``; the action to submit now, if any. Afterwards
        ``next_wakeup`` must be later than ``t`` or ``None``."""
        ...
