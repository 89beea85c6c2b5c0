"""Python's cycle collector in a server process of many rooms (``spit-tui serve``).

The collector's passes stop the event loop, and so every room at once. A server's
garbage is freed by reference counting; what the passes scan is what is alive but
young (each connection's pending read, each room's wait, each seat's view). So
``Collecting`` freezes what start-up made, runs a young pass on a clock
(``TICK_S``) rather than after a count of allocations, the middle generation every
``MIDDLE`` young passes or sooner after a burst (``BURST``), and a full pass after
``OLD`` middle ones. Nothing is turned off: every cycle is still found, later.

It is the serve command's own choice, so the server (``spit.net.server``) does not
make it: tests run many servers in one process, and ``spit-tui host`` runs one beside
the TUI. The measurements behind each figure are in ``docs/performance.md``, "Server
capacity".
"""

from __future__ import annotations

import asyncio
import contextvars
import gc
from typing import Final

TICK_S: Final = 0.05
"""Event-loop seconds between two young passes."""
BACKSTOP: Final = 2_000
"""Net allocations of tracked objects that start a young pass between two ticks
(Python's default 700: its trigger, kept for bursts)."""
MIDDLE: Final = 1200
"""Young passes between two passes of the middle generation (Python's default 10):
every 60 s. What such a pass scans is mostly what is alive and was made since the
last young passes (each connection's pending read, each room's wait), about the same
whatever the time between passes: rarer passes stop the rooms as long, less often."""
OLD: Final = 10
"""Middle passes between two full ones (Python's default 10): every 10 minutes."""
BURST: Final = 5
"""Young passes the backstop started (some 10 000 net allocations: a hundred rooms'
connections opening) that start a middle pass at the next tick, before ``MIDDLE``: what
a burst made is mostly long-lived, and a middle pass takes it to the old generation in
pieces of about 10 ms instead of one of 30 to 40 ms after the burst."""


class Collecting:
    """The schedule above, from now until ``stop``. Make it once the server listens:
    it collects start-up's garbage and freezes what is alive first."""

    def __init__(self) -> None:
        gc.collect()
        gc.freeze()
        gc.set_threshold(BACKSTOP, MIDDLE, OLD)
        self._loop = asyncio.get_running_loop()
        self._context = contextvars.copy_context()  # one for every tick's handle
        self._timer = self._loop.call_later(TICK_S, self._tick, context=self._context)
        self._ticks = 0
        """Young passes the ticks ran since the last middle pass."""

    def _tick(self) -> None:
        """The pass due: Python's counts (``gc.get_count``) are the young passes since
        the last middle one and the middle passes since the last full one, whichever
        started them (a tick, or the backstop); those beyond the ticks' own are the
        backstop's (``BURST``)."""
        _, young, middle = gc.get_count()
        ticks = self._ticks = min(self._ticks, young)  # the backstop's may be a middle one
        generation = 2 if middle >= OLD else 1 if young >= MIDDLE or young - ticks >= BURST else 0
        gc.collect(generation)
        self._ticks = ticks + 1 if generation == 0 else 0
        self._timer = self._loop.call_later(TICK_S, self._tick, context=self._context)

    def stop(self) -> None:
        """No more ticks (the thresholds stay: the process is ending)."""
        self._timer.cancel()
