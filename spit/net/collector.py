"""Python's cycle collector in a server process of many rooms (``spit-tui serve``).

The collector's passes stop the event loop, and so every room at once: an intent that
arrives during one waits for it. With the default thresholds a server of 500 rooms
spent 30 to 55 ms of each second in them, in passes of 10 to 25 ms (young) and 40 ms
(middle), several a second, while finding almost nothing to free (0 to 1 objects a
second): the server's garbage is freed by reference counting, and what the passes
scan is what is alive but young, each seat's view (a few dozen lists), each game's
state, each connection's pending read. Those were most of the intents answered
later than 5 ms (``docs/performance.md``, "Server capacity"). So ``tune_for_serving``:

- freezes what start-up made (modules, classes, the registry: some hundred thousand
  objects that live as long as the process), which full passes then skip, as the TUI
  does after its first frame (``spit.tui.shared.collector``, which this layer may not
  import);
- starts a young pass after ``YOUNG`` net allocations instead of 700: the pass scans
  the young objects still alive, and the default's allocations minus deallocations
  let some 40 000 of them gather between passes, so smaller, more frequent passes
  stop the loop for one or two milliseconds at the median, for about the same total
  work (some 50 000 objects scanned a second at 500 rooms);
- runs the middle generation every ``MIDDLE`` young passes instead of 10 (some tens
  of seconds): what survives a young pass is mostly a view or a game state that
  reference counting frees within seconds, so frequent middle passes scanned it
  again and again for nothing;
- runs a full pass after ``OLD`` middle ones instead of 10 (and, as Python has it,
  only once there are a quarter more long-lived objects than at the last): one scans
  every room's objects (some 160 000 at 500 rooms, 130-180 ms), and what it finds
  is little: a room opened and closed leaves some 30 objects in cycles (both sides of
  its two connections), so a full pass every quarter of an hour or so holds a few
  MiB of them even on a server whose rooms come and go every second.

Nothing is turned off: every cycle is still found, later. The process's own choice,
so the server (``spit.net.server``) does not make it: tests run many servers in one
process, and ``spit-tui host`` runs one beside the TUI, which has its own.
"""

from __future__ import annotations

import gc
from typing import Final

YOUNG: Final = 100
"""Net allocations of tracked objects that start a young pass (Python's default 700)."""
MIDDLE: Final = 200
"""Young passes between two passes of the middle generation (Python's default 10)."""
OLD: Final = 50
"""Middle passes between two full ones (Python's default 10)."""


def tune_for_serving() -> None:
    """Collect start-up's garbage, freeze what is alive, and set the thresholds above.
    Call it once, when the server listens."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG, MIDDLE, OLD)
