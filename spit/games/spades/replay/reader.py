"""Reading Spades replay files, with the same guards as Spit's (``spit.core.replay.reading``).

Only the lines and their order differ: hands come in order from hand 1, times never
go backwards where they are given, only the closing line follows a forfeit, and nothing
follows the closing line.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from spit.core.replay.play_records import PlayOrder
from spit.core.replay.reading import ReplayFile, parse_lines, read_replay_bytes
from spit.core.replay.seat_records import Forfeit
from spit.games.registry import refuse_other_games
from spit.games.spades.identity import NAME
from spit.games.spades.replay.records import (
    Checkpoint,
    End,
    Hand,
    Header,
    Input,
    Record,
    record_from_json,
)


@dataclass(frozen=True, slots=True)
class Replay(ReplayFile[Header, Record]):
    """A Spades replay file as read: the good lines in file order, and what was wrong."""

    @property
    def game(self) -> str:
        return NAME

    @property
    def hands(self) -> list[Hand]:
        return [r for r in self.records if isinstance(r, Hand)]

    @property
    def inputs(self) -> list[Input]:
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


def load_spades_replay(path: str | os.PathLike[str]) -> Replay:
    """Read the Spades replay at ``path``. Raises ``UnreadableReplay`` as ``load_replay``."""
    path = Path(path)
    return parse_spades_replay(read_replay_bytes(path), path)


def parse_spades_replay(data: bytes, path: Path | None = None) -> Replay:
    """Read a Spades replay from its bytes; see ``load_spades_replay``."""
    return Replay.of(parse_lines(data, _open_spades), path)


def _open_spades(obj: dict[str, Any], version: tuple[int, int]) -> tuple[Header, _SpadesLines]:
    refuse_other_games(obj, NAME)
    return Header.from_json(obj, version), _SpadesLines()


class _SpadesLines:
    """The checks that need the lines before: hands in order, time, the end."""

    def __init__(self) -> None:
        self._hands = 0
        self._order = PlayOrder()

    def record(self, data: Any, line: int) -> Record:
        return record_from_json(data, line)

    def accept(self, record: Record) -> str | None:
        problem = self._order.problem(record)
        if problem is not None:
            return problem
        if isinstance(record, Hand):
            if record.hand != self._hands + 1:
                return f"expected the cards of hand {self._hands + 1}, not of hand {record.hand}"
            self._hands += 1
        elif self._hands == 0:
            return "the first line after the header must give the cards of hand 1"
        self._order.passed(record)
        return None
