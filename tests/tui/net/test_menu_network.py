"""The menu's "Play over the network": hosting from it, joining from it, and the
recent addresses the settings keep (written in place, never over a broken file)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from spit.net.addresses import DEFAULT_PORT
from spit.net.client import NetClient
from spit.settings.file import read_settings
from spit.settings.model import Settings, remember_address, settings_path
from spit.tui.app import SpitApp
from spit.tui.net.overlays import NetResultOverlay
from spit.tui.net.screens import WaitingScreen
from spit.tui.shared.overlays import RESULT_GRACE_MS
from spit.tui.shell.menu import MainMenu
from spit.tui.shell.network import JoinDialog, NetworkMenu, read_join
from spit.tui.spit.net_screen import SpitNetScreen
from tests.tui.net.helpers import choose, until
from tests.tui.screen_text import screen_lines
from tests.tui.shell.menu_keys import MENU


def _text(app: SpitApp) -> str:
    return "\n".join(screen_lines(app))


@pytest.mark.slow
async def test_host_from_the_menu_then_join_it_from_a_second_menu(tmp_path: Path) -> None:
    host = SpitApp(settings=Settings(practice_offered=True, replay_dir=tmp_path))
    async with host.run_test(size=(80, 24)) as pilot:
        await pilot.press(MENU["network"])
        assert isinstance(host.screen, NetworkMenu)
        await pilot.press("enter")  # Host Spit: players on this machine
        await until(pilot, lambda: isinstance(host.screen, WaitingScreen))
        waiting = host.screen
        assert isinstance(waiting, WaitingScreen) and waiting.link.hosted is not None
        hosted = waiting.link.hosted
        assert hosted.port == DEFAULT_PORT and not hosted.public
        await until(pilot, lambda: f"spit-tui join 127.0.0.1:{DEFAULT_PORT}" in _text(host))

        # the other player, from the menu of another app in this loop
        guest = SpitApp(settings=Settings(practice_offered=True, replay_dir=tmp_path / "guest"))
        async with guest.run_test(size=(80, 24)) as other:
            await other.press(MENU["network"])
            await choose(other, "join")
            assert isinstance(guest.screen, JoinDialog)
            await other.press(*f"127.0.0.1:{DEFAULT_PORT} {hosted.code.lower()}", "enter")
            await until(other, lambda: isinstance(guest.screen, SpitNetScreen))
            await until(pilot, lambda: isinstance(host.screen, SpitNetScreen))
            assert guest.settings.recent_addresses == (f"127.0.0.1:{DEFAULT_PORT}",)
            saved = tomllib.loads(settings_path().read_text())
            assert saved["recent_addresses"] == [f"127.0.0.1:{DEFAULT_PORT}"]
            await other.press("escape")
            await other.pause(0.6)
            await other.press("y")
            await until(other, lambda: isinstance(guest.screen, MainMenu))

        # the guest left a game that was on: the host has won it, is told the guest left
        # on purpose (not that they did not come back), and leaves from there
        await until(pilot, lambda: isinstance(host.screen, NetResultOverlay))
        await until(pilot, lambda: "left the game" in _text(host))
        assert "did not come back" not in _text(host)
        await pilot.pause(RESULT_GRACE_MS / 1000 + 0.1)
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(host.screen, MainMenu))
    # the server is closed with the game: the port is free again
    probe = NetClient()
    try:
        await probe.connect(f"ws://127.0.0.1:{DEFAULT_PORT}", "Eve")
        raise AssertionError("the server should be gone")
    except OSError:
        pass


@pytest.mark.slow
async def test_a_bad_address_in_join_is_explained_and_the_dialog_stays() -> None:
    app = SpitApp(settings=Settings(practice_offered=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(MENU["network"])
        await choose(pilot, "join")
        await pilot.press(*"bad_host!:77", "enter")
        assert isinstance(app.screen, JoinDialog)
        await until(pilot, lambda: "is not an address" in _text(app))
        await pilot.press("escape")
        assert isinstance(app.screen, MainMenu)


def test_join_reads_an_address_and_a_code_as_the_command_does() -> None:
    assert str(read_join("192.168.1.20:7788 7kx-pm2-qda")[0]) == "192.168.1.20:7788"
    assert read_join("192.168.1.20:7788 7kx-pm2-qda")[1] == "7KX-PM2-QDA"
    assert read_join("192.168.1.20:7788 7KXPM2QDA")[1] == "7KX-PM2-QDA"
    assert read_join("192.168.1.20:7788 7kx-pmz-qdo")[1] == "7KX-PMZ-QD0"  # O reads as 0
    assert read_join("localhost")[1] is None


def test_recent_addresses_keep_the_latest_five_once_each() -> None:
    settings = Settings()
    for address in ["a:1", "b:2", "a:1", "c:3", "d:4", "e:5", "f:6"]:
        settings = remember_address(settings, address)
    assert settings.recent_addresses == ("f:6", "e:5", "d:4", "c:3", "a:1")


def test_a_broken_settings_file_is_left_alone_when_an_address_is_remembered(
    tmp_path: Path,
) -> None:
    from spit.settings.file import SettingsWriter

    path = tmp_path / "settings.toml"
    broken = b'theme = "nord"\nthis is [not toml\n'
    path.write_bytes(broken)
    old, _ = read_settings(path)
    try:
        SettingsWriter(path).write(old, remember_address(old, "h:1"), in_place=True)
        raise AssertionError("it should refuse")
    except OSError:
        pass
    assert path.read_bytes() == broken
    assert not list(tmp_path.glob("*.bak*"))


def test_recent_addresses_are_edited_in_place_and_read_back(tmp_path: Path) -> None:
    from spit.settings.file import SettingsWriter

    path = tmp_path / "settings.toml"
    path.write_text('# my settings\ntheme = "nord"  # the blue one\n')
    old, _ = read_settings(path)
    SettingsWriter(path).write(old, remember_address(old, "h:1"), in_place=True)
    text = path.read_text()
    assert text.startswith('# my settings\ntheme = "nord"  # the blue one\n')
    settings, warnings = read_settings(path)
    assert settings.recent_addresses == ("h:1",) and not warnings


def test_a_recent_address_that_is_none_is_a_warning(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_text('recent_addresses = ["h:1", "not an address"]\n')
    settings, warnings = read_settings(path)
    assert settings.recent_addresses == ()
    assert "line 1: recent_addresses holds" in warnings[0]
