"""A stall mid-round: the stall countdown, then the automatic spit (R13, D01, D17, D20)."""

from __future__ import annotations

from spit.engine import (
    CardPlayed,
    CardSpat,
    Phase,
    Play,
    PlayStarted,
    Stalled,
    legal_actions,
    parse_card,
)
from spit.engine.timers import CountdownKind, CountdownStarted, CountdownTick, StagePhase, Timing
from spit.game import TimedEvent
from spit.games.spit.game import Session, new_session
from spit.play.events import InputHandled

from .helpers import stall_deal

STALL = CountdownKind.STALL
PLAY_AT = 3500


def stalled(timing: Timing | None = None) -> Session:
    """``stall_deal`` right after player 1's only play (6C from stockpile 1)."""
    m = new_session(deals=stall_deal(), timing=timing)
    m.advance_to(3000)
    m.drain()
    assert (legal_actions(m.state, 0), legal_actions(m.state, 1)) == ([Play(1, 0)], [])
    assert m.submit_at(PLAY_AT, 0, Play(1, 0)).accepted
    return m


def test_rule_13_stall_starts_stall_countdown() -> None:
    m = stalled()
    ends = PLAY_AT + m.game.timing.stall_countdown_ms
    events = m.drain()
    assert [e.t for e in events] == [PLAY_AT] * 5
    assert [e.event for e in events][1:] == [
        CardPlayed(0, 1, 0, parse_card("6C"), parse_card("JC")),
        Stalled((True, True)),
        CountdownStarted(STALL, ends),
        CountdownTick(STALL, 2),
    ]
    assert isinstance(events[0].event, InputHandled)
    assert (m.stage.phase, m.stage.countdown, m.stage.deadline) == (
        StagePhase.COUNTDOWN,
        STALL,
        ends,
    )
    assert m.state.phase is Phase.SPIT


def test_decision_17_stall_spit_is_automatic_at_the_deadline() -> None:
    m = stalled()
    m.drain()
    ends = PLAY_AT + 1500
    m.advance_to(ends - 1)
    assert m.drain() == [TimedEvent(ends - 1000, CountdownTick(STALL, 1))]
    assert m.state.must_spit == (True, True)
    m.advance_to(ends)
    assert m.drain() == [
        TimedEvent(ends, CountdownTick(STALL, 0)),
        TimedEvent(ends, CardSpat(0, 0, parse_card("7H"))),
        TimedEvent(ends, CardSpat(1, 1, parse_card("4H"))),
        TimedEvent(ends, PlayStarted()),
    ]
    assert (m.stage.phase, m.stage.countdown, m.stage.deadline) == (StagePhase.PLAYING, None, None)
    # D20: each spat onto their own pile; the new tops open play again.
    assert [p[-1] for p in m.state.piles] == [parse_card("7H"), parse_card("4H")]
    assert m.submit_at(ends + 1, 1, Play(2, 0)).accepted  # 8D on 7H


def test_rule_13_no_play_during_stall_countdown() -> None:
    m = stalled()
    refused = m.submit_at(PLAY_AT + 1000, 1, Play(2, 0))
    assert (refused.accepted, refused.reason, refused.too_slow) == (False, "not_playing", False)
    assert m.stage.phase is StagePhase.COUNTDOWN


def test_decision_17_stall_countdown_follows_timing() -> None:
    m = stalled(Timing(stall_countdown_ms=700))
    assert m.stage.deadline == PLAY_AT + 700
    m.advance_to(PLAY_AT + 699)
    assert m.state.phase is Phase.SPIT
    m.advance_to(PLAY_AT + 700)
    assert m.stage.phase is StagePhase.PLAYING
    ticks = [e.event.seconds_left for e in m.drain() if isinstance(e.event, CountdownTick)]
    assert ticks == [1, 0]
