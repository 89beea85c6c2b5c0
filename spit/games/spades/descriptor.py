"""Spades, as the game registry (``spit.games.registry``) knows it.

Importing this module costs next to nothing: the functions below import the Spades
engine, replay and bot modules only when they are first called, so that listing the
games (``spit-tui play`` does at start-up) never loads Spades.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from spit.core.replay.fields import MAX_TARGET
from spit.games.registry import (
    Bots,
    FrontEnds,
    GameDescriptor,
    LayerRef,
    ReplayFiles,
    RoomChoice,
)
from spit.games.spades.identity import NAME as NAME
from spit.games.spades.identity import SUFFIX as SUFFIX

if TYPE_CHECKING:
    from spit.core.replay.fields import PlayerInfo
    from spit.core.replay.verification import Verification
    from spit.games.registry import ListedRecords
    from spit.games.simulation import Simulator
    from spit.games.spades.net_table import SpadesNetTable
    from spit.games.spades.replay.reader import SpadesReplay


def _read(data: bytes, path: Path | None = None) -> SpadesReplay:
    from spit.games.spades.replay.reader import parse_spades_replay

    return parse_spades_replay(data, path)


def _verify(replay: SpadesReplay) -> Verification:
    from spit.games.spades.replay.verify import verify_spades

    return verify_spades(replay)


def _describe(replay: SpadesReplay) -> str:
    return f"{NAME} (to {replay.header.target})"


def _records() -> ListedRecords:
    from spit.games.spades.replay.records import SpadesHeader, read_spades_end

    return SpadesHeader.from_json, read_spades_end


def _mode_text(players: tuple[PlayerInfo, PlayerInfo]) -> str:
    from spit.games.summary import Mode, mode_of

    mode, _, level = mode_of(players)
    return f"Spades vs {level or '?'} bot" if mode is Mode.VS_BOT else "Spades"


def _levels() -> Sequence[str]:
    from spit.games.spades.bots import LEVELS

    return LEVELS


def _bot_text(level: str) -> str:
    from spit.games.spades.bots import bot_description

    return f"{level}: {bot_description(level)}"


def _simulator() -> Simulator:
    from spit.games.spades.sim import SIMULATOR

    return SIMULATOR


def _net_table(
    names: tuple[str, str], *, seed: int, replay_dir: Path | None, **options: Any
) -> SpadesNetTable:
    from spit.games.spades.net_table import SpadesNetTable

    return SpadesNetTable(names, seed, replay_dir, **options)


TARGET_CHOICE: Final = RoomChoice(
    "target", "Winning score", lowest=1, highest=MAX_TARGET, default=500
)
"""A room's winning score; its default is the replay records' ``DEFAULT_TARGET``
(not imported here, where no replay code is loaded; a test checks they agree)."""


def _net_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """A room's winning score, the one option a client may choose (``{"target": 300}``)."""
    unknown = sorted(set(options) - {"target"})
    if unknown:
        raise ValueError(f"Spades has no option {unknown[0]}; it has target")
    if "target" not in options:
        return {}
    target = options["target"]
    if type(target) is not int or not 1 <= target <= MAX_TARGET:
        raise ValueError(f"Spades' target is a whole number from 1 to {MAX_TARGET}")
    return {"target": target}


DESCRIPTOR: Final[GameDescriptor[SpadesReplay]] = GameDescriptor(
    name=NAME,
    title="Spades",
    round_word="hand",
    files=ReplayFiles(
        suffix=SUFFIX,
        new_round=("hand", "hand"),
        records=_records,
        mode_text=_mode_text,
    ),
    read_replay=_read,
    verify=_verify,
    describe=_describe,
    bots=Bots(levels=_levels, describe=_bot_text, default="hard"),
    front_ends=FrontEnds(
        viewer=LayerRef("spit.tui.spades.viewer:SpadesViewerScreen"),
        table=LayerRef("spit.tui.spades:SpadesScreen"),
        menu_label="Spades against a bot",
        net_screen=LayerRef("spit.tui.spades.net_screen:SpadesNetScreen"),
        watch_screen=LayerRef("spit.tui.spades.watch_screen:SpadesWatchScreen"),
    ),
    summary=LayerRef("spit.stats.summary:spades_summary"),
    command=("spades", LayerRef("spit.commands.spades")),
    command_help="play Spades against the computer",
    simulator=_simulator,
    net_table=_net_table,
    net_options=_net_options,
    room_choices=(TARGET_CHOICE,),
)
