"""Reading replay files: lenient about what it can skip, bounded in everything.

Like python-chess's PGN reader, the reader does not stop at the first bad line: it
skips it, notes a ``Problem`` with its line number and reads on, so a viewer can show
as much of a damaged file as there is. Only a file without a usable header is refused
outright (``UnreadableReplay``). The file may come from anywhere, so every size is
capped (see the ``MAX_`` constants and ``docs/replay-format.md``), JSON is parsed with
bounded numbers and no NaN, and nothing is ever evaluated.

A last line without its newline that is not valid JSON is where the recording was
interrupted (a crash, ``kill -9``): it is dropped and ``truncated`` set, not reported
as a problem.
"""

from __future__ import annotations

import json
import math
import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from spit import __version__
from spit.replay.records import (
    FORMAT_NAME,
    FORMAT_VERSION,
    Checkpoint,
    Deal,
    End,
    FormatError,
    Header,
    Input,
    Record,
    UnknownLineType,
    read_version,
    record_from_json,
    show,
)

MAX_FILE_BYTES: Final = 16 * 1024 * 1024
MAX_LINE_BYTES: Final = 16 * 1024
MAX_LINES: Final = 200_000
"""Lines read at most; a few thousand make a long game."""
MAX_PROBLEMS: Final = 100
"""Reading stops after this many problems."""
MAX_NUMBER_DIGITS: Final = 20
"""Longest integer literal accepted (a 64-bit seed has 20 digits). Checked before the
conversion, so a huge number costs nothing, whatever Python's own digit limit is."""

_BOM: Final = b"\xef\xbb\xbf"


class UnreadableReplay(Exception):
    """The file cannot be read as a replay at all: missing, not a file, too large,
    or without a valid header (including one of an unknown major version)."""


@dataclass(frozen=True, slots=True)
class Problem:
    line: int
    message: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}"


@dataclass(frozen=True, slots=True)
class Replay:
    """A replay file as read: the good lines in file order, and what was wrong."""

    header: Header
    records: tuple[Record, ...]
    """Every line after the header that was read without a problem, in file order."""
    problems: tuple[Problem, ...]
    """Lines that were skipped, and why, in file order."""
    truncated: bool
    """The file ends in an incomplete line (the recording was interrupted)."""
    path: Path | None = None

    @property
    def deals(self) -> list[Deal]:
        return [r for r in self.records if isinstance(r, Deal)]

    @property
    def inputs(self) -> list[Input]:
        return [r for r in self.records if isinstance(r, Input)]

    @property
    def checkpoints(self) -> list[Checkpoint]:
        return [r for r in self.records if isinstance(r, Checkpoint)]

    @property
    def closing(self) -> End | None:
        last = self.records[-1] if self.records else None
        return last if isinstance(last, End) else None


def load_replay(path: str | os.PathLike[str]) -> Replay:
    """Read the replay at ``path``. Raises ``UnreadableReplay`` with a message fit for
    the user when there is nothing to read; every other problem is in ``problems``."""
    path = Path(path)
    try:
        info = path.stat()
        if stat.S_ISDIR(info.st_mode):
            raise UnreadableReplay("it is a directory, not a replay file")
        if not stat.S_ISREG(info.st_mode):
            raise UnreadableReplay("it is not a regular file")
        if info.st_size > MAX_FILE_BYTES:
            raise UnreadableReplay(_too_large())
        with path.open("rb") as file:
            data = file.read(MAX_FILE_BYTES + 1)
    except OSError as err:
        raise UnreadableReplay(f"cannot read it: {err.strerror or err}") from None
    except ValueError as err:  # e.g. a NUL character in the path
        raise UnreadableReplay(f"cannot read it: {err}") from None
    if len(data) > MAX_FILE_BYTES:
        raise UnreadableReplay(_too_large())
    return parse_replay(data, path)


def parse_replay(data: bytes, path: Path | None = None) -> Replay:
    """Read a replay from its bytes; see ``load_replay``."""
    if data.startswith(_BOM):
        data = data[len(_BOM) :]
    reader = _Reader()
    start = number = 0
    while start < len(data) and len(reader.problems) < MAX_PROBLEMS:
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
    if reader.header is None:
        raise UnreadableReplay("the file is empty (it has no header line)")
    return Replay(
        reader.header,
        tuple(reader.records),
        tuple(reader.problems),
        reader.truncated,
        path,
    )


class _Reader:
    """Line-by-line state: the header once read, then records with cross-line checks."""

    def __init__(self) -> None:
        self.header: Header | None = None
        self.records: list[Record] = []
        self.problems: list[Problem] = []
        self.truncated = False
        self._rounds = 0
        self._time = 0
        self._ended = False

    def problem(self, line: int, message: str) -> None:
        self.problems.append(Problem(line, message))

    def feed(self, number: int, raw: bytes, *, complete: bool) -> None:
        if len(raw) > MAX_LINE_BYTES:
            return self._fail(number, f"the line is longer than {MAX_LINE_BYTES} bytes")
        try:
            text = raw.decode("utf-8")
            if not text.strip():
                return None
            data = _DECODER.decode(text)
        except UnicodeDecodeError:
            return self._broken(number, complete, "the line is not valid UTF-8 text")
        except json.JSONDecodeError as err:
            return self._broken(number, complete, f"not valid JSON ({err.msg}, column {err.colno})")
        except ValueError as err:
            return self._fail(number, str(err))
        except RecursionError:
            return self._fail(number, "JSON nested too deeply")
        if self.header is None:
            self.header = _header(number, data)
            return None
        try:
            record = record_from_json(data, number)
        except UnknownLineType as err:
            if self.header.version[1] > FORMAT_VERSION[1]:
                return None  # written by a newer minor version: safe to skip
            return self.problem(number, str(err))
        except FormatError as err:
            return self.problem(number, str(err))
        self._add(record)
        return None

    def _broken(self, number: int, complete: bool, message: str) -> None:
        """An undecodable line: the interruption if it is the incomplete last line."""
        if complete or self.header is None:
            return self._fail(number, message)
        self.truncated = True
        return None

    def _fail(self, number: int, message: str) -> None:
        if self.header is None:
            raise UnreadableReplay(f"line {number}: {message}")
        return self.problem(number, message)

    def _add(self, record: Record) -> None:
        """Checks that need the lines before: order of rounds, time, the end."""
        line = record.line
        if self._ended:
            return self.problem(line, "a line after the end of the game")
        if record.t < self._time:
            return self.problem(line, f"time goes backwards: t={record.t} after t={self._time}")
        if isinstance(record, Deal):
            if record.round != self._rounds + 1:
                return self.problem(
                    line, f"expected the deal of round {self._rounds + 1}, not of {record.round}"
                )
            if record.round == 1 and record.t != 0:
                return self.problem(line, "round 1 is dealt at t=0")
            self._rounds += 1
        elif self._rounds == 0:
            return self.problem(line, "the first line after the header must deal round 1")
        self._ended = isinstance(record, End)
        self._time = record.t
        self.records.append(record)
        return None


def _header(number: int, data: Any) -> Header:
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
        return Header.from_json(data, version)
    except FormatError as err:
        raise UnreadableReplay(f"line {number}: bad header: {err}") from None


def _too_large() -> str:
    return f"it is larger than {MAX_FILE_BYTES // (1024 * 1024)} MiB, the most a replay may be"


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_NUMBER_DIGITS:
        raise ValueError(f"a number with more than {MAX_NUMBER_DIGITS} digits: {show(text)}")
    return int(text)


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"a number out of range: {show(text)}")
    return value


def _no_constant(text: str) -> Any:
    raise ValueError(f"{text} is not allowed (JSON has no such number)")


_DECODER: Final = json.JSONDecoder(
    parse_int=_bounded_int, parse_float=_finite_float, parse_constant=_no_constant
)
