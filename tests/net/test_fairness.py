"""Racing intents ordered by when they were sent, within physics (``spit.net.fairness``)."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from spit.net.clock_sync import ClockSync
from spit.net.fairness import (
    JITTER_MARGIN_MS,
    MAX_WINDOW_MS,
    FairQueue,
    credit,
    window,
)


def test_a_claim_is_taken_when_physics_allows_it() -> None:
    assert credit(claimed=980.0, arrival=1000.0, one_way=30.0, jitter=0.0) == 980.0


def test_a_claim_earlier_than_the_connection_allows_is_cut_back() -> None:
    earliest = 1000.0 - 30.0 - 2.0 - JITTER_MARGIN_MS
    assert credit(claimed=0.0, arrival=1000.0, one_way=30.0, jitter=2.0) == earliest


def test_a_claim_after_the_arrival_counts_as_the_arrival() -> None:
    assert credit(claimed=5000.0, arrival=1000.0, one_way=30.0, jitter=0.0) == 1000.0


def test_the_window_covers_the_slowest_player_and_is_capped() -> None:
    assert window((5.0, 60.0), (1.0, 3.0)) == 60.0 + 3.0 + JITTER_MARGIN_MS
    assert window((5.0, 400.0), (0.0, 0.0)) == MAX_WINDOW_MS
    assert window((), ()) == 0.0


def test_the_queue_releases_in_credited_order_once_due() -> None:
    queue: FairQueue[str] = FairQueue()
    queue.push("late sender, fast line", 120.0)
    queue.push("early sender, slow line", 100.0)
    assert queue.release(99.0) == []
    assert queue.next_due() == 100.0
    assert queue.release(130.0) == [
        (100.0, "early sender, slow line"),
        (120.0, "late sender, fast line"),
    ]
    assert len(queue) == 0


def test_ties_keep_arrival_order_and_time_never_goes_back() -> None:
    queue: FairQueue[str] = FairQueue()
    queue.push("a", 50.0)
    queue.push("b", 50.0)
    assert [item for _, item in queue.release(50.0)] == ["a", "b"]
    queue.push("too late for its credit", 40.0)
    assert queue.release(60.0) == [(50.0, "too late for its credit")]


@given(st.lists(st.tuples(st.floats(0, 1e6), st.floats(0, 1e6)), max_size=60))
def test_released_times_never_decrease(pushes: list[tuple[float, float]]) -> None:
    queue: FairQueue[int] = FairQueue()
    times: list[float] = []
    for i, (credited, now) in enumerate(pushes):
        queue.push(i, credited)
        times.extend(at for at, _ in queue.release(now))
    times.extend(at for at, _ in queue.release(float("inf")))
    assert times == sorted(times)
    assert len(times) == len(pushes)


class Line:
    """One client's connection as the simulation sees it: a clock offset and delays
    drawn per message (base plus jitter, each direction its own)."""

    def __init__(self, rng: random.Random, up: float, down: float, jitter: float) -> None:
        self.rng = rng
        self.offset = rng.uniform(-1e6, 1e6)
        self.up, self.down, self.jitter = up, down, jitter

    def delay(self, base: float) -> float:
        return base + self.rng.uniform(0, self.jitter)

    def synced(self, now: float) -> ClockSync:
        sync = ClockSync()
        for i in range(8):
            s0 = now - 8000 + 1000 * i
            c1 = s0 + self.delay(self.up) + self.offset
            c2 = c1 + 0.1
            s3 = c2 - self.offset + self.delay(self.down)
            sync.add(s0, c1, c2, s3)
        return sync


def race(rng: random.Random, fair: bool, gap: float, slow_down: float = 120.0) -> bool:
    """One race: the player on the slow line (120 ms up, ``slow_down`` ms down) presses
    ``gap`` ms before the one on the fast line (5 ms each way), both with 2 ms of
    jitter. True if the earlier presser wins."""
    fast = Line(rng, up=5.0, down=5.0, jitter=2.0)
    slow = Line(rng, up=120.0, down=slow_down, jitter=2.0)
    now = 1e7
    press_slow, press_fast = now, now + gap
    arrivals = [
        (press_slow + slow.delay(slow.up), slow, press_slow),
        (press_fast + fast.delay(fast.up), fast, press_fast),
    ]
    credited = []
    for arrival, line, pressed in arrivals:
        if not fair:
            credited.append(arrival)
            continue
        sync = line.synced(now)
        claimed = sync.to_server(pressed + line.offset)
        credited.append(credit(claimed, arrival, sync.one_way, sync.jitter))
    return credited[0] < credited[1]


def test_with_fair_ordering_the_earlier_presser_wins_close_races() -> None:
    rng = random.Random(2026)
    gaps = [rng.uniform(JITTER_MARGIN_MS + 5, 80.0) for _ in range(2000)]
    wins = sum(race(rng, fair=True, gap=gap) for gap in gaps)
    assert wins / len(gaps) >= 0.95


def test_with_arrival_order_the_short_connection_wins_them() -> None:
    rng = random.Random(2026)
    gaps = [rng.uniform(JITTER_MARGIN_MS + 5, 80.0) for _ in range(2000)]
    wins = sum(race(rng, fair=False, gap=gap) for gap in gaps)
    assert wins / len(gaps) <= 0.05


def test_a_line_slower_one_way_than_the_other_costs_at_most_half_the_difference() -> None:
    """Pings cannot tell a line's two directions apart (NTP's limit): with 120 ms up and
    60 ms down the offset is off by 30 ms, and the bound on claims makes it 25 ms here.
    Races decided by more than that still go to the earlier presser."""
    rng = random.Random(7)
    gaps = [rng.uniform(30 + JITTER_MARGIN_MS + 5, 80.0) for _ in range(2000)]
    wins = sum(race(rng, fair=True, gap=gap, slow_down=60.0) for gap in gaps)
    assert wins / len(gaps) >= 0.95
