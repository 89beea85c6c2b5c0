"""Spit, as the game registry (``spit.games.registry``) knows it: its ``DESCRIPTOR``.

Importing this module costs next to nothing: each part that needs Spit's rules, bots
or replay code is a function here that imports it when first called
(``spit.games.descriptor``). What is Spit's own is written here too: how a listing and
``replay --check`` name its games, and what its network table takes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from spit.game import check_options
from spit.games.descriptor import (
    Bots,
    GameDescriptor,
    NetPlay,
    ReplayFiles,
    Replays,
    ServerDaily,
)
from spit.games.spit.identity import INFO, NAME, SUFFIX

if TYPE_CHECKING:
    from spit.core.replay.fields import PlayerInfo
    from spit.games.descriptor import AnyFormat
    from spit.games.simulation import Simulator
    from spit.games.spit.replay import Replay
    from spit.games.spit.wire import Table
    from spit.games.summary import GameStats

__all__ = ["DESCRIPTOR", "NAME", "SUFFIX"]


def _format() -> AnyFormat:
    from spit.games.spit.replay import FORMAT

    return FORMAT


def _describe(replay: Replay) -> str:
    from spit.engine import Variant

    header = replay.header
    text = header.variant.value
    return f"{text} (to {header.target})" if header.variant is Variant.POINTS else text


def _mode_text(players: tuple[PlayerInfo, PlayerInfo], network: bool) -> str:
    from spit.games.summary import Mode, mode_of

    mode, _, level = mode_of(players, network=network)
    if mode is Mode.NETWORK:
        return "Network"
    if mode is Mode.VS_BOT:
        return f"vs {level or '?'} bot"
    if mode is Mode.TWO_PLAYERS:
        return "Two players"
    return f"Bots: {players[0].level or '?'} vs {players[1].level or '?'}"


def _levels() -> Sequence[str]:
    from spit.games.spit.bots import LEVELS

    return LEVELS


def _bot_text(level: str) -> str:
    from spit.games.spit.bots import bot_description

    return bot_description(level)


def _net_table(
    names: tuple[str, str], *, seed: int, replay_dir: Path | None, **options: object
) -> Table:
    """A room's game: ``variant`` (a ``Variant`` or its name), for a server's match the
    ``bot_level`` of a bot that takes a seat, and for a test or a server of its own
    ``timing``; Spit takes no target over the network, as a local game takes none on
    the command line."""
    from spit.engine import Variant
    from spit.engine.timers import Timing
    from spit.games.spit.wire import BOT_LEVEL, Table

    variant = options.pop("variant", Variant.STANDARD)
    timing = options.pop("timing", None)
    bot_level = options.pop("bot_level", BOT_LEVEL)
    if options:
        raise TypeError(f"Spit's network table takes no option {', '.join(sorted(options))}")
    if not isinstance(variant, str) or variant not in tuple(Variant):
        known = " or ".join(variant.value for variant in Variant)
        raise ValueError(f"the variant is {known}, not {variant!r}")
    if timing is not None and not isinstance(timing, Timing):
        raise TypeError("the timing is a spit.engine.timers.Timing")
    if not isinstance(bot_level, str):
        raise ValueError(f"the bot level is a name, not {bot_level!r}")
    return Table(
        names, seed, replay_dir, variant=Variant(variant), timing=timing, bot_level=bot_level
    )


def _net_options(options: Mapping[str, object]) -> dict[str, object]:
    """A client's room options as the table takes them: the variant by name."""
    return dict(check_options(INFO.title, DESCRIPTOR.room_choices, options))


def _ratings() -> Mapping[str, tuple[float, float]]:
    from spit.games.spit.bots.ratings import LadderRatings

    return LadderRatings()


def _server_daily(day: date) -> ServerDaily:
    """Spit's deal of ``day`` (``spit.games.spit.daily``) as a server plays it."""
    from spit.games.spit.daily import daily_deal

    deal = daily_deal(day)
    return ServerDaily(variant=deal.variant.value, bot=deal.level.value, seed=deal.deal_seed)


def _rules() -> str:
    from spit.games.spit.rules_text import RULES_SUMMARY

    return RULES_SUMMARY


def _simulator() -> Simulator:
    from spit.games.spit.sim import SIMULATOR

    return SIMULATOR


def _stats() -> GameStats[Any, Any, Any, Any, Any]:
    from spit.games.spit.stats import STATS

    return STATS


DESCRIPTOR: Final = GameDescriptor(
    info=INFO,
    files=ReplayFiles.of_format(_format, SUFFIX, ("deal", "round"), _mode_text),
    replays=Replays.of_format(_format, _describe),
    bots=Bots(levels=_levels, describe=_bot_text, default=None, ratings=_ratings),
    net=NetPlay(table=_net_table, options=_net_options),
    simulator=_simulator,
    stats=_stats,
    server_daily=_server_daily,
    rules=_rules,
)
