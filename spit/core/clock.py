"""Clocks: where the match controller gets the time from.

The controller never reads the wall clock itself; it is handed a clock. Live play uses
``MonotonicClock``; tests and the simulator use ``FakeClock`` and move it by hand, so
a whole game can run in microseconds and every run is reproducible.
"""

from __future__ import annotations

import time
from typing import Protocol


class Clock(Protocol):
    def now_ms(self) -> int:
        """Milliseconds since some fixed start; never goes backwards."""
        ...


class MonotonicClock:
    """Real time, in whole milliseconds since the clock was made."""

    def __init__(self) -> None:
        self._start = time.monotonic_ns()

    def now_ms(self) -> int:
        return (time.monotonic_ns() - self._start) // 1_000_000


class FakeClock:
    """A clock that moves only when told to."""

    def __init__(self, start_ms: int = 0) -> None:
        self._now = start_ms

    def now_ms(self) -> int:
        return self._now

    def advance(self, ms: int) -> None:
        if ms < 0:
            raise ValueError("a clock cannot go backwards")
        self._now += ms

    def set(self, ms: int) -> None:
        if ms < self._now:
            raise ValueError("a clock cannot go backwards")
        self._now = ms
