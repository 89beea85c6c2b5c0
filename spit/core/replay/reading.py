"""Reading replay files: lenient about what it can skip, bounded in everything.

Like python-chess's PGN reader, the reader does not stop at the first bad line: it
skips it, notes a ``Problem`` with its line number and reads on, so a viewer can show
as much of a damaged file as there is. Only a file without a usable header is refused
outright (``UnreadableReplay``). The file may come from anywhere, so every size is
capped (see the ``MAX_`` constants and ``docs/replay-format.md``), each line's JSON is
read by the strict decoder the network uses too (``spit.core.wire``: bounded numbers
and nesting, no NaN, no key twice), and nothing is ever evaluated.

A last line without its newline that is not valid JSON is where the recording was
interrupted (a crash, ``kill -9``): it is dropped and ``truncated`` set, not reported
as a problem.

These guards are the same for every game (``parse_lines``); a game brings only how to
read its header and lines and the checks that need the lines before (``LineRules``).
``spit.replay.reader`` gives them for every game.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, Generic, Protocol, Self, TypeVar

from spit import __version__
from spit.core.replay.fields import (
    FORMAT_NAME,
    FORMAT_VERSION,
    FormatError,
    UnknownLineType,
    read_version,
    show,
)
from spit.core.replay.seal import ChainCheck, Seal
from spit.core.replay.seat_records import BotSeat, Forfeit
from spit.core.wire import Bounds, JsonObject, WireError, read_json

MAX_FILE_BYTES: Final = 16 * 1024 * 1024
MAX_LINE_BYTES: Final = 16 * 1024
MAX_LINES: Final = 200_000
"""Lines read at most; a few thousand make a long game."""
MAX_PROBLEMS: Final = 100
"""Reading stops after this many problems."""
MAX_NUMBER_DIGITS: Final = 20
"""Longest integer literal accepted (a 64-bit seed has 20 digits). Checked before the
conversion, so a huge number costs nothing, whatever Python's own digit limit is."""
LINE: Final = Bounds(size=MAX_LINE_BYTES, digits=MAX_NUMBER_DIGITS)
"""What one line may hold (``spit.core.wire``, the network's decoder too)."""

_BOM: Final = b"\xef\xbb\xbf"

H = TypeVar("H")
R = TypeVar("R")


class UnreadableReplay(Exception):
    """The file cannot be read as a replay at all: missing, not a file, too large,
    or without a valid header (including one of an unknown major version or game)."""


@dataclass(frozen=True, slots=True)
class Problem:
    line: int
    message: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}"


class LineRules(Protocol[R]):
    """What one game adds to the reader: its lines, and the checks across lines."""

    def record(self, obj: JsonObject) -> R:
        """The record a line's JSON object holds. Raises ``FormatError``."""
        ...

    def accept(self, record: R) -> str | None:
        """Why ``record`` cannot follow the lines accepted so far, or ``None`` (and it
        is taken as the latest line)."""
        ...


OpenHeader = Callable[[JsonObject, tuple[int, int]], tuple[H, LineRules[R]]]
"""Reads a game's header (after the format and version were checked) and gives the
rules for its lines. Raises ``FormatError`` or ``UnreadableReplay``."""


@dataclass(frozen=True, slots=True)
class Lines(Generic[H, R]):
    """A file as read: the header, the good lines in file order, and what was wrong."""

    header: H
    records: tuple[R, ...]
    positions: tuple[int, ...]
    """The line number of each record."""
    problems: tuple[Problem, ...]
    """Lines that were skipped, and why, in file order."""
    truncated: bool
    """The file ends in an incomplete line (the recording was interrupted)."""
    seal: Seal
    edit: Problem | None
    """Where the integrity digest fails, when ``seal`` is ``EDITED``."""


@dataclass(frozen=True, slots=True)
class ReplayFile(Generic[H, R]):
    """A replay file of one game as read: the good lines in file order, and what was
    wrong. ``spit.replay.reader.Replay`` is one, with a game's header and
    records and its own ways of picking them out."""

    header: H
    records: tuple[R, ...]
    """Every line after the header that was read without a problem, in file order."""
    problems: tuple[Problem, ...]
    """Lines that were skipped, and why, in file order."""
    truncated: bool
    """The file ends in an incomplete line (the recording was interrupted)."""
    path: Path | None = None
    seal: Seal = Seal.UNSEALED
    """Whether the lines are as the program wrote them (``spit.core.replay.seal``)."""
    edit: Problem | None = None
    """Where the integrity digest fails, when ``seal`` is ``EDITED``: the line, and
    what to say. Not among ``problems``: an edited file may still follow the rules."""
    positions: tuple[int, ...] = ()
    """The line number each of ``records`` was read from (the records themselves say
    what a line holds, not where it was); empty for records that were not read from a
    file."""

    def line_of(self, index: int) -> int:
        """The line number ``records[index]`` was read from; 0 if it was not read."""
        return self.positions[index] if index < len(self.positions) else 0

    @property
    def over_the_network(self) -> bool:
        """Whether the game was played over the network: its header says so (format 1.4),
        or, in an older file, it has a line only a network game has (a ``forfeit``, a
        ``bot`` taking a seat over)."""
        if getattr(self.header, "network", False):
            return True
        # An older file's network game that ended without either looks like one keyboard's.
        return any(isinstance(record, Forfeit | BotSeat) for record in self.records)

    @classmethod
    def of(cls, lines: Lines[H, R], path: Path | None) -> Self:
        """The replay that ``parse_lines`` read from the file at ``path``."""
        return cls(
            lines.header,
            lines.records,
            lines.problems,
            lines.truncated,
            path,
            lines.seal,
            lines.edit,
            lines.positions,
        )


def read_replay_bytes(path: str | os.PathLike[str]) -> bytes:
    """The bytes of the replay file at ``path``, if it is a regular file no larger than
    a replay may be. Raises ``UnreadableReplay``.

    Nothing here can block or run on: the file is looked at before it is opened (a
    FIFO, a device or a socket is never opened, since opening one may wait for a
    writer), opened without waiting and looked at again (it may have been swapped
    meanwhile), and read only up to the size it reports, so a file that never ends
    stops there. A regular file that reports no size is not read at all: it is empty,
    or a system file such as ``/proc/kmsg``, whose size says nothing and whose reading
    may wait forever.
    """
    path = Path(path)
    try:
        _refuse_special(path.stat())
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
        with os.fdopen(fd, "rb") as file:
            size = _refuse_special(os.fstat(fd))
            data = file.read(size)
    except OSError as err:
        raise UnreadableReplay(f"cannot read it: {err.strerror or err}") from None
    except ValueError as err:  # e.g. a NUL character in the path
        raise UnreadableReplay(f"cannot read it: {err}") from None
    return data


def _refuse_special(info: os.stat_result) -> int:
    """The size of a regular file that a replay may be; raises ``UnreadableReplay``
    for anything else."""
    if stat.S_ISDIR(info.st_mode):
        raise UnreadableReplay("it is a directory, not a replay file")
    if not stat.S_ISREG(info.st_mode):
        raise UnreadableReplay(
            "it is not a regular file (a FIFO, a device or a socket is not read)"
        )
    if info.st_size > MAX_FILE_BYTES:
        raise UnreadableReplay(_too_large())
    if info.st_size == 0:
        raise UnreadableReplay(
            "the file is empty (0 bytes; a system file that reports no size, "
            "such as those in /proc, is not read)"
        )
    return info.st_size


def parse_lines(data: bytes, open_header: OpenHeader[H, R]) -> Lines[H, R]:
    """Read a replay's bytes with every guard, the game's header and lines read by
    ``open_header`` and the rules it returns."""
    reader: _Reader[H, R] = _Reader(open_header)
    _feed(data, reader)
    if reader.header is None:
        raise UnreadableReplay("the file is empty (it has no header line)")
    return Lines(
        reader.header,
        tuple(reader.records),
        tuple(reader.positions),
        tuple(reader.problems),
        reader.truncated,
        reader.chain.seal or Seal.UNSEALED,
        None if reader.chain.edit is None else Problem(*reader.chain.edit),
    )


def read_header(data: bytes) -> JsonObject:
    """Only the header object, with its format and major version checked: enough to
    tell which game's reader to use. Raises ``UnreadableReplay`` as ``parse_lines``."""
    reader: _Reader[None, None] = _Reader(None)
    _feed(data, reader)
    if reader.header_object is None:
        raise UnreadableReplay("the file is empty (it has no header line)")
    return reader.header_object


def _feed(data: bytes, reader: _Reader[Any, Any]) -> None:
    """Split ``data`` into lines and give them to ``reader``, up to the limits."""
    if data.startswith(_BOM):
        data = data[len(_BOM) :]
    start = number = 0
    while start < len(data) and len(reader.problems) < MAX_PROBLEMS and not reader.done:
        number += 1
        if number > MAX_LINES:
            if data[start:].strip():
                reader.problem(number, f"more than {MAX_LINES} lines; the rest is not read")
            break
        end = data.find(b"\n", start)
        complete = end >= 0  # else the last line, cut short unless it is whole JSON
        end = end if complete else len(data)
        reader.feed(number, data[start:end], complete=complete)
        start = end + 1


class _Reader(Generic[H, R]):
    """Line-by-line state: the header once read, then the game's records. Without
    ``open_header`` it stops at the header object (``done``)."""

    def __init__(self, open_header: OpenHeader[H, R] | None) -> None:
        self._open_header = open_header
        self.header: H | None = None
        self.header_object: JsonObject | None = None
        self.records: list[R] = []
        self.positions: list[int] = []
        self.problems: list[Problem] = []
        self.truncated = False
        self.done = False
        self.chain = ChainCheck()
        """The integrity digest, checked over every line read but the interrupted one."""
        self._rules: LineRules[R] | None = None
        self._newer = False
        """The file is of a newer minor version: its unknown line types are skipped."""

    def problem(self, line: int, message: str) -> None:
        self.problems.append(Problem(line, message))

    def feed(self, number: int, raw: bytes, *, complete: bool) -> None:
        try:
            data = _decode(raw)
        except _BadLine as err:
            if err.broken and not complete and self._rules is not None:
                self.truncated = True  # the incomplete last line: where the recording stopped
                return None
            self.chain.line(number, raw, None)
            return self._fail(number, err.message)
        if data is _BLANK:
            return None
        self.chain.line(number, raw, data)
        if self._rules is None:
            return self._header(number, data)
        if not isinstance(data, dict):
            return self.problem(number, f"a line must be a JSON object, not {show(data)}")
        try:
            record = self._rules.record(data)
        except UnknownLineType as err:
            if self._newer:
                return None  # written by a newer minor version: safe to skip
            return self.problem(number, str(err))
        except FormatError as err:
            return self.problem(number, str(err))
        message = self._rules.accept(record)
        if message is not None:
            return self.problem(number, message)
        self.records.append(record)
        self.positions.append(number)
        return None

    def _header(self, number: int, data: object) -> None:
        if not isinstance(data, dict):
            raise UnreadableReplay(f"line {number}: not a spit-tui replay (no header object)")
        try:
            version = read_version(data)
            if version[0] != FORMAT_VERSION[0]:
                writer = data.get("writer")
                by = writer if isinstance(writer, str) and writer.isprintable() else None
                raise UnreadableReplay(
                    f"it was written in replay format {version[0]}.{version[1]}"
                    f"{f' by {by[:64]}' if by else ''}; this spit-tui ({__version__}) reads "
                    f"{FORMAT_NAME} {FORMAT_VERSION[0]}.x only"
                )
            self.header_object = data
            if self._open_header is None:
                self.done = True
                return
            self.header, self._rules = self._open_header(data, version)
        except FormatError as err:
            raise UnreadableReplay(f"line {number}: bad header: {err}") from None
        self._newer = version[1] > FORMAT_VERSION[1]

    def _fail(self, number: int, message: str) -> None:
        if self._rules is None:
            raise UnreadableReplay(f"line {number}: {message}")
        return self.problem(number, message)


_BLANK: Final = object()
"""What ``_decode`` gives for a blank line, which the reader skips."""


class _BadLine(Exception):
    """A line that cannot be decoded; ``broken`` if it may be an interrupted write."""

    def __init__(self, message: str, *, broken: bool = False) -> None:
        super().__init__(message)
        self.message = message
        self.broken = broken


def _decode(raw: bytes) -> object:
    """The JSON value a line holds, or ``_BLANK``. Raises ``_BadLine``."""
    if len(raw) <= MAX_LINE_BYTES and not raw.strip():
        return _BLANK
    try:
        return read_json(raw, LINE)
    except WireError as err:
        message = f"the line is {err.message}" if err.too_large else err.message
        raise _BadLine(message, broken=err.malformed) from None


def _too_large() -> str:
    return f"it is larger than {MAX_FILE_BYTES // (1024 * 1024)} MiB, the most a replay may be"
