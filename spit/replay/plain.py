"""A header for a game whose options are all its ``GameInfo``'s (``spit.game.Option``):
the fields every header has, and each option given, by its key. A game with nothing
else to keep in its header (the test-only War) needs no header of its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Self, cast

from spit.core.replay.fields import DEFAULT_PLAYERS, FORMAT_VERSION, FormatError, PlayerInfo
from spit.core.replay.line_parts import header_json, read_header_fields
from spit.core.wire import JsonObject
from spit.game import GameInfo


@dataclass(frozen=True, slots=True)
class PlainHeader:
    """The header of the game ``INFO`` (made by ``plain_header``)."""

    INFO: ClassVar[GameInfo]
    options: tuple[tuple[str, str | int], ...] = ()
    """The options given, by key, in the order of ``INFO.options``; the others are the
    game's defaults."""
    players: tuple[PlayerInfo, PlayerInfo] = DEFAULT_PLAYERS
    seed: int | None = None
    created: str | None = None
    writer: str | None = None
    engine: str | None = None
    version: tuple[int, int] = FORMAT_VERSION
    network: bool = False

    def to_json(self) -> JsonObject:
        return header_json(self, dict(self.options), self.INFO.key)

    @classmethod
    def from_json(cls, obj: JsonObject, version: tuple[int, int]) -> Self:
        """Read the header after ``read_version`` accepted ``version``. Raises
        ``FormatError`` for an option the game does not take."""
        options: list[tuple[str, str | int]] = []
        for option in cls.INFO.options:
            if option.key in obj:
                try:
                    options.append((option.key, option.check(cls.INFO.title, obj[option.key])))
                except ValueError as err:
                    raise FormatError(str(err)) from None
        common = read_header_fields(obj)
        return cls(
            options=tuple(options),
            players=common.players,
            seed=common.seed,
            created=common.created,
            writer=common.writer,
            engine=common.engine,
            version=version,
            network=common.network,
        )


def plain_header(info: GameInfo) -> type[PlainHeader]:
    """The header class of the game ``info``."""
    made = type(f"{info.title}Header", (PlainHeader,), {"__slots__": (), "INFO": info})
    return cast(type[PlainHeader], made)
