"""The lines of a Spit replay file as typed values, and their JSON form.

Both directions live here, side by side, so the writer can only write what the reader
accepts: every ``to_json`` has its ``from_json`` next to it. Reading is strict about
each field's type and range (the file may come from anywhere) and lenient about
anything it does not know (unknown keys are ignored, so that a newer minor version of
the format can add fields). What every game's lines share is in ``spit.core.replay.fields``
(the players, the version, the value readers) and ``spit.core.replay.line_parts`` (the
header's common keys, inputs, the closing line, a line's type and time);
``docs/replay-format.md`` is the specification.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final, TypeAlias

from spit.core.replay import play_records
from spit.core.replay.challenge import Challenge, read_challenge
from spit.core.replay.fields import (
    DEFAULT_PLAYERS,
    FORMAT_VERSION,
    MAX_TARGET,
    MAX_TIME_MS,
    FormatError,
    PlayerInfo,
    card_names,
    cards_of,
    deck_problems,
    get_int,
    show,
)
from spit.core.replay.line_parts import header_json, line_json, read_header_fields, read_record
from spit.core.replay.play_records import checkpoint_reader, end_reader, input_reader
from spit.core.replay.seat_records import BotSeat, Forfeit, bot_reader, forfeit_reader
from spit.engine import Action, Orders, Variant, parse_action
from spit.engine.timers import Timing

MAX_SCORE: Final = 2**31 - 1
MAX_ROUNDS: Final = 1_000_000
MAX_ACTION_TEXT: Final = 16


def _time(obj: dict[str, Any]) -> int:
    return get_int(obj, "t", 0, MAX_TIME_MS)


def _check_deck(orders: Orders) -> None:
    """Every deal holds the whole deck: between rounds each player gathers their cards,
    and the game is over once a player has none."""
    if not orders[0] or not orders[1]:
        raise FormatError("each player must be dealt at least one card")
    problems = deck_problems((*orders[0], *orders[1]))
    if problems:
        raise FormatError(f"a deal must hold each of the 52 cards exactly once ({problems})")


@dataclass(frozen=True, slots=True)
class Header:
    """The first line: what the game was, everything needed to re-simulate it."""

    variant: Variant = Variant.STANDARD
    target: int = 100
    timing: Timing = field(default_factory=Timing)
    players: tuple[PlayerInfo, PlayerInfo] = DEFAULT_PLAYERS
    seed: int | None = None
    """The seed the deals came from, for information: the deals themselves are
    recorded, so a replay never depends on the shuffle."""
    created: str | None = None
    """ISO 8601 local time with its UTC offset."""
    writer: str | None = None
    """The program that wrote the file, e.g. ``spit-tui 0.1.0``."""
    engine: str | None = None
    """``spit.engine.ENGINE_VERSION`` of the writer: the rules it played by."""
    version: tuple[int, int] = FORMAT_VERSION
    challenge: Challenge | None = None
    """The day's deal or the ladder's step this game was played as (format 1.3);
    ``None`` for an ordinary game."""
    network: bool = False
    """The game was played over the network (format 1.4; the server writes it)."""

    def to_json(self) -> dict[str, Any]:
        settings: dict[str, Any] = {
            "variant": self.variant.value,
            "target": self.target,
            "timing": self.timing.to_json(),
        }
        if self.challenge is not None:
            settings["challenge"] = self.challenge.to_json()
        return header_json(self, settings)

    @classmethod
    def from_json(cls, obj: dict[str, Any], version: tuple[int, int]) -> Header:
        """Read the header fields after ``read_version`` has accepted ``version``."""
        common = read_header_fields(obj)
        variant = obj.get("variant", Variant.STANDARD.value)
        if variant not in [v.value for v in Variant]:
            raise FormatError(f"unknown variant {show(variant)}")
        try:
            timing = Timing.from_json(obj.get("timing", {}))
        except ValueError as err:
            raise FormatError(str(err)) from None
        return cls(
            variant=Variant(variant),
            target=get_int(obj, "target", 1, MAX_TARGET, default=100),
            timing=timing,
            version=version,
            challenge=read_challenge(obj),
            **common,
        )


@dataclass(frozen=True, slots=True)
class Deal:
    """Round ``round`` was dealt at ``t`` from these card orders (see ``lay_out``)."""

    t: int
    round: int
    orders: Orders
    line: int = field(default=0, compare=False)
    """The line number it was read from (0 if it was not read from a file). Every
    record has one; it takes no part in comparisons."""

    def to_json(self) -> dict[str, Any]:
        cards = {
            "round": self.round,
            "p1": card_names(self.orders[0]),
            "p2": card_names(self.orders[1]),
        }
        return line_json("deal", self.t, cards)

    @classmethod
    def from_json(cls, obj: dict[str, Any], line: int) -> Deal:
        round_no = get_int(obj, "round", 1, MAX_ROUNDS)
        t = get_int(obj, "t", 0, MAX_TIME_MS, default=0 if round_no == 1 else None)
        orders = (cards_of(obj, "p1"), cards_of(obj, "p2"))
        _check_deck(orders)
        return cls(t, round_no, orders, line)


class Input(play_records.Input[int, Action]):
    """A key press (or a bot's action) at ``t``, and whether the match accepted it."""

    __slots__ = ()


class Checkpoint(play_records.Checkpoint[int]):
    """The table's ``state_hash`` at ``t``, after everything above this line."""

    __slots__ = ()


class End(play_records.End[int]):
    """The closing line of a finished game."""

    __slots__ = ()


read_end = end_reader(End, _time, MAX_ROUNDS, (0, MAX_SCORE))
"""The closing line's reader (the replay listings read it alone)."""

Record: TypeAlias = Deal | Input | Checkpoint | Forfeit[int] | BotSeat[int] | End
"""Any line after the header."""

_RECORD_TYPES: Final[dict[str, Callable[[dict[str, Any], int], Record]]] = {
    "deal": Deal.from_json,
    "input": input_reader(Input, _time, parse_action, MAX_ACTION_TEXT, "play 3 1"),
    "checkpoint": checkpoint_reader(Checkpoint, _time),
    "forfeit": forfeit_reader(_time),
    "bot": bot_reader(_time),
    "end": read_end,
}


def record_from_json(data: Any, line: int) -> Record:
    """The record a parsed JSON line holds. Raises ``FormatError``."""
    return read_record(data, line, _RECORD_TYPES)
