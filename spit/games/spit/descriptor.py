"""Spit, as the game registry (``spit.games.registry``) knows it.

Importing this module costs next to nothing: it names Spit's replay, bot and session
modules by path (``Deferred``, ``LayerRef``), imported only when first called, so that
the registry can list every game at start-up without loading any of them. The functions
here are what is Spit's own: how a listing and ``replay --check`` name its games, and
its network table's options.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from spit.games.registry import (
    Bots,
    Deferred,
    FrontEnds,
    GameDescriptor,
    LayerRef,
    ReplayFiles,
    RoomChoice,
    ServerDaily,
    room_options,
)
from spit.games.spit.identity import NAME as NAME
from spit.games.spit.identity import SUFFIX as SUFFIX

if TYPE_CHECKING:
    from spit.core.replay.fields import PlayerInfo
    from spit.games.spit.net_table import SpitNetTable
    from spit.games.spit.replay.reader import Replay

TITLE: Final = "Spit"
_RECORDS: Final = "spit.games.spit.replay.records"


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


def _net_table(
    names: tuple[str, str], *, seed: int, replay_dir: Path | None, **options: Any
) -> SpitNetTable:
    from spit.engine import Variant
    from spit.games.spit.net_table import SpitNetTable

    if "target" in options:  # as in a local game, where ``play`` has no target either
        raise TypeError("Spit's network table takes no target option")
    if "variant" in options:  # by name from a command line or a hello's options
        try:
            options["variant"] = Variant(options["variant"])
        except ValueError:
            known = " or ".join(variant.value for variant in Variant)
            raise ValueError(f"the variant is {known}, not {options['variant']!r}") from None
    return SpitNetTable(names, seed, replay_dir, **options)


ROOM_CHOICES: Final = (RoomChoice("variant", "Variant", values=("standard", "points")),)
"""A room's variant, the one option a client may choose (``{"variant": "points"}``)."""


def _server_daily(day: date) -> ServerDaily:
    """Spit's deal of ``day`` (``spit.games.spit.daily``) as a server plays it."""
    from spit.games.spit.daily import daily_deal

    deal = daily_deal(day)
    return ServerDaily(variant=deal.variant.value, bot=deal.level.value, seed=deal.deal_seed)


def _net_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """The room's options as its table takes them: the variant as a ``Variant``."""
    from spit.engine import Variant

    checked = room_options(TITLE, ROOM_CHOICES, options)
    return {key: Variant(str(value)) for key, value in checked.items()}


DESCRIPTOR: Final[GameDescriptor[Replay]] = GameDescriptor(
    name=NAME,
    title=TITLE,
    round_word="round",
    files=ReplayFiles(
        suffix=SUFFIX,
        new_round=("deal", "round"),
        header=Deferred(f"{_RECORDS}:Header.from_json"),
        end=Deferred(f"{_RECORDS}:read_end"),
        mode_text=_mode_text,
    ),
    read_replay=Deferred("spit.games.spit.replay.reader:parse_replay"),
    verify=Deferred("spit.games.spit.replay.verify:verify"),
    describe=_describe,
    bots=Bots(
        levels=LayerRef("spit.games.spit.bots:LEVELS").load,
        describe=Deferred("spit.games.spit.bots:bot_description"),
        default=None,
        ratings=LayerRef("spit.games.spit.bots.ratings:RATINGS").load,
    ),
    front_ends=FrontEnds(
        viewer=LayerRef("spit.tui.spit.viewer:ReplayViewerScreen"),
        table=LayerRef("spit.tui.spit.game_screen:GameScreen"),
        menu_label=None,
        net_screen=LayerRef("spit.tui.spit.net_screen:SpitNetScreen"),
        watch_screen=LayerRef("spit.tui.spit.watch_screen:SpitWatchScreen"),
    ),
    summary=LayerRef("spit.stats.summary:spit_summary"),
    command=("play", LayerRef("spit.commands.play")),
    command_help="start a game: two players on one keyboard, or --bot LEVEL",
    session=Deferred("spit.games.spit.session:seeded_match"),
    net_table=_net_table,
    simulator=LayerRef("spit.games.spit.sim:SIMULATOR").load,
    net_options=_net_options,
    room_choices=ROOM_CHOICES,
    server_daily=_server_daily,
)
