"""The three lines of play that every game's file holds in the same shape: an ``input``
(a player's action and whether it was accepted), a ``checkpoint`` (the state hash so
far) and the closing ``end`` (winner, rounds, scores, final hash).

The games' lines differ only in types and limits (``docs/replay-format.md``): the time
(``T``: a Spit line must carry its ``t``, a Spades one may leave it out), the action
(``A``, in the game's notation), the word for a round (``End.ROUNDS_KEY``), the range of
a score. So each game subclasses these records to give them its own name and types, and
builds its readers here with its own time reader, parser and limits; the fields, their
JSON and their order are written once, so both games' files stay alike key for key.
Like ``spit.core.replay.seat_records``, which holds the lines about a seat."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from spit.core.replay.fields import hash_of
from spit.core.replay.line_parts import end_json, input_json, line_json, read_end, read_input
from spit.core.replay.seat_records import Forfeit
from spit.core.seats import Seat

T = TypeVar("T", bound=int | None)
A = TypeVar("A")
R = TypeVar("R")
E = TypeVar("E", bound="End[Any]")


class Timed(Protocol):
    """Any line after the header: it has a time, or, in a game whose lines may leave
    it out (Spades), ``None``."""

    @property
    def t(self) -> int | None: ...


LineReader = Callable[[dict[str, Any], int], R]
"""Reads a line's JSON object, read from line number ``int``, into a record."""


@dataclass(frozen=True, slots=True)
class Input(Generic[T, A]):
    """``player``'s action at ``t``, and whether the game accepted it."""

    t: T
    player: Seat
    action: A
    accepted: bool | None
    """``None`` in a hand-written file that leaves it out: then it is not checked."""
    line: int = field(default=0, compare=False)
    """The line number it was read from (0 if it was not read from a file). Every
    record has one; it takes no part in comparisons."""

    def to_json(self) -> dict[str, Any]:
        return input_json(self.t, self.player, self.action, self.accepted)


@dataclass(frozen=True, slots=True)
class Checkpoint(Generic[T]):
    """The game's state hash at ``t``, after everything above this line."""

    t: T
    hash: str
    line: int = field(default=0, compare=False)

    def to_json(self) -> dict[str, Any]:
        return line_json("checkpoint", self.t, {"hash": self.hash})


@dataclass(frozen=True, slots=True)
class End(Generic[T]):
    """The closing line of a finished game."""

    ROUNDS_KEY: ClassVar[str] = "rounds"
    """The game's word for a round in the file (Spades: ``hands``)."""

    t: T
    winner: Seat | None
    """``None``: a draw (``"winner": null``, from format 1.5)."""
    rounds: int
    scores: tuple[int, int]
    hash: str
    line: int = field(default=0, compare=False)

    def to_json(self) -> dict[str, Any]:
        return end_json(self.t, self.winner, (self.ROUNDS_KEY, self.rounds), self.scores, self.hash)


def input_reader(
    make: Callable[[T, Seat, A, bool | None, int], R],
    time: Callable[[dict[str, Any]], T],
    parse: Callable[[str], A],
    longest: int,
    example: str,
) -> LineReader[R]:
    """The reader of a game's ``input`` lines into its record ``make``: the time read by
    the game's ``time``, the action by ``parse`` (see ``read_action``)."""

    def read(obj: dict[str, Any], line: int) -> R:
        return make(*read_input(obj, time, parse, longest, example), line)

    return read


def checkpoint_reader(
    make: Callable[[T, str, int], R], time: Callable[[dict[str, Any]], T]
) -> LineReader[R]:
    """The reader of a game's ``checkpoint`` lines into its record ``make``."""

    def read(obj: dict[str, Any], line: int) -> R:
        return make(time(obj), hash_of(obj), line)

    return read


def end_reader(
    make: type[E], time: Callable[[dict[str, Any]], int | None], most: int, scores: tuple[int, int]
) -> LineReader[E]:
    """The reader of a game's closing line into its record ``make``, whose
    ``ROUNDS_KEY`` names the count (from 1 to ``most``); each score from ``scores[0]``
    to ``scores[1]``."""

    def read(obj: dict[str, Any], line: int) -> E:
        return make(*read_end(obj, time, (make.ROUNDS_KEY, most), scores), line)

    return read


class PlayOrder:
    """The order of lines every game's file keeps, beside its own rules (the rounds in
    order): nothing after the closing line, only the closing line after a forfeit,
    and times that never go backwards where they are given. A game's
    ``spit.core.replay.reading.LineRules`` asks ``problem`` of each line first and tells
    ``passed`` of each it accepts."""

    def __init__(self) -> None:
        self._time = 0
        self._ended = False
        self._forfeited = False

    def problem(self, record: Timed) -> str | None:
        """Why ``record`` cannot follow the lines passed so far, or ``None``."""
        if self._ended:
            return "a line after the end of the game"
        if self._forfeited and not isinstance(record, End):
            return "a line after the forfeit (only the closing line may follow it)"
        if record.t is not None and record.t < self._time:
            return f"time goes backwards: t={record.t} after t={self._time}"
        return None

    def passed(self, record: Timed) -> None:
        """``record`` is the latest line."""
        self._ended = isinstance(record, End)
        self._forfeited |= isinstance(record, Forfeit)
        if record.t is not None:
            self._time = record.t
