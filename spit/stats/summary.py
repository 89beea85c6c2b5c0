"""One finished game as the statistics keep it: the summary of a replay of any game.

Written once for every registered game: the replay is re-played through its game
(``spit.stats.figures``: the winner or a draw, the scores, the rounds, the time) and
summed up with what its header says (who played, the variant, a challenge). A game's
own figures are the ones it declares (``GameDescriptor.stats``). The summary's values
(``GameSummary``, ``PlayerSummary``, ``Mode``, the ``game_key``) are
``spit.games.summary``'s. Which copy of a game is kept is ``db``'s choice (the sealed
one).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from datetime import UTC
from pathlib import Path
from typing import Any

from spit.core.replay.challenge import ChallengeKind, read_challenge
from spit.core.replay.fields import FormatError, PlayerInfo
from spit.core.replay.seal import Seal
from spit.games.summary import (
    GameSummary,
    Mode,
    PlayerSummary,
    deal_key,
    game_key,
    mode_of,
    started_at,
)
from spit.replay.records import Deal, Input
from spit.stats.figures import figures_of
from spit.stats.walk import LeftDaily, UnusableReplay, Walkable, read_replay

__all__ = ["GameSummary", "Mode", "PlayerSummary", "game_key", "summarize"]


def summarize(path: str | os.PathLike[str]) -> GameSummary:
    """The summary of the finished game in the replay at ``path``; ``UnusableReplay``
    if it cannot be read, does not re-simulate exactly, or is unfinished."""
    path = Path(path)
    return summary_of(read_replay(path), path)


def summary_of(walk: Walkable, path: Path) -> GameSummary:
    """The summary of the game in ``walk``, read from ``path``."""
    replay, lines = walk.replay, walk.format.lines
    header = replay.header
    figures = figures_of(walk)
    infos: tuple[PlayerInfo, PlayerInfo] = header.players
    mode, human_seat, level = mode_of(infos, network=replay.over_the_network)
    options = header.to_json()
    try:
        challenge = read_challenge(options)
    except FormatError:
        challenge = None
    if not figures.finished:
        left = _left_daily(walk, path, mode)
        raise UnusableReplay(
            "unfinished: the game was not played to its end", unfinished=True, left_daily=left
        )
    winner = figures.winner
    keeps_score = walk.stats.keeps_score
    scored = keeps_score is None or keeps_score(header)
    players = tuple(
        PlayerSummary.of(
            seat,
            info,
            seat == winner,
            figures.players[seat],
            score=figures.scores[seat] if scored else None,
            **figures.own[seat],
        )
        for seat, info in enumerate(infos)
    )
    variant = _variant(walk, options)
    return GameSummary(
        game_key=game_key(
            walk.format.key, (lines.json(r) for r in replay.records if isinstance(r, Deal | Input))
        ),
        game=walk.format.key,
        seal=replay.seal,
        replay_path=path.resolve(),
        final_hash=figures.final_hash,
        started=started_at(header.created, path),
        mode=mode,
        human_seat=human_seat,
        opponent_level=level,
        variant=variant,
        winner=winner,
        rounds=figures.rounds,
        duration_ms=figures.duration_ms,
        playing_ms=figures.playing_ms,
        active_ms=figures.active_ms,
        players=(players[0], players[1]),
        forfeit=replay.forfeit is not None,
        challenge=challenge,
        deal_key=deal_key(
            walk.format.key,
            lines.json(replay.deals[0]),
            variant,
            mode.value,
            *_opponents(infos),
        ),
    )


def _variant(walk: Walkable, options: dict[str, Any]) -> str | None:
    """The game's variant as its header names it: the first of its options that is a
    choice of names (Spit's ``variant``); ``None`` for a game without one."""
    info = walk.format.game_for(walk.replay.header).info
    for option in info.options:
        if option.values:
            value = options.get(option.key, option.values[0])
            return str(value)
    return None


def _left_daily(walk: Walkable, path: Path, mode: Mode) -> LeftDaily | None:
    """The day and start of an unfinished game of a day's deal that could have been
    the day's counted attempt: sealed, against a bot (``spit.stats.challenges``)."""
    try:
        found = read_challenge(walk.replay.header.to_json())
    except FormatError:
        return None
    if found is None or found.kind is not ChallengeKind.DAILY or found.day is None:
        return None
    if walk.replay.seal is not Seal.SEALED or mode is not Mode.VS_BOT:
        return None
    started = started_at(walk.replay.header.created, path).astimezone(UTC)
    return LeftDaily(found.day, started)


def _opponents(infos: tuple[PlayerInfo, PlayerInfo]) -> Sequence[str | None]:
    """Who plays a deal, for its ``deal_key``: two people by their names, case-folded and
    sorted, otherwise each seat by its bot's level, or as a person whatever the name."""
    if all(info.kind == "human" for info in infos):
        # Ann and Bob playing a deal again play it again; Cy and Di playing it play their own.
        return sorted(info.name.casefold() for info in infos)
    # The user against that bot, under any name, plays the deal again.
    return [info.level if info.kind == "bot" else info.kind for info in infos]
