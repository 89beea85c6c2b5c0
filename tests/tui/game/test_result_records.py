"""The result of a game against a bot, played with key presses to its end, says which
records it broke and how it moved the rating (``spit.tui.shared.game_news``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Static

from spit.core.clock import FakeClock
from spit.engine import Play, Slap, legal_actions
from spit.engine.timers import StagePhase
from spit.stats import StatsDB
from spit.tui.shared.overlays import ResultOverlay
from spit.tui.shared.records import new_best_line
from tests.stats.games import HUMAN, bot, play
from tests.tui.game.driver import Driver, game_app

pytestmark = pytest.mark.slow  # whole games played against a bot, key by key

LEVEL = "beginner"


async def play_against_the_bot(driver: Driver, pause_ms: int = 150) -> None:
    """Player 1's keys, pressed as soon as a card can be played (quicker than anyone:
    every record of the slow random player of the earlier game falls); the bot plays
    as the clock moves on."""
    for _ in range(3000):
        match = driver.match
        if match.stage.phase is StagePhase.GAME_OVER:
            return
        if match.stage.phase in (StagePhase.COUNTDOWN, StagePhase.ROUND_OVER):
            await driver.to_deadline()
        elif match.stage.phase is StagePhase.SLAP:
            left, right = (len(p) for p in match.state.piles)
            await driver.press(0, Slap(0 if left < right else 1))
        else:
            actions = legal_actions(match.state, 0)
            plays = [a for a in actions if isinstance(a, Play)]
            if actions:
                await driver.press(0, (plays or actions)[0])  # a play, else a move
            else:
                await driver.wait(pause_ms)  # the bot's turn to find a card, or a stall
    raise AssertionError("the game did not end")


async def news_of(driver: Driver) -> str:
    """The result's lines on records and the rating, once its worker has told them
    (it starts when the overlay is mounted: on a busy machine, after the others)."""
    app = driver.pilot.app
    for _ in range(500):
        screen = app.screen
        assert isinstance(screen, ResultOverlay)
        news = screen.query_one("#game-news", Static)
        if news.display:
            return str(news.render())
        await app.workers.wait_for_complete()
        await driver.pilot.pause(0.01)
    return ""


async def test_a_game_that_breaks_records_says_so_with_the_rating(tmp_path: Path) -> None:
    replays = tmp_path / "replays"
    earlier = play(replays, 3, (HUMAN, bot(LEVEL)))  # a slow game against the same level
    with StatsDB.open(replays=replays) as db:
        db.record_game(earlier)
    clock = FakeClock()
    app = game_app(clock, bot_level=LEVEL, record=True, replay_dir=replays)
    async with app.run_test(size=(80, 30)) as pilot:
        driver = Driver(pilot, clock)  # real key presses
        await play_against_the_bot(driver)
        await driver.story_told()
        text = await news_of(driver)
    assert f"New best: fastest win 0:46 ({LEVEL}, standard)" in text
    with StatsDB.open(replays=replays) as db:
        [game] = db.recent_games(1)
        [change] = db.rating_changes(game)
        broken = db.new_bests(game)
    assert broken and all(new_best_line(best) in text for best in broken)
    assert f"Rating {change.after.shown} ± {change.after.spread} ({change.change:+d})" in text


async def test_a_first_win_is_a_new_best(tmp_path: Path) -> None:
    """No game against the level before: the first win is the fastest so far, and the
    result says so (a first result is a best)."""
    replays = tmp_path / "replays"
    clock = FakeClock()
    app = game_app(clock, bot_level=LEVEL, record=True, replay_dir=replays)
    async with app.run_test(size=(80, 30)) as pilot:
        driver = Driver(pilot, clock)  # real key presses
        await play_against_the_bot(driver)
        assert driver.match.state.winner == 0
        await driver.story_told()
        text = await news_of(driver)
    assert f"New best: your first win against {LEVEL} (standard), 0:46" in text
    assert text.count("New best") == 1  # the firsts in one line: the result fits 80x24


async def test_a_deal_played_again_says_it_is_not_counted(tmp_path: Path) -> None:
    replays = tmp_path / "replays"
    for attempt in range(2):
        clock = FakeClock()
        app = game_app(clock, bot_level=LEVEL, record=True, replay_dir=replays)
        async with app.run_test(size=(80, 30)) as pilot:
            driver = Driver(pilot, clock, fast=True)  # the keys' actions: quicker
            await play_against_the_bot(driver, 150 + 50 * attempt)  # the same deal, played
            # otherwise (the very same game would be a copy of the first: counted once)
            await driver.story_told()
            text = await news_of(driver)
    assert text == "Not counted for the rating or bests: a deal played before"
