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

**Cadence.** The server pings a line once a second (``PING_INTERVAL_S``) while its
estimate is young (not ``settled``: fewer than ``SETTLED_SAMPLES`` exchanges), then
every ``SETTLED_PING_INTERVAL_S``: once a line is measured, a ping a second adds
little to its estimate, and costs the server a room's wake, frames written and read.
Not on a round trip far above the smallest either: a busy server reads its pongs late
itself, and pinging more would make it busier.

**Decay.** The estimate is only good while the client keeps answering: a ping left
unanswered for ``STALE_MS`` (``asked``), or no answer at all for two settled intervals
(``SILENCE_MS``), and its one-way latency reads 0, so a client that stops answering
pings is credited nothing until it answers again, and one that never answered was
never credited anything.

Recent means the last ``WINDOW`` exchanges, so a connection that becomes slower (a
move from wired to Wi-Fi) is followed within ``WINDOW`` pings (some 30 s once
settled); until then the smallest round trip is the old, shorter one, which credits
the line less than it is owed, never more. One that becomes faster is followed at its
next ping.
"""

from __future__ import annotations

import math
from collections import deque
from operator import attrgetter
from typing import Final

from msgspec import Struct

WINDOW: Final = 8
"""Samples kept: eight pings."""

PING_INTERVAL_S: Final = 1.0
"""How often the server pings each client while its estimate is not ``settled``: a
schedule that no game event moves (``docs/protocol.md``, "No last look")."""

SETTLED_PING_INTERVAL_S: Final = 4.0
"""How often the server pings a client whose estimate is ``settled``."""

SETTLED_SAMPLES: Final = 4
"""Exchanges before an estimate may be ``settled``."""


STALE_MS: Final = 2_000.0
"""A ping unanswered for this long and a line's estimate is credited nothing: two
(young) ping intervals, so one late answer on an honest line costs nothing."""

SILENCE_MS: Final = 2 * SETTLED_PING_INTERVAL_S * 1000
"""No answer at all for this long and a line's estimate is credited nothing: two
settled ping intervals (a backstop for a ping the server never noted)."""


class Sample(Struct, frozen=True, gc=False):
    """One ping exchange, in milliseconds: the NTP delay (the round trip less the
    client's claimed think time, for choosing the offset), the offset, and the round
    trip as the server timed it (``s3 - s0``, for the latency). Numbers only, so not
    tracked by Python's cycle collector (``spit.commands.serve_collector``)."""

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


_delay: Final = attrgetter("delay")


class ClockSync:
    """The running estimate for one client's connection. The figures are worked out
    once per sample (a ping a second) rather than on every read: the server reads them
    on every step of a room, and a server of many rooms steps often."""

    def __init__(
        self, window: int = WINDOW, *, stale_ms: float = STALE_MS, silence_ms: float = SILENCE_MS
    ) -> None:
        self._samples: deque[Sample] = deque(maxlen=window)
        """The recent exchanges."""
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
        self.asked_at: float | None = None
        """Server time of the oldest ping sent since the last good answer (``asked``),
        ``None`` when every ping sent was answered."""
        self.stale_ms = stale_ms
        """A ping unanswered for this long, and the line is credited nothing (two
        young-line ping intervals: ``STALE_MS`` at the default one)."""
        self.silence_ms = silence_ms
        """No answer at all for this long, and the line is credited nothing."""

    def add(self, s0: float, c1: float, c2: float, s3: float) -> bool:
        """Take one exchange; ``False`` if it was refused as impossible."""
        found = sample(s0, c1, c2, s3)
        if found is None:
            return False
        samples = self._samples
        samples.append(found)
        self.offset = min(samples, key=_delay).offset  # the first of equal delays
        round_trips = [s.round_trip for s in samples]
        self.ping_round_trip = min(round_trips)
        self.jitter = (max(round_trips) - self.ping_round_trip) / 2
        self.answered_at = max(self.answered_at, s3)
        if self.asked_at is not None and self.asked_at <= s0:
            self.asked_at = None  # a later ping still out is noted at the next ``asked``
        return True

    def asked(self, s0: float) -> None:
        """A ping left at ``s0``: unanswered for ``stale_ms``, it makes the line stale."""
        if self.asked_at is None:
            self.asked_at = s0

    @property
    def settled(self) -> bool:
        """Enough exchanges (``SETTLED_SAMPLES``): the line may be pinged every
        ``SETTLED_PING_INTERVAL_S`` rather than every second."""
        return len(self._samples) >= SETTLED_SAMPLES

    def note_kernel(self, round_trip_ms: float | None) -> None:
        """The kernel's latest figure for the socket (``None``: none to read)."""
        self.kernel_round_trip = round_trip_ms

    @property
    def samples(self) -> int:
        """The good exchanges the estimate is made of now (at most the window)."""
        return len(self._samples)

    @property
    def ready(self) -> bool:
        """At least one good exchange has been made: the offset is known."""
        return bool(self._samples)

    @property
    def round_trip(self) -> float:
        """The line's round trip as the server measured it: the smallest of the pings'
        and the kernel's, in ms (0 before any exchange)."""
        best = self.ping_round_trip
        if self.kernel_round_trip is not None:
            best = min(best, self.kernel_round_trip)
        return best if math.isfinite(best) else 0.0

    def fresh(self, now: float) -> bool:
        """No ping has waited ``stale_ms`` for its answer at ``now``, and the client
        answered one within ``silence_ms``."""
        asked_at = self.asked_at
        if asked_at is not None and now - asked_at > self.stale_ms:
            return False
        return now - self.answered_at <= self.silence_ms

    def one_way(self, now: float) -> float:
        """The one-way latency the server may credit at ``now``: half the line's round
        trip while the client answers pings, else 0 (see the module's "Decay")."""
        return self.round_trip / 2 if self.fresh(now) else 0.0

    def to_server(self, client_time: float) -> float:
        """A time on the client's clock, on the server's."""
        return client_time - self.offset
