"""Python's cycle collector in a server process of many rooms (``spit-tui serve``).

The collector's passes stop the event loop, and so every room at once: an intent that
arrives during one waits for it. With the default thresholds a server of 500 rooms
spent 30 to 55 ms of each second in them, in passes of 10 to 25 ms (young) and 40 ms
(middle), several a second, while finding almost nothing to free (0 to 1 objects a
second): the server's garbage is freed by reference counting, and what the passes
scan is what is alive but young: each connection's pending read (coroutines, a
future, the last frame), each room's wait, each seat's view, each game's state
(``docs/performance.md``, "Server capacity"). The server keeps few of those (the
views are tuples, a room's wait a future and a timer handle...), and ``Collecting``:

- freezes what start-up made (modules, classes, the registry: some hundred thousand
  objects that live as long as the process), which full passes then skip, as the TUI
  does after its first frame (``spit.tui.shared.collector``, which this layer may not
  import);
- runs a young pass every ``TICK_S`` of the event loop's time rather than after a
  number of allocations: Python starts one when allocations less deallocations pass
  a threshold, but in a server the deaths of objects a few seconds old (a view, a
  read that has just been answered) cancel the births of new ones, so the new ones
  gather between passes in numbers that vary from pass to pass: 4 000 to 15 000
  objects, 1 to 10 ms, at 500 rooms. On a clock a pass scans what was made in the last
  ``TICK_S`` and is still alive, about the same each time: 1 100 to 2 600 objects,
  at most about a millisecond, at 500 rooms. Python's own trigger stays, at
  ``BACKSTOP`` net allocations, for a burst (rooms opening) between two ticks;
- runs the middle generation every ``MIDDLE`` young passes (10 s), and sooner after
  a burst (``BURST``): what survives a young pass is mostly a read, a view or a game
  state that reference counting frees within seconds, so a middle pass scans what is
  alive and younger than that, about the same every 10 or 30 s (19 000 to 28 000
  objects, 8 to 11 ms, at 500 rooms), and the rooms opened since the last one: every
  30 s, 25 to 40 ms after the benchmark's 200 rooms opening at once, every 10 s 10 to
  28 ms;
- runs a full pass after ``OLD`` middle ones (8 minutes): one scans every room's
  objects (some 95 000 at 500 rooms, some 30 to 40 ms at the middle passes' rate),
  and what it finds is little: a room opened and closed leaves some 30 objects in
  cycles (both sides of its two connections), so waiting 8 minutes for it holds a MiB
  or two of them at most, on a server whose rooms come and go every second.

Nothing is turned off: every cycle is still found, later. The process's own choice,
so the server (``spit.net.server``) does not make it: tests run many servers in one
process, and ``spit-tui host`` runs one beside the TUI, which has its own.
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
MIDDLE: Final = 200
"""Young passes between two passes of the middle generation (Python's default 10):
every 10 s."""
OLD: Final = 50
"""Middle passes between two full ones (Python's default 10): every 8 minutes."""
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
