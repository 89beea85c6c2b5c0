"""War as the registry knows it (``DESCRIPTOR``) and its screens (``FRONT_ENDS``), which
the tests install with ``extra_game``. War's replays wait for the replay written once
for every game: until then its descriptor says, in a clear message, that it has none."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Final, NoReturn

from spit.core.replay.fields import FormatError, PlayerInfo
from spit.core.replay.reading import UnreadableReplay
from spit.games.descriptor import Bots, GameDescriptor, GameReplay, ReplayFiles, Replays
from spit.tui.shared.front_ends import FrontEnds, MenuEntry

from .bot import LEVELS, WarBot
from .game import INFO, ROUNDS, WarGame

if TYPE_CHECKING:
    from textual.screen import Screen

    from spit.core.clock import Clock
    from spit.games.simulation import Simulator
    from spit.settings.model import Settings
    from spit.tui.shared.viewer_base import ViewerScreen

NO_REPLAYS: Final = "War keeps no replays until the replay is written once for every game"


def _no_file(obj: dict[str, object], at: object) -> NoReturn:
    raise FormatError(NO_REPLAYS)


def _no_replay(data: bytes, path: Path | None) -> GameReplay:
    raise UnreadableReplay(NO_REPLAYS)


def _not_a_replay(replay: GameReplay) -> NoReturn:
    raise TypeError(f"a replay of {replay.game}, not of War")


def _mode_text(players: tuple[PlayerInfo, PlayerInfo], network: bool) -> str:
    return "War, network" if network else f"War: {players[0].name} vs {players[1].name}"


def _simulator() -> Simulator:
    from spit.games.simulation import basic_simulator

    return basic_simulator(INFO, LEVELS, ROUNDS, WarGame, WarBot)


DESCRIPTOR: Final = GameDescriptor(
    info=INFO,
    files=ReplayFiles(".war.jsonl", ("deal", "round"), _no_file, _no_file, _mode_text),
    replays=Replays(read=_no_replay, verify=_not_a_replay, describe=_not_a_replay),
    bots=Bots(
        levels=lambda: LEVELS, describe=lambda level: f"{level}: flips in its turn", default=None
    ),
    simulator=_simulator,
)


def _viewer(path: Path, clock: Clock | None) -> ViewerScreen:
    raise UnreadableReplay(NO_REPLAYS)


def _table(settings: Settings, level: str | None, clock: Clock | None) -> Screen[None]:
    from .screen import WarScreen

    return WarScreen(settings, clock)


FRONT_ENDS: Final = FrontEnds(
    viewer=_viewer, table=_table, menu=(MenuEntry("war", "w", "War against a bot"),)
)
