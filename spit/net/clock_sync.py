"""How far a client's clock is from the server's, and how long a message takes.

The server pings each client: it stamps the ping with its own time ``s0``; the client
stamps when it got it (``c1``) and when it answered (``c2``) with its own clock; the
server notes when the answer came back (``s3``). As in NTP (RFC 5905, section 8)::

    delay  = (s3 - s0) - (c2 - c1)            the round trip, minus the client's think time
    offset = ((c1 - s0) + (c2 - s3)) / 2      client clock minus server clock

The offset is exact when both directions take the same time; any asymmetry or
queueing adds an error of at most ``delay / 2``. Queueing only ever adds delay, so the
sample with the smallest delay among the recent ones is the most trustworthy: that is
NTP's minimum-delay (clock) filter, and the estimate here. Recent means the last
``WINDOW`` samples, so a connection that becomes slower (a move from wired to Wi-Fi)
is followed within a few seconds rather than judged by its best moment long ago.

The one-way latency is taken as half the filtered delay, and the jitter as how far
the recent delays spread above their minimum: together they bound how early an
intent may claim to have been sent (``spit.net.fairness``).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Final

WINDOW: Final = 8
"""Samples kept; at the default ping interval (``PING_INTERVAL_S``) eight seconds."""

PING_INTERVAL_S: Final = 1.0
"""How often the server pings each client while a game is on."""


@dataclass(frozen=True, slots=True)
class Sample:
    """One ping exchange, in milliseconds: delay and offset as defined above."""

    delay: float
    offset: float


def sample(s0: float, c1: float, c2: float, s3: float) -> Sample | None:
    """The exchange's delay and offset, or ``None`` if its times cannot be right (the
    client claims to have answered before it was asked, or the answer came back before
    the ping left). A client's stamps are its word only; this keeps a nonsense pair
    from entering the filter."""
    think = c2 - c1
    delay = (s3 - s0) - think
    if think < 0 or s3 < s0 or delay < 0:
        return None
    return Sample(delay, ((c1 - s0) + (c2 - s3)) / 2)


class ClockSync:
    """The running estimate for one client. The figures are worked out once per sample
    (a ping a second) rather than on every read: the server reads them on every step
    of a room, for the fairness window, and a server of many rooms steps often."""

    def __init__(self, window: int = WINDOW) -> None:
        self._delays: deque[float] = deque(maxlen=window)
        """The recent samples' delays, and their offsets below: floats, which Python's
        cycle collector does not track, rather than a ``Sample`` each, which it would
        scan for the seconds the window keeps it (``spit.net.collector``)."""
        self._offsets: deque[float] = deque(maxlen=window)
        self.offset = 0.0
        """Client clock minus server clock, in ms (0 before any exchange)."""
        self.round_trip = 0.0
        """The filtered round-trip time in ms: what the table shows as the connection."""
        self.one_way = 0.0
        """The estimated one-way latency in ms: half the filtered round trip."""
        self.jitter = 0.0
        """How much later than the best case a message may come, in ms: the largest
        recent one-way delay above the filtered one."""

    def add(self, s0: float, c1: float, c2: float, s3: float) -> bool:
        """Take one exchange; ``False`` if it was refused as impossible."""
        found = sample(s0, c1, c2, s3)
        if found is None:
            return False
        delays = self._delays
        delays.append(found.delay)
        self._offsets.append(found.offset)
        best = min(range(len(delays)), key=delays.__getitem__)  # the first of equal ones
        self.offset = self._offsets[best]
        self.round_trip = delays[best]
        self.one_way = delays[best] / 2
        self.jitter = (max(delays) - delays[best]) / 2
        return True

    @property
    def ready(self) -> bool:
        """At least one good exchange has been made."""
        return bool(self._delays)

    def to_server(self, client_time: float) -> float:
        """A time on the client's clock, on the server's."""
        return client_time - self.offset
