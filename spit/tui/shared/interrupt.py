"""Ctrl+C: what a terminal's user means by it, on every screen.

Terminal programs stop on Ctrl+C, so spit-tui does what stopping means where the player
is: a game pauses at once and asks "Leave this game?" (Ctrl+C again leaves), and
anywhere else spit-tui quits, as Ctrl+Q does. The app (``spit.tui.app``) holds the key
and gives it to the topmost ``Interruptible`` screen, looking through the dialogs over
it (a game's help is closed first); with none, it quits.

A screen says what Ctrl+C does to it by having ``interrupt``: the game tables ask to
leave, the leave question leaves, a dialog over a game does what its Esc does.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable


@runtime_checkable
class Interruptible(Protocol):
    """A screen on which Ctrl+C does something of its own instead of quitting."""

    def interrupt(self) -> None:
        """Ctrl+C was pressed while this screen (or a dialog over it) was shown."""
