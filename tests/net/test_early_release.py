"""Fair ordering holds an intent only while an earlier one may still be on its way:
for each other seat at most its allowance (its measured one-way latency, within its
quota), and less once that seat's own frames (an intent, or the answer to one of the
server's scheduled pings) show that nothing earlier is coming. No intent makes the room
send the other player anything before the race is decided.

The room is pure, so these drive it on virtual time with a table that records what it
was given, through simulated lines (each direction its own delay, in order)."""

from __future__ import annotations

import heapq
import json
import logging
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spit.net.fairness import FairQueue, Verdict
from spit.net.room import Room


class _Table:
    """A game that takes every intent and shows nothing: what the room gave it, when."""

    def __init__(self) -> None:
        self.got: list[tuple[int, str, int]] = []
        self.time = 0
        self.finished = False
        self.replay_path = None

    def submit(self, seat: int, intent: str, at: int) -> None:
        self.got.append((seat, intent, at))
        self.time = at

    def advance(self, at: int) -> None:
        self.time = max(self.time, at)

    def next_due(self) -> None:
        return None

    def now(self) -> int:
        return self.time

    def view(self, seat: int) -> dict[str, Any]:
        return {"n": len(self.got)}

    def public_view(self) -> dict[str, Any]:
        return {}

    def public_news(self) -> list[Any]:
        return []

    def news(self) -> list[Any]:
        return []

    def state_hash(self) -> str:
        return ""

    def close(self) -> None: ...

    def lag_from(self, source: Any) -> None: ...


class _Recorded(FairQueue[Any]):
    """The room's queue, keeping each intent's credited time."""

    def __init__(self) -> None:
        super().__init__()
        self.credited: dict[str, float] = {}

    def push(self, item: Any, credited: float) -> None:
        self.credited[item.text] = credited
        super().push(item, credited)


def _room() -> tuple[Room, _Table, _Recorded]:
    table = _Table()
    room = Room("R00-M01-AAA", lambda names: table, game="spit")
    room.sit("Ann", 0)
    room.sit("Bob", 0)
    queue = _Recorded()
    room._queue = queue
    room.step(0)
    return room, table, queue


def _sync(room: Room, seat: int, now: float, delay: float) -> None:
    """Eight ping exchanges on a line of ``delay`` ms each way (clocks in step)."""
    for i in range(8):
        t = now - 8000 + 1000 * i
        frame = json.loads(room.ping(seat, t))
        room.pong(seat, frame["id"], t + delay, t + delay, t + 2 * delay)


def _pings(outbox: list[tuple[int, str]]) -> list[tuple[int, int]]:
    return [
        (seat, json.loads(frame)["id"])
        for seat, frame in outbox
        if json.loads(frame)["type"] == "ping"
    ]


def test_an_intent_sends_the_other_player_nothing_and_waits_only_its_allowance() -> None:
    """No last look: Ann's intent makes no ping to Bob. It waits for Bob's allowance
    (his measured one-way latency, 5 ms here) and no longer."""
    room, table, _ = _room()
    now = 10_000.0
    _sync(room, 0, now, 1.0)
    _sync(room, 1, now, 5.0)
    room.intent(0, now - 1.0, now, "play 0 0")  # sent 1 ms ago
    assert _pings(room.step(now)) == []
    credited = now - 1.0
    due = room.wake_at()
    assert due == credited + room.allowance(1, now)
    assert room.allowance(1, now) == 5.0
    room.step(due - 0.5)
    assert table.got == []
    room.step(due)
    assert table.got == [(0, "play 0 0", int(credited))]


def test_the_answer_to_a_scheduled_ping_releases_an_intent_before_the_allowance() -> None:
    """Bob's line measured 30 ms; an answer to the once-a-second ping, stamped after
    Ann's press, shows he pressed nothing before it: Ann's intent goes at once."""
    room, table, _ = _room()
    now = 10_000.0
    _sync(room, 0, now, 1.0)
    _sync(room, 1, now, 30.0)
    ping = json.loads(room.ping(1, now - 2.0))["id"]
    room.intent(0, now - 1.0, now, "play 0 0")
    room.step(now)
    assert table.got == []
    room.pong(1, ping, now - 1.0, now - 1.0, now + 0.5)
    room.step(now + 0.5)
    assert table.got == [(0, "play 0 0", int(now - 1.0))]


def test_an_earlier_press_that_arrives_later_is_still_applied_first() -> None:
    """Bob pressed first, on a slower line; Ann's intent came first. Bob's intent
    arrives within his allowance, and wins."""
    room, table, _ = _room()
    now = 10_000.0
    _sync(room, 0, now, 1.0)
    _sync(room, 1, now, 4.0)
    room.intent(0, now - 1.0, now, "ann")
    room.step(now)
    room.intent(1, now - 3.0, now + 1.0, "bob")  # pressed at now - 3, 4 ms up
    room.step(now + 1.0)
    room.step(now + 8.0)
    assert [intent for _, intent, _ in table.got] == ["bob", "ann"]


def _ann_waits_for_bob(now: float) -> tuple[Room, _Table, _Recorded, int]:
    """Both lines measured, a scheduled ping out to Bob, Ann's intent in at ``now``:
    the room, its table, its queue, and the ping's id."""
    room, table, queue = _room()
    for seat in (0, 1):
        _sync(room, seat, now, 1.0)
    ping = json.loads(room.ping(1, now - 0.5))["id"]
    room.intent(0, now - 1.0, now, "ann")
    room.step(now)
    return room, table, queue, ping


def test_an_answer_shows_nothing_earlier_than_its_ping_whatever_its_stamp_says() -> None:
    """Bob's clock estimate (off, as on a line whose two directions changed) puts his
    answer before the ping it answers left: it still answers that ping, so what he
    sends next he sends later. His next intent is credited no earlier than the ping."""
    room, table, queue, ping = _ann_waits_for_bob(now := 10_000.0)
    room.pong(1, ping, now - 5.0, now - 5.0, now + 0.5)  # "answered" at now - 5
    room.step(now + 2.0)
    assert [intent for _, intent, _ in table.got] == ["ann"]
    room.intent(1, now - 4.0, now + 3.0, "bob")
    assert queue.credited["bob"] >= now - 0.5


def test_an_intent_is_never_credited_before_what_its_senders_earlier_frames_showed() -> None:
    """Bob's second intent is stamped before his first (a clock that went back, or a
    lie): it is credited no earlier than the first, so it is never taken late."""
    room, _, queue, _ = _ann_waits_for_bob(now := 10_000.0)
    room.intent(1, now + 1.5, now + 2.0, "bob 1")
    room.intent(1, now + 1.2, now + 2.1, "bob 2")
    assert queue.credited["bob 2"] == queue.credited["bob 1"] == now + 1.5


def test_a_seat_that_stops_answering_holds_nothing_back() -> None:
    """A ping two seconds without an answer and Bob's allowance is 0: Ann's intent is
    applied at once, and Bob's own presses are credited nothing."""
    room, table, queue = _room()
    now = 10_000.0
    for seat in (0, 1):
        _sync(room, seat, now, 20.0)
    room.ping(1, now + 500.0)  # never answered
    later = now + 3_000.0
    assert room.allowance(1, later) == 0.0
    room.intent(0, later - 1.0, later, "ann")
    room.step(later)
    assert [intent for _, intent, _ in table.got] == ["ann"]
    room.intent(1, later - 15.0, later + 1.0, "bob")
    assert queue.credited["bob"] == later + 1.0


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    delays=st.tuples(st.floats(0.1, 40.0), st.floats(0.1, 40.0)),
    jitters=st.tuples(st.floats(0.0, 5.0), st.floats(0.0, 5.0)),
)
@pytest.mark.slow
def test_every_intent_reaches_the_table_at_its_credited_time_in_credited_order(
    seed: int, delays: tuple[float, float], jitters: tuple[float, float]
) -> None:
    """Two honest players on lines of random delay and jitter (each direction drawn
    apart, so the clock estimates move), pressing at random, the room pinging once a
    second and never on an intent: no intent is ever taken late (at the table's present
    instead of its credited time), and they reach the table in credited order."""
    rng = random.Random(seed)
    room, table, queue = _room()
    events: list[tuple[float, int, str, tuple[Any, ...]]] = []
    order = 0
    last_up = [0.0, 0.0]
    last_down = [0.0, 0.0]

    def up(seat: int, sent: float, kind: str, *data: Any) -> None:
        nonlocal order
        arrival = max(last_up[seat], sent + delays[seat] + rng.uniform(0, jitters[seat]))
        last_up[seat] = arrival
        order += 1
        heapq.heappush(events, (arrival, order, kind, (seat, sent, *data)))

    def deliver(now: float, outbox: list[tuple[int, str]]) -> None:
        for seat, ping_id in _pings(outbox):
            got = max(last_down[seat], now + delays[seat] + rng.uniform(0, jitters[seat]))
            last_down[seat] = got
            up(seat, got, "pong", ping_id)

    for t in range(0, 60_000, 1000):  # the server's pings
        order += 1
        heapq.heappush(events, (float(t), order, "tick", ()))
    for n in range(40):  # the presses, from 10 s on
        seat = rng.randrange(2)
        up(seat, 10_000 + rng.uniform(0, 40_000), "intent", f"{seat}:{n}")
    now = 0.0
    while events:
        now, _, kind, data = heapq.heappop(events)
        if kind == "tick":
            deliver(now, [(s, room.ping(s, now)) for s in (0, 1)])
        elif kind == "pong":
            seat, sent, ping_id = data
            room.pong(seat, ping_id, sent, sent, now)
        elif kind == "intent":
            seat, sent, text = data
            room.intent(seat, sent, now, text)
        deliver(now, room.step(now))
        due = room.wake_at()
        if due is not None and due > now:
            order += 1
            heapq.heappush(events, (due, order, "wake", ()))
    deliver(now, room.step(now + 1000))
    assert len(table.got) == 40
    times = [queue.credited[text] for _, text, _ in table.got]
    assert times == sorted(times)
    assert [at for _, _, at in table.got] == [int(t) for t in times]


class _Ending(_Table):
    """A ``_Table`` that ends when told, and keeps where its replay reads the lag."""

    def __init__(self) -> None:
        super().__init__()
        self.lag_source: Any = None

    def lag_from(self, source: Any) -> None:
        self.lag_source = source

    def result(self) -> tuple[int, str]:
        return 0, "cards"


def test_what_was_not_credited_is_logged_and_handed_to_the_replay(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Bob's press 40 ms before his measured line allows is credited nothing, his press
    stamped 5 s early is refused: both are counted for the game, logged when it ends,
    and what the table's replay writes in its closing line."""
    table = _Ending()
    room = Room("R00-M01-AAA", lambda names: table, game="spit")
    room.sit("Ann", 0)
    room.sit("Bob", 0)
    room.step(0)
    now = 10_000.0
    for seat in (0, 1):
        _sync(room, seat, now, 5.0)
    assert room.intent(1, now - 5.0 - 40.0 - 1, now, "early") is Verdict.DISAGREED
    assert room.intent(1, now - 5_000.0, now + 1, "stale") is Verdict.REFUSED
    assert room.intent(1, now + 10 - 5.0, now + 10, "fine") is Verdict.CREDITED
    table.finished = True
    with caplog.at_level(logging.INFO, logger="spit.net.room"):
        room.step(now + 20)
    assert table.lag_source is not None
    assert table.lag_source() == [
        {"uncredited_ms": 0, "disagreed": 0, "refused": 0},
        {"uncredited_ms": 5, "disagreed": 1, "refused": 1},
    ]
    assert (
        "uncredited lag Ann: 0 ms" in caplog.text and "Bob: 5 ms, 1 claims disagreed" in caplog.text
    )


def test_pings_are_dense_until_both_lines_are_settled() -> None:
    """Once a second while a line is young, every few seconds once both are settled."""
    room, _, _ = _room()
    dense = room.limits.ping_interval_s * 1000
    settled = room.limits.settled_ping_interval_s * 1000
    assert room.ping_interval_ms() == dense
    now = 10_000.0
    _sync(room, 0, now, 1.0)
    assert room.ping_interval_ms() == dense  # Bob's line is not measured yet
    _sync(room, 1, now, 5.0)
    assert room.ping_interval_ms() == settled


def test_a_player_back_on_a_new_line_is_pinged_within_a_dense_interval() -> None:
    room, _, _ = _room()
    now = 10_000.0
    _sync(room, 0, now, 1.0)
    _sync(room, 1, now, 5.0)
    room.pings_due = now + room.ping_interval_ms()
    room.drop(1, now + 10.0)
    room.rejoin(1, now + 20.0)
    assert room.pings_due == now + 20.0 + room.limits.ping_interval_s * 1000
    assert room.ping_interval_ms() == room.limits.ping_interval_s * 1000


def test_a_settled_line_that_leaves_a_ping_unanswered_is_credited_nothing() -> None:
    """Sparse pings do not stretch the decay: two dense intervals after a ping left
    unanswered, the chair's allowance is 0, however recent its last answer was."""
    room, _, _ = _room()
    now = 10_000.0
    _sync(room, 0, now, 1.0)
    _sync(room, 1, now, 5.0)
    assert room.allowance(1, now + 3000.0) == 5.0  # between settled pings
    room.ping(1, now + 3000.0)
    stale = 2 * room.limits.ping_interval_s * 1000
    assert room.allowance(1, now + 3000.0 + stale) == 5.0
    assert room.allowance(1, now + 3000.0 + stale + 1) == 0.0


def test_a_later_ping_left_unanswered_still_makes_the_line_stale() -> None:
    """Two pings out, the first answered: the second's wait runs from when it left."""
    room, _, _ = _room()
    now = 10_000.0
    _sync(room, 0, now, 1.0)
    _sync(room, 1, now, 5.0)
    first = json.loads(room.ping(1, now))["id"]
    room.ping(1, now + 1000.0)  # never answered
    room.pong(1, first, now + 1005.0, now + 1005.0, now + 1010.0)  # a late answer
    stale = 2 * room.limits.ping_interval_s * 1000
    assert room.allowance(1, now + 1000.0 + stale) > 0.0
    assert room.allowance(1, now + 1000.0 + stale + 1) == 0.0
