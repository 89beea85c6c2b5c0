"""Playing a challenge's game to its end against its bot: the human (player 1) plays
at once whatever it can, and game time moves on a FakeClock when it cannot."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

from spit.core.clock import FakeClock
from spit.engine import Play, Slap, legal_actions
from spit.engine.timers import StagePhase
from spit.tui.shared.overlays import ResultOverlay
from spit.tui.spit.challenges import ChallengePanel
from spit.tui.spit.game_screen import SpitScreen
from tests.tui.game.driver import binding_id

STEP_MS = 100


async def play_to_the_end(
    pilot: Pilot[Any], screen: SpitScreen, clock: FakeClock, *, last: bool = False
) -> None:
    """Play ``screen``'s game to its end (the first card that can be played, or with
    ``last`` the last one: another game of the same deal), then wait for the result
    and its workers. The keys go through the screen's key action (a Pilot key press
    costs tens of ms)."""
    for _ in range(20_000):
        match = screen.match
        if match.stage.phase is StagePhase.GAME_OVER:
            break
        actions = legal_actions(match.state, 0) if match.stage.phase is StagePhase.PLAYING else []
        plays = [a for a in actions if isinstance(a, Play)]
        if match.stage.phase is StagePhase.SLAP:
            left, right = (len(p) for p in match.state.piles)
            screen.action_game_key(binding_id(0, Slap(0 if left < right else 1)))
        elif plays or actions:
            screen.action_game_key(binding_id(0, (plays or actions)[-1 if last else 0]))
        else:
            clock.advance(STEP_MS)
            screen.tick()
    else:
        raise AssertionError("the game did not end")
    for _ in range(500):
        await pilot.pause()
        await pilot.app.workers.wait_for_complete()
        shown = pilot.app.screen
        panels = shown.query(ChallengePanel) if isinstance(shown, ResultOverlay) else None
        if panels and panels.first().filled:
            break
    await pilot.pause()
