"""Every control of the Settings screen, tried with real key presses: every value of
every dropdown (none offers a blank), every checkbox, the replays folder checked when it
is entered, and the file edited, not rewritten."""

from __future__ import annotations

import shutil
import tempfile
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Checkbox, Input, Select

from spit.engine import Variant
from spit.games.spit.bots import LEVELS
from spit.settings.model import Settings, game_setting, theme_names
from spit.tui.app import SpitApp
from spit.tui.shell.menu import MainMenu
from spit.tui.shell.settings_screen import SettingsScreen
from spit.tui.spades.front_ends import TARGETS

from .menu_keys import MENU

pytestmark = pytest.mark.slow  # every value of every control, chosen with its keys


@pytest.fixture(autouse=True)
def _offer_already_made(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests compare the settings file with what the Settings screen changed; the
    menu's one-time practice offer writes a line of its own when the menu closes (tested
    with the practice round), so here the offer counts as made."""
    monkeypatch.setattr(MainMenu, "on_unmount", lambda self: None)


SELECTS: dict[str, tuple[Any, ...]] = {
    "theme": theme_names(),
    "bot_level": tuple(level.value for level in LEVELS),
    "card_style": ("unicode", "ascii"),
    "variant": tuple(variant.value for variant in Variant),
    "spades_target": TARGETS,
    "keymap_preset": ("qwerty", "azerty", "qwertz"),
}
CHECKBOXES = ("four_colour", "show_play_hint", "bell", "record_replays")


def saved(path: Path) -> dict[str, Any]:
    return tomllib.loads(path.read_text(encoding="utf-8"))


async def choose(pilot: Pilot[Any], select: Select[Any], *keys: str) -> None:
    """Open ``select``'s list, press ``keys`` in it, take the highlighted entry. The
    list opens as an overlay: wait for it, so a loaded machine cannot lose the keys."""
    select.focus()
    await pilot.press("enter")
    await pilot.pause()
    await pilot.press(*keys, "enter")
    await pilot.pause()


GAMES_OWN = {"bot_level": ("spit", "bot_level"), "variant": ("spit", "variant")}
GAMES_OWN["spades_target"] = ("spades", "target")
"""The games' own settings among the dropdowns: each game's, by its key in the file."""


def value_of(settings: Settings, setting: str) -> Any:
    if setting in GAMES_OWN:
        return game_setting(settings, *GAMES_OWN[setting])
    return getattr(settings, setting)


@pytest.mark.parametrize("setting", SELECTS)
async def test_every_value_of_every_dropdown_can_be_chosen_and_none_is_blank(
    settings_file: Path, setting: str
) -> None:
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(MENU["settings"])
        await pilot.pause()
        select = app.screen.query_one(f"#{setting}", Select)
        choices = SELECTS[setting]
        for index, value in enumerate(choices):
            # the first entry, then each next one from the one chosen before it (the list
            # opens on the value chosen): one key a value, not one more each time
            await choose(pilot, select, "home" if index == 0 else "down")
            assert select.value == value
            assert value_of(app.settings, setting) == value
            # the typed value (a CardStyle, a level's name), never the dropdown's label
            assert type(value_of(app.settings, setting)) is type(value_of(Settings(), setting))
            if value != value_of(Settings(), setting):
                assert saved(settings_file)[setting] == value
        # Past either end of the list there is no blank entry to land on.
        for keys in (("home", "up"), ("end", "down")):
            await choose(pilot, select, *keys)
            assert value_of(app.settings, setting) in choices
        assert isinstance(app.screen, SettingsScreen)
    assert "NULL" not in settings_file.read_text() if settings_file.exists() else True


async def test_the_blank_card_style_of_issue_11_is_gone(settings_file: Path) -> None:
    """Menu 7, Tab Tab (Cards), Enter, Up, Enter, Esc, 1 crashed the app (the focus
    starts on the key list now: one Tab more, round to the top; and Cards follows the
    theme, before the games' own settings)."""
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(MENU["settings"], "tab", "tab", "enter")
        await pilot.pause()
        await pilot.press("up", "enter", "escape")
        assert isinstance(app.screen, MainMenu)
        assert app.settings.card_style in ("unicode", "ascii")
        await pilot.press("1")
        await pilot.pause()
        assert type(app.screen).__name__ == "SpitScreen"
    assert "NULL" not in settings_file.read_text() if settings_file.exists() else True


@pytest.mark.parametrize("setting", CHECKBOXES)
async def test_every_checkbox_turns_its_setting_on_and_off(
    settings_file: Path, setting: str
) -> None:
    app = SpitApp()
    default = getattr(Settings(), setting)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(MENU["settings"])
        await pilot.pause()
        app.screen.query_one(f"#{setting}", Checkbox).focus()
        await pilot.press("space")
        assert getattr(app.settings, setting) is not default
        assert saved(settings_file)[setting] is not default
        await pilot.press("space")
        assert getattr(app.settings, setting) is default
        assert saved(settings_file)[setting] is default


async def test_a_change_in_the_screen_keeps_the_rest_of_the_file_byte_for_byte(
    settings_file: Path,
) -> None:
    text = (
        "# Mine. Do not touch.\n"
        'theme = "nord"   # dark\n'
        "unknown_one = 3  # a key from a newer version\n"
        "bell = 2         # a typo: read as the default\n"
        "\n"
        "[key_overrides]\n"
        '"p1.move.1" = "1"  # one\n'
    )
    settings_file.parent.mkdir(parents=True)
    settings_file.write_text(text)
    settings_file.chmod(0o604)
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(MENU["settings"])
        await pilot.pause()
        app.screen.query_one("#four_colour", Checkbox).focus()
        await pilot.press("space")
        notices = [n.message for n in app._notifications]
    after = settings_file.read_text()
    assert after == text.replace("bell = 2 ", "four_colour = true\nbell = 2 ", 1) or (
        after.replace("four_colour = true\n", "", 1) == text
    )
    assert settings_file.stat().st_mode & 0o777 == 0o604
    backup = settings_file.with_name("settings.toml.bak")
    assert backup.read_text() == text
    assert any(f"a copy of it was kept as {backup}" in notice for notice in notices)


async def test_the_warnings_are_one_notice_in_the_players_words(settings_file: Path) -> None:
    settings_file.parent.mkdir(parents=True)
    settings_file.write_text('variant = "speed"\n' + "".join(f"k{i} = 1\n" for i in range(5000)))
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        [notice] = list(app._notifications)
        lines = notice.message.splitlines()
        assert lines[0] == f"{settings_file}:"  # named once, then where in it
        assert lines[1] == (
            'line 1: variant must be "standard" or "points", not "speed"; using "standard"'
        )
        assert lines[-1] == "and 4,996 more problems"
        assert len(lines) == 7
        assert "<Variant" not in notice.message
        assert isinstance(app.screen, MainMenu)


@pytest.fixture
def short_tmp() -> Iterator[Path]:
    """A folder of its own with a short path (``/tmp/spit-xxxxxxxx``): a path is typed
    key by key, each key waited for, and pytest's ``tmp_path`` is some 80 characters."""
    folder = Path(tempfile.mkdtemp(prefix="spit-"))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.mark.parametrize(
    ("typed", "complaint"),
    [
        ("{file}", "Replays in: {file} is a file, not a folder"),
        ("{file}/games", "Replays in: {file}/games cannot be made: {file} is a file, not a folder"),
        ("/dev/null", "Replays in: /dev/null is a device, not a folder"),
        ("~no-such-user-here", 'Replays in: ~no-such-user-here starts with "~no-such-user-here"'),
    ],
    ids=["a file", "under a file", "a device", "no such user"],
)
async def test_a_replay_folder_that_cannot_be_one_is_refused_when_entered(
    settings_file: Path, short_tmp: Path, typed: str, complaint: str
) -> None:
    a_file = short_tmp / "a file"
    a_file.write_text("x")
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(MENU["settings"])
        await pilot.pause()
        app.screen.query_one("#replay_dir", Input).focus()
        await pilot.press(*typed.format(file=a_file), "enter", "tab")
        [message] = [n.message for n in app._notifications]  # once, not at Enter and Tab
        assert message.startswith(complaint.format(file=a_file))
        assert app.settings.replay_dir is None
    assert not settings_file.exists()


async def test_a_nul_in_the_replay_folder_is_refused(settings_file: Path) -> None:
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(MENU["settings"])
        await pilot.pause()
        field = app.screen.query_one("#replay_dir", Input)
        field.value = "/tmp/a\0b"  # pasted
        field.focus()
        await pilot.press("enter")
        [message] = [n.message for n in app._notifications]
        assert message == (
            "Replays in: /tmp/a\\x00b contains a NUL character, which no file name can hold"
        )
        assert app.settings.replay_dir is None


async def test_a_replay_folder_not_made_yet_is_taken_and_clearing_it_shows_the_default(
    settings_file: Path, short_tmp: Path, spit_home: Path
) -> None:
    wanted = short_tmp / "new" / "games"
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(MENU["settings"])
        await pilot.pause()
        field = app.screen.query_one("#replay_dir", Input)
        default = f"{spit_home / 'data' / 'replays'} (the default)"
        assert field.placeholder == default
        field.focus()
        await pilot.press(*str(wanted), "enter")
        assert app.settings.replay_dir == wanted
        assert any("will be made when a game is saved" in n.message for n in app._notifications)
        await pilot.press(*["backspace"] * len(str(wanted)), "enter")
        assert app.settings.replay_dir is None
        assert field.value == ""
        assert field.placeholder == default  # not the folder just cleared
        assert saved(settings_file)["replay_dir"] == ""


async def test_a_hostile_settings_file_path_is_shown_escaped(
    settings_file: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    home = tmp_path / "evil\x1b]2;pwned\x07home"
    monkeypatch.setenv("SPIT_TUI_HOME", str(home))
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(MENU["settings"])
        await pilot.pause()
        shown = "".join(str(s.render()) for s in app.screen.query(".screen-hint"))
        assert "evil\\e]2;pwned\\x07home" in shown
        assert "\x1b" not in shown and "\x07" not in shown
