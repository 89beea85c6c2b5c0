"""Reading Spit replay files: Spit's header and lines on the shared, bounded reader
(``spit.core.replay.reading``)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from spit.core.replay.play_records import PlayOrder
from spit.core.replay.reading import ReplayFile, parse_lines, read_replay_bytes
from spit.core.replay.seat_records import Forfeit
from spit.games.registry import refuse_other_games
from spit.games.spit.identity import NAME
from spit.games.spit.replay.records import (
    Checkpoint,
    Deal,
    End,
    Header,
    Input,
    Record,
    record_from_json,
)


@dataclass(frozen=True, slots=True)
class Replay(ReplayFile[Header, Record]):
    """A Spit replay file as read: the good lines in file order, and what was wrong."""

    @property
    def game(self) -> str:
        return NAME

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
    def forfeit(self) -> Forfeit[int] | None:
        return next((r for r in self.records if isinstance(r, Forfeit)), None)

    @property
    def closing(self) -> End | None:
        last = self.records[-1] if self.records else None
        return last if isinstance(last, End) else None


def load_replay(path: str | os.PathLike[str]) -> Replay:
    """Read the Spit replay at ``path``. Raises ``UnreadableReplay`` with a message fit
    for the user when there is nothing to read; every other problem is in ``problems``."""
    path = Path(path)
    return parse_replay(read_replay_bytes(path), path)


def parse_replay(data: bytes, path: Path | None = None) -> Replay:
    """Read a Spit replay from its bytes; see ``load_replay``."""
    return Replay.of(parse_lines(data, _open_spit), path)


def _open_spit(obj: dict[str, Any], version: tuple[int, int]) -> tuple[Header, _SpitLines]:
    refuse_other_games(obj, NAME)
    return Header.from_json(obj, version), _SpitLines()


class _SpitLines:
    """The checks that need the lines before: order of rounds, time, the end."""

    def __init__(self) -> None:
        self._rounds = 0
        self._order = PlayOrder()

    def record(self, data: Any, line: int) -> Record:
        return record_from_json(data, line)

    def accept(self, record: Record) -> str | None:
        problem = self._order.problem(record)
        if problem is not None:
            return problem
        if isinstance(record, Deal):
            if record.round != self._rounds + 1:
                return f"expected the deal of round {self._rounds + 1}, not of {record.round}"
            if record.round == 1 and record.t != 0:
                return "round 1 is dealt at t=0"
            self._rounds += 1
        elif self._rounds == 0:
            return "the first line after the header must deal round 1"
        self._order.passed(record)
        return None
