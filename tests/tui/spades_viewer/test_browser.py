"""From the menu to a Spades replay and back, by key presses only."""

from __future__ import annotations

import shutil

import pytest

from spit.paths import replays_dir
from spit.tui.app import SpitApp
from spit.tui.shell.menu import MainMenu
from spit.tui.shell.replays import ReplayBrowser
from spit.tui.spades.viewer import SpadesViewerScreen
from tests.replay.goldens import GOLDEN
from tests.tui.browser.driver import open_browser
from tests.tui.spades_viewer.driver import FINISHED, text

pytestmark = pytest.mark.slow  # the replays browser opening a game of Spades


async def test_the_browser_opens_a_spades_game_in_the_spades_viewer() -> None:
    saved = replays_dir()
    saved.mkdir(parents=True)
    shutil.copy(FINISHED, saved / "cards.spades.jsonl")
    shutil.copy(GOLDEN / "standard_finished.spit.jsonl", saved / "spit.spit.jsonl")
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        browser = await open_browser(pilot)
        row = [game.game for game in browser.games].index("spades")
        await pilot.press(*["down"] * row, "enter")
        viewer = app.screen
        assert isinstance(viewer, SpadesViewerScreen) and viewer.problem is None
        assert viewer.path == saved / "cards.spades.jsonl"
        await pilot.press("pagedown", "down")
        assert "hand 2/8" in text(viewer) and "Trick 1" in text(viewer)
        await pilot.press("escape")
        assert app.screen is browser and isinstance(browser, ReplayBrowser)
        await pilot.press("escape")
        assert isinstance(app.screen, MainMenu)
