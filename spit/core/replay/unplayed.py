"""A game in which nobody played a card leaves no replay.

Every game is recorded from its first deal, so a game left at 0:00 (opened by mistake,
or to look at the keys) would be saved like any other: after an evening, most of the
list were such games. Its file says nothing worth watching, so it is deleted when the
recording closes: when the game is left, or the app ends. A game cut short by a crash
keeps its file; the list shows it as unfinished. So does a game whose start counts
(the day's deal: its first game started is the day's attempt), which its front end
closes as played.
"""

from __future__ import annotations

import contextlib

from spit.core.replay.recording import LineWriter


def close_recording(writer: LineWriter, played: bool) -> None:
    """Close ``writer``'s file, and delete it unless a card was ``played``."""
    writer.close()
    if not played:
        with contextlib.suppress(OSError):  # gone already, or not ours to delete
            writer.path.unlink(missing_ok=True)
