"""Spades' replay files: its header and its words, for the replay code written once
(``spit.replay``).

Spades is played in turns and its engine has no timers, so a file holds each hand's
chance (the stock and exchange orders of ``spit.games.spades.engine.HandOrders``) on
a ``hand`` line, then every action in order; times (``t``) only pace a viewer, and a
hand-written file may leave them out. ``docs/replay-format.md``, "Spades files", is
the specification.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, Final, TypeAlias

from msgspec import Struct

from spit import __version__
from spit.core.replay.fields import (
    DEFAULT_PLAYERS,
    FORMAT_VERSION,
    PLAYER_KEYS,
    FormatError,
    PlayerInfo,
    PlayerKey,
    Target,
    converted,
    deck_problems,
)
from spit.core.replay.line_parts import header_json, read_header_fields
from spit.core.replay.verification import Verification
from spit.core.seats import SEATS, Seat
from spit.core.wire import JsonObject
from spit.games.registry import refuse_other_games
from spit.games.spades.engine import ENGINE_VERSION, Action, HandOrders, State
from spit.games.spades.game import CODEC, Game, Refused
from spit.games.spades.identity import NAME as GAME
from spit.games.spades.identity import SUFFIX
from spit.replay import reader, verify, writer
from spit.replay.format import ReplayFormat

DEFAULT_TARGET: Final = 500
MAX_HANDS: Final = 1_000_000
MAX_SCORE: Final = 2**31 - 1
"""Scores run from ``-MAX_SCORE`` to ``MAX_SCORE``: a Spades score can be negative."""
MAX_ACTION_TEXT: Final = 24
"""``exchange 10C 10D 10H`` is the longest action, at 20 characters."""


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

    def to_json(self) -> JsonObject:
        return header_json(self, {"target": self.target, "first": PLAYER_KEYS[self.first]}, GAME)

    @classmethod
    def from_json(cls, obj: JsonObject, version: tuple[int, int]) -> Header:
        """Read the header fields after ``read_version`` has accepted ``version``."""
        own = converted(obj, _Settings)
        common = read_header_fields(obj)
        return cls(
            target=own.target,
            first=Seat(PLAYER_KEYS.index(own.first)),
            players=common.players,
            seed=common.seed,
            created=common.created,
            writer=common.writer,
            engine=common.engine,
            version=version,
            network=common.network,
        )


class _Settings(Struct, frozen=True):
    """The header's keys of Spades' own."""

    target: Target = DEFAULT_TARGET
    first: PlayerKey = "p1"


def _read_deal(obj: Mapping[str, object]) -> HandOrders:
    orders = CODEC.read_deal(obj)
    for key, cards in zip(("stock", "exchange"), orders, strict=True):
        problems = deck_problems(cards)
        if problems:
            raise FormatError(f"{key!r} must hold each of the 52 cards once ({problems})")
    return orders


FORMAT: Final = ReplayFormat(
    key=GAME,
    accepts=lambda obj: refuse_other_games(obj, GAME),
    suffix=SUFFIX,
    header=Header,
    codec=CODEC,
    game_for=lambda header: Game(target=header.target, first=header.first),
    read_deal=_read_deal,
    scores=lambda state: state.scores,
    deal_type="hand",
    round_key="hand",
    count_key="hands",
    real_time=False,
    score_range=(-MAX_SCORE, MAX_SCORE),
    max_rounds=MAX_HANDS,
    max_action_text=MAX_ACTION_TEXT,
    action_example="bid 4",
    checkpoint_every=None,
    engine_label="Spades engine",
    out_of_order="expected the cards of hand {expected}, not of hand {found}",
    no_first_deal="the first line after the header must give the cards of hand 1",
)

Replay: TypeAlias = reader.Replay[Header, HandOrders, Action]
Resimulation: TypeAlias = verify.Resimulation[
    Header, State, Any, Action, Any, HandOrders, Any, Refused, Any
]


class ReplayWriter(writer.ReplayWriter[State, Action, HandOrders, Refused]):
    """Writes one Spades game's replay file (``spit.replay.writer``). Make one with
    ``create``."""

    @classmethod
    def create(
        cls,
        directory: Path,
        *,
        players: tuple[PlayerInfo, PlayerInfo],
        seed: int | None,
        target: int = DEFAULT_TARGET,
        first: int = 0,
        created: datetime | None = None,
        network: bool = False,
    ) -> ReplayWriter:
        """A new file in ``directory`` (made if missing), named after the start time and
        the players, with the header already written. ``target`` and ``first`` are
        ``new_game``'s; ``network``: a game played over the network (the server's).
        Raises ``ValueError`` for a header the format cannot hold and ``OSError`` when
        the file cannot be created."""
        if first not in (0, 1):
            raise ValueError("the first player must be 0 or 1")
        when = created or datetime.now().astimezone()
        header = Header(
            target=target,
            first=Seat(first),
            players=players,
            seed=seed,
            created=when.isoformat(timespec="seconds"),
            writer=f"spit-tui {__version__}",
            engine=ENGINE_VERSION,
            network=network,
        )
        return cls.begin(FORMAT, directory, header, when=when)


def load_spades_replay(path: str | os.PathLike[str]) -> Replay:
    """Read the Spades replay at ``path``. Raises ``UnreadableReplay``."""
    return reader.load_replay(FORMAT, path)


def parse_spades_replay(data: bytes, path: Path | None = None) -> Replay:
    """Read a Spades replay from its bytes; see ``load_spades_replay``."""
    return reader.parse_replay(FORMAT, data, path)


def verify_spades(replay: Replay) -> Verification:
    """Re-play ``replay`` strictly (``spit.replay.verify``)."""
    return verify.verify(FORMAT, replay)


def resimulation(replay: Replay) -> Resimulation:
    """``replay`` to be re-played a line at a time."""
    return verify.Resimulation(FORMAT, replay)


read_spades_end = FORMAT.lines.read_end
"""The closing line's reader (the replay listings read it alone)."""
