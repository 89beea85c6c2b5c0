"""The ASCII card style keeps every screen to ASCII: the table in each phase, its
dialogs, notices, the replay viewer, the menu, How to play, Settings and Statistics,
each read whole from the terminal at 80x24 (and bigger where the layout changes) with
every character checked.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from spit.core.replay.fields import PlayerInfo
from spit.core.replay.seal import Seal
from spit.games.spit.session import FakeClock, MatchPhase
from spit.settings.keymap import PRESET_NAMES
from spit.settings.model import Settings
from spit.tui.app import SpitApp
from spit.tui.shared.overlays import ConfirmQuit, HelpOverlay, ResultOverlay
from spit.tui.shell.how_to_play import HowToPlay
from spit.tui.shell.menu import BotChooser
from spit.tui.shell.settings_screen import KeyCapture, SettingsScreen
from spit.tui.shell.statistics import StatisticsScreen
from tests.stats.games import HUMAN, bot, play, seals
from tests.tui.browser.driver import MENU, settle
from tests.tui.browser.library import recorded_games
from tests.tui.game.driver import Driver, game_app
from tests.tui.screen_text import non_ascii, screen_lines
from tests.tui.viewer.driver import FINISHED, UNFINISHED, ViewerApp

SIZES = ((80, 24), (200, 60))


def _phase(phase: MatchPhase) -> Callable[[Any], bool]:
    return lambda match: match.phase is phase


async def _check(pilot: Pilot[Any], where: str) -> None:
    await pilot.pause()
    assert non_ascii(pilot.app) == [], where


@pytest.mark.parametrize("size", SIZES)
async def test_the_table_and_its_dialogs(size: tuple[int, int]) -> None:
    clock = FakeClock()
    app = game_app(clock, card_style="ascii", bot_level=None)
    async with app.run_test(size=size, notifications=True) as pilot:
        driver = Driver(pilot, clock, fast=True)
        await _check(pilot, "countdown")
        app.notify("This game is not recorded: no room", severity="warning")
        app.notify("The replay could not be saved completely", severity="error")
        await _check(pilot, "notices")
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpOverlay)
        await _check(pilot, "help")
        await pilot.press("space")
        await pilot.press("backspace")
        await _check(pilot, "paused")
        await pilot.press("backspace")
        await pilot.press("escape")
        assert isinstance(app.screen, ConfirmQuit)
        await _check(pilot, "leave")
        await pilot.press("n")
        for phase in (MatchPhase.PLAYING, MatchPhase.SLAP, MatchPhase.ROUND_OVER):
            await driver.play_until(_phase(phase))
            await _check(pilot, str(phase))
        await driver.play_until(_phase(MatchPhase.GAME_OVER))
        await driver.story_told()
        assert isinstance(app.screen, ResultOverlay)
        await _check(pilot, "result")
        assert any("Cards per minute" in line for line in screen_lines(app))  # the story
        await pilot.resize_terminal(60, 20)
        await _check(pilot, "too small")


async def test_against_a_bot_with_the_arrow_keys() -> None:
    clock = FakeClock()
    app = game_app(clock, card_style="ascii", bot_level="normal")
    async with app.run_test(size=(80, 24)) as pilot:
        driver = Driver(pilot, clock, fast=True)
        await driver.to_deadline()
        await pilot.press("right", "down")
        await _check(pilot, "cursor")
        await pilot.press("question_mark")
        await _check(pilot, "help")


@pytest.mark.parametrize("path", [FINISHED, UNFINISHED], ids=["finished", "unfinished"])
async def test_the_replay_viewer(path: Any) -> None:
    app = ViewerApp(path, card_style="ascii")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await _check(pilot, "start")
        await pilot.press("pagedown", "right", "plus")
        await _check(pilot, "a round on")
        await pilot.press("end")
        await _check(pilot, "the end")
        await pilot.press("question_mark")
        await _check(pilot, "help")
        await pilot.press("escape")
        await pilot.resize_terminal(70, 20)
        await _check(pilot, "too small")


async def test_the_menu_and_how_to_play() -> None:
    app = SpitApp(settings=Settings(card_style="ascii"))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await _check(pilot, "menu")
        await pilot.press("2")
        assert isinstance(app.screen, BotChooser)
        await _check(pilot, "bot chooser")
        await pilot.press("escape", "6")
        assert isinstance(app.screen, HowToPlay)
        await _check(pilot, "how to play: keys")
        await pilot.press("r")
        await _check(pilot, "how to play: rules")
        await pilot.press("escape")
        await pilot.resize_terminal(60, 20)
        await _check(pilot, "too small")


@pytest.mark.parametrize("preset", PRESET_NAMES)
async def test_settings(preset: str) -> None:
    """Textual's drop-downs and check boxes too, ticked and not, open and closed, with
    the cursor's arrow keys in the key list."""
    settings = Settings(card_style="ascii", keymap_preset=preset, record_replays=False)
    app = SpitApp(settings=settings)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press(MENU["settings"])
        assert isinstance(app.screen, SettingsScreen)
        await _check(pilot, "settings")
        app.screen.query_one("#theme").focus()
        await pilot.press("enter")
        await _check(pilot, "a drop-down open")
        await pilot.press("escape")
        app.screen.query_one("#record_replays").focus()
        await pilot.press("space")
        await _check(pilot, "a box ticked")
        app.screen.query_one("#key-bindings").focus()
        await pilot.press("enter")
        assert isinstance(app.screen, KeyCapture)
        await pilot.press("comma")
        await _check(pilot, "a key in use")
        await pilot.press("escape")
        await pilot.resize_terminal(200, 60)
        await _check(pilot, "big")


async def test_the_unicode_style_chosen_in_settings_changes_the_screen_at_once() -> None:
    app = SpitApp(settings=Settings(card_style="unicode"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(MENU["settings"])
        assert non_ascii(app) != []
        app.screen.query_one("#card_style").focus()
        await pilot.press("enter", "down", "enter")
        assert app.settings.card_style == "ascii"
        await _check(pilot, "ascii chosen")


def _statistics_data(replays: Path) -> list[str]:
    """Every panel: games of each kind, head to head, a long level (cut short in the
    chart), a file that is no replay; the names of two games the database has not
    read yet (to be read as unsealed and edited)."""
    recorded_games(replays)
    ann, bob = PlayerInfo("human", "Ann"), PlayerInfo("human", "Bob")
    play(replays, 5, (ann, bob), minute=5)
    play(replays, 6, (bob, ann), minute=6)
    unread = [
        play(replays, 7, (HUMAN, bot("a-very-long-bot-level-name")), minute=7),
        play(replays, 8, (HUMAN, bot("hard")), minute=8),
    ]
    (replays / "broken.spit.jsonl").write_text("not a replay\n", encoding="utf-8")
    return [path.name.split(".")[0] for path in unread]


@pytest.mark.parametrize("size", SIZES)
async def test_statistics(size: tuple[int, int]) -> None:
    from spit.paths import replays_dir

    replays = replays_dir()
    names = _statistics_data(replays)
    with seals(Seal.SEALED, **{names[0]: Seal.EDITED, names[1]: Seal.UNSEALED}):
        app = SpitApp(settings=Settings(card_style="ascii"))
        async with app.run_test(size=size, notifications=True) as pilot:
            await pilot.press(MENU["statistics"])
            screen = app.screen
            assert isinstance(screen, StatisticsScreen)
            await _check(pilot, "reading")
            await settle(pilot)
            assert screen.figures is not None and screen.figures.trend
            assert screen.figures.rivalries and screen.figures.not_sealed
            await _check(pilot, "figures")
            for _ in range(6):
                await pilot.press("pagedown")
                await _check(pilot, "further down")
            await pilot.press("r")
            await _check(pilot, "rebuilding")
            await settle(pilot)
            await _check(pilot, "rebuilt")
