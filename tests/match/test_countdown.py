"""The start countdown: "3, 2, 1, Spit!" on timers, then the automatic spit (R05, D15, D17)."""

from __future__ import annotations

from spit.engine import CardSpat, Phase, Play, PlayStarted, RoundDealt, Spit, parse_card
from spit.engine.timers import CountdownKind, CountdownStarted, CountdownTick, StagePhase, Timing
from spit.game import TimedEvent
from spit.games.spit.game import new_session
from spit.play.events import InputHandled, InputRecord

from .helpers import FakeRecorder, race_deal

START = CountdownKind.START


def test_rule_05_start_countdown_ticks_each_second_then_both_spit() -> None:
    m = new_session(deals=race_deal())
    assert m.drain() == [
        TimedEvent(0, RoundDealt(1, (11, 11))),
        TimedEvent(0, CountdownStarted(START, 3000)),
        TimedEvent(0, CountdownTick(START, 3)),
    ]
    assert (m.stage.phase, m.stage.countdown, m.stage.deadline) == (
        StagePhase.COUNTDOWN,
        START,
        3000,
    )

    m.advance_to(999)
    assert m.drain() == []
    m.advance_to(1000)
    assert m.drain() == [TimedEvent(1000, CountdownTick(START, 2))]
    m.advance_to(2999)
    assert m.drain() == [TimedEvent(2000, CountdownTick(START, 1))]
    assert m.state.phase is Phase.SPIT
    assert not any(m.state.piles)

    m.advance_to(3000)
    assert m.drain() == [
        TimedEvent(3000, CountdownTick(START, 0)),
        TimedEvent(3000, CardSpat(0, 0, parse_card("5C"))),
        TimedEvent(3000, CardSpat(1, 1, parse_card("KC"))),
        TimedEvent(3000, PlayStarted()),
    ]
    assert (m.stage.phase, m.stage.countdown, m.stage.deadline) == (StagePhase.PLAYING, None, None)
    assert m.state.piles == ((parse_card("5C"),), (parse_card("KC"),))


def test_decision_15_countdown_length_not_a_whole_number_of_seconds() -> None:
    m = new_session(deals=race_deal(), timing=Timing(start_countdown_ms=2500))
    m.advance_to(2500)
    ticks = [(e.t, e.event.seconds_left) for e in m.drain() if isinstance(e.event, CountdownTick)]
    assert ticks == [(0, 3), (500, 2), (1500, 1), (2500, 0)]
    assert m.stage.phase is StagePhase.PLAYING


def test_rule_05_no_play_before_the_spit() -> None:
    rec = FakeRecorder()
    m = new_session(deals=race_deal(), recorders=[rec])
    before = m.state
    record = m.submit_at(2999, 0, Play(0, 0))
    assert record == InputRecord(2999, 0, Play(0, 0), False, "not_playing", False)
    assert m.state == before
    assert m.drain()[-1] == TimedEvent(2999, InputHandled(record))
    assert (rec.inputs, rec.states_after_input) == ([record], [before])
    # The same play is legal the moment the spit is down.
    assert m.submit_at(3000, 0, Play(0, 0)).accepted


def test_decision_17_spit_is_automatic() -> None:
    m = new_session(deals=race_deal())
    during = m.submit_at(1500, 0, Spit())
    assert during == InputRecord(1500, 0, Spit(), False, "spit_is_automatic")
    assert m.state.must_spit == (True, True)
    m.advance_to(3000)
    after = m.submit_at(3001, 1, Spit())
    assert (after.accepted, after.reason) == (False, "spit_is_automatic")
    assert m.input_count == 2
    assert [len(h) for h in m.state.hands] == [10, 10]
