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


class GameTime:
    """A session's game time by a clock: milliseconds since the session began, less the
    time spent paused. What both games' sessions share between the clock and the game;
    without a clock (a simulator, a replay) there is no clock time, and no pausing."""

    def __init__(self, clock: Clock | None) -> None:
        self._clock = clock
        self._origin = clock.now_ms() if clock is not None else 0
        """Clock reading at game time 0: a clock may be older than the session."""
        self._paused_at: int | None = None
        self._paused_total = 0

    @property
    def paused(self) -> bool:
        return self._paused_at is not None

    @property
    def can_pause(self) -> bool:
        """There is a clock, and it is running."""
        return self._clock is not None and self._paused_at is None

    def now(self, processed: int) -> int:
        """Game time by the clock, never before ``processed`` (the game time handled so
        far; also the answer without a clock)."""
        if self._clock is None:
            return processed
        wall = self._paused_at if self._paused_at is not None else self._clock.now_ms()
        return max(wall - self._origin - self._paused_total, processed)

    def pause(self) -> None:
        """Stop game time (only when ``can_pause``)."""
        if self._clock is not None and self._paused_at is None:
            self._paused_at = self._clock.now_ms()

    def resume(self) -> bool:
        """Let game time run again; whether it was paused."""
        if self._clock is None or self._paused_at is None:
            return False
        self._paused_total += self._clock.now_ms() - self._paused_at
        self._paused_at = None
        return True
