"""The Spades session on a fake clock: intents judged when they arrive, the bot's
decisions timed, events in order, and everything recorded through the recorders."""

from __future__ import annotations

from pathlib import Path

import pytest

from spit.core.clock import FakeClock
from spit.core.replay.fields import PlayerInfo
from spit.games.spades.bots import make_bot
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
    state_hash,
)
from spit.games.spades.replay.reader import load_spades_replay
from spit.games.spades.replay.verify import verify_spades
from spit.games.spades.replay.writer import SpadesReplayWriter
from spit.games.spades.session import (
    BotPace,
    Confirm,
    Key,
    NextHand,
    Refusal,
    SeededHands,
    SpadesSession,
    hand_letters,
)

PACE = BotPace(move_ms=800, draw_ms=240)


class Tape:
    """A recorder that keeps every call."""

    def __init__(self) -> None:
        self.lines: list[tuple[object, ...]] = []

    def on_hand(self, t: int, hand: int, orders: HandOrders) -> None:
        self.lines.append(("hand", t, hand))

    def on_input(self, t: int, player: int, action: Action, accepted: bool, state: State) -> None:
        self.lines.append(("input", t, player, str(action), accepted))


def vs_bot(
    clock: FakeClock | None = None, tape: Tape | None = None, seed: int = 3
) -> SpadesSession:
    return SpadesSession(
        SeededHands(seed),
        bots={1: make_bot("hard", 1, seed)},
        pace=PACE,
        recorders=() if tape is None else (tape,),
        clock=clock,
    )


def test_the_first_hand_is_dealt_and_announced() -> None:
    tape = Tape()
    session = vs_bot(tape=tape)
    assert tape.lines == [("hand", 0, 1)]
    (step,) = session.drain()
    assert step.player is None and step.events == (HandStarted(1, 0),)
    assert session.to_move == 0 and session.next_due() is None


def test_keys_mean_what_the_phase_makes_them_when_they_are_handled() -> None:
    session = vs_bot()
    assert session.submit_at(0, 0, Key("k")).refusal is Refusal.NO_MEANING  # not drawing yet
    handled = session.submit_at(10, 0, Key("n"))
    assert handled.resolved == DeclineBlindNil() and handled.accepted
    # The bot declines 240 ms after its turn came (a draw-phase pause), not before.
    assert session.next_due() == 10 + PACE.draw_ms
    assert session.submit_at(100, 0, Key("k")).refusal is Refusal.NOT_YOUR_TURN
    handled = session.submit_at(300, 0, Key("k"))  # the bot has declined by now: keep
    assert handled.resolved == Keep()
    assert session.state.phase is Phase.DRAW


def test_the_bot_acts_at_its_time_and_the_steps_say_when() -> None:
    tape = Tape()
    session = vs_bot(tape=tape)
    session.drain()
    session.submit_at(1_000, 0, DeclineBlindNil())
    session.advance_to(1_239)
    assert session.to_move == 1  # not yet
    session.advance_to(5_000)
    steps = session.drain()
    assert [(s.t, s.player, str(s.action)) for s in steps] == [
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
    assert handled.refusal is Reason.NOT_BIDDING and tape.lines[-1][-1] is False
    before = len(tape.lines)
    assert session.submit_at(0, 0, Confirm()).refusal is Refusal.NO_MEANING
    assert session.submit_at(0, 1, Key("b")).refusal is Refusal.NOT_YOUR_TURN
    assert len(tape.lines) == before and session.inputs == 1


def test_a_bid_is_typed_then_confirmed() -> None:
    session = SpadesSession(SeededHands(3), auto_deal=False)
    for player in (0, 1):
        session.submit_at(0, player, DeclineBlindNil())
    while session.state.phase is Phase.DRAW:
        session.submit_at(0, session.to_move or 0, Keep())
    bidder = session.to_move
    assert bidder is not None and session.state.phase is Phase.BID
    assert session.submit_at(0, bidder, Confirm(bid="")).refusal is Refusal.NO_BID
    assert session.submit_at(0, bidder, Confirm(bid="14")).refusal is Refusal.BID_TOO_HIGH
    assert session.submit_at(0, bidder, Confirm(bid="4")).resolved == Bid(4)


def test_a_letter_plays_its_card_in_the_play() -> None:
    session = SpadesSession(SeededHands(4), bots={1: make_bot("easy", 1, 1)}, auto_deal=False)
    session.submit_at(0, 0, DeclareBlindNil())
    while session.state.phase is not Phase.EXCHANGE:
        session.run_to_end()
        session.submit_at(0, 0, Key("k"))
    exchange = session.submit_at(0, 0, Key("a"))
    assert exchange.picked is not None and exchange.resolved is None  # chosen, not played
    assert session.state.phase is Phase.EXCHANGE
    session.submit_at(0, 0, Confirm(chosen=frozenset({exchange.picked})))
    session.run_to_end()
    assert session.state.phase is Phase.PLAY and session.to_move == 0
    view = session.view(0)
    card = next(a.card for a in session.legal(0) if isinstance(a, PlayCard))
    handled = session.submit_at(0, 0, Key(hand_letters(view)[card]))
    assert handled.resolved == PlayCard(card) and handled.accepted and session.played


def test_pausing_stops_the_bot_and_the_keys_and_its_pause_resumes() -> None:
    clock = FakeClock()
    session = vs_bot(clock)
    clock.advance(500)
    session.submit(0, DeclineBlindNil())  # the bot is due at 740
    clock.advance(100)
    session.pause()
    clock.advance(10_000)
    session.update()
    assert session.to_move == 1 and session.next_due() is None
    assert session.submit(0, Keep()).refusal is Refusal.PAUSED
    session.resume()
    clock.advance(139)
    session.update()
    assert session.to_move == 1
    clock.advance(1)
    session.update()
    assert session.to_move == 0 and session.now() == 740


def test_bots_alone_play_the_whole_game_and_deal_each_hand() -> None:
    session = SpadesSession(
        SeededHands(9),
        target=150,
        bots={0: make_bot("easy", 0, 1), 1: make_bot("easy", 1, 2)},
        collect_events=False,
    )
    session.run_to_end()
    assert session.over and session.state.hand >= 2 and session.drain() == []
    assert session.submit_at(session.time, 0, NextHand()).refusal is Refusal.GAME_OVER


def test_between_hands_a_person_deals_the_next_one() -> None:
    session = SpadesSession(
        SeededHands(2),
        target=100,
        bots={0: make_bot("easy", 0, 1), 1: make_bot("easy", 1, 2)},
        auto_deal=False,
    )
    session.run_to_end()
    assert session.state.phase is Phase.HAND_OVER
    assert session.submit_at(0, 0, Key("a")).refusal is Refusal.NOT_YOUR_TURN
    assert session.submit_at(0, 0, Confirm()).resolved == NextHand()
    assert session.state.hand == 2 and session.next_due() is not None


def test_a_recorded_session_verifies(tmp_path: Path) -> None:
    clock = FakeClock()
    players = (
        PlayerInfo("bot", "A", level="easy", seed=1),
        PlayerInfo("bot", "B", level="hard", seed=2),
    )
    writer = SpadesReplayWriter.create(tmp_path, players=players, seed=5, target=120)
    session = SpadesSession(
        SeededHands(5),
        target=120,
        bots={0: make_bot("easy", 0, 1), 1: make_bot("hard", 1, 2)},
        pace=PACE,
        recorders=(writer,),
        clock=clock,
    )
    session.run_to_end()
    assert session.over and writer.closed
    replay = load_spades_replay(writer.path)
    result = verify_spades(replay)
    assert result.valid and result.finished and result.final_hash == state_hash(session.state)
    assert result.duration_ms == session.time > 0
