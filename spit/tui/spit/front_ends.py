"""Spit's screens, as the shared screens find them (``spit.tui.shared.front_ends``):
each imported when first asked for."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from spit.tui.shared.front_ends import FrontEnds, GameStart, MenuEntry, SettingChoice

if TYPE_CHECKING:
    from textual.screen import Screen

    from spit.core.clock import Clock
    from spit.net.client import NetClient
    from spit.settings.model import Settings
    from spit.tui.shared.viewer_base import ViewerScreen


def _viewer(path: Path, clock: Clock | None) -> ViewerScreen:
    from spit.tui.spit.viewer import SpitViewerScreen

    return SpitViewerScreen(path, clock=clock)


def _table(settings: Settings, level: str | None, clock: Clock | None) -> Screen[None]:
    from spit.tui.spit.game_screen import SpitScreen

    return SpitScreen.from_settings(settings, level, clock=clock)


def _start(start: GameStart, clock: Clock | None) -> Screen[None]:
    from spit.tui.spit.game_config import GameConfig
    from spit.tui.spit.game_screen import SpitScreen

    if not isinstance(start, GameConfig):
        raise TypeError(f"a game of {start.game}, not of Spit")
    return SpitScreen(start, clock)


def _daily(settings: Settings, clock: Clock | None) -> Screen[Any]:
    """The day's deal's card (the date, the bot, whether the game counts; Enter plays)."""
    from spit.tui.spit.daily_card import DailyCard

    return DailyCard(clock)


async def _ladder(settings: Settings, clock: Clock | None) -> Screen[Any]:
    """The ladder at the player's step, read from the statistics in a thread (the
    database may have replays to read first)."""
    import asyncio

    from spit.tui.spit.challenges import ladder_screen, ladder_step

    step = await asyncio.to_thread(ladder_step)
    return ladder_screen(settings, step, clock)


def _practice(settings: Settings, clock: Clock | None) -> Screen[Any]:
    from spit.tui.spit.practice import practice_round

    return practice_round(settings, clock)


def _net_screen(
    client: NetClient, settings: Settings, *, clock: Clock | None = None
) -> Screen[None]:
    from spit.tui.spit.net_screen import SpitNetScreen

    return SpitNetScreen(client, settings, clock=clock)


def _watch_screen(
    client: NetClient, settings: Settings, *, clock: Clock | None = None
) -> Screen[None]:
    from spit.tui.spit.watch_screen import SpitWatchScreen

    return SpitWatchScreen(client, settings, clock=clock)


def _level_choices() -> Sequence[tuple[str, object]]:
    from spit.games.spit.bots import LEVELS

    return [(level.value, level.value) for level in LEVELS]


def _variant_choices() -> Sequence[tuple[str, object]]:
    from spit.engine import Variant

    return [(variant.value, variant.value) for variant in Variant]


def _level_header() -> str:
    from spit.games.spit.bots import LEVEL_HEADER

    return LEVEL_HEADER


def _room_options(settings: Settings) -> dict[str, object]:
    """The menu's Spit games are played in the variant of the settings."""
    from spit.games.spit.identity import NAME
    from spit.settings.model import game_setting

    return {"variant": game_setting(settings, NAME, "variant")}


LEVELS_NOTE = (
    "Each level wins about 2 games in 3 against the one below. Reacts: from a change "
    "to its card landing; slaps: from the last card to its slap."
)
"""Under the Spit levels: how to read their columns."""


FRONT_ENDS: Final = FrontEnds(
    viewer=_viewer,
    table=_table,
    room_options=_room_options,
    menu=(
        MenuEntry("two_players", "1", "Two players (this keyboard)", "two_players"),
        MenuEntry("bot", "2", "Play against a bot", header=_level_header, note=LEVELS_NOTE),
        MenuEntry("daily", "d", "Daily deal", "screen", opens=_daily),
        # a, not l, which reads as 1 in many fonts
        MenuEntry("ladder", "a", "Ladder", "screen", opens=_ladder),
    ),
    net_screen=_net_screen,
    watch_screen=_watch_screen,
    settings=(
        SettingChoice("bot_level", "Bot level", _level_choices),
        SettingChoice("variant", "Game", _variant_choices),
    ),
    start=_start,
    practice=_practice,
)
