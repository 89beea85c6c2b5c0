"""What the replay browser and the Statistics screen look like, one class per screen
(pytest-textual-snapshot), over fixed games: fixed names and start times, dates taken
from the files' headers, the home folder written ``~``; nothing from the wall clock.

Update after an intended change with ``pytest tests/tui/browser --snapshot-update``
and look at the report before committing the new SVGs.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from tests.tui.shots import BIG, SMALL, SnapCompare, app, hold_still

from .driver import MENU, settle
from .library import recorded_games

pytestmark = pytest.mark.slow  # screenshots of the browser and statistics over a library of games


def opened(entry: str, *keys: str) -> Callable[[Pilot[Any]], Awaitable[None]]:
    """Open the menu's ``entry``, wait for its figures, then press ``keys``."""

    async def run_before(pilot: Pilot[Any]) -> None:
        await pilot.press(MENU[entry])
        await settle(pilot)
        await pilot.press(*keys)
        await hold_still(pilot)

    return run_before


class TestBrowser:
    def test_list(self, snap_compare: SnapCompare, library: list[Path]) -> None:
        assert snap_compare(app(), run_before=opened("replays", "down"), terminal_size=SMALL)

    def test_list_big_light(self, snap_compare: SnapCompare, library: list[Path]) -> None:
        light = app(theme="textual-light")
        assert snap_compare(light, run_before=opened("replays"), terminal_size=BIG)

    def test_empty(self, snap_compare: SnapCompare, replays: Path) -> None:
        assert snap_compare(app(), run_before=opened("replays"), terminal_size=SMALL)

    def test_rename_refused(self, snap_compare: SnapCompare, library: list[Path]) -> None:
        keys = ("r", *"bots", "enter")
        assert snap_compare(app(), run_before=opened("replays", *keys), terminal_size=SMALL)

    def test_marked(self, snap_compare: SnapCompare, library: list[Path]) -> None:
        keys = ("space", "down", "space", "space")
        assert snap_compare(app(), run_before=opened("replays", *keys), terminal_size=SMALL)

    def test_delete_marked_asks(self, snap_compare: SnapCompare, library: list[Path]) -> None:
        keys = ("space", "space", "d")
        assert snap_compare(app(), run_before=opened("replays", *keys), terminal_size=SMALL)

    def test_delete_asks(self, snap_compare: SnapCompare, library: list[Path]) -> None:
        keys = ("down", "down", "d")
        assert snap_compare(app(), run_before=opened("replays", *keys), terminal_size=SMALL)


class TestStatistics:
    def test_figures(self, snap_compare: SnapCompare, replays: Path) -> None:
        recorded_games(replays)
        assert snap_compare(app(), run_before=opened("statistics"), terminal_size=SMALL)

    def test_figures_big_light(self, snap_compare: SnapCompare, replays: Path) -> None:
        recorded_games(replays)
        light = app(theme="textual-light")
        assert snap_compare(light, run_before=opened("statistics"), terminal_size=BIG)

    def test_no_games_yet(self, snap_compare: SnapCompare, replays: Path) -> None:
        assert snap_compare(app(), run_before=opened("statistics"), terminal_size=SMALL)

    def test_bests_by_level(self, snap_compare: SnapCompare, replays: Path) -> None:
        """The table of bests, brought into view by moving to it (Tab)."""
        recorded_games(replays)
        assert snap_compare(app(), run_before=opened("statistics", "tab"), terminal_size=BIG)
