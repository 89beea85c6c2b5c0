"""One finished game as the statistics keep it: who played, how it went, its figures.

A game is identified by ``game_key``, a digest of its chance and its choices (the deals,
or Spades hands, and every input), not of the whole file and not by its final state
hash: in the standard game the final table is always "the loser holds all 52 cards,
sorted", so two different games often share the hash; and a copy of a game whose
header was edited (a new ``created``, other names) is still that game, so it is counted
once. Which copy is kept is ``db``'s choice (the sealed one).

Both games are summarised: Spit with every figure of ``spit.stats.figures``, Spades
with its winner, hands and scores (the Spit figures are zero there).
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import StrEnum
from pathlib import Path
from typing import Any, Final

from spit.core.dates import from_iso, from_timestamp
from spit.core.replay.fields import PlayerInfo
from spit.core.replay.mismatch import ReplayMismatch
from spit.core.replay.seal import Seal
from spit.engine import Variant
from spit.games.replays import game_of
from spit.games.spades import descriptor as spades_game
from spit.games.spades import engine as spades
from spit.games.spades.replay.reader import SpadesReplay
from spit.games.spades.replay.records import SpadesHand, SpadesInput
from spit.games.spades.replay.verify import SpadesResimulation
from spit.games.spit import descriptor as spit_game
from spit.games.spit.replay.reader import Replay
from spit.games.spit.replay.records import Deal, Input
from spit.stats.figures import PlayerFigures, game_figures
from spit.stats.walk import UnusableReplay, read_any_replay

_NO_FIGURES: Final = PlayerFigures(0, 0.0, None, 0, 0, 0, 0)
"""A Spades player's Spit figures."""

SPIT: Final = spit_game.NAME
SPADES: Final = spades_game.NAME
"""``GameSummary.game``: the registry's names (``spit.games.registry``)."""


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
    too_slow: int
    fastest_run: int
    score: int | None = None
    """The final score in Spades and in Spit's points variant."""


@dataclass(frozen=True, slots=True)
class GameSummary:
    game_key: str
    game: str
    """``SPIT`` or ``SPADES``."""
    seal: Seal
    """Whether the file is as the program wrote it: only sealed games set records."""
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
    variant: Variant | None
    """Spit's; ``None`` for Spades."""
    winner: int
    rounds: int
    """Rounds in Spit, hands in Spades."""
    duration_ms: int
    playing_ms: int
    active_ms: int
    """``spit.stats.figures``: what "fastest win" compares."""
    players: tuple[PlayerSummary, PlayerSummary]

    @property
    def human(self) -> PlayerSummary | None:
        """The human in a game against a bot."""
        return None if self.human_seat is None else self.players[self.human_seat]


def summarize(path: str | os.PathLike[str]) -> GameSummary:
    """The summary of the finished game (of any game) in the replay at ``path``, by the
    summary its game registers (``GameDescriptor.summary``: ``spit_summary``,
    ``spades_summary``).

    Raises ``UnusableReplay`` for a file that cannot be read, does not re-simulate
    exactly (see ``spit.core.replay.verification``) or holds an unfinished game.
    """
    path = Path(path)
    replay = read_any_replay(path)
    summary: GameSummary = game_of(replay).summary.load()(replay, path)
    return summary


def game_key(game: str, lines: Iterable[Any]) -> str:
    """A digest of the game's deals (Spades: hands) and inputs, as read (so line ends,
    blank lines, unknown keys and the header do not count)."""
    digest = hashlib.blake2b(game.encode(), digest_size=16)
    for record in lines:
        digest.update(b"\n")
        digest.update(json.dumps(record.to_json(), sort_keys=True).encode())
    return digest.hexdigest()


def _unfinished(why: str) -> UnusableReplay:
    return UnusableReplay(f"unfinished: {why}", unfinished=True)


def _mode(players: tuple[PlayerInfo, PlayerInfo]) -> tuple[Mode, int | None, str | None]:
    """The mode, the human's seat and the bot's level (for a game against a bot)."""
    kinds = (players[0].kind, players[1].kind)
    if kinds.count("human") == 1:
        seat = kinds.index("human")
        return Mode.VS_BOT, seat, players[1 - seat].level
    return (Mode.TWO_PLAYERS if kinds[0] == "human" else Mode.BOT_VS_BOT), None, None


def spit_summary(replay: Replay, path: Path) -> GameSummary:
    """A game of Spit, with every figure of ``spit.stats.figures``."""
    figures = game_figures(replay)
    winner = figures.winner
    if winner is None:
        raise _unfinished("the game was not played to its end")
    infos = replay.header.players
    mode, human_seat, level = _mode(infos)
    scores = figures.scores if replay.header.variant is Variant.POINTS else None
    players = tuple(
        _player(
            seat,
            info,
            figures.players[seat],
            seat == winner,
            None if scores is None else scores[seat],
        )
        for seat, info in enumerate(infos)
    )
    return GameSummary(
        game_key=game_key(SPIT, (r for r in replay.records if isinstance(r, Deal | Input))),
        game=SPIT,
        seal=replay.seal,
        replay_path=path.resolve(),
        final_hash=figures.final_hash,
        started=_started(replay.header.created, path),
        mode=mode,
        human_seat=human_seat,
        opponent_level=level,
        variant=replay.header.variant,
        winner=winner,
        rounds=figures.rounds,
        duration_ms=figures.duration_ms,
        playing_ms=figures.playing_ms,
        active_ms=figures.active_ms,
        players=(players[0], players[1]),
    )


def spades_summary(replay: SpadesReplay, path: Path) -> GameSummary:
    """A game of Spades: its winner, hands and scores (the Spit figures are zero)."""
    sim = SpadesResimulation(replay)
    try:
        sim.seek()
    except ReplayMismatch as err:
        raise UnusableReplay(f"invalid: {err}") from None
    state = sim.state
    if state is None or state.phase is not spades.Phase.GAME_OVER or state.winner is None:
        raise _unfinished("the game was not played to its end")
    winner = state.winner
    infos = replay.header.players
    mode, human_seat, level = _mode(infos)
    players = tuple(
        _player(seat, info, _NO_FIGURES, seat == winner, state.scores[seat])
        for seat, info in enumerate(infos)
    )
    return GameSummary(
        game_key=game_key(
            SPADES, (r for r in replay.records if isinstance(r, SpadesHand | SpadesInput))
        ),
        game=SPADES,
        seal=replay.seal,
        replay_path=path.resolve(),
        final_hash=spades.state_hash(state),
        started=_started(replay.header.created, path),
        mode=mode,
        human_seat=human_seat,
        opponent_level=level,
        variant=None,
        winner=winner,
        rounds=state.hand,
        duration_ms=sim.time,
        playing_ms=sim.time,
        active_ms=sim.time,
        players=(players[0], players[1]),
    )


def _player(
    seat: int, info: PlayerInfo, figures: PlayerFigures, won: bool, score: int | None
) -> PlayerSummary:
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
        score=score,
    )


def _started(created: str | None, path: Path) -> datetime:
    """The header's start time (local time if it has no UTC offset), else the file's
    modification time, else now: a file may hold any time (``spit.core.dates``)."""
    when = None if created is None else from_iso(created)
    if when is None:
        try:
            when = from_timestamp(path.stat().st_mtime)
        except OSError:  # gone since it was read
            when = None
    return (when or datetime.now(UTC)).astimezone(UTC)
