"""The two lines about a seat rather than a move, the same in every game's file: a
``forfeit`` (the seat's player lost by leaving a network game) and a ``bot`` (a bot
took the seat over).

One record class each for both games: the lines are the same to the byte
(``docs/replay-format.md``), and only the time differs in type, since a Spit line
must carry its ``t`` and a Spades one may leave it out (``T`` is ``int`` or
``int | None``)."""

from __future__ import annotations

from typing import Generic, TypeVar

from msgspec import Struct

from spit.core.replay.fields import PLAYER_KEYS
from spit.core.replay.line_parts import BotLine, ForfeitLine
from spit.core.seats import SEATS, Seat

T = TypeVar("T", bound=int | None)


class Forfeit(Struct, Generic[T], frozen=True):
    """``player`` lost the game by forfeit at ``t`` (over the network: they ``left`` on
    purpose, or their connection was gone longer than its grace period). The game ends
    here, unfinished; the closing line follows, with the other player as the winner
    and the table's counts, scores and hash as they stood."""

    t: T
    player: Seat
    left: bool = False
    """The player left on purpose (``"left": true``, from version 1.4); otherwise, or
    in an older file, they did not come back."""

    def line(self) -> ForfeitLine:
        return ForfeitLine(t=self.t, player=PLAYER_KEYS[self.player], left=self.left)

    @classmethod
    def of(cls, line: ForfeitLine, t: T) -> Forfeit[T]:
        return cls(t, SEATS[PLAYER_KEYS.index(line.player)], line.left)


class BotSeat(Struct, Generic[T], frozen=True):
    """From ``t`` on, a bot of ``level`` (seeded with ``seed``) plays ``player``'s seat:
    over the network, its player was gone and the other chose to go on. Information
    only: the bot's moves are the inputs that follow, checked like any others."""

    t: T
    player: Seat
    level: str
    seed: int | None = None

    def line(self) -> BotLine:
        return BotLine(t=self.t, player=PLAYER_KEYS[self.player], level=self.level, seed=self.seed)

    @classmethod
    def of(cls, line: BotLine, t: T) -> BotSeat[T]:
        return cls(t, SEATS[PLAYER_KEYS.index(line.player)], line.level, line.seed)
