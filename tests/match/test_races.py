"""Two inputs for one spit pile at (almost) the same moment (R10, D16, D24).

In ``race_deal`` both players can play onto the left pile (5C) once play starts at
3000: player 1's 6C and player 2's 4D, both from stockpile 0. Each card excludes the
other, and player 2's 7D fits only on the 6C.
"""

from __future__ import annotations

from spit.engine import CardPlayed, Play, legal_actions, parse_card
from spit.games.spit.game import Session, new_session
from spit.play.events import InputHandled

from .helpers import race_deal

T = 3100
SIX, FOUR, SEVEN = Play(0, 0), Play(0, 0), Play(1, 0)
"""Player 1's 6C, player 2's 4D and player 2's 7D, each onto the left pile."""


def playing() -> Session:
    m = new_session(deals=race_deal())
    m.advance_to(3000)
    m.drain()
    assert (legal_actions(m.state, 0), legal_actions(m.state, 1)) == ([SIX], [FOUR])
    return m


def left_pile(m: Session) -> tuple[int, ...]:
    return m.state.piles[0]


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card(t) for t in text.split())


def test_rule_10_first_to_touch_wins_race_at_same_ms() -> None:
    m = playing()
    first = m.submit_at(T, 0, SIX)
    second = m.submit_at(T, 1, FOUR)
    assert first.accepted
    assert (second.accepted, second.reason, second.too_slow) == (False, "not_adjacent", True)
    assert left_pile(m) == cards("5C 6C")
    assert m.state.stocks[1][0] == (parse_card("4D"),)


def test_decision_16_same_ms_inputs_apply_in_arrival_order() -> None:
    m = playing()
    first = m.submit_at(T, 1, FOUR)
    second = m.submit_at(T, 0, SIX)
    assert first.accepted
    assert (second.accepted, second.too_slow) == (False, True)
    assert left_pile(m) == cards("5C 4D")
    events = [e.event for e in m.drain()]
    played = [e for e in events if isinstance(e, CardPlayed)]
    assert played == [CardPlayed(1, 0, 0, parse_card("4D"), None)]
    handled = [e.record for e in events if isinstance(e, InputHandled)]
    assert handled == [first, second]


def test_rule_10_loser_one_ms_later_is_too_slow() -> None:
    m = playing()
    assert m.submit_at(T, 0, SIX).accepted
    late = m.submit_at(T + 1, 1, FOUR)
    assert (late.accepted, late.reason, late.too_slow) == (False, "not_adjacent", True)


def test_decision_24_second_card_lands_if_legal_on_new_top() -> None:
    m = playing()
    assert m.submit_at(T, 0, SIX).accepted
    follow = m.submit_at(T, 1, SEVEN)
    assert (follow.accepted, follow.too_slow) == (True, False)
    assert left_pile(m) == cards("5C 6C 7D")


def test_decision_24_rejection_long_after_the_change_is_not_too_slow() -> None:
    m = playing()
    window = m.game.timing.too_slow_ms
    assert m.submit_at(T, 0, SIX).accepted
    assert m.submit_at(T + window, 1, FOUR).too_slow
    late = m.submit_at(T + window + 1, 1, FOUR)
    assert (late.accepted, late.reason, late.too_slow) == (False, "not_adjacent", False)


def test_decision_24_never_legal_action_is_not_too_slow() -> None:
    m = playing()
    assert m.submit_at(T, 0, SIX).accepted
    two_of_diamonds = Play(2, 0)
    wrong = m.submit_at(T + 1, 1, two_of_diamonds)
    assert (wrong.accepted, wrong.reason, wrong.too_slow) == (False, "not_adjacent", False)


def test_rule_10_own_repeated_input_is_not_too_slow() -> None:
    """A doubled key press loses no race: only the other player's change makes an
    input "too slow"."""
    m = playing()
    assert m.submit_at(T, 0, SIX).accepted
    again = m.submit_at(T + 1, 0, SIX)
    assert (again.accepted, again.reason, again.too_slow) == (False, "empty_stockpile", False)


def test_decision_24_rejected_input_changes_nothing() -> None:
    m = playing()
    assert m.submit_at(T, 0, SIX).accepted
    table = m.state
    assert not m.submit_at(T, 1, FOUR).accepted
    assert m.state is table
