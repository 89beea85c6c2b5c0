"""The session's recorder for a replay file that is opened after the game has begun.

A front end wants the game on the table before the replay writer exists: opening
the file means importing the replay modules and touching the disk, and the first
frame should not wait for either. The session reports its first deal in its
constructor, though, and a key may be pressed before the file is there. So the session
records into a ``WriterFeed``, which keeps every call until ``open`` hands it a
writer, passes them on in order, and from then on passes each call at once: the file
misses nothing. It also knows whether a card was played, for ``close``: a game in
which nobody played is not worth keeping (``spit.core.replay.unplayed``).

Importing this module imports no replay module: the writer is given to it, and what
closes it is imported at the close.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from spit.engine import Action, Orders, Reason, Slap, State
from spit.play.events import InputRecord

if TYPE_CHECKING:
    from spit.games.spit.replay import ReplayWriter


class WriterFeed:
    """A ``spit.games.spit.game.Recorder`` in front of a ``ReplayWriter`` that comes
    later (see the module docstring)."""

    def __init__(self, watch: Callable[[ReplayWriter], None] = lambda writer: None) -> None:
        """``watch`` is called with the writer after each call passed to it, and after
        it closes: a front end checks there, as it happens, whether the file could be
        written (the writer keeps a disk error and writes nothing more)."""
        self._kept: list[tuple[str, tuple[object, ...]]] = []
        self._writer: ReplayWriter | None = None
        self._closed = False
        self._watch = watch
        self.played = False
        """Whether a card was played or moved: without one, the file is deleted at
        the close (unless ``keep``)."""
        self.keep = False
        """Keep the file even if no card was played: a game whose start counts (the
        day's deal: ``spit.stats.challenges``)."""

    def open(self, writer: ReplayWriter) -> None:
        """Give ``writer`` every call kept so far, in order, and the calls to come."""
        self._writer = writer
        for name, args in self._kept:
            getattr(writer, name)(*args)
        self._kept.clear()
        self._watch(writer)

    def close(self) -> None:
        """Close the file, if it was opened. Calls after this are dropped."""
        self._closed = True
        self._kept.clear()
        if self._writer is not None:
            from spit.core.replay.unplayed import close_recording

            close_recording(self._writer, self.played or self.keep)
            self._watch(self._writer)

    def _pass(self, name: str, *args: object) -> None:
        if self._closed:
            return
        if self._writer is not None:
            getattr(self._writer, name)(*args)
            self._watch(self._writer)
        else:
            self._kept.append((name, args))

    def on_deal(self, t: int, round_no: int, orders: Orders) -> None:
        self._pass("on_deal", t, round_no, orders)

    def on_input(self, record: InputRecord[Action, Reason], state: State) -> None:
        self.played = self.played or (record.accepted and not isinstance(record.action, Slap))
        self._pass("on_input", record, state)

    def on_round_over(self, t: int, state: State) -> None:
        self._pass("on_round_over", t, state)

    def on_game_over(self, t: int, state: State) -> None:
        self._pass("on_game_over", t, state)
