"""Ctrl+C, Ctrl+Q and ``q``, pressed as a person presses them, on every screen.

The rules (README, "Keys"; How to play): Ctrl+C in a game pauses it at once, the cards
face down, and asks "Leave this game?", and Ctrl+C again leaves; anywhere else it quits
spit-tui, as Ctrl+Q does. ``q`` goes back one screen as Esc does, quits from the menu,
and is a player's key at a Spit table (so not special there).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.screen import Screen

from spit.core.clock import FakeClock
from spit.engine.timers import StagePhase
from spit.settings.model import Settings
from spit.tui.app import SpitApp
from spit.tui.shared.overlays import ConfirmQuit, HelpOverlay
from spit.tui.shell.how_to_play import HowToPlay
from spit.tui.shell.menu import BotChooser, MainMenu
from spit.tui.shell.network import NetworkMenu
from spit.tui.shell.replays import ReplayBrowser
from spit.tui.shell.settings_screen import SettingsScreen
from spit.tui.shell.statistics import StatisticsScreen
from spit.tui.spades.screen import SpadesScreen
from spit.tui.spit.game_screen import SpitScreen

from .menu_keys import MENU

BACK_WITH_Q: dict[str, type[Screen[Any]]] = {
    "bot": BotChooser,
    "spades": BotChooser,
    "network": NetworkMenu,
    "replays": ReplayBrowser,
    "statistics": StatisticsScreen,
    "how_to_play": HowToPlay,
    "settings": SettingsScreen,
}
"""The screens the menu opens, each left with q as with Esc."""


def _app(tmp_path: Path, clock: FakeClock | None = None) -> SpitApp:
    return SpitApp(Settings(replay_dir=tmp_path / "replays"), clock=clock)


async def _play_on(pilot: Pilot[Any], clock: FakeClock, screen: SpitScreen) -> None:
    """Past the start countdown: the cards are up and the clock runs."""
    await pilot.pause()  # the table is mounted and its game started
    for _ in range(3):  # a loaded machine may mount it after the first advance
        clock.advance(screen.match.game.timing.start_countdown_ms + 100)
        screen.tick()
        await pilot.pause()
        if screen.match.stage.phase is StagePhase.PLAYING:
            break
    assert screen.match.stage.phase is StagePhase.PLAYING and not screen.match.paused


async def test_ctrl_c_on_the_menu_quits(tmp_path: Path) -> None:
    app = _app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+c")
        await pilot.pause()
    assert app.return_value == 0 and app.return_code == 0


@pytest.mark.slow
@pytest.mark.parametrize("entry", ["replays", "statistics", "how_to_play", "settings", "bot"])
async def test_ctrl_c_quits_from_every_screen_outside_a_game(tmp_path: Path, entry: str) -> None:
    app = _app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(MENU[entry])
        assert isinstance(app.screen, BACK_WITH_Q[entry])
        await pilot.press("ctrl+c")
        await pilot.pause()
    assert app.return_value == 0


@pytest.mark.slow
async def test_ctrl_c_in_a_game_pauses_hides_the_cards_and_asks_then_again_leaves(
    tmp_path: Path,
) -> None:
    clock = FakeClock()
    app = _app(tmp_path, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(MENU["two_players"])
        game = app.screen
        assert isinstance(game, SpitScreen)
        await _play_on(pilot, clock, game)
        await pilot.press("ctrl+c")
        assert isinstance(app.screen, ConfirmQuit)
        assert game.match.paused and "quit" in game.pause_reasons
        assert game.board.view is not None and game.board.view.hidden  # cards face down
        before = game.match.now()
        clock.advance(10_000)
        game.tick()
        assert game.match.now() == before  # the game's clock stands still
        await pilot.press("ctrl+c")  # again: leave, at once (no player plays on Ctrl+C)
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)
    assert app.return_value is None or app.return_value == 0


@pytest.mark.slow
async def test_ctrl_c_over_the_game_help_closes_it_and_asks(tmp_path: Path) -> None:
    clock = FakeClock()
    app = _app(tmp_path, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(MENU["two_players"])
        game = app.screen
        assert isinstance(game, SpitScreen)
        await _play_on(pilot, clock, game)
        await pilot.press(game.keys["help"])
        assert isinstance(app.screen, HelpOverlay)
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmQuit)
        assert [type(s) for s in app.screen_stack] == [MainMenu, SpitScreen, ConfirmQuit]
        assert game.match.paused
        await pilot.press("n")  # keep playing: the countdown, then play on
        assert "resume" in game.pause_reasons


@pytest.mark.slow
async def test_a_y_pressed_at_once_after_ctrl_c_does_not_leave(tmp_path: Path) -> None:
    """The half-second guard of the question still holds: Y is player 2's key."""
    clock = FakeClock()
    app = _app(tmp_path, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(MENU["two_players"])
        game = app.screen
        assert isinstance(game, SpitScreen)
        await _play_on(pilot, clock, game)
        await pilot.press("ctrl+c", "y")
        assert isinstance(app.screen, ConfirmQuit)
        clock.advance(600)
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)


@pytest.mark.slow
async def test_ctrl_c_in_spades_asks_to_leave(tmp_path: Path) -> None:
    app = _app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(MENU["spades"], "enter")
        game = app.screen
        assert isinstance(game, SpadesScreen)
        await pilot.press("ctrl+c")
        assert isinstance(app.screen, ConfirmQuit)
        assert "quit" in game._holds  # the bot waits
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)


@pytest.mark.slow
async def test_ctrl_c_asks_before_leaving_a_game_started_from_the_command_line(
    tmp_path: Path,
) -> None:
    """``spit-tui play``: the game is the app's own screen; leaving it quits."""
    from spit.tui.spit.game_config import GameConfig

    clock = FakeClock()
    config = GameConfig(seed=7, record=False)
    app = SpitApp(Settings(), start_game=config, clock=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        game = app.screen
        assert isinstance(game, SpitScreen)
        await _play_on(pilot, clock, game)
        await pilot.press("ctrl+c")
        assert isinstance(app.screen, ConfirmQuit)
        await pilot.press("ctrl+c")
        await pilot.pause()
    assert app.return_value is None or app.return_value == 0


@pytest.mark.slow
@pytest.mark.parametrize("entry", list(BACK_WITH_Q))
async def test_q_goes_back_one_screen_as_escape_does(tmp_path: Path, entry: str) -> None:
    app = _app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(MENU[entry])
        assert isinstance(app.screen, BACK_WITH_Q[entry])
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, MainMenu), entry


async def test_q_on_the_menu_quits(tmp_path: Path) -> None:
    app = _app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("q")
        await pilot.pause()
    assert app.return_value == 0


@pytest.mark.slow
async def test_q_at_a_spit_table_is_a_players_key_not_a_way_out(tmp_path: Path) -> None:
    clock = FakeClock()
    app = _app(tmp_path, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(MENU["two_players"])
        game = app.screen
        assert isinstance(game, SpitScreen)
        await _play_on(pilot, clock, game)
        assert game.keys["p1.play.1.left"] == "q"
        await pilot.press("q")
        assert app.screen is game and not game.pause_reasons


@pytest.mark.slow
async def test_q_in_the_settings_text_field_is_typed(tmp_path: Path) -> None:
    app = _app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(MENU["settings"])
        field = app.screen.query_one("#replay_dir")
        field.focus()
        await pilot.press("q")
        assert isinstance(app.screen, SettingsScreen)
        assert "q" in field.value  # type: ignore[attr-defined]


@pytest.mark.slow
async def test_the_game_help_names_ctrl_c_and_ctrl_q_and_explains_the_table(
    tmp_path: Path,
) -> None:
    """The help (its key from the key map) says what Ctrl+C and Ctrl+Q do, what +3 under
    a stockpile counts and what the can-play marks mean, and fits 80x24 against a bot."""
    from tests.tui.screen_text import screen_lines

    app = _app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(MENU["bot"], "enter")
        game = app.screen
        assert isinstance(game, SpitScreen)
        await pilot.press(game.keys["help"])
        assert isinstance(app.screen, HelpOverlay)
        shown = "\n".join(screen_lines(app))
    assert "Esc or Ctrl+C: leave the game  Ctrl+Q: quit" in shown
    assert "+3 under a stockpile: 3 more cards face down" in shown
    assert "● can play: a key of yours would play now" in shown
    assert "Press any key to go back to the game" in shown  # nothing cut off at 80x24
