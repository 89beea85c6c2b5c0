"""Spades, as the game registry (``spit.games.registry``) knows it.

Importing this module costs next to nothing: it names the Spades engine, replay and
bot modules by path (``Deferred``, ``LayerRef``), imported only when first called, so
that listing the games (``spit-tui play`` does at start-up) never loads Spades. The
functions here are what is Spades' own: how it names its games and its bots, and its
network table's options.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Final

from spit.core.replay.fields import MAX_TARGET
from spit.games.registry import (
    Bots,
    Deferred,
    FrontEnds,
    GameDescriptor,
    LayerRef,
    ReplayFiles,
    RoomChoice,
    room_options,
)
from spit.games.spades.identity import NAME as NAME
from spit.games.spades.identity import SUFFIX as SUFFIX

if TYPE_CHECKING:
    from spit.core.replay.fields import PlayerInfo
    from spit.games.spades.replay.reader import SpadesReplay

_RECORDS: Final = "spit.games.spades.replay.records"


def _describe(replay: SpadesReplay) -> str:
    return f"{NAME} (to {replay.header.target})"


def _mode_text(players: tuple[PlayerInfo, PlayerInfo], network: bool) -> str:
    from spit.games.summary import Mode, mode_of

    mode, _, level = mode_of(players, network=network)
    if mode is Mode.NETWORK:
        return "Spades, network"
    return f"Spades vs {level or '?'} bot" if mode is Mode.VS_BOT else "Spades"


def _bot_text(level: str) -> str:
    from spit.games.spades.bots import bot_description

    return f"{level}: {bot_description(level)}"


TARGET_CHOICE: Final = RoomChoice(
    "target", "Winning score", lowest=1, highest=MAX_TARGET, default=500
)
"""A room's winning score; its default is the replay records' ``DEFAULT_TARGET``
(not imported here, where no replay code is loaded; a test checks they agree)."""


DESCRIPTOR: Final[GameDescriptor[SpadesReplay]] = GameDescriptor(
    name=NAME,
    title="Spades",
    round_word="hand",
    files=ReplayFiles(
        suffix=SUFFIX,
        new_round=("hand", "hand"),
        header=Deferred(f"{_RECORDS}:SpadesHeader.from_json"),
        end=Deferred(f"{_RECORDS}:read_spades_end"),
        mode_text=_mode_text,
    ),
    read_replay=Deferred("spit.games.spades.replay.reader:parse_spades_replay"),
    verify=Deferred("spit.games.spades.replay.verify:verify_spades"),
    describe=_describe,
    bots=Bots(
        levels=LayerRef("spit.games.spades.bots:LEVELS").load,
        describe=_bot_text,
        default="hard",
    ),
    front_ends=FrontEnds(
        viewer=LayerRef("spit.tui.spades.viewer:SpadesViewerScreen"),
        table=LayerRef("spit.tui.spades:SpadesScreen"),
        menu_label="Spades against a bot",
        menu_key="3",
        net_screen=LayerRef("spit.tui.spades.net_screen:SpadesNetScreen"),
        watch_screen=LayerRef("spit.tui.spades.watch_screen:SpadesWatchScreen"),
    ),
    summary=LayerRef("spit.stats.summary:spades_summary"),
    command=("spades", LayerRef("spit.commands.spades")),
    command_help="play Spades against the computer",
    simulator=LayerRef("spit.games.spades.sim:SIMULATOR").load,
    net_table=Deferred("spit.games.spades.net_table:NetTable"),
    net_options=partial(room_options, "Spades", (TARGET_CHOICE,)),
    room_choices=(TARGET_CHOICE,),
)
