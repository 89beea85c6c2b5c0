"""The lines of a Spit replay file as typed values, and their JSON form.

Both directions live here, side by side, so the writer can only write what the reader
accepts: every ``to_json`` has its ``from_json`` next to it. Reading is strict about
each field's type and range (the file may come from anywhere) and lenient about
anything it does not know (unknown keys are ignored, so that a newer minor version of
the format can add fields). What every game's lines share is in ``spit.core.replay.fields``
(the players, the version, the value readers) and ``spit.core.replay.line_parts`` (the
header's common keys, inputs, scores, a line's type and time);
``docs/replay-format.md`` is the specification.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final, TypeAlias

from spit.core.dealer import MAX_SEED
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
    check_text,
    deck_problems,
    get_int,
    hash_of,
    player_of,
    show,
)
from spit.core.replay.line_parts import (
    header_json,
    input_json,
    line_json,
    read_accepted,
    read_action,
    read_header_fields,
    read_record,
    read_scores,
)
from spit.engine import Action, Variant, parse_action
from spit.games.spit.session import Orders, Timing

MAX_SCORE: Final = 2**31 - 1
MAX_ROUNDS: Final = 1_000_000
MAX_ACTION_TEXT: Final = 16


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

    def to_json(self) -> dict[str, Any]:
        settings = {
            "variant": self.variant.value,
            "target": self.target,
            "timing": self.timing.to_json(),
        }
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


@dataclass(frozen=True, slots=True)
class Input:
    """A key press (or a bot's action) at ``t``, and whether the match accepted it."""

    t: int
    player: int
    action: Action
    accepted: bool | None
    """``None`` in a hand-written file that leaves it out: then it is not checked."""
    line: int = field(default=0, compare=False)

    def to_json(self) -> dict[str, Any]:
        return line_json("input", self.t, input_json(self.player, self.action, self.accepted))

    @classmethod
    def from_json(cls, obj: dict[str, Any], line: int) -> Input:
        action = read_action(obj, parse_action, MAX_ACTION_TEXT, "play 3 1")
        accepted = read_accepted(obj)
        return cls(
            get_int(obj, "t", 0, MAX_TIME_MS), player_of(obj, "player"), action, accepted, line
        )


@dataclass(frozen=True, slots=True)
class Checkpoint:
    """The table's ``state_hash`` at ``t``, after everything above this line."""

    t: int
    hash: str
    line: int = field(default=0, compare=False)

    def to_json(self) -> dict[str, Any]:
        return line_json("checkpoint", self.t, {"hash": self.hash})

    @classmethod
    def from_json(cls, obj: dict[str, Any], line: int) -> Checkpoint:
        return cls(get_int(obj, "t", 0, MAX_TIME_MS), hash_of(obj), line)


@dataclass(frozen=True, slots=True)
class End:
    """The closing line of a finished game."""

    t: int
    winner: int
    rounds: int
    scores: tuple[int, int]
    hash: str
    line: int = field(default=0, compare=False)

    def to_json(self) -> dict[str, Any]:
        return line_json(
            "end",
            self.t,
            {
                "winner": PLAYER_KEYS[self.winner],
                "rounds": self.rounds,
                "scores": list(self.scores),
                "hash": self.hash,
            },
        )

    @classmethod
    def from_json(cls, obj: dict[str, Any], line: int) -> End:
        scores = read_scores(obj, 0, MAX_SCORE)
        return cls(
            get_int(obj, "t", 0, MAX_TIME_MS),
            player_of(obj, "winner"),
            get_int(obj, "rounds", 1, MAX_ROUNDS),
            scores,
            hash_of(obj),
            line,
        )


@dataclass(frozen=True, slots=True)
class Forfeit:
    """``player`` lost the game by forfeit at ``t`` (over the network: they left, or
    their connection was gone longer than its grace period). The game ends here; the
    closing line follows, with the other player as the winner."""

    t: int
    player: int
    line: int = field(default=0, compare=False)

    def to_json(self) -> dict[str, Any]:
        return line_json("forfeit", self.t, {"player": PLAYER_KEYS[self.player]})

    @classmethod
    def from_json(cls, obj: dict[str, Any], line: int) -> Forfeit:
        return cls(get_int(obj, "t", 0, MAX_TIME_MS), player_of(obj, "player"), line)


@dataclass(frozen=True, slots=True)
class BotSeat:
    """From ``t`` on, a bot of ``level`` (seeded with ``seed``) plays ``player``'s seat:
    over the network, its player was gone and the other chose to go on. Information
    only: the bot's moves are the inputs that follow, checked like any others."""

    t: int
    player: int
    level: str
    seed: int | None = None
    line: int = field(default=0, compare=False)

    def to_json(self) -> dict[str, Any]:
        fields: dict[str, Any] = {"player": PLAYER_KEYS[self.player], "level": self.level}
        if self.seed is not None:
            fields["seed"] = self.seed
        return line_json("bot", self.t, fields)

    @classmethod
    def from_json(cls, obj: dict[str, Any], line: int) -> BotSeat:
        seed = obj.get("seed")
        return cls(
            get_int(obj, "t", 0, MAX_TIME_MS),
            player_of(obj, "player"),
            check_text("level", obj.get("level")),
            None if seed is None else get_int(obj, "seed", 0, MAX_SEED),
            line,
        )


Record: TypeAlias = Deal | Input | Checkpoint | Forfeit | BotSeat | End
"""Any line after the header."""

_RECORD_TYPES: Final[dict[str, Callable[[dict[str, Any], int], Record]]] = {
    "deal": Deal.from_json,
    "input": Input.from_json,
    "checkpoint": Checkpoint.from_json,
    "forfeit": Forfeit.from_json,
    "bot": BotSeat.from_json,
    "end": End.from_json,
}


def record_from_json(data: Any, line: int) -> Record:
    """The record a parsed JSON line holds. Raises ``FormatError``."""
    return read_record(data, line, _RECORD_TYPES)
