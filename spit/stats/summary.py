"""One finished game as the statistics keep it: who played, how it went, its figures.

A game is identified by ``game_key``, a digest of everything its replay says (header,
deals, inputs, closing line), not by its final state hash: in the standard game the
final table is always "the loser holds all 52 cards, sorted", so the hash depends only
on the winner and the number of rounds and two different games often share it. The
key is the same for two copies of one file, wherever they are, so a game is recorded
once even if its file is copied or moved.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import StrEnum
from pathlib import Path

from spit.engine import Variant
from spit.replay import PlayerInfo, Replay
from spit.stats.figures import GameFigures, PlayerFigures, game_figures
from spit.stats.walk import UnusableReplay, read_replay


class Mode(StrEnum):
    TWO_PLAYERS = "two_players"
    """Two people on one keyboard."""
    VS_BOT = "vs_bot"
    """A person against a bot: ``GameSummary.opponent_level`` says which."""
    BOT_VS_BOT = "bot_vs_bot"


@dataclass(frozen=True, slots=True)
class PlayerSummary:
    """One seat of a game: who sat there and their figures (defined in
    ``spit.stats.figures``)."""

    seat: int
    """0 for player 1, 1 for player 2."""
    kind: str
    """``"human"`` or ``"bot"``."""
    name: str
    level: str | None
    won: bool
    cards_played: int
    cards_per_minute: float
    reaction_ms: float | None
    reactions: int
    rejected: int
    too_slow: int | None
    """``None`` for games recorded before the database kept it (schema 1)."""
    fastest_run: int


@dataclass(frozen=True, slots=True)
class GameSummary:
    game_key: str
    replay_path: Path
    final_hash: str
    started: datetime
    """When the game started (the replay's ``created``, else the file's modification
    time), timezone-aware, in UTC: ``.astimezone()`` gives local time."""
    mode: Mode
    human_seat: int | None
    """The human's seat in a game against a bot; ``None`` otherwise."""
    opponent_level: str | None
    """The bot's level in a game against a bot."""
    variant: Variant
    winner: int
    rounds: int
    duration_ms: int
    playing_ms: int
    players: tuple[PlayerSummary, PlayerSummary]

    @property
    def human(self) -> PlayerSummary | None:
        """The human in a game against a bot."""
        return None if self.human_seat is None else self.players[self.human_seat]


def summarize(path: str | os.PathLike[str]) -> GameSummary:
    """The summary of the finished game in the replay at ``path``.

    Raises ``UnusableReplay`` for a file that cannot be read, does not re-simulate
    exactly (see ``spit.replay.verify``) or holds an unfinished game.
    """
    path = Path(path)
    replay = read_replay(path)
    figures = game_figures(replay)
    if figures.winner is None:
        raise UnusableReplay("unfinished: the game was not played to its end", unfinished=True)
    return _summary(replay, path, figures, figures.winner)


def game_key(replay: Replay) -> str:
    """A digest of the replay's content as read (so line ends, blank lines and unknown
    keys do not count)."""
    digest = hashlib.blake2b(digest_size=16)
    for obj in (replay.header.to_json(), *(r.to_json() for r in replay.records)):
        digest.update(json.dumps(obj, sort_keys=True).encode())
        digest.update(b"\n")
    return digest.hexdigest()


def _summary(replay: Replay, path: Path, figures: GameFigures, winner: int) -> GameSummary:
    infos = replay.header.players
    kinds = (infos[0].kind, infos[1].kind)
    human_seat = kinds.index("human") if kinds.count("human") == 1 else None
    if human_seat is not None:
        mode = Mode.VS_BOT
    else:
        mode = Mode.TWO_PLAYERS if kinds[0] == "human" else Mode.BOT_VS_BOT
    players = tuple(
        _player(seat, info, figures.players[seat], seat == winner)
        for seat, info in enumerate(infos)
    )
    return GameSummary(
        game_key=game_key(replay),
        replay_path=path.resolve(),
        final_hash=figures.final_hash,
        started=_started(replay, path),
        mode=mode,
        human_seat=human_seat,
        opponent_level=None if human_seat is None else infos[1 - human_seat].level,
        variant=replay.header.variant,
        winner=winner,
        rounds=figures.rounds,
        duration_ms=figures.duration_ms,
        playing_ms=figures.playing_ms,
        players=(players[0], players[1]),
    )


def _player(seat: int, info: PlayerInfo, figures: PlayerFigures, won: bool) -> PlayerSummary:
    return PlayerSummary(
        seat=seat,
        kind=info.kind,
        name=info.name,
        level=info.level,
        won=won,
        cards_played=figures.cards_played,
        cards_per_minute=figures.cards_per_minute,
        reaction_ms=figures.reaction_ms,
        reactions=figures.reactions,
        rejected=figures.rejected,
        too_slow=figures.too_slow,
        fastest_run=figures.fastest_run,
    )


def _started(replay: Replay, path: Path) -> datetime:
    """The header's start time (local time if it has no UTC offset), else the file's."""
    created = replay.header.created
    if created is not None:
        try:
            return datetime.fromisoformat(created).astimezone(UTC)
        except (ValueError, OverflowError):  # not a time, or one UTC cannot hold
            pass
    try:
        return datetime.fromtimestamp(path.stat().st_mtime, UTC)
    except OSError:  # gone since it was read
        return datetime.now(UTC)
