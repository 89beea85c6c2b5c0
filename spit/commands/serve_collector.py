"""Python's cycle collector in a server process of many rooms (``spit-tui serve``).

The collector's passes stop the event loop, and so every room at once. A server's
garbage is freed by reference counting; what the passes scan is what is alive but
young (each connection's pending read, each room's wait, each seat's view). So
``Collecting`` freezes what start-up made, runs a young pass on a clock
(``TICK_S``) rather than after a count of allocations, and every ``MIDDLE`` young
passes, or sooner after a burst (``BURST``), freezes what they left (``gc.freeze``:
no pass, the objects are still freed by their reference counts) instead of scanning
it in a middle pass; every ``OLD`` times ``MIDDLE`` ticks, a full pass unfreezes
everything, collects and freezes again. Nothing is turned off: every cycle is still
found, later.

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
"""Young passes between two freezes of what they left (Python's default 10, for its
middle pass): every 60 s. A middle pass would scan mostly what is alive and was made
since the last young passes (each connection's pending read and keepalive, each
room's wait: some 55 000 objects and 30 ms at 1 000 rooms), however often it ran."""
OLD: Final = 60
"""``MIDDLE``'s intervals between two full passes: every hour of ticks, however many
bursts came, the most a cycle of garbage waits. A full pass scans every object: at
2 000 rooms it stops the server about a third of a second, so it comes rarely. It
finds little: an ended room is freed by reference counting
(``tests/net/test_rooms_freed.py``); what waits for it is 5 to 7 objects for each
closed connection (Python 3.11's socket transport keeps a bound method of itself,
CPython gh-100348, mended in 3.12; and websockets keeps a failed write's error, with
its frames, on its connection)."""
BURST: Final = 5
"""Young passes the backstop started (some 10 000 net allocations: a hundred rooms'
connections opening) that freeze what is alive at the next tick, before ``MIDDLE``:
what a burst made is mostly long-lived."""


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
        """Young passes the ticks ran since the last freeze."""
        self._since_full = 0
        """Ticks since the last full pass."""

    def _tick(self) -> None:
        """What is due: Python's count of young passes since the last middle pass
        (``gc.get_count``), whichever started them (a tick, or the backstop); those
        beyond the ticks' own are the backstop's (``BURST``)."""
        young = gc.get_count()[1]
        ticks = self._ticks = min(self._ticks, young)
        self._since_full += 1
        if self._since_full >= MIDDLE * OLD:
            gc.unfreeze()  # start-up's objects too: some 50 000, a few ms more
            gc.collect()
            gc.freeze()
            self._ticks = self._since_full = 0
        elif young >= MIDDLE or young - ticks >= BURST:
            gc.freeze()
            gc.collect(1)  # of nothing now: the count of young passes starts again
            self._ticks = 0
        else:
            gc.collect(0)
            self._ticks = ticks + 1
        self._timer = self._loop.call_later(TICK_S, self._tick, context=self._context)

    def stop(self) -> None:
        """No more ticks (the thresholds stay: the process is ending)."""
        self._timer.cancel()
