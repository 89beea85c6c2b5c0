"""Telling the player, the moment it happens, that a game stopped being recorded.

A replay writer that meets a disk error (a full disk, a removed USB stick) keeps the
error and writes nothing more, so the game goes on (``spit.core.replay.recording``). The
player must hear of it then, on the table, not only when they leave: they may want to
stop, or play on knowing the replay ends there. ``SaveWatch.check`` is called after the
writer is handed something to write; it notifies once per game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.widget import Widget

if TYPE_CHECKING:
    from spit.core.replay.recording import LineWriter


class SaveWatch:
    """Watches one game's writer and says once that it failed, on ``screen``."""

    def __init__(self, screen: Widget) -> None:
        self._screen = screen
        self._told = False

    def check(self, writer: LineWriter | None) -> None:
        if writer is None or writer.error is None or self._told:
            return
        self._told = True
        reason = writer.error.strerror or str(writer.error)
        self._screen.notify(
            f"This game could not be saved: {reason}. You can play on; the replay keeps "
            "the game up to here.",
            title="Replay",
            severity="error",
            timeout=10,
            markup=False,
        )
