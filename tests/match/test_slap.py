"""The end of a two-pile round: the slap window, its default, and the next deal
(R14, R15, R16, D08, D18, D28).

In ``stock_out_deal`` player 1 plays out all fifteen stockpile cards onto the left
pile, which then holds 16 cards; the right pile holds player 2's one spit card.
"""

from __future__ import annotations

import pytest

from spit.engine import (
    CardSpat,
    EndReason,
    Phase,
    Play,
    RoundDealt,
    RoundEnded,
    RoundResolved,
    Slap,
    Slapped,
    parse_card,
)
from spit.engine.timers import (
    CountdownKind,
    CountdownStarted,
    CountdownTick,
    NextRoundAt,
    SlapWindowClosed,
    SlapWindowOpened,
    StagePhase,
)
from spit.game import TimedEvent
from spit.games.spit.game import Session, new_session

from .helpers import STOCK_OUT_PLAYS, FakeRecorder, stock_out_deal

OUT_AT = 3000 + 10 * len(STOCK_OUT_PLAYS)
"""When player 1's last stockpile card lands."""


def stocked_out(recorder: FakeRecorder | None = None) -> Session:
    m = new_session(deals=stock_out_deal(seed=5), recorders=[recorder] if recorder else [])
    for i, play in enumerate(STOCK_OUT_PLAYS, start=1):
        assert m.submit_at(3000 + 10 * i, 0, play).accepted, play
    return m


def test_rule_14_stock_out_opens_slap_window() -> None:
    m = stocked_out()
    window_end = OUT_AT + m.game.timing.slap_window_ms
    tail = [e for e in m.drain() if e.t == OUT_AT][-2:]
    assert tail == [
        TimedEvent(OUT_AT, RoundEnded(EndReason.STOCK_OUT, 0)),
        TimedEvent(OUT_AT, SlapWindowOpened(window_end, (16, 1))),
    ]
    assert (m.stage.phase, m.stage.deadline) == (StagePhase.SLAP, window_end)
    assert m.state.phase is Phase.SLAP


def test_decision_18_play_after_stock_out_does_not_count() -> None:
    m = stocked_out()
    late = m.submit_at(OUT_AT + 1, 1, Play(0, 1))
    assert (late.accepted, late.reason) == (False, "not_playing")
    assert m.stage.phase is StagePhase.SLAP


def test_decision_08_first_slap_decides() -> None:
    m = stocked_out()
    m.drain()
    first = m.submit_at(OUT_AT + 100, 1, Slap(0))
    second = m.submit_at(OUT_AT + 100, 0, Slap(0))
    assert first.accepted
    assert (second.accepted, second.reason, second.too_slow) == (False, "not_slapping", True)
    events = [e.event for e in m.drain()]
    assert Slapped(1, 0, (16, 1)) in events
    assert RoundResolved((11, 41), (10, 25), (0, 0)) in events
    assert parse_card("4H") in m.state.collected[1]  # the left pile went to player 2
    assert NextRoundAt(OUT_AT + 100 + m.game.timing.round_pause_ms) in events
    assert (m.stage.phase, m.stage.deadline) == (StagePhase.ROUND_OVER, OUT_AT + 100 + 3000)


def test_decision_28_slap_on_the_other_pile_takes_that_pile() -> None:
    m = stocked_out()
    assert m.submit_at(OUT_AT + 100, 0, Slap(1)).accepted
    assert [len(c) for c in m.state.collected] == [11, 41]
    assert parse_card("2C") in m.state.collected[1]


def test_decision_08_nobody_slaps_each_takes_own_pile() -> None:
    m = stocked_out()
    left, right = m.state.piles
    window_end = OUT_AT + m.game.timing.slap_window_ms
    m.advance_to(window_end - 1)
    assert (m.stage.phase, m.stage.deadline) == (StagePhase.SLAP, window_end)
    m.drain()
    m.advance_to(window_end)
    assert m.stage.phase is StagePhase.ROUND_OVER
    events = [e.event for e in m.drain()]
    # The default is announced as such, so a front end never shows it as player 1's slap.
    assert isinstance(events[0], SlapWindowClosed)
    assert isinstance(events[1], Slapped)
    assert set(left) <= set(m.state.collected[0])
    assert set(right) <= set(m.state.collected[1])
    assert [len(c) for c in m.state.collected] == [26, 26]
    next_deal = window_end + m.game.timing.round_pause_ms
    assert events[-1] == NextRoundAt(next_deal)
    assert m.stage.deadline == next_deal
    late = m.submit_at(window_end + 1, 1, Slap(1))
    # A slap just after the window closed was legal a moment ago: too late, not wrong.
    assert (late.accepted, late.reason, late.too_slow) == (False, "not_slapping", True)


def test_rule_16_round_over_then_redeal_and_start_countdown_again() -> None:
    rec = FakeRecorder()
    m = stocked_out(rec)
    next_deal = OUT_AT + m.game.timing.slap_window_ms + m.game.timing.round_pause_ms
    m.advance_to(next_deal - 1)
    assert (m.stage.phase, m.state.round) == (StagePhase.ROUND_OVER, 1)
    assert len(rec.round_overs) == 1
    gathered = m.state.collected
    m.drain()

    m.advance_to(next_deal)
    start = CountdownKind.START
    assert m.drain() == [
        TimedEvent(next_deal, RoundDealt(2, (11, 11))),
        TimedEvent(next_deal, CountdownStarted(start, next_deal + 3000)),
        TimedEvent(next_deal, CountdownTick(start, 3)),
    ]
    assert (m.stage.phase, m.stage.countdown, m.state.round) == (StagePhase.COUNTDOWN, start, 2)
    assert [(t, n) for t, n, _ in rec.deals] == [(0, 1), (next_deal, 2)]
    orders = rec.deals[1][2]
    assert tuple(tuple(sorted(o)) for o in orders) == gathered

    m.advance_to(next_deal + 3000)
    spat = [e.event for e in m.drain() if isinstance(e.event, CardSpat)]
    assert [(e.player, e.pile) for e in spat] == [(0, 0), (1, 1)]


def test_decision_02_only_a_player_with_spit_cards_spits() -> None:
    """Player 2 takes the 16-card pile, so player 1 is left with 11 cards: a one-pile
    round (R17) where only player 2 spits when the countdown ends (D15)."""
    m = stocked_out()
    m.submit_at(OUT_AT + 100, 1, Slap(0))
    next_deal = OUT_AT + 100 + m.game.timing.round_pause_ms
    m.advance_to(next_deal)
    assert RoundDealt(2, (0, 26)) in [e.event for e in m.drain()]
    assert m.state.must_spit == (False, True)
    m.advance_to(next_deal + m.game.timing.start_countdown_ms)
    spat = [e.event for e in m.drain() if isinstance(e.event, CardSpat)]
    assert [(e.player, e.pile) for e in spat] == [(1, 0)]
    assert m.state.must_spit == (False, False)


@pytest.mark.parametrize("slapper", [0, 1])
def test_decision_08_slap_window_closes_with_the_first_slap(slapper: int) -> None:
    m = stocked_out()
    m.submit_at(OUT_AT + 1, slapper, Slap(slapper))
    assert m.stage.phase is StagePhase.ROUND_OVER
    assert m.stage.deadline == OUT_AT + 1 + m.game.timing.round_pause_ms
