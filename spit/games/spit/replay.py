"""Spit's replay files: its header and its words, for the replay code written once
(``spit.replay``).

A file holds each round's deal (both players' card orders) and every input with its
time; everything else (the automatic spits, the slap default, when the next round is
dealt) comes from the game's own timers, so the times are part of the game and a deal
line must fall due when it says. ``docs/replay-format.md`` is the specification.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Final, TypeAlias, cast

from msgspec import Struct

from spit import __version__
from spit.core.replay.challenge import Challenge, read_challenge
from spit.core.replay.fields import (
    DEFAULT_PLAYERS,
    FORMAT_VERSION,
    FormatError,
    PlayerInfo,
    Target,
    converted,
    deck_problems,
)
from spit.core.replay.line_parts import header_json, read_header_fields
from spit.core.replay.verification import Verification
from spit.core.wire import JsonObject
from spit.engine import ENGINE_VERSION, Action, Orders, PlayerView, Reason, State, Variant
from spit.engine.timers import Stage, TableEvent, Timers, Timing
from spit.game import Codec
from spit.games.registry import refuse_other_games
from spit.games.spit.game import CODEC, Game, Session
from spit.games.spit.identity import NAME, SUFFIX
from spit.games.spit.intents import Intent
from spit.replay import reader, records, writer
from spit.replay import verify as generic
from spit.replay.format import ReplayFormat
from spit.replay.records import Checkpoint, Deal, End, Input

__all__ = [
    "CHECKPOINT_EVERY",
    "FORMAT",
    "Checkpoint",
    "Deal",
    "End",
    "Header",
    "Input",
    "Record",
    "Replay",
    "ReplayWriter",
    "Resimulation",
    "load_replay",
    "parse_replay",
    "read_end",
    "replay_session",
    "resimulation",
    "spit_replay",
    "verify",
]

MAX_SCORE: Final = 2**31 - 1
MAX_ROUNDS: Final = 1_000_000
MAX_ACTION_TEXT: Final = 16
CHECKPOINT_EVERY: Final = 100
"""Inputs between two checkpoints (besides the one at every round end)."""


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

    def to_json(self) -> JsonObject:
        settings: JsonObject = {
            "variant": self.variant.value,
            "target": self.target,
            "timing": self.timing.to_json(),
        }
        if self.challenge is not None:
            settings["challenge"] = self.challenge.to_json()
        return header_json(self, settings)

    @classmethod
    def from_json(cls, obj: JsonObject, version: tuple[int, int]) -> Header:
        """Read the header fields after ``read_version`` has accepted ``version``."""
        own = converted(obj, _Settings)
        common = read_header_fields(obj)
        try:
            timing = Timing.from_json(obj.get("timing", {}))
        except ValueError as err:
            raise FormatError(str(err)) from None
        return cls(
            variant=own.variant,
            target=own.target,
            timing=timing,
            players=common.players,
            seed=common.seed,
            created=common.created,
            writer=common.writer,
            engine=common.engine,
            version=version,
            challenge=read_challenge(obj),
            network=common.network,
        )


class _Settings(Struct, frozen=True):
    """The header's keys of Spit's own that convert as they are (``timing`` and
    ``challenge`` have readers of their own)."""

    variant: Variant = Variant.STANDARD
    target: Target = 100


def _read_deal(obj: Mapping[str, object]) -> Orders:
    """Both players' orders, which between them hold the whole deck: between rounds each
    player gathers their cards, and the game is over once a player has none."""
    orders = CODEC.read_deal(obj)
    if not orders[0] or not orders[1]:
        raise FormatError("each player must be dealt at least one card")
    problems = deck_problems((*orders[0], *orders[1]))
    if problems:
        raise FormatError(f"a deal must hold each of the 52 cards exactly once ({problems})")
    return orders


def _scores(state: State) -> tuple[int, int]:
    return state.scores


def _game(header: Header) -> Game:
    """The game a header describes, its countdowns one timer each whatever their
    length (a file may claim any)."""
    return Game(header.variant, header.target, Timers(header.timing, ticks=False))


_CODEC: Codec[Intent, Action, Orders] = CODEC

FORMAT: Final = ReplayFormat(
    key=NAME,
    accepts=lambda obj: refuse_other_games(obj, NAME),
    suffix=SUFFIX,
    header=Header,
    codec=_CODEC,
    game_for=_game,
    read_deal=_read_deal,
    scores=_scores,
    deal_type="deal",
    round_key="round",
    count_key="rounds",
    real_time=True,
    score_range=(0, MAX_SCORE),
    max_rounds=MAX_ROUNDS,
    max_action_text=MAX_ACTION_TEXT,
    action_example="play 3 1",
    checkpoint_every=CHECKPOINT_EVERY,
    engine_label="engine",
    out_of_order="expected the deal of round {expected}, not of {found}",
    no_first_deal="the first line after the header must deal round 1",
)

Replay: TypeAlias = reader.Replay[Header, Orders, Action]
Record: TypeAlias = records.Record[Orders, Action]
Resimulation: TypeAlias = generic.Resimulation[
    Header, State, Stage, Action, Intent, Orders, TableEvent, Reason, PlayerView
]


class ReplayWriter(writer.ReplayWriter[State, Action, Orders, Reason]):
    """Writes one game of Spit's replay file (``spit.replay.writer``). Make one with
    ``create``, before the session (whose constructor already reports the first deal)."""

    @classmethod
    def create(
        cls,
        directory: Path,
        *,
        players: tuple[PlayerInfo, PlayerInfo],
        variant: Variant,
        target: int,
        timing: Timing,
        seed: int | None,
        created: datetime | None = None,
        challenge: Challenge | None = None,
        network: bool = False,
    ) -> ReplayWriter:
        """A new file in ``directory`` (made if missing), named after the start time and
        the players, with the header already written; ``network``: a game played over
        the network (the server's table). Raises ``ValueError`` for a header the format
        cannot hold (e.g. a negative timing) and ``OSError`` when the file cannot be
        created."""
        when = created or datetime.now().astimezone()
        header = Header(
            variant=variant,
            target=target,
            timing=timing,
            players=players,
            seed=seed,
            created=when.isoformat(timespec="seconds"),
            writer=f"spit-tui {__version__}",
            engine=ENGINE_VERSION,
            challenge=challenge,
            network=network,
        )
        return cls.begin(FORMAT, directory, header, when=when)


def load_replay(path: str | os.PathLike[str]) -> Replay:
    """Read the Spit replay at ``path``. Raises ``UnreadableReplay`` with a message fit
    for the user when there is nothing to read; every other problem is in ``problems``."""
    return reader.load_replay(FORMAT, path)


def parse_replay(data: bytes, path: Path | None = None) -> Replay:
    """Read a Spit replay from its bytes; see ``load_replay``."""
    return reader.parse_replay(FORMAT, data, path)


def verify(replay: Replay, follow: Callable[[Resimulation], object] | None = None) -> Verification:
    """Re-simulate ``replay`` strictly (``spit.replay.verify.verify``); ``follow``, a
    viewer's, steps it through first."""
    return generic.verify(FORMAT, replay, follow)


def resimulation(replay: Replay, *, collect_events: bool = False) -> Resimulation:
    """``replay`` to be re-simulated a line at a time (its first deal already dealt)."""
    return generic.Resimulation(FORMAT, replay, collect_events=collect_events)


def replay_session(replay: Replay, inputs: int | None = None) -> Session:
    """The session as it stood right after its first ``inputs`` inputs (all of the file
    when ``None``). Raises ``ReplayMismatch`` where the file and the game differ."""
    sim = resimulation(replay)
    sim.seek(inputs)
    return sim.started


read_end = FORMAT.lines.read_end
"""The closing line's reader (the replay listings read it alone)."""


def spit_replay(replay: object) -> Replay | None:
    """``replay`` if it is a replay of Spit as this module reads one, else ``None``."""
    if isinstance(replay, reader.Replay) and replay.game == NAME:
        return cast(Replay, replay)
    return None
