"""What the snapshot tests of the menu's screens share: the app on chosen settings, the
terminal sizes, and a still frame, so that a shot comes out the same on every run."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Input

from spit.settings.model import Settings
from spit.tui.app import SpitApp

SnapCompare = Callable[..., bool]
SMALL = (80, 24)
BIG = (120, 36)


def app(**settings: Any) -> SpitApp:
    """The app on ``settings``; the practice round already offered (its notice would
    cover the shot), unless asked for."""
    return SpitApp(settings=Settings(**{"practice_offered": True, **settings}))


async def hold_still(pilot: Pilot[Any]) -> None:
    """Stop every text field's cursor blinking, and let the screen draw."""
    for field in pilot.app.screen.query(Input):
        field.cursor_blink = False
    await pilot.pause()
