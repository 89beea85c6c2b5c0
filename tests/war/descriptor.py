"""War as the registry knows it (``DESCRIPTOR``) and its screens (``FRONT_ENDS``), which
the tests install with ``extra_game``; its replays are ``spit.replay``'s, in its
``FORMAT``."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Final

from spit.core.replay.fields import PlayerInfo
from spit.core.replay.reading import UnreadableReplay
from spit.games.descriptor import Bots, GameDescriptor, ReplayFiles, Replays
from spit.games.network import plain_net_play
from spit.games.registry import refuse_other_games
from spit.replay.format import ReplayFormat
from spit.replay.plain import plain_header
from spit.tui.shared.front_ends import FrontEnds, MenuEntry

from .bot import LEVELS, WarBot
from .game import CODEC, INFO, ROUNDS, WarGame

if TYPE_CHECKING:
    from textual.screen import Screen

    from spit.core.clock import Clock
    from spit.games.simulation import Simulator
    from spit.settings.model import Settings
    from spit.tui.shared.viewer_base import ViewerScreen


Header: Final = plain_header(INFO)
FORMAT: Final = ReplayFormat.plain(
    INFO,
    ".war.jsonl",
    Header,
    lambda obj: refuse_other_games(obj, INFO.key),
    lambda header: WarGame(**dict(header.options)),  # type: ignore[arg-type]
    lambda state: state.points,
    CODEC,
    most=(52, 9),
)


def _mode_text(players: tuple[PlayerInfo, PlayerInfo], network: bool) -> str:
    return "War, network" if network else f"War: {players[0].name} vs {players[1].name}"


def _simulator() -> Simulator:
    from spit.games.simulation import basic_simulator

    return basic_simulator(INFO, LEVELS, ROUNDS, WarGame, WarBot)


DESCRIPTOR: Final = GameDescriptor(
    info=INFO,
    files=ReplayFiles(
        FORMAT.suffix, ("deal", "round"), FORMAT.header.from_json, FORMAT.lines.read_end, _mode_text
    ),
    replays=Replays.of_format(lambda: FORMAT, lambda replay: "war"),
    bots=Bots(
        levels=lambda: LEVELS, describe=lambda level: f"{level}: flips in its turn", default=None
    ),
    net=plain_net_play(FORMAT, WarBot, LEVELS[0]),
    simulator=_simulator,
)


def _viewer(path: Path, clock: Clock | None) -> ViewerScreen:
    raise UnreadableReplay("War has no replay viewer")


def _table(settings: Settings, level: str | None, clock: Clock | None) -> Screen[None]:
    from .screen import WarScreen

    return WarScreen(settings, clock)


FRONT_ENDS: Final = FrontEnds(
    viewer=_viewer, table=_table, menu=(MenuEntry("war", "w", "War against a bot"),)
)
