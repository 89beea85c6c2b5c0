"""The lines of a replay file as the file holds them: msgspec Structs, one per line
type, tagged by the line's ``type``.

Every game's lines (``spit.replay.format.Lines``) differ in what a deal holds and in
the names of a round's keys, not in how a header, an input, the closing line or a
line's type and time are laid out. Keeping those here means a change to the format's
common ground is made once and every game's files stay alike, key order included: a
Struct writes its tag, then its fields in the order they are declared, leaving out
those at their defaults (a game in turns may leave out ``t``).

A game's own keys (``round`` or ``hand``, ``rounds`` or ``hands``) are its
subclasses' (``GameLines``), made once per game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Protocol, cast

import msgspec
from msgspec import Meta, Struct

from spit.core.dealer import MAX_SEED
from spit.core.replay.fields import (
    DEFAULT_PLAYERS,
    FORMAT_NAME,
    Hash,
    PlayerInfo,
    PlayerKey,
    Seed,
    Text,
    Time,
    check_int,
    check_text,
    converted,
)
from spit.core.wire import JsonObject


class Line(Struct, frozen=True, kw_only=True, omit_defaults=True, tag_field="type"):
    """Any line after the header: its ``type`` (the tag), then its time, if it has one."""

    t: Time | None = None


class InputLine(Line, frozen=True, kw_only=True, tag="input"):
    player: PlayerKey
    action: str
    """The action in the game's notation (the game's ``Codec.parse_action`` reads it)."""
    accepted: bool | None = None
    """Left out when it is not known (a hand-written file)."""


class CheckpointLine(Line, frozen=True, kw_only=True, tag="checkpoint"):
    hash: Hash


class ForfeitLine(Line, frozen=True, kw_only=True, tag="forfeit"):
    player: PlayerKey
    left: bool = False
    """The player left on purpose (format 1.4)."""


class BotLine(Line, frozen=True, kw_only=True, tag="bot"):
    player: PlayerKey
    level: Text
    seed: Seed | None = None

    def __post_init__(self) -> None:
        check_text("level", self.level)
        if self.seed is not None:
            check_int("seed", self.seed, 0, MAX_SEED)


class DealLine(Line, frozen=True, kw_only=True):
    """A round's deal: its number under the game's key (``round``, ``hand``); the
    cards are the game's codec's keys, beside these."""

    number: Annotated[int, Meta(ge=1)]


class EndLine(Line, frozen=True, kw_only=True):
    """The closing line: the winner (``None``: a draw, written ``null``, format 1.5),
    the game's count of rounds under its key (``rounds``, ``hands``), the scores, the
    final hash. A network game's ``lag`` follows (``LineWriter``); no reader reads it."""

    winner: PlayerKey | None
    count: Annotated[int, Meta(ge=1)]
    scores: tuple[int, int]
    hash: Hash


class GameLines:
    """One game's line types: its deal and closing lines under its own keys and within
    its limits (the most rounds, the range of a score), and each line type's Struct."""

    def __init__(
        self,
        deal_type: str,
        round_key: str,
        count_key: str,
        max_rounds: int,
        score_range: tuple[int, int],
    ) -> None:
        score = Annotated[int, Meta(ge=score_range[0], le=score_range[1])]
        self.deal = cast(
            type[DealLine],
            msgspec.defstruct(
                "DealLine",
                [("number", Annotated[int, Meta(ge=1, le=max_rounds)])],
                bases=(DealLine,),
                tag=deal_type,
                rename={"number": round_key},
                kw_only=True,
                frozen=True,
            ),
        )
        self.end = cast(
            type[EndLine],
            msgspec.defstruct(
                "EndLine",
                [
                    ("count", Annotated[int, Meta(ge=1, le=max_rounds)]),
                    ("scores", tuple[score, score]),
                    ("hash", Hash),
                ],
                bases=(EndLine,),
                tag="end",
                rename={"count": count_key},
                kw_only=True,
                frozen=True,
            ),
        )
        self.by_type: dict[str, type[Line]] = {
            deal_type: self.deal,
            "input": InputLine,
            "checkpoint": CheckpointLine,
            "forfeit": ForfeitLine,
            "bot": BotLine,
            "end": self.end,
        }
        """Each line type after the header, by its tag: a line's object is converted into
        its own type's Struct (a Struct class keeps what msgspec worked out of it, a union
        would be worked out again at each line)."""
        self.types = frozenset(self.by_type)
        """The line types read; any other is an ``UnknownLineType``."""


class HeaderFields(Protocol):
    """What every game's header holds besides its own settings."""

    @property
    def version(self) -> tuple[int, int]: ...
    @property
    def writer(self) -> str | None: ...
    @property
    def engine(self) -> str | None: ...
    @property
    def created(self) -> str | None: ...
    @property
    def seed(self) -> int | None: ...
    @property
    def players(self) -> tuple[PlayerInfo, PlayerInfo]: ...
    @property
    def network(self) -> bool: ...


class CommonHeader(Struct, frozen=True, kw_only=True):
    """What every game's header holds besides its own settings and its version, as
    ``read_header_fields`` converts it."""

    players: tuple[PlayerInfo, PlayerInfo] = DEFAULT_PLAYERS
    seed: Seed | None = None
    created: Text | None = None
    writer: Text | None = None
    engine: Text | None = None
    network: bool = False

    def __post_init__(self) -> None:
        for key in ("created", "writer", "engine"):
            if (value := getattr(self, key)) is not None:
                check_text(key, value)
        if self.seed is not None:
            check_int("seed", self.seed, 0, MAX_SEED)


def read_header_fields(obj: JsonObject) -> CommonHeader:
    """The ``CommonHeader`` of a header object (``players`` two humans when left out
    or ``null``, ``network`` false when left out). Raises ``FormatError``."""
    if obj.get("players") is None and "players" in obj:
        obj = {key: value for key, value in obj.items() if key != "players"}
    return converted(obj, CommonHeader)


def header_json(header: HeaderFields, settings: JsonObject, game: str | None = None) -> JsonObject:
    """The header line: the format, the game (``None`` for Spit, whose files predate the
    key), who wrote it, the game's ``settings``, the seed, the players, and ``network``
    for a game played over the network (format 1.4). Keys without a value are left
    out, so a reader falls back on its defaults."""
    out: JsonObject = {
        "format": FORMAT_NAME,
        "version": f"{header.version[0]}.{header.version[1]}",
        "game": game,
        "writer": header.writer,
        "engine": header.engine,
        "created": header.created,
        **settings,
        "seed": header.seed,
        "players": msgspec.to_builtins(header.players),
        "network": True if header.network else None,
    }
    return {k: v for k, v in out.items() if v is not None}


def line_json(line: Line, extra: Mapping[str, object] | None = None) -> JsonObject:
    """A line as the file holds it: its Struct's keys, then ``extra`` (a deal's cards)."""
    out: JsonObject = msgspec.to_builtins(line)
    return out if extra is None else {**out, **extra}
