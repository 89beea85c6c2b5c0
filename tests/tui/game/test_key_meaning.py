"""A key means what the match says when the key arrives, not what the table last drawn
showed (``Session.submit_intent``): the screen sends the key's intent, with real key
presses here, on a FakeClock that the tick has not caught up with."""

from __future__ import annotations

import pytest

from spit.core.clock import FakeClock
from spit.engine import Play, Slap
from spit.engine.timers import StagePhase
from tests.match.helpers import FakeRecorder
from tests.tui.game.driver import Driver, GameApp, game_app


def _heard_app(clock: FakeClock) -> tuple[GameApp, FakeRecorder]:
    """A game app, and a recorder that hears every input its match handles."""
    app = game_app(clock)
    heard = FakeRecorder()
    app.game.watchers.append(heard)
    return app, heard


@pytest.mark.slow
async def test_a_play_key_pressed_once_the_next_round_began_plays() -> None:
    clock = FakeClock()
    app, heard = _heard_app(clock)
    async with app.run_test(size=(80, 24)) as pilot:
        driver = Driver(pilot, clock)
        await driver.play_until(lambda m: m.stage.phase is StagePhase.ROUND_OVER)
        match = driver.match
        assert match.stage.deadline is not None
        drawn = driver.text
        # The next deal and its countdown are over, but nothing has told the screen.
        clock.advance(match.stage.deadline - match.now() + match.game.timing.start_countdown_ms)
        assert match.stage.phase is StagePhase.ROUND_OVER  # as the table still shows
        assert driver.text == drawn
        await pilot.press(driver.screen.keys["p1.play.1.right"])
        last = heard.inputs[-1]
        assert last.player == 0
        assert isinstance(last.action, Play) and not isinstance(last.action, Slap)
        assert match.state.round == 2


@pytest.mark.slow
async def test_a_move_key_at_the_slap_does_nothing_and_is_not_recorded() -> None:
    clock = FakeClock()
    app, heard = _heard_app(clock)
    async with app.run_test(size=(80, 24)) as pilot:
        driver = Driver(pilot, clock)
        await driver.play_until(lambda m: m.stage.phase is StagePhase.SLAP)
        inputs = len(heard.inputs)
        drawn = driver.text
        await pilot.press(driver.screen.keys["p1.move.2"], driver.screen.keys["p2.move.5"])
        assert len(heard.inputs) == inputs
        assert driver.text == drawn
        await pilot.press(driver.screen.keys["p2.play.3.left"])  # any play key slaps
        assert heard.inputs[-1].action == Slap(0)
        assert driver.match.stage.phase is StagePhase.ROUND_OVER
