"""Live play on a clock: ``update``/``submit`` read the time, ``pause`` stops it."""

from __future__ import annotations

import pytest

from spit.engine import Phase, Play
from spit.games.spit.session import (
    CountdownKind,
    CountdownTick,
    FakeClock,
    InputRecord,
    Match,
    MatchPhase,
    PauseChanged,
    TimedEvent,
)

from .helpers import FakeRecorder, race_deal

START = CountdownKind.START


def ticks(events: list[TimedEvent]) -> list[tuple[int, int]]:
    return [(e.t, e.event.seconds_left) for e in events if isinstance(e.event, CountdownTick)]


def test_update_follows_the_clock() -> None:
    clock = FakeClock()
    m = Match(race_deal(), clock=clock)
    assert ticks(m.update()) == [(0, 3)]
    clock.set(2500)
    assert ticks(m.update()) == [(1000, 2), (2000, 1)]
    assert (m.now(), m.time) == (2500, 2500)
    clock.set(3000)
    m.update()
    assert m.phase is MatchPhase.PLAYING
    record = m.submit(0, Play(0, 0))
    assert (record.t, record.accepted) == (3000, True)


def test_game_time_starts_when_the_match_is_made() -> None:
    """A clock may be older than the match (one clock for a whole session): the
    match's time 0 is the clock's reading when the match was made."""
    clock = FakeClock(10_000)
    m = Match(race_deal(), clock=clock)
    assert m.now() == 0
    assert ticks(m.update()) == [(0, 3)]
    assert m.phase is MatchPhase.COUNTDOWN
    clock.advance(3000)
    m.update()
    assert (m.now(), m.phase) == (3000, MatchPhase.PLAYING)


def test_pause_stops_game_time_timers_and_inputs() -> None:
    clock = FakeClock()
    rec = FakeRecorder()
    m = Match(race_deal(), clock=clock, recorders=[rec])
    clock.set(1200)
    m.update()
    m.pause()
    assert m.paused
    assert m.drain() == [TimedEvent(1200, PauseChanged(True))]

    clock.advance(60_000)
    assert m.update() == []
    assert (m.now(), m.time) == (1200, 1200)
    assert (m.phase, m.state.phase) == (MatchPhase.COUNTDOWN, Phase.SPIT)
    refused = m.submit(0, Play(0, 0))
    assert refused == InputRecord(1200, 0, Play(0, 0), False, "paused")
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
    assert (m.now(), m.phase) == (3000, MatchPhase.PLAYING)
    assert m.submit(0, Play(0, 0)) == InputRecord(3000, 0, Play(0, 0), True)
    assert m.input_count == 1


def test_paused_time_adds_up_over_several_pauses() -> None:
    clock = FakeClock()
    m = Match(race_deal(), clock=clock)
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
    m = Match(race_deal())
    m.pause()
    assert not m.paused


def test_fake_clock_never_goes_backwards() -> None:
    clock = FakeClock(100)
    with pytest.raises(ValueError, match="backwards"):
        clock.advance(-1)
    with pytest.raises(ValueError, match="backwards"):
        clock.set(99)
