"""Who pressed first: ordering racing intents by when they were sent, within what the
server measured.

Two players race for one spit pile. Ordering their intents by arrival would give the
race to the shorter connection; ordering them by the times the clients claim would let
a client claim anything. So each intent is *credited* with a time (``credit``), from

- its sender's stamp, converted to server time with that client's clock offset
  (``spit.net.clock_sync``): the *claim*, and
- the sender's *allowance*: the one-way latency the server measured itself for that
  line (half its smallest server-timed round trip, 0 once the client stops answering
  pings), and never more than the seat's lag-compensation quota holds (``LagQuota``).

The rule, with ``lower = arrival - allowance``:

- a claim after the arrival is credited the arrival;
- a claim earlier than the measured line allows (``arrival - one_way``) by more than
  the bound of an honest clock estimate's error (``tolerance``) disagrees with the
  server's own measurement, and is credited nothing (the arrival);
- otherwise the credit is the later of the claim and ``lower``.

No margin is free: a backdated stamp reaches ``lower`` at best, and an honest stamp is
the real press time, which is never before ``lower`` on a line measured right. A claim
far outside any honest clock's error (``PLAUSIBLE_BEFORE_MS`` before its arrival, or
``PLAUSIBLE_AFTER_MS`` after) is no press at all (a replayed frame, a stale stamp) and
is refused. What is credited is taken from the quota, which refills with time and not
with presses (``QUOTA_GAIN_PER_S``), so no client can buy more credit by pressing.

Intents are then applied in order of credited time. An intent credited at ``c``
arrives by ``c + allowance`` by construction, so the server holds the game only that
long behind its clock for each seat, and less once that seat's own frames show that
nothing earlier is on its way (``spit.net.room``). The hold depends only on what the
server measured and the quotas, never on a figure a client can raise by answering
pings late. Everything, timers included, happens in the game's session the same short
time late for both players, and inputs reach it in credited order, each at its
credited time; the replay records those times.

``ARRIVAL`` mode (no credit, no hold) is kept for comparison.
"""

from __future__ import annotations

import heapq
import math
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Final, Generic, TypeVar

QUOTA_MAX_MS: Final = 250.0
"""The most lag compensation a seat can hold: Overwatch's cap on its favour-the-shooter
rewind, and well past the one-way latency of a line anyone would play Spit on."""

QUOTA_GAIN_PER_S: Final = 100.0
"""Milliseconds of compensation a seat earns back per second of time (not per press:
pressing more cannot buy more). Lichess's ``LagTracker`` earns back a second per move
of a chess game whose moves take seconds, at most 3 s of compensation a move; Spit's
presses come a few a second, so the rate is per second of play: a 50 ms line pressing
twice a second is always compensated in full, a 100 ms line once a second, and a
client that fakes a slow line gains at most 100 ms a second beyond the 250 ms cap."""

TOLERANCE_FLOOR_MS: Final = 10.0
"""The least disagreement allowed between a claim and the server's estimate before the
claim is credited nothing: scheduling on both machines on a short line. It never adds
credit: a claim inside the tolerance is credited ``lower`` at most."""

JITTER_CAP_MS: Final = 50.0
"""The most of a line's measured jitter the tolerance takes, whatever jitter a
client's late answers to pings show."""

PLAUSIBLE_BEFORE_MS: Final = 2_000.0
"""A claim further before its arrival than this is refused: no line credited here is
that slow, so it is a replayed or forged stamp."""

PLAUSIBLE_AFTER_MS: Final = 1_000.0
"""A claim further after its arrival than this is refused: a clock estimate's error is
at most half the line's round trip, far less."""

T = TypeVar("T")


class Ordering(StrEnum):
    """How a room orders racing intents."""

    FAIR = "fair"
    """By credited send time, held as the allowances require (the default)."""
    ARRIVAL = "arrival"
    """By arrival, applied at once: the shorter connection wins close races."""


class Verdict(StrEnum):
    """What became of one claim (``credit``)."""

    CREDITED = "credited"
    """Credited the claim, or ``lower`` for a claim a little before it."""
    LATE = "late"
    """Claimed after its arrival: credited the arrival."""
    DISAGREED = "disagreed"
    """Claimed earlier than the server's estimate allows by more than the tolerance:
    credited the arrival (nothing)."""
    REFUSED = "refused"
    """Outside the plausible window of its arrival: not applied."""
    UNWEIGHED = "unweighed"
    """No claim weighed (arrival ordering, a bot's seat, or the client's clock not known
    yet): credited the arrival."""


@dataclass(frozen=True, slots=True)
class Credit:
    """The outcome of ``credit``: the server time the intent counts as sent at, the
    verdict, and the measured one-way latency this press was owed but not given (the
    quota ran short, or the claim disagreed), in ms."""

    credited: float
    verdict: Verdict
    uncredited: float = 0.0


@dataclass(slots=True)
class LagQuota:
    """A seat's lag-compensation quota, in ms: full at first, spent by what its presses
    are credited, earned back with time (``gain_per_s``, by default ``QUOTA_GAIN_PER_S``)
    up to ``QUOTA_MAX_MS``."""

    held: float = QUOTA_MAX_MS
    at: float | None = None
    """The server time ``held`` was worked out at (``None``: never used, full)."""
    gain_per_s: float = QUOTA_GAIN_PER_S

    def available(self, now: float) -> float:
        """The quota at server time ``now`` (ms); time never runs back here."""
        if self.at is None:
            return self.held
        gained = max(0.0, now - self.at) * self.gain_per_s / 1000.0
        return min(QUOTA_MAX_MS, self.held + gained)

    def spend(self, ms: float, now: float) -> None:
        """Take ``ms`` (at most what is there) from the quota at ``now``."""
        self.held = max(0.0, self.available(now) - max(0.0, ms))
        self.at = now if self.at is None else max(self.at, now)


def tolerance(one_way: float, jitter: float) -> float:
    """How far before the line's ``arrival - one_way`` a claim may fall and still be
    believed as a press (credited ``lower`` at most): the floor, the line's jitter
    (capped), and its whole round trip."""
    # Pings cannot tell a line's two directions apart (NTP's limit): on an honest line of
    # U ms up and D down a claim looks U - D earlier than estimated, at most the round trip.
    return TOLERANCE_FLOOR_MS + min(jitter, JITTER_CAP_MS) + 2 * one_way


def credit(
    claimed: float, arrival: float, *, allowance: float, one_way: float, jitter: float
) -> Credit:
    """The server time an intent counts as sent at (see the module docstring).

    ``claimed`` is the client's stamp already on the server's clock; ``allowance`` is
    the most this press may be credited (the seat's measured one-way latency, within
    its quota); ``one_way`` the measured latency itself and ``jitter`` its spread, in
    ms."""
    if not arrival - PLAUSIBLE_BEFORE_MS <= claimed <= arrival + PLAUSIBLE_AFTER_MS:
        return Credit(arrival, Verdict.REFUSED)
    if claimed >= arrival:
        return Credit(arrival, Verdict.LATE)
    if claimed < arrival - one_way - tolerance(one_way, jitter):
        return Credit(arrival, Verdict.DISAGREED, one_way)
    credited = max(claimed, arrival - allowance)
    owed = min(one_way, arrival - claimed)
    return Credit(credited, Verdict.CREDITED, max(0.0, owed - (arrival - credited)))


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
        self._released_to = -math.inf

    def __len__(self) -> int:
        return len(self._heap)

    def push(self, item: T, credited: float) -> None:
        """Hold ``item``, credited at ``credited`` (server ms)."""
        self._seq += 1
        heapq.heappush(self._heap, _Held(credited, self._seq, item))

    def release(self, session_now: float) -> list[tuple[float, T]]:
        """Every held item credited at or before ``session_now`` (the time the room
        found safe), in credited order (ties: arrival order), each with the time
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
