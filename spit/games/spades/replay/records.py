"""The lines of a Spades replay file as typed values, and their JSON form.

Spades is turn-based and its engine has no timers, so a file needs even less than a Spit
one: each hand's chance (the stock and exchange orders of
``spit.games.spades.engine.HandOrders``) on a ``hand`` line, then every action in order.
Times (``t``) are kept for a viewer's pacing only; re-simulation never looks at them,
and a hand-written file may leave them out. Like ``spit.games.spit.replay.records``,
both directions sit side by side, strict about values and silent about unknown keys."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final, TypeAlias

from spit.core.replay import play_records
from spit.core.replay.fields import (
    DEFAULT_PLAYERS,
    FORMAT_VERSION,
    MAX_TARGET,
    MAX_TIME_MS,
    PLAYER_KEYS,
    FormatError,
    PlayerInfo,
    card_names,
    cards_of,
    deck_problems,
    get_int,
    get_optional_int,
    player_of,
)
from spit.core.replay.line_parts import header_json, line_json, read_header_fields, read_record
from spit.core.replay.play_records import checkpoint_reader, end_reader, input_reader
from spit.core.replay.seat_records import BotSeat, Forfeit, bot_reader, forfeit_reader
from spit.core.seats import SEATS, Seat
from spit.games.spades.engine import Action, HandOrders, parse_action
from spit.games.spades.identity import NAME as GAME

DEFAULT_TARGET: Final = 500
MAX_HANDS: Final = 1_000_000
MAX_SCORE: Final = 2**31 - 1
"""Scores run from ``-MAX_SCORE`` to ``MAX_SCORE``: a Spades score can be negative."""
MAX_ACTION_TEXT: Final = 24
"""``exchange 10C 10D 10H`` is the longest action, at 20 characters."""


def _time(obj: dict[str, Any]) -> int | None:
    return get_optional_int(obj, "t", 0, MAX_TIME_MS)


@dataclass(frozen=True, slots=True)
class Header:
    """The first line of a Spades replay: what the game was and who played it."""

    target: int = DEFAULT_TARGET
    first: Seat = SEATS[0]
    """The player who draws first in hand 1 (``new_game``'s ``first``, SD01)."""
    players: tuple[PlayerInfo, PlayerInfo] = DEFAULT_PLAYERS
    seed: int | None = None
    """The seed the hands were shuffled from, for information: each hand's orders are
    recorded, so a replay never depends on the shuffle."""
    created: str | None = None
    writer: str | None = None
    engine: str | None = None
    """``spit.games.spades.engine.ENGINE_VERSION`` of the writer: the rules it played by."""
    version: tuple[int, int] = FORMAT_VERSION
    network: bool = False
    """The game was played over the network (format 1.4; the server writes it)."""

    def to_json(self) -> dict[str, Any]:
        return header_json(self, {"target": self.target, "first": PLAYER_KEYS[self.first]}, GAME)

    @classmethod
    def from_json(cls, obj: dict[str, Any], version: tuple[int, int]) -> Header:
        """Read the header fields after ``read_version`` has accepted ``version``."""
        return cls(
            target=get_int(obj, "target", 1, MAX_TARGET, default=DEFAULT_TARGET),
            first=player_of(obj, "first") if "first" in obj else SEATS[0],
            version=version,
            **read_header_fields(obj),
        )


@dataclass(frozen=True, slots=True)
class Hand:
    """Hand ``hand`` starts, from these card orders (``new_game`` / ``next_hand``)."""

    t: int | None
    hand: int
    orders: HandOrders
    line: int = field(default=0, compare=False)
    """The line number it was read from (0 if it was not read from a file)."""

    def to_json(self) -> dict[str, Any]:
        return line_json(
            "hand",
            self.t,
            {
                "hand": self.hand,
                "stock": card_names(self.orders.stock),
                "exchange": card_names(self.orders.exchange_order),
            },
        )

    @classmethod
    def from_json(cls, obj: dict[str, Any], line: int) -> Hand:
        orders = HandOrders(cards_of(obj, "stock"), cards_of(obj, "exchange"))
        for key, cards in zip(("stock", "exchange"), orders, strict=True):
            problems = deck_problems(cards)
            if problems:
                raise FormatError(f"{key!r} must hold each of the 52 cards once ({problems})")
        return cls(_time(obj), get_int(obj, "hand", 1, MAX_HANDS), orders, line)


class Input(play_records.Input[int | None, Action]):
    """A player's action, and whether the engine accepted it."""

    __slots__ = ()


class Checkpoint(play_records.Checkpoint[int | None]):
    """The game's ``spit.games.spades.engine.state_hash`` after everything above this line."""

    __slots__ = ()


class End(play_records.End[int | None]):
    """The closing line of a finished game: its ``rounds`` are the hands."""

    __slots__ = ()
    ROUNDS_KEY = "hands"

    @property
    def hands(self) -> int:
        return self.rounds


read_spades_end = end_reader(End, _time, MAX_HANDS, (-MAX_SCORE, MAX_SCORE))
"""The closing line's reader (the replay listings read it alone)."""


Record: TypeAlias = Hand | Input | Checkpoint | Forfeit[int | None] | BotSeat[int | None] | End
"""Any line of a Spades replay after the header."""

_RECORD_TYPES: Final[dict[str, Callable[[dict[str, Any], int], Record]]] = {
    "hand": Hand.from_json,
    "input": input_reader(Input, _time, parse_action, MAX_ACTION_TEXT, "bid 4"),
    "checkpoint": checkpoint_reader(Checkpoint, _time),
    "forfeit": forfeit_reader(_time),
    "bot": bot_reader(_time),
    "end": read_spades_end,
}


def record_from_json(data: Any, line: int) -> Record:
    """The record a parsed JSON line of a Spades replay holds. Raises ``FormatError``."""
    return read_record(data, line, _RECORD_TYPES)
