"""Whole games between simple agents, and what recorders are told (R16, R19)."""

from __future__ import annotations

import pytest

from spit.core.dealer import Dealer
from spit.engine import GameOver, Phase, Play, RoundDealt
from spit.engine.timers import StagePhase
from spit.games.spit.game import Session, new_session
from spit.play.events import InputHandled

from .helpers import FakeRecorder, FirstLegalAgent

GAMES = [(0, (200, 300)), (4, (150, 400)), (7, (200, 300)), (9, (250, 250))]
"""(seed, each agent's delay): a few games of 3 to 19 rounds."""


def play_game(seed: int, delays: tuple[int, int], recorder: FakeRecorder) -> Session:
    agents = [FirstLegalAgent(0, delays[0]), FirstLegalAgent(1, delays[1])]
    m = new_session(seed=seed, agents=agents, recorders=[recorder])
    m.run_to_end(limit_ms=3_600_000)
    return m


@pytest.mark.parametrize(("seed", "delays"), GAMES)
def test_rule_19_agents_play_a_whole_game(seed: int, delays: tuple[int, int]) -> None:
    m = play_game(seed, delays, FakeRecorder())
    assert (m.stage.phase, m.state.phase) == (StagePhase.GAME_OVER, Phase.GAME_OVER)
    winner = m.state.winner
    assert winner is not None
    assert m.state.cards_held(winner) == 0
    assert m.state.cards_held(1 - winner) == 52
    events = [e.event for e in m.drain()]
    assert [e for e in events if isinstance(e, GameOver)] == [GameOver(winner)]
    dealt = [e.round for e in events if isinstance(e, RoundDealt)]
    assert dealt == list(range(1, m.state.round + 1))
    assert m.stage.deadline is None


@pytest.mark.parametrize(("seed", "delays"), GAMES)
def test_recorder_hears_every_deal_input_and_round(seed: int, delays: tuple[int, int]) -> None:
    rec = FakeRecorder()
    m = play_game(seed, delays, rec)
    rounds = m.state.round
    assert [c for c in rec.calls if c != "input"] == ["deal", "round_over"] * rounds + ["game_over"]
    assert [n for _, n, _ in rec.deals] == list(range(1, rounds + 1))
    assert rec.deals[0] == (0, 1, Dealer(seed).first_deal())
    deal_times = [t for t, _, _ in rec.deals]
    over_times = [t for t, _ in rec.round_overs]
    assert all(d < o for d, o in zip(deal_times, over_times, strict=True))
    assert rec.round_overs[-1] == rec.game_overs[0] == (m.time, m.state)

    assert len(rec.inputs) == m.input_count > 0
    handled = [e.event.record for e in m.drain() if isinstance(e.event, InputHandled)]
    assert rec.inputs == handled
    times = [r.t for r in rec.inputs]
    assert times == sorted(times)
    assert any(r.too_slow for r in rec.inputs)
    # The recording ends with the game: nothing is recorded after game over.
    assert rec.calls[-1] == "game_over"
    assert rec.states_after_input[-1] == m.state


def test_after_game_over_nothing_more_happens() -> None:
    m = play_game(4, (150, 400), FakeRecorder())
    end = m.time
    before = m.input_count
    m.run_to_end(limit_ms=end + 60_000)
    assert m.time == end
    late = m.submit_at(end + 1, 0, Play(0, 0))
    assert (late.accepted, late.reason) == (False, "game_over")
    assert m.input_count == before
    assert m.stage.phase is StagePhase.GAME_OVER


def test_run_to_end_stops_at_the_limit() -> None:
    m = new_session(seed=1)
    m.run_to_end(limit_ms=2500)
    assert m.stage.phase is StagePhase.COUNTDOWN
    assert m.time == 2000
    assert m.next_due() == 3000
