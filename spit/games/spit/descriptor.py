"""Spit, as the game registry (``spit.games.registry``) knows it.

Importing this module costs next to nothing: the functions below import Spit's
replay, bot and session modules only when they are first called, so that the registry
can list every game at start-up without loading any of them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from spit.games.registry import (
    Bots,
    FrontEnds,
    GameDescriptor,
    LayerRef,
    ReplayFiles,
    RoomChoice,
)
from spit.games.spit.identity import NAME as NAME
from spit.games.spit.identity import SUFFIX as SUFFIX

if TYPE_CHECKING:
    from spit.core.replay.fields import PlayerInfo
    from spit.core.replay.verification import Verification
    from spit.games.registry import ListedRecords
    from spit.games.simulation import Simulator
    from spit.games.spit.net_table import SpitNetTable
    from spit.games.spit.replay.reader import Replay
    from spit.games.spit.session import Match


def _read(data: bytes, path: Path | None = None) -> Replay:
    from spit.games.spit.replay.reader import parse_replay

    return parse_replay(data, path)


def _verify(replay: Replay) -> Verification:
    from spit.games.spit.replay.verify import verify

    return verify(replay)


def _describe(replay: Replay) -> str:
    from spit.engine import Variant

    header = replay.header
    text = header.variant.value
    return f"{text} (to {header.target})" if header.variant is Variant.POINTS else text


def _records() -> ListedRecords:
    from spit.games.spit.replay.records import Header, read_end

    return Header.from_json, read_end


def _mode_text(players: tuple[PlayerInfo, PlayerInfo]) -> str:
    from spit.games.summary import Mode, mode_of

    mode, _, level = mode_of(players)
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


def _session(
    *, seed: int, agents: Sequence[Any], recorders: Sequence[Any] = (), **options: Any
) -> Match:
    from spit.games.spit.session import seeded_match

    return seeded_match(seed=seed, agents=agents, recorders=recorders, **options)


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


def _simulator() -> Simulator:
    from spit.games.spit.sim import SIMULATOR

    return SIMULATOR


def _net_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """A room's variant, the one option a client may choose (``{"variant": "points"}``)."""
    from spit.engine import Variant

    unknown = sorted(set(options) - {"variant"})
    if unknown:
        raise ValueError(f"Spit has no option {unknown[0]}; it has variant")
    if "variant" not in options:
        return {}
    values = [variant.value for variant in Variant]
    if options["variant"] not in values:
        raise ValueError(f"Spit's variant is one of {', '.join(values)}")
    return {"variant": Variant(options["variant"])}


DESCRIPTOR: Final[GameDescriptor[Replay]] = GameDescriptor(
    name=NAME,
    title="Spit",
    round_word="round",
    files=ReplayFiles(
        suffix=SUFFIX,
        new_round=("deal", "round"),
        records=_records,
        mode_text=_mode_text,
    ),
    read_replay=_read,
    verify=_verify,
    describe=_describe,
    bots=Bots(levels=_levels, describe=_bot_text, default=None),
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
    session=_session,
    net_table=_net_table,
    simulator=_simulator,
    net_options=_net_options,
    room_choices=(RoomChoice("variant", "Variant", values=("standard", "points")),),
)
