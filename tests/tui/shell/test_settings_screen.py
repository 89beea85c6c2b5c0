"""The Settings screen, driven with real key presses: every change lands in the TOML file."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import OptionList, Static

from spit.settings.model import Settings
from spit.tui.app import SpitApp
from spit.tui.shared.confirm import Confirm
from spit.tui.shell.menu import MainMenu
from spit.tui.shell.settings_screen import KeyCapture, SettingsScreen

from .menu_keys import MENU

pytestmark = pytest.mark.slow  # the settings screen driven key by key


def saved(path: Path) -> dict[str, Any]:
    return tomllib.loads(path.read_text(encoding="utf-8"))


async def test_changes_are_saved_and_applied(settings_file: Path) -> None:
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(MENU["settings"])
        assert isinstance(app.screen, SettingsScreen)
        # The key list has the focus first; Tab goes past Spades' keys round to the
        # theme: the next one.
        await pilot.press("tab", "tab", "enter", "down", "enter")
        theme = saved(settings_file)["theme"]
        assert theme != "textual-dark"
        assert app.theme == theme
        await pilot.press("tab", "enter", "down", "enter")  # card style
        # past Spit's bot level and game: Spades to 300 points
        await pilot.press("tab", "tab", "tab", "enter", "up", "enter")
        await pilot.press("tab", "space")  # four colours
        await pilot.press("tab", "space")  # show which cards can play
        await pilot.press("tab", "space")  # the bell
        await pilot.press("tab", "space")  # save replays
        await pilot.press("tab", *"/tmp/elsewhere", "enter")
        await pilot.press("escape")
        assert isinstance(app.screen, MainMenu)
    data = saved(settings_file)
    assert data["card_style"] == "ascii"
    assert data["spades_target"] == 300
    assert data["four_colour"] is True
    assert data["show_play_hint"] is False
    assert data["bell"] is True
    assert data["record_replays"] is False
    assert data["replay_dir"] == "/tmp/elsewhere"
    assert app.settings.replay_dir == Path("/tmp/elsewhere")


async def test_remap_a_key_and_reject_a_conflict(settings_file: Path) -> None:
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(MENU["settings"])
        bindings = app.screen.query_one("#key-bindings", OptionList)
        bindings.focus()
        await pilot.press("enter")  # the first binding: player 1, stockpile 1, left pile
        assert isinstance(app.screen, KeyCapture)
        await pilot.press("e")  # already player 1's stockpile 3 on the left pile
        assert isinstance(app.screen, KeyCapture)
        error = str(app.screen.query_one("#capture-error", Static).render())
        assert "E is already the key for Player 1: play stockpile 3" in error
        assert not settings_file.exists()
        await pilot.press("1")
        assert isinstance(app.screen, SettingsScreen)
        assert saved(settings_file)["key_overrides"] == {"p1.play.1.left": "1"}
        assert app.settings.key_overrides == {"p1.play.1.left": "1"}
        assert "*" in str(bindings.get_option_at_index(0).prompt)

        await pilot.press("enter", "escape")  # cancelling keeps the new key
        assert app.settings.key_overrides == {"p1.play.1.left": "1"}
        await pilot.press("delete")  # back to the layout's key
        assert saved(settings_file)["key_overrides"] == {}


async def test_a_shifted_letter_is_that_letter_key(settings_file: Path) -> None:
    """Shift (or Caps Lock) while remapping gives the letter's key: the layout's own key
    is no remapping, and another player's letter is refused as theirs, by name."""
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(MENU["settings"])
        bindings = app.screen.query_one("#key-bindings", OptionList)
        bindings.focus()
        await pilot.press("enter", "A")  # player 1's stockpile 1 onto the right pile
        assert isinstance(app.screen, KeyCapture)
        error = str(app.screen.query_one("#capture-error", Static).render())
        assert "A is already the key for Player 1: play stockpile 1 onto the right" in error
        await pilot.press("Q")  # the key it has
        assert isinstance(app.screen, SettingsScreen)
        assert app.settings.key_overrides == {}
        assert "*" not in str(bindings.get_option_at_index(0).prompt)


async def test_reset_all_keys_asks_first(settings_file: Path) -> None:
    app = SpitApp(settings=Settings(key_overrides={"p1.move.1": "1", "p2.move.1": "2"}))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(MENU["settings"])
        await pilot.pause()
        await pilot.press("ctrl+r")
        assert isinstance(app.screen, Confirm)
        await pilot.press("n")
        assert len(app.settings.key_overrides) == 2
        await pilot.press("ctrl+r", "y")
        assert isinstance(app.screen, SettingsScreen)
        assert app.settings.key_overrides == {}


async def test_changing_the_layout_resets_clashing_keys() -> None:
    # "a" is free on qwerty once player 1's stockpile 1 moves to "1", but it is a key of
    # the azerty layout, so the remapping cannot stay.
    app = SpitApp(settings=Settings(key_overrides={"p1.play.1.right": "1", "p1.move.1": "a"}))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(MENU["settings"])
        from textual.widgets import Select

        app.screen.query_one("#keymap_preset", Select).focus()
        await pilot.press("enter", "down", "enter")
        assert app.settings.keymap_preset == "azerty"
        assert app.settings.key_overrides == {}


@pytest.mark.parametrize(
    ("text", "warnings", "kept"),
    [
        (
            'theme = "textual-light"\nfour_colour = "yes"\nsound = true\n',
            [
                'line 2: four_colour must be true or false, not "yes"; using false',
                'line 3: there is no setting "sound" (left as it is)',
            ],
            Settings(theme="textual-light"),
        ),
        ("[[[", ["line 1, column 3: not valid TOML"], Settings()),
    ],
    ids=["bad values", "unreadable TOML"],
)
async def test_a_broken_settings_file_warns_and_uses_defaults(
    settings_file: Path, text: str, warnings: list[str], kept: Settings
) -> None:
    settings_file.parent.mkdir(parents=True)
    settings_file.write_text(text)
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        messages = [n.message for n in app._notifications]
        [message] = messages  # one notice, however many problems
        for warning in warnings:
            assert message.startswith(f"{settings_file}:\n")
            assert any(line.startswith(warning) for line in message.splitlines()[1:])
        assert app.settings == kept
        assert app.theme == kept.theme
        assert isinstance(app.screen, MainMenu)


async def test_unwritable_settings_file_says_so(spit_home: Path) -> None:
    spit_home.parent.mkdir(parents=True, exist_ok=True)
    spit_home.write_text("a file where the config directory should be")
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(MENU["settings"])
        app.screen.query_one("#four_colour").focus()
        await pilot.press("space")
        assert app.settings.four_colour  # still used for this session
        assert any("Could not save" in n.message for n in app._notifications)


async def test_settings_open_on_the_key_list_and_the_hint_follows_the_focus(
    settings_file: Path,
) -> None:
    """Enter does what the hint under the key list says: on opening, the list has the
    focus and Enter asks for a new key (not the Theme list); elsewhere the hint says
    what Enter does there."""
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(MENU["settings"])
        screen = app.screen
        assert isinstance(screen, SettingsScreen)
        hint = screen.query_one("#keys-hint", Static)
        assert screen.focused is screen.query_one("#key-bindings", OptionList)
        assert "enter: press a new key" in str(hint.render())
        await pilot.press("enter")
        assert isinstance(app.screen, KeyCapture)
        await pilot.press("escape")
        await pilot.press("shift+tab")  # up to the layout's drop-down
        assert screen.focused is not None and screen.focused.id == "keymap_preset"
        assert "press a new key" not in str(hint.render())
        assert "enter: change it" in str(hint.render())
        await pilot.press("tab")
        assert "enter: press a new key" in str(hint.render())
