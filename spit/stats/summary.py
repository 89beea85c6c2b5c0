"""One finished game as the statistics keep it: the summary of a replay of any game.

The summary's values (``GameSummary``, ``PlayerSummary``, ``Mode``, the ``game_key``)
are ``spit.games.summary``'s, shared by every game. Spit is summarised here with every
figure of ``spit.stats.figures``; Spades by its own package
(``spit.games.spades.stats``): its winner, scores, hands, bids made and nils.
Which copy of a game is kept is ``db``'s choice (the sealed one).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC
from pathlib import Path
from typing import Final

from spit.core.replay.challenge import ChallengeKind
from spit.core.replay.fields import PlayerInfo
from spit.core.replay.mismatch import ReplayMismatch
from spit.core.replay.seal import Seal
from spit.core.seats import other
from spit.engine import Variant
from spit.games.descriptor import GameReplay
from spit.games.spades import descriptor as spades_game
from spit.games.spades.stats import summarize_spades
from spit.games.spit import descriptor as spit_game
from spit.games.spit.replay import FORMAT, Deal, Input, Replay, spit_replay
from spit.games.summary import (
    GameSummary,
    Mode,
    PlayerSummary,
    deal_key,
    game_key,
    mode_of,
    started_at,
)
from spit.replay.reader import Replay as GenericReplay
from spit.stats.figures import game_figures
from spit.stats.walk import LeftDaily, UnusableReplay, read_any_replay

SPIT: Final = spit_game.NAME
SPADES: Final = spades_game.NAME
"""``GameSummary.game``: the registry's names (``spit.games.registry``)."""

__all__ = ["SPADES", "SPIT", "GameSummary", "Mode", "PlayerSummary", "game_key", "summarize"]


def summarize(path: str | os.PathLike[str]) -> GameSummary:
    """The summary of the finished game (of any game) in the replay at ``path``, by its
    game's summary (``SUMMARIES``).

    Raises ``UnusableReplay`` for a file that cannot be read, does not re-simulate
    exactly (see ``spit.core.replay.verification``) or holds an unfinished game.
    """
    path = Path(path)
    replay = read_any_replay(path)
    summary = SUMMARIES.get(replay.game)
    if summary is None:
        raise UnusableReplay(f"unreadable: the statistics keep no game of {replay.game}")
    return summary(replay, path)


def _unfinished(why: str, left_daily: LeftDaily | None = None) -> UnusableReplay:
    return UnusableReplay(f"unfinished: {why}", unfinished=True, left_daily=left_daily)


def spit_summary(played: GameReplay, path: Path) -> GameSummary:
    """A game of Spit, with every figure of ``spit.stats.figures``."""
    replay = spit_replay(played)
    if replay is None:
        raise TypeError(f"a replay of {played.game}, not of Spit")
    figures = game_figures(replay)
    lines = FORMAT.lines
    forfeit = replay.forfeit
    winner = figures.winner if forfeit is None else other(forfeit.player)
    infos = replay.header.players
    mode, human_seat, level = mode_of(infos, network=replay.over_the_network)
    if winner is None:
        raise _unfinished("the game was not played to its end", _left_daily(replay, path, mode))
    scores = figures.scores if replay.header.variant is Variant.POINTS else None
    players = tuple(
        PlayerSummary.of(
            seat,
            info,
            seat == winner,
            figures.players[seat],
            score=None if scores is None else scores[seat],
        )
        for seat, info in enumerate(infos)
    )
    return GameSummary(
        game_key=game_key(
            SPIT, (lines.json(r) for r in replay.records if isinstance(r, Deal | Input))
        ),
        game=SPIT,
        seal=replay.seal,
        replay_path=path.resolve(),
        final_hash=figures.final_hash,
        started=started_at(replay.header.created, path),
        mode=mode,
        human_seat=human_seat,
        opponent_level=level,
        variant=replay.header.variant.value,
        winner=winner,
        rounds=figures.rounds,
        duration_ms=figures.duration_ms,
        playing_ms=figures.playing_ms,
        active_ms=figures.active_ms,
        players=(players[0], players[1]),
        forfeit=forfeit is not None,
        challenge=replay.header.challenge,
        deal_key=deal_key(
            SPIT,
            lines.json(replay.deals[0]),
            replay.header.variant.value,
            mode.value,
            *_opponents(infos),
        ),
    )


def _left_daily(replay: Replay, path: Path, mode: Mode) -> LeftDaily | None:
    """The day and start of an unfinished game of a day's deal that could have been
    the day's counted attempt: sealed, against a bot (``spit.stats.challenges``)."""
    found = replay.header.challenge
    if found is None or found.kind is not ChallengeKind.DAILY or found.day is None:
        return None
    if replay.seal is not Seal.SEALED or mode is not Mode.VS_BOT:
        return None
    started = started_at(replay.header.created, path).astimezone(UTC)
    return LeftDaily(found.day, started)


def _opponents(infos: tuple[PlayerInfo, PlayerInfo]) -> Sequence[str | None]:
    """Who plays a deal, for its ``deal_key``: two people by their names, case-folded and
    sorted, otherwise each seat by its bot's level, or as a person whatever the name."""
    if all(info.kind == "human" for info in infos):
        # Ann and Bob playing a deal again play it again; Cy and Di playing it play their own.
        return sorted(info.name.casefold() for info in infos)
    # The user against that bot, under any name, plays the deal again.
    return [info.level if info.kind == "bot" else info.kind for info in infos]


def spades_summary(replay: GameReplay, path: Path) -> GameSummary:
    """A game of Spades, summed up by its own package (``spit.games.spades.stats``)."""
    if not isinstance(replay, GenericReplay) or replay.game != spades_game.NAME:
        raise TypeError(f"a replay of {replay.game}, not of Spades")
    try:
        summary = summarize_spades(replay, path)
    except ReplayMismatch as err:
        raise UnusableReplay(f"invalid: {err}") from None
    if summary is None:
        raise _unfinished("the game was not played to its end")
    return summary


SUMMARIES: Final[Mapping[str, Callable[[GameReplay, Path], GameSummary]]] = {
    SPIT: spit_summary,
    SPADES: spades_summary,
}
"""Each game's summary, by its name: the statistics' own table of the games (a later
step of issue 27 gives every game one summary written once)."""
