"""The two lines about a seat rather than a move, the same in every game's file: a
``forfeit`` (the seat's player lost by leaving a network game) and a ``bot`` (a bot
took the seat over).

One record class each for both games: the lines are the same to the byte
(``docs/replay-format.md``), and only the time differs in type, since a Spit line
must carry its ``t`` and a Spades one may leave it out (``T`` is ``int`` or
``int | None``, read by the game's own time reader)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from spit.core.dealer import MAX_SEED
from spit.core.replay.fields import PLAYER_KEYS, check_text, get_int, player_of
from spit.core.replay.line_parts import line_json
from spit.core.seats import Seat

T = TypeVar("T", bound=int | None)

TimeReader = Callable[[dict[str, Any]], T]
"""A game's reader of a line's ``t``."""


@dataclass(frozen=True, slots=True)
class Forfeit(Generic[T]):
    """``player`` lost the game by forfeit at ``t`` (over the network: they ``left`` on
    purpose, or their connection was gone longer than its grace period). The game ends
    here, unfinished; the closing line follows, with the other player as the winner
    and the table's counts, scores and hash as they stood."""

    t: T
    player: Seat
    line: int = field(default=0, compare=False)
    left: bool = False
    """The player left on purpose (``"left": true``, from version 1.4); otherwise, or
    in an older file, they did not come back."""

    def to_json(self) -> dict[str, Any]:
        fields: dict[str, Any] = {"player": PLAYER_KEYS[self.player]}
        if self.left:
            fields["left"] = True
        return line_json("forfeit", self.t, fields)


@dataclass(frozen=True, slots=True)
class BotSeat(Generic[T]):
    """From ``t`` on, a bot of ``level`` (seeded with ``seed``) plays ``player``'s seat:
    over the network, its player was gone and the other chose to go on. Information
    only: the bot's moves are the inputs that follow, checked like any others."""

    t: T
    player: Seat
    level: str
    seed: int | None = None
    line: int = field(default=0, compare=False)

    def to_json(self) -> dict[str, Any]:
        fields: dict[str, Any] = {"player": PLAYER_KEYS[self.player], "level": self.level}
        if self.seed is not None:
            fields["seed"] = self.seed
        return line_json("bot", self.t, fields)


def forfeit_reader(time: TimeReader[T]) -> Callable[[dict[str, Any], int], Forfeit[T]]:
    """The reader of a ``forfeit`` line for a game whose lines' times ``time`` reads."""

    def read(obj: dict[str, Any], line: int) -> Forfeit[T]:
        return Forfeit(time(obj), player_of(obj, "player"), line, left=obj.get("left") is True)

    return read


def bot_reader(time: TimeReader[T]) -> Callable[[dict[str, Any], int], BotSeat[T]]:
    """The reader of a ``bot`` line for a game whose lines' times ``time`` reads."""

    def read(obj: dict[str, Any], line: int) -> BotSeat[T]:
        seed = obj.get("seed")
        return BotSeat(
            time(obj),
            player_of(obj, "player"),
            check_text("level", obj.get("level")),
            None if seed is None else get_int(obj, "seed", 0, MAX_SEED),
            line,
        )

    return read
