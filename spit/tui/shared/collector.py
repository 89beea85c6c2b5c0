"""Python's cycle collector while the app starts: off until the first frame is out.

Start-up makes some hundred thousand objects that live as long as the program (modules,
classes, styles, the table), and almost no garbage. The collector, started by
allocations alone, keeps rescanning that growing heap: a few full passes while the
modules load, a tenth of the work before the first frame of ``spit-tui play``
(instruction counts, ``docs/performance.md``, issue 13). So a command that opens the
app turns it off before it imports Textual (``paused_until_first_frame``), and the app
turns it back on once its first frame is on screen, after one collection and a freeze
(``collect_and_freeze``), which exempt everything alive then from later passes: without
the freeze, the first full pass during play would scan it all and stall a key press by
~100 ms. During play, a table collects the garbage of each frame shortly after it
(``collect_between_frames``, ``FRAME_GC_DELAY_MS``). The module imports nothing, so
that a command pays nothing for it.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Final

FRAME_GC_DELAY_MS: Final = 20
"""How long after a frame is drawn a table collects the garbage it left: long enough
for the frame to be out, and long before the next key press, as people press keys."""


@contextmanager
def paused_until_first_frame() -> Iterator[None]:
    """The collector off from here until ``collect_and_freeze`` (the app calls it after
    its first frame), and back on when the block ends in any case (an app that ended
    before its first frame, a test that never runs one)."""
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def collect_and_freeze() -> None:
    """Collect today's garbage, so that it is not frozen for good; exempt everything
    alive now from collection; and have the collector run again."""
    gc.collect()
    gc.freeze()
    gc.enable()


def thaw() -> None:
    """Undo ``collect_and_freeze`` when the app ends: the objects it froze can be
    collected again (a test's next app must not inherit this one's)."""
    gc.unfreeze()
    gc.enable()


def collect_between_frames() -> None:
    """Collect garbage now, between frames, the generations the collector would take
    next: left to itself, it collects when a key press has made enough objects, in
    the middle of that key press (some 0.1 ms in the young generation, more in older
    ones), and a key press makes a few hundred; over the network, each frame's JSON
    makes more."""
    counts, thresholds = gc.get_count(), gc.get_threshold()
    generation = 0
    while generation < 2 and counts[generation + 1] >= thresholds[generation + 1]:
        generation += 1
    gc.collect(generation)
