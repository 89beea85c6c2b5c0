"""How far a client's clock is from the server's, and how long its line takes.

The server pings each client: it stamps the ping with its own time ``s0``; the client
stamps when it got it (``c1``) and when it answered (``c2``) with its own clock; the
server notes when the answer came back (``s3``). Two different things come of it.

**The clock offset** (NTP, RFC 5905, section 8)::

    offset = ((c1 - s0) + (c2 - s3)) / 2      client clock minus server clock

taken from the exchange of the smallest NTP delay ``(s3 - s0) - (c2 - c1)`` among the
recent ones (NTP's minimum-delay filter: queueing only adds delay). The client's
stamps serve this and nothing else: a client that lies about them can only misplace
its own claims, which the credit rule bounds (``spit.net.fairness``).

**The line's latency**, from what the server measured itself and nothing the client
said: the ping's whole round trip ``s3 - s0`` (never less the client's claimed think
time, which a client could set to anything), and, where the server ends the client's
TCP connection itself, the kernel's round trip for the socket (``spit.net.tcp_rtt``).
The one-way latency is half the smallest of these. Delaying answers to pings only
raises the pings' figure, never the kernel's, and the smallest is taken; a client
without the kernel's figure (behind a trusted proxy) can raise its pings' only by
answering late every time, and the lag-compensation quota bounds what that buys.

**Decay.** The estimate is only good while the client keeps answering: with no answer
for ``STALE_MS`` (two ping intervals) its one-way latency reads 0, so a client that
stops answering pings is credited nothing until it answers again, and one that never
answered was never credited anything.

Recent means the last ``WINDOW`` exchanges, so a connection that becomes slower (a
move from wired to Wi-Fi) is followed within a few seconds.
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass
from typing import Final

WINDOW: Final = 8
"""Samples kept; at the default ping interval (``PING_INTERVAL_S``) eight seconds."""

PING_INTERVAL_S: Final = 1.0
"""How often the server pings each client while it is seated: a fixed schedule that no
game event moves (``docs/protocol.md``, "No last look")."""

STALE_MS: Final = 2_000.0
"""With no answer to a ping for this long, a line's estimate is credited nothing: two
ping intervals, so one late answer on an honest line costs nothing."""


@dataclass(frozen=True, slots=True)
class Sample:
    """One ping exchange, in milliseconds: the NTP delay (the round trip less the
    client's claimed think time, for choosing the offset), the offset, and the round
    trip as the server timed it (``s3 - s0``, for the latency)."""

    delay: float
    offset: float
    round_trip: float


def sample(s0: float, c1: float, c2: float, s3: float) -> Sample | None:
    """The exchange's figures, or ``None`` if its times cannot be right (the client
    claims to have answered before it was asked, or to have thought longer than the
    whole round trip, or the answer came back before the ping left)."""
    think = c2 - c1
    round_trip = s3 - s0
    delay = round_trip - think
    if think < 0 or round_trip < 0 or delay < 0:
        return None
    return Sample(delay, ((c1 - s0) + (c2 - s3)) / 2, round_trip)


class ClockSync:
    """The running estimate for one client's connection. The figures are worked out
    once per sample (a ping a second) rather than on every read: the server reads them
    on every step of a room, and a server of many rooms steps often."""

    def __init__(self, window: int = WINDOW, *, stale_ms: float = STALE_MS) -> None:
        self._delays: deque[float] = deque(maxlen=window)
        """The recent samples' NTP delays, offsets and server-timed round trips:
        floats, which Python's cycle collector does not track, rather than a
        ``Sample`` each (``spit.commands.serve_collector``)."""
        self._offsets: deque[float] = deque(maxlen=window)
        self._round_trips: deque[float] = deque(maxlen=window)
        self.offset = 0.0
        """Client clock minus server clock, in ms (0 before any exchange)."""
        self.ping_round_trip = math.inf
        """The smallest recent round trip of a ping, as the server timed it, in ms."""
        self.kernel_round_trip: float | None = None
        """The kernel's smallest round trip for the socket (``spit.net.tcp_rtt``), in
        ms; ``None`` where it is not read (behind a trusted proxy, or not Linux)."""
        self.jitter = 0.0
        """How far the recent server-timed one-way figures spread above the smallest,
        in ms: how far an honest claim may fall short of the estimate
        (``spit.net.fairness.tolerance``)."""
        self.answered_at = -math.inf
        """Server time of the last good answer to a ping (for the decay)."""
        self.stale_ms = stale_ms
        """No answer for this long, and the line is credited nothing (two ping
        intervals: ``STALE_MS`` at the default one)."""

    def add(self, s0: float, c1: float, c2: float, s3: float) -> bool:
        """Take one exchange; ``False`` if it was refused as impossible."""
        found = sample(s0, c1, c2, s3)
        if found is None:
            return False
        delays = self._delays
        delays.append(found.delay)
        self._offsets.append(found.offset)
        self._round_trips.append(found.round_trip)
        best = min(range(len(delays)), key=delays.__getitem__)  # the first of equal ones
        self.offset = self._offsets[best]
        self.ping_round_trip = min(self._round_trips)
        self.jitter = (max(self._round_trips) - self.ping_round_trip) / 2
        self.answered_at = max(self.answered_at, s3)
        return True

    def note_kernel(self, round_trip_ms: float | None) -> None:
        """The kernel's latest figure for the socket (``None``: none to read)."""
        self.kernel_round_trip = round_trip_ms

    @property
    def samples(self) -> int:
        """The good exchanges the estimate is made of now (at most the window)."""
        return len(self._delays)

    @property
    def ready(self) -> bool:
        """At least one good exchange has been made: the offset is known."""
        return bool(self._delays)

    @property
    def round_trip(self) -> float:
        """The line's round trip as the server measured it: the smallest of the pings'
        and the kernel's, in ms (0 before any exchange)."""
        best = self.ping_round_trip
        if self.kernel_round_trip is not None:
            best = min(best, self.kernel_round_trip)
        return best if math.isfinite(best) else 0.0

    def fresh(self, now: float) -> bool:
        """The client answered a ping within ``stale_ms`` of ``now``."""
        return now - self.answered_at <= self.stale_ms

    def one_way(self, now: float) -> float:
        """The one-way latency the server may credit at ``now``: half the line's round
        trip while the client answers pings, else 0 (see the module's "Decay")."""
        return self.round_trip / 2 if self.fresh(now) else 0.0

    def to_server(self, client_time: float) -> float:
        """A time on the client's clock, on the server's."""
        return client_time - self.offset
