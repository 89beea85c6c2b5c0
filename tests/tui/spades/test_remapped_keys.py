"""Spades' keys remapped in the Settings screen, with real key presses: the new key
works at the table and the old one no longer does; a key the game keeps fixed, or one
another of its keys has, is refused with the reason; a bad entry in the file is a
warning naming its line."""

from __future__ import annotations

import tomllib

import pytest
from textual.widgets import OptionList, Static

from spit.settings.model import settings_path
from spit.tui.app import SpitApp
from spit.tui.shell.menu import MainMenu
from spit.tui.shell.settings_screen import GameKeyCapture, SettingsScreen
from spit.tui.spades.help import SpadesHelp
from spit.tui.spades.screen import SpadesScreen
from tests.tui.net.helpers import until
from tests.tui.shell.menu_keys import MENU

pytestmark = pytest.mark.slow  # the app driven key by key


async def test_a_remapped_help_key_works_and_the_old_one_does_not() -> None:
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(MENU["settings"])
        assert isinstance(app.screen, SettingsScreen)
        await pilot.press("tab")  # from Spit's keys to Spades'
        spades = app.screen.query_one("#game-keys-spades", OptionList)
        assert spades.has_focus
        await pilot.press("end", "enter")  # the last: the help
        capture = app.screen
        assert isinstance(capture, GameKeyCapture)
        assert capture.binding_id == "spades.help"
        await pilot.press("a")
        error = str(capture.query_one("#capture-error", Static).render())
        assert "A is a fixed key of Spades (a card's letter)" in error
        await pilot.press("enter")
        error = str(capture.query_one("#capture-error", Static).render())
        assert "Enter is already the key for play, bid, swap" in error
        assert app.screen is capture, "a refused key leaves the question up"
        await pilot.press("x")
        assert isinstance(app.screen, SettingsScreen)
        assert "X" in str(spades.get_option_at_index(7).prompt)
        await pilot.press("escape")
        assert isinstance(app.screen, MainMenu)
        saved = tomllib.loads(settings_path().read_text(encoding="utf-8"))
        assert saved["game_keys"] == {"spades.help": "x"}

        await pilot.press(MENU["spades"], "enter")
        game = app.screen
        assert isinstance(game, SpadesScreen)
        assert game.board.table is not None and game.board.table.keys_hint.startswith("X help")
        await pilot.press("question_mark")
        assert app.screen is game, "the old key does nothing"
        await pilot.press("x")
        assert isinstance(app.screen, SpadesHelp)
        assert "X help" in str(app.screen.query_one("#help-keys", Static).render())


async def test_a_bad_entry_in_the_file_is_a_warning_and_the_default_stays() -> None:
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('practice_offered = true\n\n[game_keys]\n"spades.confirm" = "space"\n')
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: bool(app._notifications))
        [notice] = [n.message for n in app._notifications]
        assert "settings.toml" in notice
        assert "line 4: Space is already the key for pick the highlighted card" in notice
        assert app.settings.game_keys == {}
        await pilot.press(MENU["spades"], "enter")
        game = app.screen
        assert isinstance(game, SpadesScreen)
        assert game.keys["spades.confirm"] == "enter"
