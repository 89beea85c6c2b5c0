"""Live play on a clock: ``update``/``submit`` read the time, ``pause`` stops it."""

from __future__ import annotations

import pytest

from spit.core.clock import FakeClock
from spit.engine import Phase, Play
from spit.engine.timers import CountdownKind, CountdownTick, StagePhase
from spit.game import TimedEvent
from spit.games.spit.game import new_session
from spit.play.events import InputRecord, IntentRefused, PauseChanged, Stopped

from .helpers import FakeRecorder, race_deal

START = CountdownKind.START


def ticks(events: list[TimedEvent]) -> list[tuple[int, int]]:
    return [(e.t, e.event.seconds_left) for e in events if isinstance(e.event, CountdownTick)]


def test_update_follows_the_clock() -> None:
    clock = FakeClock()
    m = new_session(deals=race_deal(), clock=clock)
    assert ticks(m.update()) == [(0, 3)]
    clock.set(2500)
    assert ticks(m.update()) == [(1000, 2), (2000, 1)]
    assert (m.now(), m.time) == (2500, 2500)
    clock.set(3000)
    m.update()
    assert m.stage.phase is StagePhase.PLAYING
    record = m.submit(0, Play(0, 0))
    assert (record.t, record.accepted) == (3000, True)


def test_game_time_starts_when_the_match_is_made() -> None:
    """A clock may be older than the match (one clock for a whole session): the
    match's time 0 is the clock's reading when the match was made."""
    clock = FakeClock(10_000)
    m = new_session(deals=race_deal(), clock=clock)
    assert m.now() == 0
    assert ticks(m.update()) == [(0, 3)]
    assert m.stage.phase is StagePhase.COUNTDOWN
    clock.advance(3000)
    m.update()
    assert (m.now(), m.stage.phase) == (3000, StagePhase.PLAYING)


def test_pause_stops_game_time_timers_and_inputs() -> None:
    clock = FakeClock()
    rec = FakeRecorder()
    m = new_session(deals=race_deal(), clock=clock, recorders=[rec])
    clock.set(1200)
    m.update()
    m.pause()
    assert m.paused
    assert m.drain() == [TimedEvent(1200, PauseChanged(True))]

    clock.advance(60_000)
    assert m.update() == []
    assert (m.now(), m.time) == (1200, 1200)
    assert (m.stage.phase, m.state.phase) == (StagePhase.COUNTDOWN, Phase.SPIT)
    refused = m.submit(0, Play(0, 0))
    assert refused == IntentRefused(1200, 0, Play(0, 0), Stopped.PAUSED)
    assert m.input_count == 0
    assert rec.inputs == []
    assert m.drain() == []

    m.resume()
    assert not m.paused
    assert m.now() == 1200
    assert m.update() == [TimedEvent(1200, PauseChanged(False))]
    clock.advance(1799)
    assert m.update() == [TimedEvent(2000, CountdownTick(START, 1))]
    assert m.state.phase is Phase.SPIT
    clock.advance(1)
    m.update()
    assert (m.now(), m.stage.phase) == (3000, StagePhase.PLAYING)
    assert m.submit(0, Play(0, 0)) == InputRecord(3000, 0, Play(0, 0), True)
    assert m.input_count == 1


def test_paused_time_adds_up_over_several_pauses() -> None:
    clock = FakeClock()
    m = new_session(deals=race_deal(), clock=clock)
    for _ in range(3):
        clock.advance(500)
        m.pause()
        m.pause()  # a second pause changes nothing
        clock.advance(10_000)
        m.resume()
        m.resume()
    assert m.now() == 1500
    changes = [e.event for e in m.update() if isinstance(e.event, PauseChanged)]
    assert changes == [PauseChanged(True), PauseChanged(False)] * 3


def test_pause_needs_a_clock() -> None:
    m = new_session(deals=race_deal())
    m.pause()
    assert not m.paused


def test_fake_clock_never_goes_backwards() -> None:
    clock = FakeClock(100)
    with pytest.raises(ValueError, match="backwards"):
        clock.advance(-1)
    with pytest.raises(ValueError, match="backwards"):
        clock.set(99)
