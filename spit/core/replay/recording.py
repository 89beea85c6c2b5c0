"""Writing a replay file as the game goes, so that an interruption loses nothing: the
part every game's writer shares.

``LineWriter`` appends one JSON line per call to a line-buffered file, so each line
reaches the operating system the moment it is written; ``sync`` also ``fsync``-s it
(the writers do at the ends of rounds, hands and games) unless the writer is not
``durable`` (a network server's). A crash, a closed terminal or
``kill -9`` leaves a file that is valid up to its last complete line. A writer that is
closed, or that hit a disk error (kept in ``error``), writes nothing more, so a game
never crashes because its recording failed. Every line is sealed as it is written: it
ends in its integrity digest, chained over the lines before it (``spit.core.replay.seal``).

Files are created exclusively and named by ``file_stem``: the start time and the
players, numbered when several games start in the same second. A file is only made
for a header the reader would take back (``LineWriter._start``), so a bad option
never leaves a file behind.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Final, Protocol, Self, TextIO

from spit.core.replay.closing import Closing
from spit.core.replay.fields import FORMAT_VERSION, PlayerInfo
from spit.core.replay.line_parts import line_json
from spit.core.replay.seal import Chain
from spit.core.replay.seat_records import BotSeat, Forfeit
from spit.core.seats import Seat
from spit.core.wire import JsonObject

_MAX_SAME_NAME: Final = 100_000
_last_number: dict[Path, int] = {}
"""The last number used for each name in this process: the simulator can start many
games a second, and should not try every taken name again for each."""


class WrittenHeader(Protocol):
    """A game's header, as its writer starts a file with it."""

    @property
    def players(self) -> tuple[PlayerInfo, PlayerInfo]: ...

    def to_json(self) -> JsonObject: ...

    @classmethod
    def from_json(cls, obj: JsonObject, version: tuple[int, int]) -> object: ...


class LineWriter(Closing):
    """One replay file being written: the file, the error that stopped it, closing."""

    def __init__(self, file: TextIO, path: Path) -> None:
        self.path = path
        self.error: OSError | None = None
        """The disk error that stopped the recording, if any."""
        self._file: TextIO | None = file
        self._chain = Chain()
        self.durable = True
        """Whether a sync also ``fsync``-s, so that the file outlives a crash of the
        whole machine, not only of the program. A network table turns it off: its
        server steps every room in one event loop, which would wait for the disk at
        each room's round ends. Each line still reaches the operating system as it is
        written, so a killed server process loses nothing."""
        self.lag_from: Callable[[], list[dict[str, int]]] | None = None
        """Over the network: what the server credited each seat's claims
        (``spit.net.room.lag_of``), read when the closing line is written, and
        written there as its ``lag`` (``docs/replay-format.md``)."""

    @property
    def closed(self) -> bool:
        """Closed, or stopped by a disk error: nothing more is written."""
        return self._file is None

    def close(self) -> None:
        """Flush, sync and close the file; later calls do nothing."""
        self._sync()
        if self._file is not None:
            try:
                self._file.close()
            except OSError as err:
                self.error = err
            self._file = None

    @classmethod
    def _start(cls, directory: Path, header: WrittenHeader, when: datetime, suffix: str) -> Self:
        """A writer on a new file in ``directory`` (made if missing), named after ``when``
        and the players, with ``header`` written. Raises ``ValueError`` for a header the
        reader would refuse (before any file is made) and ``OSError`` when the file
        cannot be created or written."""
        type(header).from_json(json.loads(line_text(header.to_json())), FORMAT_VERSION)
        writer = cls(*open_new(directory, file_stem(when, header.players), suffix))
        writer._write(header.to_json())
        if writer.error is not None:
            raise writer.error
        return writer

    def _write(self, obj: JsonObject) -> None:
        if self._file is None:
            return
        try:
            line = self._chain.seal(line_text(obj), obj.get("type"))
            self._file.write(line)  # line-buffered: flushed at the newline
        except OSError as err:
            self._fail(err)

    # -- over the network: the lines every game's file has alike ----------------------

    def on_bot(self, t: int, player: Seat, level: str, seed: int | None) -> None:
        """From ``t`` on a bot of ``level`` plays ``player``'s seat (its player is gone)."""
        self._write(line_json(BotSeat(t, player, level, seed).line()))

    def _forfeit(self, t: int, loser: Seat, end: JsonObject, *, left: bool = False) -> None:
        """``loser`` lost the game unfinished at ``t`` (``left`` it on purpose, or did
        not come back): the forfeit line, then the game's closing line ``end`` (the
        other player the winner); the file closes."""
        self._write(line_json(Forfeit(t, loser, left=left).line()))
        self._write(self._closing_line(end))
        self.close()

    def _closing_line(self, end: JsonObject) -> JsonObject:
        """The closing line ``end``, with the ``lag`` of a network game when there is
        one: only then is all of it known."""
        if self.lag_from is None:
            return end
        return {**end, "lag": self.lag_from()}

    def _sync(self) -> None:
        if self._file is None:
            return
        try:
            self._file.flush()
            if self.durable:
                os.fsync(self._file.fileno())
        except OSError as err:
            self._fail(err)

    def _fail(self, err: OSError) -> None:
        self.error = err
        file, self._file = self._file, None
        if file is not None:
            with contextlib.suppress(OSError):  # the first error is the one to report
                file.close()


def file_stem(created: datetime, players: tuple[PlayerInfo, PlayerInfo]) -> str:
    """``2026-11-29_14-05-12_p1-vs-normal``: sorts by start time, says who played."""
    return f"{created:%Y-%m-%d_%H-%M-%S}_{_slug(players[0], 1)}-vs-{_slug(players[1], 2)}"


def _slug(player: PlayerInfo, seat: int) -> str:
    if player.kind == "human":
        return f"p{seat}"
    text = re.sub(r"[^a-z0-9]+", "-", (player.level or "bot").lower()).strip("-")
    return text[:20] or "bot"


def open_new(directory: Path, stem: str, suffix: str) -> tuple[TextIO, Path]:
    """Create a file that did not exist (``x`` mode, so two games starting in the same
    second, even in two processes, never share a file): ``stem``, then ``stem_002``,
    ``stem_003``... (padded so that they sort in order, up to 999 a second), each with
    ``suffix``. Makes ``directory`` if it is missing."""
    directory.mkdir(parents=True, exist_ok=True)
    key = directory / (stem + suffix)
    for n in range(_last_number.get(key, 0) + 1, _MAX_SAME_NAME + 1):
        path = directory / f"{stem}{'' if n == 1 else f'_{n:03}'}{suffix}"
        try:
            file = path.open("x", encoding="utf-8", newline="\n", buffering=1)
        except FileExistsError:
            continue
        _last_number[key] = n
        return file, path
    raise FileExistsError(f"too many replays named {stem} in {directory}")


def line_text(obj: JsonObject) -> str:
    """One line of the file: JSON with non-ASCII characters as they are, no NaN."""
    return json.dumps(obj, ensure_ascii=False, allow_nan=False) + "\n"
