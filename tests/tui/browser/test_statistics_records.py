"""The Statistics screen's rating and bests by level and variant, over games recorded
as live games record themselves: the rating with its chart, a row of bests per level
and variant, and ``w`` opening the selected best's game in the viewer."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from spit.stats import Rating, StatsDB
from spit.tui.app import SpitApp
from spit.tui.shell.statistics import level_bests_rows

from .library import recorded_games
from .test_statistics import open_statistics, panel_text

pytestmark = pytest.mark.slow  # the statistics screen over a library of games


def _your_latest_rating() -> Rating:
    """Your rating after your latest rated game, as the database holds it."""
    with StatsDB.open() as db:
        you = db.your_name()
        assert you is not None
        return db.rating_history(you)[-1].after


async def test_the_rating_and_the_bests_of_each_level(replays: Path) -> None:
    recorded_games(replays)
    latest = _your_latest_rating()
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_statistics(app, pilot)
        text = panel_text(app, "#stats-rating")
        assert f"Your rating in Spit {latest.shown} ± {latest.spread}" in text
        assert screen.figures is not None
        rows = level_bests_rows(screen.figures.level_bests)
        assert [(level, variant) for level, variant, _ in rows] == [
            ("easy", "standard"),
            ("normal", "standard"),
        ]


async def test_w_opens_the_selected_bests_game(replays: Path) -> None:
    from spit.tui.spit.viewer import SpitViewerScreen

    recorded_games(replays)
    app = SpitApp()
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await open_statistics(app, pilot)
        assert screen.figures is not None
        rows = level_bests_rows(screen.figures.level_bests)
        await pilot.press("tab", "down", "right", "right")  # normal's fastest win
        await pilot.press("w")
        viewer = app.screen
        assert isinstance(viewer, SpitViewerScreen)
        best = rows[1][2][0]
        assert best is not None and viewer.path == best.replay_path
        await pilot.press("escape")
        assert app.screen is screen


async def test_the_menu_shows_your_rating_once_drawn(replays: Path) -> None:
    from textual.widgets import Static

    from spit.tui.shell.menu import MainMenu

    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:  # no statistics yet: no line
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)
        assert not app.screen.query_one("#menu-rating", Static).display
    recorded_games(replays)
    latest = _your_latest_rating()
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        line = app.screen.query_one("#menu-rating", Static)
        deadline = time.monotonic() + 30  # its worker starts after the first frame
        while not line.display and time.monotonic() < deadline:
            await app.workers.wait_for_complete()
            await pilot.pause(0.01)
        assert line.display
        assert str(line.render()) == f"Your rating: {latest.shown} ± {latest.spread}"
