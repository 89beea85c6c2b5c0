"""Reading any game's replay file, on the bounded, lenient reader of the framing
(``spit.core.replay.reading``): like python-chess's PGN reader it skips a bad line,
notes a ``Problem`` with its line number and reads on, so a viewer can show as much
of a damaged file as there is; only a file without a usable header is refused
(``UnreadableReplay``).

What needs the lines before is checked here for every game: the deals come in order
from the first, times never go backwards where they are given, only the closing line
follows a forfeit, and nothing follows the closing line.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

from spit.core.replay.reading import ReplayFile, parse_lines, read_replay_bytes
from spit.core.replay.seat_records import Forfeit
from spit.core.wire import JsonObject
from spit.replay.format import Header, Lines, ReplayFormat
from spit.replay.records import Checkpoint, Deal, End, Input, Record

H = TypeVar("H", bound=Header)
A = TypeVar("A")
C = TypeVar("C")


@dataclass(frozen=True, slots=True)
class Replay(ReplayFile[H, "Record[C, A]"], Generic[H, C, A]):
    """A replay file as read: its game, the good lines in file order, what was wrong."""

    game: str = ""
    """The game's key (``GameInfo.key``)."""

    @property
    def deals(self) -> list[Deal[C]]:
        return [r for r in self.records if isinstance(r, Deal)]

    @property
    def inputs(self) -> list[Input[A]]:
        return [r for r in self.records if isinstance(r, Input)]

    @property
    def checkpoints(self) -> list[Checkpoint]:
        return [r for r in self.records if isinstance(r, Checkpoint)]

    @property
    def forfeit(self) -> Forfeit[int | None] | None:
        return next((r for r in self.records if isinstance(r, Forfeit)), None)

    @property
    def closing(self) -> End | None:
        last = self.records[-1] if self.records else None
        return last if isinstance(last, End) else None

    @property
    def usable(self) -> tuple[Record[C, A], ...]:
        """The lines that can be trusted: those before the first problem, if any."""
        if not self.problems:
            return self.records
        stop = self.problems[0].line
        return tuple(
            r for i, r in enumerate(self.records) if not self.positions or self.positions[i] < stop
        )


def load_replay(
    fmt: ReplayFormat[H, Any, Any, A, Any, C, Any, Any, Any], path: str | os.PathLike[str]
) -> Replay[H, C, A]:
    """Read the replay of ``fmt``'s game at ``path``. Raises ``UnreadableReplay`` with a
    message for the user when there is nothing to read; every other problem is in
    ``problems``."""
    path = Path(path)
    return parse_replay(fmt, read_replay_bytes(path), path)


def parse_replay(
    fmt: ReplayFormat[H, Any, Any, A, Any, C, Any, Any, Any],
    data: bytes,
    path: Path | None = None,
) -> Replay[H, C, A]:
    """Read a replay of ``fmt``'s game from its bytes; see ``load_replay``."""

    def open_header(obj: JsonObject, version: tuple[int, int]) -> tuple[H, _Order[C, A]]:
        fmt.accepts(obj)
        return fmt.header.from_json(obj, version), _Order(fmt)

    lines = parse_lines(data, open_header)
    return Replay(
        lines.header,
        lines.records,
        lines.problems,
        lines.truncated,
        path,
        lines.seal,
        lines.edit,
        lines.positions,
        fmt.key,
    )


class _Order(Generic[C, A]):
    """The checks that need the lines before (see the module docstring)."""

    def __init__(self, fmt: ReplayFormat[Any, Any, Any, A, Any, C, Any, Any, Any]) -> None:
        self._lines: Lines[C, A] = fmt.lines
        self._fmt = fmt
        self._rounds = 0
        self._time = 0
        self._ended = False
        self._forfeited = False

    def record(self, obj: JsonObject) -> Record[C, A]:
        return self._lines.read(obj)

    def accept(self, record: Record[C, A]) -> str | None:
        if self._ended:
            return "a line after the end of the game"
        if self._forfeited and not isinstance(record, End):
            return "a line after the forfeit (only the closing line may follow it)"
        if record.t is not None and record.t < self._time:
            return f"time goes backwards: t={record.t} after t={self._time}"
        if isinstance(record, Deal):
            if record.round != self._rounds + 1:
                return self._fmt.out_of_order.format(expected=self._rounds + 1, found=record.round)
            if record.round == 1 and self._fmt.real_time and record.t != 0:
                return f"{self._fmt.round_key} 1 is dealt at t=0"
            self._rounds += 1
        elif self._rounds == 0:
            return self._fmt.no_first_deal
        self._ended = isinstance(record, End)
        self._forfeited |= isinstance(record, Forfeit)
        if record.t is not None:
            self._time = record.t
        return None
