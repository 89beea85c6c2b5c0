"""Games started from the menu use the settings and come back to the menu."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import OptionList

from spit.core.clock import FakeClock
from spit.games.spades.descriptor import DESCRIPTOR as SPADES
from spit.games.spit.bots import LEVELS
from spit.settings.model import Settings
from spit.tui.app import SpitApp
from spit.tui.shared.overlays import QUIT_GRACE_MS
from spit.tui.shell.menu import MainMenu
from spit.tui.spit.game_screen import SpitScreen

from .menu_keys import MENU


async def leave(pilot: Pilot[None], app: SpitApp, quit_key: str) -> None:
    """Leave the Spit game on screen: its quit key, and Y once the question takes it."""
    await pilot.press(quit_key)
    assert isinstance(app.clock, FakeClock)
    app.clock.advance(QUIT_GRACE_MS)
    await pilot.press("y")


@pytest.mark.slow
async def test_two_player_game_and_back(spit_home: Path) -> None:
    app = SpitApp(settings=Settings(card_style="ascii", four_colour=True), clock=FakeClock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("1")
        game = app.screen
        assert isinstance(game, SpitScreen)
        assert game.config.bot_level is None
        assert game.config.card_style == "ascii"
        assert game.config.four_colour
        # The game is recorded where the settings say.
        assert game.replay_path is not None
        assert game.replay_path.parent == spit_home / "data" / "replays"
        await leave(pilot, app, "escape")
        assert isinstance(app.screen, MainMenu)
        await pilot.press(MENU["replays"])
        assert app.screen.query("#replay-files")
    # Nobody played a card: the game is not kept (spit.core.replay.unplayed).
    assert not list((spit_home / "data" / "replays").glob("*.spit.jsonl"))


@pytest.mark.slow
async def test_bot_game_uses_the_chosen_level(tmp_path: Path) -> None:
    settings = Settings(
        game_options={"bot_level": "easy"}, record_replays=False, key_overrides={"quit": "f10"}
    )
    app = SpitApp(settings=settings, clock=FakeClock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("2", "down", "enter")
        game = app.screen
        assert isinstance(game, SpitScreen)
        # The level after the settings' one (the chooser starts on it).
        assert game.config.bot_level == LEVELS[LEVELS.index("easy") + 1]
        assert game.config.key_overrides == {"quit": "f10"}
        assert not game.config.record
        await leave(pilot, app, "f10")
        assert isinstance(app.screen, MainMenu)


@pytest.mark.slow
async def test_backing_out_of_the_bot_chooser_starts_nothing() -> None:
    app = SpitApp(clock=FakeClock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("2", "escape")
        assert isinstance(app.screen, MainMenu)


@pytest.mark.slow
async def test_menu_notices_a_terminal_shrunk_during_a_game() -> None:
    app = SpitApp(settings=Settings(record_replays=False), clock=FakeClock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("1")
        await pilot.resize_terminal(70, 20)
        await leave(pilot, app, "escape")
        assert isinstance(app.screen, MainMenu)
        assert app.screen.has_class("-too-small")


@pytest.mark.slow
async def test_spades_starts_on_the_chosen_level_with_the_settings(tmp_path: Path) -> None:
    from spit.tui.spades.screen import SpadesScreen

    settings = Settings(replay_dir=tmp_path / "games", card_style="ascii")
    app = SpitApp(settings=settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(MENU["spades"])
        levels = app.screen.query_one("#bot-levels", OptionList)
        assert levels.highlighted is not None
        assert levels.get_option_at_index(levels.highlighted).id == SPADES.bots.default
        await pilot.press("up", "enter")
        game = app.screen
        assert isinstance(game, SpadesScreen)
        assert game.level != SPADES.bots.default
        assert game.replay_dir == tmp_path / "games"
        await pilot.press("q", "y")
        assert isinstance(app.screen, MainMenu)


@pytest.mark.slow
async def test_backing_out_of_the_spades_chooser_starts_nothing() -> None:
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(MENU["spades"], "escape")
        assert isinstance(app.screen, MainMenu)
