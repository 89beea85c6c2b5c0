"""A Spades session on a fake clock: intents judged when they arrive, the bot's
decisions timed, events in order, and everything recorded through the recorders."""

from __future__ import annotations

from pathlib import Path

import pytest

from spit.core.clock import FakeClock
from spit.core.replay.fields import PlayerInfo
from spit.games.spades.bots import make_bot
from spit.games.spades.bots.agent import BotAgent, BotPace
from spit.games.spades.engine import (
    Action,
    Bid,
    DeclareBlindNil,
    DeclineBlindNil,
    HandOrders,
    HandStarted,
    Keep,
    Phase,
    PlayCard,
    Reason,
    State,
    legal_actions,
    state_hash,
    to_move,
)
from spit.games.spades.game import Refused, Session, card_played, new_session, picked, steps
from spit.games.spades.intents import Confirm, Key, NextHand, Refusal
from spit.games.spades.keys import hand_letters
from spit.games.spades.replay import ReplayWriter, load_spades_replay, verify_spades
from spit.play.events import DealAsked, InputRecord, IntentRefused, Stopped

PACE = BotPace(move_ms=800, draw_ms=240)


class Tape:
    """A recorder that keeps every deal and input."""

    def __init__(self) -> None:
        self.lines: list[tuple[object, ...]] = []

    def on_deal(self, t: int, round_no: int, deal: HandOrders) -> None:
        self.lines.append(("hand", t, round_no))

    def on_input(self, record: InputRecord[Action, Refused], state: State) -> None:
        self.lines.append(("input", record.t, record.player, str(record.action), record.accepted))

    def on_round_over(self, t: int, state: State) -> None:
        pass

    def on_game_over(self, t: int, state: State) -> None:
        pass


def vs_bot(clock: FakeClock | None = None, tape: Tape | None = None, seed: int = 3) -> Session:
    return new_session(
        seed=seed,
        agents=[BotAgent(1, make_bot("hard", 1, seed), PACE)],
        recorders=() if tape is None else (tape,),
        clock=clock,
    )


def refusal(handled: object) -> object:
    """Why ``submit_at`` refused an intent (the rules' reason, or the game's or the
    session's for an intent that meant nothing)."""
    assert isinstance(handled, InputRecord | IntentRefused), handled
    return handled.reason


def resolved(handled: object) -> object:
    """What ``submit_at`` made of an intent: its action, or the next hand."""
    if isinstance(handled, DealAsked):
        return NextHand()
    return handled.action if isinstance(handled, InputRecord) else None


def test_the_first_hand_is_dealt_and_announced() -> None:
    tape = Tape()
    session = vs_bot(tape=tape)
    assert tape.lines == [("hand", 0, 1)]
    (step,) = steps(session.drain())
    assert step.record is None and step.events == (HandStarted(1, 0),)
    assert to_move(session.state) == 0 and session.next_due() is None


def test_keys_mean_what_the_phase_makes_them_when_they_are_handled() -> None:
    session = vs_bot()
    assert refusal(session.submit_at(0, 0, Key("k"))) is Refusal.NO_MEANING  # not drawing yet
    handled = session.submit_at(10, 0, Key("n"))
    assert resolved(handled) == DeclineBlindNil() and handled.accepted
    # The bot declines 240 ms after its turn came (a draw-phase pause), not before.
    assert session.next_due() == 10 + PACE.draw_ms
    assert refusal(session.submit_at(100, 0, Key("k"))) is Refusal.NOT_YOUR_TURN
    handled = session.submit_at(300, 0, Key("k"))  # the bot has declined by now: keep
    assert resolved(handled) == Keep()
    assert session.state.phase is Phase.DRAW


def test_the_bot_acts_at_its_time_and_the_steps_say_when() -> None:
    tape = Tape()
    session = vs_bot(tape=tape)
    session.drain()
    session.submit_at(1_000, 0, DeclineBlindNil())
    session.advance_to(1_239)
    assert to_move(session.state) == 1  # not yet
    session.advance_to(5_000)
    inputs = [s.record for s in steps(session.drain()) if s.record is not None]
    assert [(r.t, r.player, str(r.action)) for r in inputs] == [
        (1_000, 0, "decline"),
        (1_240, 1, "decline"),
    ]
    assert tape.lines[1:] == [
        ("input", 1_000, 0, "decline", True),
        ("input", 1_240, 1, "decline", True),
    ]
    with pytest.raises(ValueError, match="backwards"):
        session.submit_at(4_000, 0, Keep())


def test_refusals_by_the_rules_are_recorded_and_the_sessions_own_are_not() -> None:
    tape = Tape()
    session = vs_bot(tape=tape)
    handled = session.submit_at(0, 0, Bid(3))  # a whole action: the rules judge it
    assert refusal(handled) is Reason.NOT_BIDDING and tape.lines[-1][-1] is False
    before = len(tape.lines)
    assert refusal(session.submit_at(0, 0, Confirm())) is Refusal.NO_MEANING
    assert refusal(session.submit_at(0, 1, Key("b"))) is Refusal.NOT_YOUR_TURN
    assert len(tape.lines) == before and session.input_count == 1


def test_a_bid_is_typed_then_confirmed() -> None:
    session = new_session(seed=3, auto_deal=False)
    for player in (0, 1):
        session.submit_at(0, player, DeclineBlindNil())
    while session.state.phase is Phase.DRAW:
        session.submit_at(0, to_move(session.state) or 0, Keep())
    bidder = to_move(session.state)
    assert bidder is not None and session.state.phase is Phase.BID
    assert refusal(session.submit_at(0, bidder, Confirm(bid=""))) is Refusal.NO_BID
    assert refusal(session.submit_at(0, bidder, Confirm(bid="14"))) is Refusal.BID_TOO_HIGH
    assert resolved(session.submit_at(0, bidder, Confirm(bid="4"))) == Bid(4)


def test_a_letter_plays_its_card_in_the_play() -> None:
    session = new_session(seed=4, agents=[BotAgent(1, make_bot("easy", 1, 1))], auto_deal=False)
    session.submit_at(0, 0, DeclareBlindNil())
    while session.state.phase is not Phase.EXCHANGE:
        session.run_to_end()
        session.submit_at(0, 0, Key("k"))
    card = picked(session.state, 0, Key("a"))  # chosen, not played: nothing is submitted
    assert card is not None and session.state.phase is Phase.EXCHANGE
    session.submit_at(0, 0, Confirm(chosen=frozenset({card})))
    session.run_to_end()
    assert session.state.phase is Phase.PLAY and to_move(session.state) == 0
    view = session.observe(0)
    card = next(a.card for a in legal_actions(session.state, 0) if isinstance(a, PlayCard))
    handled = session.submit_at(0, 0, Key(hand_letters(view)[card]))
    assert resolved(handled) == PlayCard(card) and handled.accepted
    assert card_played(session.state)


def test_pausing_stops_the_bot_and_the_keys_and_its_pause_resumes() -> None:
    clock = FakeClock()
    session = vs_bot(clock)
    clock.advance(500)
    session.submit(0, DeclineBlindNil())  # the bot is due at 740
    clock.advance(100)
    session.pause()
    clock.advance(10_000)
    session.update()
    assert to_move(session.state) == 1 and session.next_due() is None
    assert refusal(session.submit(0, Keep())) is Stopped.PAUSED
    session.resume()
    clock.advance(139)
    session.update()
    assert to_move(session.state) == 1
    clock.advance(1)
    session.update()
    assert to_move(session.state) == 0 and session.now() == 740


def test_bots_alone_play_the_whole_game_and_deal_each_hand() -> None:
    session = new_session(
        seed=9,
        target=150,
        agents=[BotAgent(0, make_bot("easy", 0, 1)), BotAgent(1, make_bot("easy", 1, 2))],
        collect_events=False,
    )
    session.run_to_end()
    assert session.stage.over and session.state.hand >= 2 and session.drain() == []
    assert refusal(session.submit_at(session.time, 0, NextHand())) is Stopped.GAME_OVER


def test_between_hands_a_person_deals_the_next_one() -> None:
    session = new_session(
        seed=2,
        target=100,
        agents=[BotAgent(0, make_bot("easy", 0, 1)), BotAgent(1, make_bot("easy", 1, 2))],
        auto_deal=False,
    )
    session.run_to_end()
    assert session.state.phase is Phase.HAND_OVER
    assert refusal(session.submit_at(0, 0, Key("a"))) is Refusal.NOT_YOUR_TURN
    assert resolved(session.submit_at(0, 0, Confirm())) == NextHand()
    assert session.state.hand == 2 and session.next_due() is not None


def test_a_recorded_session_verifies(tmp_path: Path) -> None:
    clock = FakeClock()
    players = (
        PlayerInfo("bot", "A", level="easy", seed=1),
        PlayerInfo("bot", "B", level="hard", seed=2),
    )
    writer = ReplayWriter.create(tmp_path, players=players, seed=5, target=120)
    session = new_session(
        seed=5,
        target=120,
        agents=[
            BotAgent(0, make_bot("easy", 0, 1), PACE),
            BotAgent(1, make_bot("hard", 1, 2), PACE),
        ],
        recorders=(writer,),
        clock=clock,
    )
    session.run_to_end()
    assert session.stage.over and writer.closed
    replay = load_spades_replay(writer.path)
    result = verify_spades(replay)
    assert result.valid and result.finished and result.final_hash == state_hash(session.state)
    assert result.duration_ms == session.time > 0
