"""How long the server takes to answer an intent: histograms for a benchmark, off by default.

``benchmarks/server_capacity.py`` measures a ``spit-tui serve`` process with many rooms
(``docs/performance.md``, "Server capacity"). The figure the issue sets a goal for is
the time from an intent's arrival to its events being sent. Two things blur it, and
the probe separates them:

- Fair ordering (``spit.net.fairness``) holds every intent on purpose until an intent
  of the other player credited earlier could have arrived (its allowance); that hold
  is the game's rule, not the server's work, so each delay starts when the intent was
  both arrived and due (``max(arrival, due)``), and the hold is kept as a figure of
  its own.
- "Arrival" can be read in two places. The handler sees a frame only once the event
  loop has come round to its connection, so a busy loop hides its own backlog from a
  clock started there (``handler``). The client stamps each intent with its monotonic
  clock just before writing it; on one machine that clock is the server's, so a delay
  from the stamp (``stamp``) includes the loop's backlog and the loopback transit (tens
  of microseconds). Clients on another machine make ``stamp`` meaningless.

Both are wall-clock times, so on a shared machine they carry the time the server
waited for a core. ``work`` does not: it is the server's CPU time in the step of the
room that applied the intent, from the room's waking to its frames written, the
service time a dedicated core would see before any queueing.

The event loop's other pauses show in those figures as waits, and the largest of them
on a server of many rooms was Python's cycle collector (``spit.commands.serve_collector``), so
``watch_collector`` also times each of its passes (``collector``: a histogram of all
passes, one of the full ones, and their total CPU time).

Production pays nothing: a server without a probe keeps no times (``Room.released`` is
``None``) and makes no extra call. With one, a released intent costs a tuple and three
histogram increments, a collector's pass two clock readings. The histograms are
cumulative; a reader takes two snapshots and subtracts (``between``), so reading them
changes nothing.
"""

from __future__ import annotations

import bisect
import gc
import math
import time
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

EDGES_MS: Final = tuple(round(10 ** (k / 40 - 2), 6) for k in range(0, 40 * 6 + 1))
"""Bucket edges from 0.01 ms to 10 s, 40 a decade (each bucket some 6% wide): fine
enough for a 99th percentile, small enough to send as JSON in every snapshot."""

SERIES: Final = ("stamp", "handler", "hold", "work")
"""``stamp``: from the client's stamp (or the end of the hold) to the frames written;
``handler``: the same from the handler's reading of the frame; ``hold``: how long the
fair ordering held the intent past its arrival; ``work``: the CPU time of the step
that applied it."""


class Histogram:
    """Counts of values (ms) in the buckets of ``EDGES_MS`` (plus one above)."""

    def __init__(self) -> None:
        self.counts = [0] * (len(EDGES_MS) + 1)

    def add(self, ms: float) -> None:
        self.counts[bisect.bisect_left(EDGES_MS, ms)] += 1


class LatencyProbe:
    """The server's histograms, one per ``SERIES``, and how many intents they hold."""

    def __init__(self) -> None:
        self.series = {name: Histogram() for name in SERIES}
        self.passes = Histogram()
        """Every pass of the cycle collector (``watch_collector``), in ms of the
        process's CPU time: the pause it makes on a core of its own, which other
        programs taking the core do not inflate (as ``work``)."""
        self.full_passes = Histogram()
        """The full ones (the oldest generation's), which scan every tracked object."""
        self.collector_ms = 0.0
        self._pass_began = 0.0
        self.pings = 0
        """Pings the server sent to seated players (``Room.ping_interval_ms``)."""

    def watch_collector(self) -> None:
        """Time each pass of Python's cycle collector from now until ``stop_watching``
        (the callback is the process's, so a server that runs alone in it asks)."""
        if self._on_pass not in gc.callbacks:
            gc.callbacks.append(self._on_pass)

    def stop_watching(self) -> None:
        if self._on_pass in gc.callbacks:
            gc.callbacks.remove(self._on_pass)

    def _on_pass(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._pass_began = time.process_time()
            return
        ms = (time.process_time() - self._pass_began) * 1000
        self.passes.add(ms)
        if info["generation"] == 2:
            self.full_passes.add(ms)
        self.collector_ms += ms

    def released(
        self, intents: Iterable[tuple[float, float, float]], sent: float, work: float
    ) -> None:
        """Intents given to their table in one step, as ``(arrival, stamp, due)`` server
        ms (``Room.released``), whose frames were all written at ``sent``, the step
        having taken ``work`` ms of CPU time."""
        stamp, handler, hold, cpu = (self.series[name].add for name in SERIES)
        for arrival, stamped, due in intents:
            stamp(sent - max(stamped, due))
            handler(sent - max(arrival, due))
            hold(max(0.0, due - arrival))
            cpu(work)

    def snapshot(self) -> dict[str, object]:
        """Everything, as plain JSON (``GET /stats``)."""
        return {
            "edges_ms": list(EDGES_MS),
            "series": {name: list(h.counts) for name, h in self.series.items()},
            "collector": {
                "passes": list(self.passes.counts),
                "full": list(self.full_passes.counts),
                "ms": self.collector_ms,
            },
            "pings": self.pings,
        }


def between(
    before: Mapping[str, Sequence[int]], after: Mapping[str, Sequence[int]]
) -> dict[str, list[int]]:
    """The counts added from one snapshot's ``series`` to a later one's."""
    return {
        name: [b - a for a, b in zip(before[name], counts, strict=True)]
        for name, counts in after.items()
    }


def percentile(counts: Sequence[int], q: float) -> float:
    """The ``q`` quantile (0 to 1) of bucketed counts, as its bucket's upper edge in ms
    (``math.inf`` above the last edge, ``math.nan`` for no counts): an upper bound
    within one bucket's width (6%)."""
    total = sum(counts)
    if not total:
        return math.nan
    rank = max(1, math.ceil(q * total))
    seen = 0
    for index, count in enumerate(counts):
        seen += count
        if seen >= rank:
            return EDGES_MS[index] if index < len(EDGES_MS) else math.inf
    return math.inf
