"""Spades' screens, as the shared screens find them (``spit.tui.shared.front_ends``):
each imported when first asked for."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Final

from spit.tui.shared.front_ends import FrontEnds, MenuEntry, SettingChoice
from spit.tui.spades.key_map import SPADES_KEYS

if TYPE_CHECKING:
    from textual.screen import Screen

    from spit.core.clock import Clock
    from spit.net.client import NetClient
    from spit.settings.model import Settings
    from spit.tui.shared.viewer_base import ViewerScreen


def _viewer(path: Path, clock: Clock | None) -> ViewerScreen:
    from spit.tui.spades.viewer import SpadesViewerScreen

    return SpadesViewerScreen(path, clock=clock)


def _table(settings: Settings, level: str | None, clock: Clock | None) -> Screen[None]:
    from spit.tui.spades.screen import SpadesScreen

    return SpadesScreen.from_settings(settings, level, clock=clock)


def _net_screen(
    client: NetClient, settings: Settings, *, clock: Clock | None = None
) -> Screen[None]:
    from spit.tui.spades.net_screen import SpadesNetScreen

    return SpadesNetScreen(client, settings, clock=clock)


def _watch_screen(
    client: NetClient, settings: Settings, *, clock: Clock | None = None
) -> Screen[None]:
    from spit.tui.spades.watch_screen import SpadesWatchScreen

    return SpadesWatchScreen(client, settings, clock=clock)


TARGETS: Final = (150, 250, 300, 500)
"""The game lengths the Settings screen offers: 500 is the usual game, the shorter ones
last a few hands (the settings file takes any target the game does)."""


def _target_choices() -> Sequence[tuple[str, object]]:
    return [(f"to {target} points", target) for target in TARGETS]


FRONT_ENDS: Final = FrontEnds(
    viewer=_viewer,
    table=_table,
    menu=(MenuEntry("spades", "3", "Spades against a bot"),),
    net_screen=_net_screen,
    watch_screen=_watch_screen,
    settings=(SettingChoice("target", "Spades game", _target_choices),),
    keys=SPADES_KEYS,
)
