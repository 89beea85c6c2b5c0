"""The end of a game: its story on the result screen, and its place in the statistics."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from spit.core.clock import FakeClock
from spit.core.replay.fields import PlayerInfo
from spit.engine.timers import StagePhase
from spit.games.spit.replay import load_replay
from spit.paths import data_dir
from spit.stats import StatsDB, Story, StoryPoint, game_figures
from spit.tui.shared.overlays import RESULT_GRACE_MS, ResultOverlay
from spit.tui.spit.board.story import SHIFT, StoryPanel, bars, resample, round_labels
from tests.tui.game.driver import Driver, game_app


async def _play_to_the_end(driver: Driver) -> None:
    await driver.play_until(lambda m: m.stage.phase is StagePhase.GAME_OVER)
    await driver.story_told()


@pytest.mark.slow
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
        winner = ("Player 1", "Player 2")[driver.match.state.winner or 0]
        said = "\n".join(str(s.render()) for s in overlay.query("Static"))
        assert f"{winner} got rid of every card." in said  # why the game ended
        clock.advance(RESULT_GRACE_MS)
        await pilot.press("enter")
        assert app.screen is driver.screen and driver.match.stage.phase is StagePhase.COUNTDOWN


@pytest.mark.slow
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


@pytest.mark.slow
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


def _numbers(line: str) -> list[tuple[int, int]]:
    """The numbers on a label line, each with the column it starts at."""
    return [(int(m.group()), m.start()) for m in re.finditer(r"\d+", line)]


@pytest.mark.parametrize(
    "starts",
    [
        [0, 5, 14, 16, 17, 21, 25],  # the game that lost its 5: rounds 4, 5, 6 close together
        [0, 1, 3, 5, 7, 9],
        [0, 10, 20, 30, 40, 50],
        [0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22],  # two-digit numbers two columns apart
        [0, 40, 41, 43, 44, 46],
        [0, 1, 2, 55, 58, 59],  # a crowd at the start and one at the edge
    ],
)
def test_every_round_gets_its_number_near_where_it_started(starts: list[int]) -> None:
    line, step = round_labels(starts, 60)
    assert step == 1
    numbers = _numbers(line)
    assert [n for n, _ in numbers] == list(range(1, len(starts) + 1))
    assert all(abs(x - starts[n - 1]) <= SHIFT for n, x in numbers)
    assert len(line) <= 60


@pytest.mark.parametrize(("count", "columns"), [(30, 40), (60, 50), (100, 60), (12, 20), (200, 50)])
def test_too_many_rounds_to_number_are_numbered_every_so_often_and_all_marked(
    count: int, columns: int
) -> None:
    starts = [i * (columns - 1) // count for i in range(count)]
    line, step = round_labels(starts, columns, tick="'")
    assert step > 1 and len(line) <= columns
    numbers = [n for n, _ in _numbers(line)]
    assert numbers == list(range(1, count + 1, step))
    assert len(numbers) >= 2


@pytest.mark.slow
async def test_the_result_numbers_every_round_under_the_chart() -> None:
    clock = FakeClock()
    app = game_app(clock)
    async with app.run_test(size=(80, 24)) as pilot:
        driver = Driver(pilot, clock, fast=True)
        await _play_to_the_end(driver)
        text = str(app.screen.query_one(StoryPanel).render())
        rounds = next(line for line in text.splitlines() if re.fullmatch(r"[\d ]+", line))
        assert [n for n, _ in _numbers(rounds)] == [1, 2, 3]
