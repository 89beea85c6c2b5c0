"""The replay file opens just after the game's first frame, and misses nothing.

The game screen hands the match's recorder calls to a ``WriterFeed``, which keeps
them until the writer is there (``spit.replay.feed``, tested on its own in
``tests/replay/test_feed.py``); a whole recorded game is verified in ``test_play``.
Here: the deal and a key from before the file opened are in it.
"""

from __future__ import annotations

from pathlib import Path

from spit.core.clock import FakeClock
from spit.engine import Play
from spit.engine.timers import StagePhase
from spit.games.spit.replay import Deal, Input, load_replay, verify
from tests.tui.game.driver import Driver, game_app


async def test_a_recorded_game_has_its_deal_and_keys_from_the_start(tmp_path: Path) -> None:
    clock = FakeClock()
    async with game_app(clock, record=True, replay_dir=tmp_path).run_test(size=(80, 24)) as pilot:
        driver = Driver(pilot, clock)
        await driver.press(0, Play(0, 0))  # during the countdown: refused, and recorded
        await driver.play_until(lambda m: m.stage.phase is StagePhase.PLAYING)
        await driver.step()
        await pilot.pause()
        assert driver.screen.replay_path is not None
        replay = load_replay(driver.screen.replay_path)
        assert verify(replay).valid
        deal, refused, played = replay.records
        assert isinstance(deal, Deal) and deal.t == 0  # dealt before the file was opened
        assert isinstance(refused, Input) and not refused.accepted
        assert isinstance(played, Input) and played.accepted


async def test_the_players_names_are_on_the_table_and_in_the_replay(tmp_path: Path) -> None:
    """``spit-tui play --names``: the names the statistics rate each player by."""
    clock = FakeClock()
    app = game_app(clock, record=True, replay_dir=tmp_path, names=("Ann", "Bob"))
    async with app.run_test(size=(80, 24)) as pilot:
        driver = Driver(pilot, clock)
        await driver.play_until(lambda m: m.stage.phase is StagePhase.PLAYING)
        await pilot.pause()
        assert driver.screen.replay_path is not None
        replay = load_replay(driver.screen.replay_path)
        assert [p.name for p in replay.header.players] == ["Ann", "Bob"]
        assert driver.screen.players.names == ("Ann", "Bob")
