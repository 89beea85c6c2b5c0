"""A game in which nobody played a card leaves no replay (``spit.core.replay.unplayed``): left
at once, or in the countdown, or in Spades during the draw and the bidding. A game in
which a card was played is kept however it ends."""

from __future__ import annotations

from pathlib import Path

import pytest

from spit.core.clock import FakeClock
from spit.engine import Play
from spit.engine.timers import StagePhase
from spit.games.spades.engine import Phase
from spit.games.spades.game import card_played
from tests.tui.game.driver import Driver, game_app
from tests.tui.spades.driver import Player, screen_of, spades_app


@pytest.fixture
def games(tmp_path: Path) -> Path:
    """The replays folder of these games (made by the first game)."""
    return tmp_path / "games"


async def _leave_spit(driver: Driver) -> None:
    await driver.pilot.press("escape")
    await driver.wait(600)  # past the leave question's grace
    await driver.pilot.press("y")
    await driver.pilot.pause()


@pytest.mark.slow
@pytest.mark.parametrize("bot", [None, "normal"])
async def test_a_spit_game_left_before_a_card_is_played_is_not_kept(
    games: Path, bot: str | None
) -> None:
    clock = FakeClock()
    app = game_app(clock, record=True, replay_dir=games, bot_level=bot)
    async with app.run_test(size=(80, 24)) as pilot:
        driver = Driver(pilot, clock)
        await pilot.pause()
        assert driver.screen.replay_path is not None
        assert driver.screen.replay_path.exists()  # recorded from the deal, as ever
        await driver.press(0, Play(0, 0))  # in the countdown: refused, no card played
        await _leave_spit(driver)
    assert list(games.iterdir()) == []


async def test_a_spit_game_that_ends_with_the_app_before_a_card_is_not_kept(
    games: Path,
) -> None:
    clock = FakeClock()
    async with game_app(clock, record=True, replay_dir=games).run_test(size=(80, 24)) as pilot:
        driver = Driver(pilot, clock)
        await driver.play_until(lambda m: m.stage.phase is StagePhase.PLAYING)
        await pilot.pause()
        assert driver.screen.replay_path is not None
    assert list(games.iterdir()) == []


@pytest.mark.slow
async def test_a_spit_game_left_after_a_card_is_kept(games: Path) -> None:
    clock = FakeClock()
    async with game_app(clock, record=True, replay_dir=games).run_test(size=(80, 24)) as pilot:
        driver = Driver(pilot, clock)
        await driver.play_until(lambda m: m.stage.phase is StagePhase.PLAYING)
        await driver.step()
        assert driver.screen._feed is not None and driver.screen._feed.played
        path = driver.screen.replay_path
        await _leave_spit(driver)
    assert path is not None and list(games.iterdir()) == [path]


@pytest.mark.slow
async def test_a_spades_game_left_in_the_bidding_is_not_kept(games: Path) -> None:
    async with spades_app(replay_dir=games).run_test(size=(80, 24)) as pilot:
        player = Player(pilot)
        screen = screen_of(pilot)
        await player.play_until(lambda s: s.game.state.phase is Phase.BID)
        assert screen.replay_path is not None and screen.replay_path.exists()
        await pilot.press("q", "y")
        await pilot.pause()
    assert list(games.iterdir()) == []


@pytest.mark.slow
async def test_a_spades_game_left_after_a_card_is_kept(games: Path) -> None:
    async with spades_app(replay_dir=games).run_test(size=(80, 24)) as pilot:
        player = Player(pilot)
        screen = screen_of(pilot)
        await player.play_until(lambda s: s.game.state.phase is Phase.PLAY)
        await player.play_until(lambda s: card_played(s.game.state))
        path = screen.replay_path
        await pilot.press("q", "y")
        await pilot.pause()
    assert path is not None and list(games.iterdir()) == [path]
