"""Notices belong to the screen they were given on: none lingers over another screen's
content (Settings' key list, the replays list, the viewer's key list), and the first
opening of the statistics reads as information, not as an error."""

from __future__ import annotations

from pathlib import Path

import pytest

from spit.tui.app import SpitApp
from spit.tui.shared.viewer_keys import ViewerHelp
from spit.tui.shell.menu import MainMenu
from spit.tui.shell.replays import ReplayBrowser
from spit.tui.shell.settings_screen import SettingsScreen
from spit.tui.shell.statistics import StatisticsScreen
from tests.stats.games import hand_game, play

from .driver import MENU, notices, open_browser, settle


@pytest.mark.slow
async def test_a_first_statistics_is_information_and_goes_when_the_screen_is_left(
    replays: Path,
) -> None:
    """A fresh install with a few games left unfinished: "made from your replays", as
    information; gone on leaving, so that Settings' key list is not covered."""
    play(replays, 1)
    for name in ("a", "b", "c", "d"):
        hand_game(replays, name, finished=False)
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(MENU["statistics"])
        await settle(pilot)
        assert isinstance(app.screen, StatisticsScreen)
        [notice] = list(app._notifications)
        assert notice.message == (
            "Statistics made from the games in your replays folder: 1 saved game "
            "(4 unfinished skipped)."
        )
        assert notice.severity == "information"
        assert "missing" not in notice.message and "rebuilt" not in notice.message
        await pilot.press("escape")
        assert isinstance(app.screen, MainMenu)
        assert notices(app) == []
        await pilot.press(MENU["settings"])
        assert isinstance(app.screen, SettingsScreen)
        assert notices(app) == []


@pytest.mark.slow
async def test_the_viewers_notice_leaves_with_it_and_under_its_key_list(replays: Path) -> None:
    """ "Unfinished game" is the viewer's: the viewer's ``?`` list and the replays list
    it goes back to are not covered by it."""
    hand_game(replays, "left", finished=False)
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        browser = await open_browser(pilot)
        await pilot.press("enter")
        await pilot.pause()
        assert [n.title for n in app._notifications] == ["Unfinished game"]
        await pilot.press("question_mark")
        assert isinstance(app.screen, ViewerHelp)
        assert notices(app) == []
        await pilot.press("escape", "escape")  # the key list, then the viewer
        await pilot.pause()
        assert app.screen is browser and isinstance(browser, ReplayBrowser)
        assert notices(app) == []


@pytest.mark.slow
async def test_a_notice_given_back_on_the_menu_stays_there() -> None:
    """A failure told on the screen the player goes back to (a network screen that
    cannot go on) is given after leaving, and stays on the menu."""
    from spit.tui.net.link import NetFailure
    from spit.tui.net.screens import ConnectingScreen, NetOutcome

    async def opener() -> object:
        raise NetFailure("cannot connect to 127.0.0.1:9: connection refused")

    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(ConnectingScreen("Connecting...", opener, NetOutcome()))  # type: ignore[arg-type]
        await settle(pilot)
        assert isinstance(app.screen, MainMenu)
        assert notices(app) == ["cannot connect to 127.0.0.1:9: connection refused"]
