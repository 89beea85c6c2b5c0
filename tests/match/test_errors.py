"""Misuse the controller reports, and where a replayed game stops."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from spit.engine import Action, Play, State
from spit.engine.timers import StagePhase
from spit.game import TimedEvent
from spit.games.spit.game import new_session, scripted_deals

from .helpers import STOCK_OUT_PLAYS, FakeRecorder, race_deal, stock_out_deal


class StuckAgent:
    """Asks to be woken at 100 and keeps asking for 100."""

    player = 1

    def next_wakeup(self) -> int | None:
        return 100

    def on_events(self, t: int, state: State, events: Sequence[TimedEvent]) -> None:
        pass

    def wake(self, t: int, state: State) -> Action | None:
        return None


def test_advance_to_rejects_going_backwards() -> None:
    m = new_session(deals=race_deal())
    m.advance_to(500)
    with pytest.raises(ValueError, match="backwards"):
        m.advance_to(499)
    with pytest.raises(ValueError, match="backwards"):
        m.submit_at(499, 0, Play(0, 0))
    assert m.time == 500
    m.advance_to(500)  # standing still is fine


def test_agent_that_does_not_move_its_wakeup_raises() -> None:
    m = new_session(deals=race_deal(), agents=[StuckAgent()])
    with pytest.raises(RuntimeError, match="player 2"):
        m.advance_to(100)


def test_scripted_deals_without_seed_end_the_match_when_they_run_out() -> None:
    rec = FakeRecorder()
    m = new_session(deals=stock_out_deal(), recorders=[rec])
    for i, play in enumerate(STOCK_OUT_PLAYS, start=1):
        m.submit_at(3000 + 10 * i, 0, play)
    assert (m.stage.phase, m.state.round) == (StagePhase.SLAP, 1)
    m.run_to_end(limit_ms=60_000)
    assert m.ended
    assert m.time == 3150 + m.game.timing.slap_window_ms + m.game.timing.round_pause_ms
    assert (m.stage.deadline, m.next_due()) == (None, None)
    assert [c for c in rec.calls if c != "input"] == ["deal", "round_over"]


def test_scripted_deals_need_a_first_deal() -> None:
    with pytest.raises(ValueError, match="first deal"):
        scripted_deals([])
