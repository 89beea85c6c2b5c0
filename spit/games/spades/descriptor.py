"""Spades, as the game registry (``spit.games.registry``) knows it: its ``DESCRIPTOR``.

Importing this module costs next to nothing: each part that needs the Spades engine,
bots or replay code is a function here that imports it when first called
(``spit.games.descriptor``), so that listing the games (``spit-tui play`` does at
start-up) never loads Spades. What is Spades' own is written here too: how it names
its games and its bots, and what its network table takes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from spit.game import check_options
from spit.games.descriptor import Bots, GameDescriptor, NetPlay, ReplayFiles, Replays
from spit.games.spades.identity import INFO, NAME, SUFFIX

if TYPE_CHECKING:
    from spit.core.replay.fields import PlayerInfo
    from spit.games.descriptor import AnyFormat as Format
    from spit.games.simulation import Simulator
    from spit.games.spades.wire import Table
    from spit.games.summary import GameStats
    from spit.replay.reader import Replay

__all__ = ["DESCRIPTOR", "NAME", "SUFFIX"]


def _format() -> Format:
    from spit.games.spades.replay import FORMAT

    return FORMAT


def _describe(replay: Replay[Any, Any, Any]) -> str:
    return f"{NAME} (to {replay.header.target})"


def _mode_text(players: tuple[PlayerInfo, PlayerInfo], network: bool) -> str:
    from spit.games.summary import Mode, mode_of

    mode, _, level = mode_of(players, network=network)
    if mode is Mode.NETWORK:
        return "Spades, network"
    return f"Spades vs {level or '?'} bot" if mode is Mode.VS_BOT else "Spades"


def _levels() -> Sequence[str]:
    from spit.games.spades.bots import LEVELS

    return LEVELS


def _bot_text(level: str) -> str:
    from spit.games.spades.bots import bot_description

    return f"{level}: {bot_description(level)}"


def _net_table(
    names: tuple[str, str], *, seed: int, replay_dir: Path | None, **options: object
) -> Table:
    """A room's game: its ``target`` and, for a server of its own, the ``bot_level`` of
    a bot that takes a seat over."""
    from spit.games.spades.wire import Table

    target = options.pop("target", INFO.options[0].default)
    bot_level = options.pop("bot_level", None)
    if options:
        raise TypeError(f"Spades' network table takes no option {', '.join(sorted(options))}")
    if type(target) is not int:
        raise ValueError(f"the target is a whole number, not {target!r}")
    if bot_level is not None and not isinstance(bot_level, str):
        raise ValueError(f"the bot level is a name, not {bot_level!r}")
    return Table(names, seed, replay_dir, target=target, bot_level=bot_level)


def _net_options(options: Mapping[str, object]) -> dict[str, object]:
    return dict(check_options(INFO.title, DESCRIPTOR.room_choices, options))


def _simulator() -> Simulator:
    from spit.games.spades.sim import SIMULATOR

    return SIMULATOR


def _stats() -> GameStats[Any, Any, Any, Any, Any]:
    from spit.games.spades.stats import STATS

    return STATS


DESCRIPTOR: Final = GameDescriptor(
    info=INFO,
    files=ReplayFiles.of_format(_format, SUFFIX, ("hand", "hand"), _mode_text),
    replays=Replays.of_format(_format, _describe),
    bots=Bots(levels=_levels, describe=_bot_text, default="hard"),
    net=NetPlay(table=_net_table, options=_net_options),
    simulator=_simulator,
    stats=_stats,
)
