"""What the shell screens look like, one class per screen (pytest-textual-snapshot).

Update after an intended change with ``pytest tests/tui/shell --snapshot-update`` and
look at the report before committing the new SVGs.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from textual.pilot import Pilot

from tests.tui.shots import BIG, SMALL, SnapCompare, app, hold_still

from .menu_keys import MENU

pytestmark = pytest.mark.slow  # screenshots of every shell screen


@pytest.fixture(autouse=True)
def stable_home(monkeypatch: pytest.MonkeyPatch) -> None:
    """Screens show the settings file's path: keep it the same on every machine."""
    monkeypatch.setenv("SPIT_TUI_HOME", "/home/player/.spit-tui")


def no_blink(*keys: str) -> Callable[[Pilot[Any]], Awaitable[None]]:
    """Press ``keys``, then stop every cursor blinking so the shot is stable."""

    async def run_before(pilot: Pilot[Any]) -> None:
        await pilot.press(*keys)
        await hold_still(pilot)

    return run_before


class TestMenu:
    def test_menu(self, snap_compare: SnapCompare) -> None:
        assert snap_compare(app(), run_before=no_blink(), terminal_size=SMALL)

    def test_menu_big(self, snap_compare: SnapCompare) -> None:
        assert snap_compare(app(), run_before=no_blink("down", "down"), terminal_size=BIG)

    def test_menu_light_theme(self, snap_compare: SnapCompare) -> None:
        assert snap_compare(app(theme="textual-light"), run_before=no_blink(), terminal_size=SMALL)

    def test_too_small(self, snap_compare: SnapCompare) -> None:
        assert snap_compare(app(), run_before=no_blink(), terminal_size=(70, 20))


class TestBotChooser:
    def test_bot_chooser(self, snap_compare: SnapCompare, monkeypatch: pytest.MonkeyPatch) -> None:
        # The levels' blurbs belong to the bots and change with their tuning: fixed here,
        # so that this picture only changes when the chooser does.
        monkeypatch.setattr("spit.games.spit.bots.bot_description", lambda level: f"{level}: a bot")
        assert snap_compare(
            app(game_options={"bot_level": "hard"}),
            run_before=no_blink(MENU["bot"]),
            terminal_size=SMALL,
        )


class TestHowToPlay:
    def test_keyboard(self, snap_compare: SnapCompare) -> None:
        assert snap_compare(app(), run_before=no_blink(MENU["how_to_play"]), terminal_size=SMALL)

    def test_keyboard_follows_preset_and_overrides(self, snap_compare: SnapCompare) -> None:
        chosen = app(keymap_preset="azerty", key_overrides={"p1.move.1": "1", "pause": "f2"})
        assert snap_compare(chosen, run_before=no_blink(MENU["how_to_play"]), terminal_size=BIG)

    def test_keyboard_light_theme(self, snap_compare: SnapCompare) -> None:
        light = app(theme="textual-light")
        assert snap_compare(light, run_before=no_blink("question_mark"), terminal_size=SMALL)

    def test_rules(self, snap_compare: SnapCompare) -> None:
        assert snap_compare(app(), run_before=no_blink(MENU["how_to_play"], "r"), terminal_size=BIG)


class TestSettings:
    def test_settings(self, snap_compare: SnapCompare) -> None:
        chosen = app(four_colour=True, key_overrides={"p1.play.1.left": "1"})
        assert snap_compare(chosen, run_before=no_blink(MENU["settings"]), terminal_size=SMALL)

    def test_settings_big_light(self, snap_compare: SnapCompare) -> None:
        light = app(theme="textual-light", game_options={"variant": "points"})
        assert snap_compare(light, run_before=no_blink(MENU["settings"]), terminal_size=BIG)

    def test_key_conflict(self, snap_compare: SnapCompare) -> None:
        async def remap_to_taken_key(pilot: Pilot[Any]) -> None:
            await pilot.press(MENU["settings"])
            pilot.app.screen.query_one("#key-bindings").focus()
            await pilot.press("enter", "e")

        assert snap_compare(app(), run_before=remap_to_taken_key, terminal_size=SMALL)
