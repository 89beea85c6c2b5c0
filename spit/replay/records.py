"""The lines of any game's replay file after the header, as typed values.

A ``deal`` (a round's chance, its fields the game's codec's), an ``input`` (an action
and whether it was accepted), a ``checkpoint`` (the state hash) and the closing
``end``; the lines about a seat (``forfeit``, ``bot``) are the framing's
(``spit.core.replay.seat_records``). ``spit.replay.format.Lines`` writes and reads
them for every game, with the game's words and limits, key for key as the files have
always held them. A time is ``None`` only where a game in turns
leaves it out.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Generic, TypeAlias, TypeVar

from spit.core.replay.seat_records import BotSeat, Forfeit
from spit.core.seats import Seat

A = TypeVar("A")
C = TypeVar("C")


@dataclass(frozen=True, slots=True)
class Deal(Generic[C]):
    """Round ``round`` was dealt ``deal`` at ``t``."""

    t: int | None
    round: int
    deal: C
    line: int = field(default=0, compare=False)
    """The line number it was read from (0 if it was not read from a file); it takes
    no part in comparisons."""


@dataclass(frozen=True, slots=True)
class Input(Generic[A]):
    """``player``'s action at ``t``, and whether the game accepted it."""

    t: int | None
    player: Seat
    action: A
    accepted: bool | None
    """``None`` in a hand-written file that leaves it out: then it is not checked."""
    line: int = field(default=0, compare=False)


@dataclass(frozen=True, slots=True)
class Checkpoint:
    """The game's state hash at ``t``, after everything above this line."""

    t: int | None
    hash: str
    line: int = field(default=0, compare=False)


@dataclass(frozen=True, slots=True)
class End:
    """The closing line: the winner, the rounds dealt, the scores, the final hash."""

    t: int | None
    winner: Seat | None
    """``None``: a draw (``"winner": null``, from format 1.5)."""
    rounds: int
    scores: tuple[int, int]
    hash: str
    line: int = field(default=0, compare=False)


Record: TypeAlias = (
    Deal[C] | Input[A] | Checkpoint | Forfeit[int | None] | BotSeat[int | None] | End
)
"""Any line after the header."""
