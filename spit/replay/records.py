"""The lines of any game's replay file after the header, as typed values.

A ``deal`` (a round's chance, its fields the game's codec's), an ``input`` (an action
and whether it was accepted), a ``checkpoint`` (the state hash) and the closing
``end``; the lines about a seat (``forfeit``, ``bot``) are the framing's
(``spit.core.replay.seat_records``). ``spit.replay.format.Lines`` turns them into the
lines the file holds (``spit.core.replay.line_parts``) and back, with the game's
words and limits. A time is ``None`` only where a game in turns leaves it out.

A record says what a line holds, not where it was: the reader keeps each record's line
number beside it (``spit.replay.reader.Replay.positions``), so two records of the same
line are equal wherever they were read.
"""

from __future__ import annotations

from typing import Generic, TypeAlias, TypeVar

from msgspec import Struct

from spit.core.replay.seat_records import BotSeat, Forfeit
from spit.core.seats import Seat

A = TypeVar("A")
C = TypeVar("C")


class Deal(Struct, Generic[C], frozen=True):
    """Round ``round`` was dealt ``deal`` at ``t``."""

    t: int | None
    round: int
    deal: C


class Input(Struct, Generic[A], frozen=True):
    """``player``'s action at ``t``, and whether the game accepted it."""

    t: int | None
    player: Seat
    action: A
    accepted: bool | None
    """``None`` in a hand-written file that leaves it out: then it is not checked."""


class Checkpoint(Struct, frozen=True):
    """The game's state hash at ``t``, after everything above this line."""

    t: int | None
    hash: str


class End(Struct, frozen=True):
    """The closing line: the winner, the rounds dealt, the scores, the final hash."""

    t: int | None
    winner: Seat | None
    """``None``: a draw (``"winner": null``, from format 1.5)."""
    rounds: int
    scores: tuple[int, int]
    hash: str


Record: TypeAlias = (
    Deal[C] | Input[A] | Checkpoint | Forfeit[int | None] | BotSeat[int | None] | End
)
"""Any line after the header."""
