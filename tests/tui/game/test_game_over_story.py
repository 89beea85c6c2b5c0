"""The end of a game: its story on the result screen, and its place in the statistics."""

from __future__ import annotations

from pathlib import Path

from spit.match import FakeClock, MatchPhase
from spit.paths import data_dir
from spit.replay import PlayerInfo, load_replay
from spit.stats import StatsDB, Story, StoryPoint, game_figures
from spit.tui.board.overlays import RESULT_GRACE_MS, ResultOverlay
from spit.tui.board.story import StoryPanel, bars, resample
from tests.tui.game.driver import Driver, game_app


async def _play_to_the_end(driver: Driver) -> None:
    await driver.play_until(lambda m: m.phase is MatchPhase.GAME_OVER)
    await driver.pilot.app.workers.wait_for_complete()
    await driver.pilot.pause()


async def test_the_result_tells_the_story_of_the_game_and_rematch_still_works() -> None:
    clock = FakeClock()
    app = game_app(clock)  # not recorded: the story comes from the game in memory
    async with app.run_test(size=(80, 24)) as pilot:
        driver = Driver(pilot, clock, fast=True)
        await _play_to_the_end(driver)
        overlay = app.screen
        assert isinstance(overlay, ResultOverlay)
        panel = overlay.query_one(StoryPanel)
        assert panel.story is not None and panel.figures is not None
        assert panel.story.finished and panel.story.winner == driver.match.state.winner
        assert panel.story.duration_ms == driver.match.time
        text = str(panel.render())
        assert "Cards left, 0:00 to 0:33" in text
        assert "Fastest run (plays in a row)  P1 " in text
        clock.advance(RESULT_GRACE_MS)
        await pilot.press("enter")
        assert app.screen is driver.screen and driver.match.phase is MatchPhase.COUNTDOWN


async def test_a_recorded_game_is_added_to_the_statistics(tmp_path: Path) -> None:
    clock = FakeClock()
    app = game_app(clock, record=True, replay_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        driver = Driver(pilot, clock, fast=True)
        await _play_to_the_end(driver)
        path = driver.screen.replay_path
        assert path is not None
        panel = app.screen.query_one(StoryPanel)
        assert panel.figures == game_figures(load_replay(path))  # the file tells the same
    with StatsDB.open() as db:
        games = db.recent_games()
    assert [g.replay_path for g in games] == [path]


async def test_statistics_that_cannot_be_written_are_a_notice_not_a_crash(
    tmp_path: Path,
) -> None:
    data_dir().parent.mkdir(parents=True, exist_ok=True)
    data_dir().write_text("not a directory")  # the database cannot be made
    clock = FakeClock()
    app = game_app(clock, record=True, replay_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        driver = Driver(pilot, clock, fast=True)
        await _play_to_the_end(driver)
        assert isinstance(app.screen, ResultOverlay)
        messages = [n.message for n in app._notifications]
        assert any("could not be added to the statistics" in m for m in messages)


def test_the_chart_shares_one_scale_and_one_time_axis() -> None:
    story = Story(
        players=(PlayerInfo("human", "Ann"), PlayerInfo("human", "Bob")),
        points=(StoryPoint(0, (26, 13)), StoryPoint(500, (13, 13)), StoryPoint(1000, (0, 13))),
        round_starts=(0,),
        finished=True,
        winner=0,
        duration_ms=1000,
    )
    assert resample(story, 0, 5) == [26, 26, 13, 13, 0]
    assert resample(story, 1, 5) == [13] * 5
    assert bars([26, 13, 1, 0], 26) == ["█   ", "██▁ "]  # a single card still shows
