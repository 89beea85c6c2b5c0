"""Who pressed first: ordering racing intents by when they were sent, within physics.

Two players race for one spit pile. Ordering their intents by arrival would give the
race to the shorter connection; ordering them by the times the clients claim would let
a client claim anything. So each intent is *credited* with a time (``credit``):

- its sender's stamp, converted to server time with that client's clock offset
  (``spit.net.clock_sync``), but
- never earlier than its arrival minus the client's measured one-way latency and a
  small jitter margin: a client cannot be earlier than its own connection allows, and
- never later than its arrival.

Intents are then applied in order of credited time. An intent can only be applied once
every intent credited earlier has had the time to arrive. The clamp above bounds how
late that can be: an intent credited at ``c`` arrives by ``c + hold_bound(one_way,
jitter)`` of its sender's line. So each one is held for at most a fairness window, the
larger bound of the players (``window``), capped at ``MAX_WINDOW_MS``; and for less when
the server already knows that nothing earlier is on its way: a connection delivers its
frames in order, so once a frame stamped later than ``c`` has come from a player (an
intent, or the answer to a ping the server sends the moment another player's intent
arrives), none of that player's intents credited before ``c`` can still come
(``spit.net.room``). The server runs the game's session at the latest time all of this
makes safe (``FairQueue.release``): everything, timers included, happens in the
session the same short time late for both players, and inputs reach it in credited
order, each at its credited time. The replay records those times.

An intent credited before the session's present (possible only when the cap cuts the
window short of a very slow connection) is applied at the present: late, but in order.
``ARRIVAL`` mode (no credit, no window) is kept for comparison.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Final, Generic, TypeVar

MAX_WINDOW_MS: Final = 100.0
"""The longest hold: beyond this the game would feel late to the faster player."""

JITTER_MARGIN_MS: Final = 5.0
"""Added to a client's measured jitter before it bounds a claim and the window: loopback
and LAN jitter is well under this, so it costs nothing there."""

T = TypeVar("T")


class Ordering(StrEnum):
    """How a room orders racing intents."""

    FAIR = "fair"
    """By credited send time, held for the fairness window (the default)."""
    ARRIVAL = "arrival"
    """By arrival, applied at once: the shorter connection wins close races."""


def credit(claimed: float, arrival: float, one_way: float, jitter: float) -> float:
    """The server time an intent counts as sent at (see the module docstring).

    ``claimed`` is the client's stamp already on the server's clock; ``one_way`` and
    ``jitter`` are the client's measured latency and jitter, in ms."""
    earliest = arrival - one_way - jitter - JITTER_MARGIN_MS
    return min(arrival, max(claimed, earliest))


def hold_bound(one_way: float, jitter: float) -> float:
    """How long after its credited time an intent of this line may still arrive (the
    clamp of ``credit`` makes it so), capped at ``MAX_WINDOW_MS``."""
    return min(one_way + jitter + JITTER_MARGIN_MS, MAX_WINDOW_MS)


def window(one_ways: tuple[float, ...], jitters: tuple[float, ...]) -> float:
    """The longest hold for a room: long enough for the slowest player's intent to
    arrive."""
    if not one_ways:
        return 0.0
    return max(hold_bound(o, j) for o, j in zip(one_ways, jitters, strict=True))


@dataclass(order=True, slots=True)
class _Held(Generic[T]):
    credited: float
    seq: int
    item: T = field(compare=False)


class FairQueue(Generic[T]):
    """Intents held until the session may take them, released in credited order.

    Pure and clock-free: the caller passes the times, so tests and the simulator can
    drive it exactly."""

    def __init__(self) -> None:
        self._heap: list[_Held[T]] = []
        self._seq = 0
        self._released_to = float("-inf")

    def __len__(self) -> int:
        return len(self._heap)

    def push(self, item: T, credited: float) -> None:
        """Hold ``item``, credited at ``credited`` (server ms)."""
        self._seq += 1
        heapq.heappush(self._heap, _Held(credited, self._seq, item))

    def release(self, session_now: float) -> list[tuple[float, T]]:
        """Every held item credited at or before ``session_now`` (the server's time
        minus the window), in credited order (ties: arrival order), each with the time
        the session takes it at: its credited time, or the latest time already
        released if that is later, so the session's time never goes back."""
        out: list[tuple[float, T]] = []
        heap = self._heap
        while heap and heap[0].credited <= session_now:
            held = heapq.heappop(heap)
            at = max(held.credited, self._released_to)
            self._released_to = at
            out.append((at, held.item))
        return out

    def next_due(self) -> float | None:
        """The credited time of the first held item, for the server's timer."""
        return self._heap[0].credited if self._heap else None
