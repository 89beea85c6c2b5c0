"""What a front end records a game with, beside its session: for any game.

``WriterFeed`` is the recorder for a replay file opened after the game has begun. A
front end wants the game on the table before the replay writer exists (opening the
file means importing the replay modules and touching the disk, and the first frame
should not wait for either), but the session reports its first deal in its
constructor, and a key may be pressed before the file is there. So the session
records into a ``WriterFeed``, which keeps every call until ``open`` hands it a
writer, passes them on in order, and from then on passes each call at once: the file
misses nothing. It also knows whether a card was played, for ``close``: a game in
which nobody played is not worth keeping (``spit.core.replay.unplayed``).

``GameLog`` keeps the game in memory as a replay, for its story at the end: the file
on disk may not exist (recording is off) or may have stopped short (a disk error).
What is kept is what the session reported; it becomes a replay's records only when
asked for, at the end.

Importing this module imports no other replay module: the writer is given to the
feed, and what closes it or makes the log's replay is imported when needed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Generic, TypeVar

from spit.core.outcome import Refusal
from spit.core.seats import Seat
from spit.play.events import InputRecord

if TYPE_CHECKING:
    from spit.core.replay.recording import LineWriter
    from spit.replay.format import Header
    from spit.replay.reader import Replay

W = TypeVar("W", bound="LineWriter")
S = TypeVar("S")
A = TypeVar("A")
C = TypeVar("C")
R = TypeVar("R", bound=Refusal)
H = TypeVar("H", bound="Header")


class WriterFeed(Generic[W, S, A, C, R]):
    """A session's recorder in front of a replay writer (``W``) that comes later (see
    the module docstring)."""

    def __init__(
        self, counts: Callable[[A], bool], watch: Callable[[W], None] = lambda writer: None
    ) -> None:
        """``counts``: an accepted input of this action is a card played. ``watch`` is
        called with the writer after each call passed to it, and after it closes: a
        front end checks there, as it happens, whether the file could be written (the
        writer keeps a disk error and writes nothing more)."""
        self._counts = counts
        self._kept: list[tuple[str, tuple[object, ...]]] = []
        self._writer: W | None = None
        self._closed = False
        self._watch = watch
        self.played = False
        """Whether a card was played: without one, the file is deleted at the close
        (unless ``keep``)."""
        self.keep = False
        """Keep the file even if no card was played: a game whose start counts (the
        day's deal: ``spit.stats.challenges``)."""

    def open(self, writer: W) -> None:
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

    def on_deal(self, t: int, round_no: int, deal: C) -> None:
        self._pass("on_deal", t, round_no, deal)

    def on_input(self, record: InputRecord[A, R], state: S) -> None:
        self.played = self.played or (record.accepted and self._counts(record.action))
        self._pass("on_input", record, state)

    def on_round_over(self, t: int, state: S) -> None:
        self._pass("on_round_over", t, state)

    def on_game_over(self, t: int, state: S) -> None:
        self._pass("on_game_over", t, state)


class GameLog(Generic[S, A, C, R]):
    """A session's recorder that keeps the deals and inputs of one game of ``game``
    (its key), for ``replay``."""

    def __init__(self, game: str) -> None:
        self.game = game
        self._reports: list[tuple[int, int, C] | InputRecord[A, R]] = []
        """Deals as ``(t, round_no, deal)`` and inputs, in order."""

    def on_deal(self, t: int, round_no: int, deal: C) -> None:
        self._reports.append((t, round_no, deal))

    def on_input(self, record: InputRecord[A, R], state: S) -> None:
        self._reports.append(record)

    def on_round_over(self, t: int, state: S) -> None:
        pass

    def on_game_over(self, t: int, state: S) -> None:
        pass

    def replay(self, header: H) -> Replay[H, C, A]:
        """The game so far as a replay read from a file with ``header`` would hold it."""
        from spit.replay.reader import Replay
        from spit.replay.records import Deal, Input, Record

        records: list[Record[C, A]] = []
        for report in self._reports:
            if isinstance(report, InputRecord):
                records.append(Input(report.t, Seat(report.player), report.action, report.accepted))
            else:
                records.append(Deal(*report))
        return Replay(header, tuple(records), problems=(), truncated=False, game=self.game)
