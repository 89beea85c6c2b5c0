"""Racing intents ordered by when they were sent, within physics (``spit.net.fairness``)."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from spit.net.clock_sync import SILENCE_MS, STALE_MS, ClockSync
from spit.net.fairness import (
    JITTER_CAP_MS,
    PLAUSIBLE_AFTER_MS,
    PLAUSIBLE_BEFORE_MS,
    QUOTA_GAIN_PER_S,
    QUOTA_MAX_MS,
    TOLERANCE_FLOOR_MS,
    FairQueue,
    LagQuota,
    Verdict,
    credit,
    tolerance,
)


def _credit(claimed: float, arrival: float = 1000.0, allowance: float = 30.0) -> float:
    return credit(claimed, arrival, allowance=allowance, one_way=30.0, jitter=0.0).credited


def test_a_claim_is_taken_when_the_measured_line_allows_it() -> None:
    assert _credit(980.0) == 980.0


def test_a_claim_a_little_earlier_than_the_line_allows_is_cut_back_to_it() -> None:
    found = credit(965.0, 1000.0, allowance=30.0, one_way=30.0, jitter=0.0)
    assert found.credited == 970.0 and found.verdict is Verdict.CREDITED
    assert found.uncredited == 0.0


def test_a_claim_that_disagrees_with_the_measured_line_is_credited_nothing() -> None:
    found = credit(
        1000.0 - 30.0 - tolerance(30.0, 0.0) - 1, 1000.0, allowance=30.0, one_way=30.0, jitter=0.0
    )
    assert found.credited == 1000.0 and found.verdict is Verdict.DISAGREED
    assert found.uncredited == 30.0


def test_a_claim_after_the_arrival_counts_as_the_arrival() -> None:
    assert _credit(1005.0) == 1000.0


def test_a_claim_outside_the_plausible_window_is_refused() -> None:
    for claimed in (1000.0 - PLAUSIBLE_BEFORE_MS - 1, 1000.0 + PLAUSIBLE_AFTER_MS + 1):
        found = credit(claimed, 1000.0, allowance=30.0, one_way=30.0, jitter=0.0)
        assert found.verdict is Verdict.REFUSED


def test_the_quota_bounds_the_credit_and_what_it_withheld_is_counted() -> None:
    found = credit(970.0, 1000.0, allowance=10.0, one_way=30.0, jitter=0.0)
    assert found.credited == 990.0 and found.uncredited == 20.0


def test_the_tolerance_is_an_honest_estimates_error_and_no_more() -> None:
    """The floor, the jitter (capped: late answers to pings cannot widen it much), and
    the round trip (an asymmetric line's honest error)."""
    assert tolerance(0.0, 0.0) == TOLERANCE_FLOOR_MS
    assert tolerance(0.0, 20.0) == TOLERANCE_FLOOR_MS + 20.0
    assert tolerance(0.0, 400.0) == TOLERANCE_FLOOR_MS + JITTER_CAP_MS
    assert tolerance(30.0, 0.0) == TOLERANCE_FLOOR_MS + 60.0


@given(
    claimed=st.floats(-5000, 5000),
    arrival=st.floats(0, 1000),
    allowance=st.floats(0, QUOTA_MAX_MS),
    one_way=st.floats(0, 400),
    jitter=st.floats(0, 400),
)
def test_no_claim_is_credited_before_its_allowance_or_after_its_arrival(
    claimed: float, arrival: float, allowance: float, one_way: float, jitter: float
) -> None:
    """Whatever a client stamps, the credit lies between its arrival less the
    allowance and its arrival; a backdated stamp gains nothing over ``lower``."""
    found = credit(claimed, arrival, allowance=allowance, one_way=one_way, jitter=jitter)
    assert arrival - allowance <= found.credited <= arrival
    assert 0.0 <= found.uncredited <= max(one_way, 0.0)
    if found.verdict is Verdict.CREDITED:
        assert found.credited == max(claimed, arrival - allowance)


def test_the_quota_starts_full_is_spent_and_fills_with_time() -> None:
    quota = LagQuota()
    assert quota.available(0.0) == QUOTA_MAX_MS
    quota.spend(200.0, 1000.0)
    assert quota.available(1000.0) == QUOTA_MAX_MS - 200.0
    assert quota.available(2000.0) == QUOTA_MAX_MS - 200.0 + QUOTA_GAIN_PER_S
    assert quota.available(60_000.0) == QUOTA_MAX_MS


@given(st.lists(st.tuples(st.floats(0, 500), st.floats(0, 2000)), max_size=50))
def test_the_quota_never_gives_more_than_its_cap_and_its_gain(
    presses: list[tuple[float, float]],
) -> None:
    """However a client presses (how much it asks, how often), what it is given over
    a time ``T`` is at most the cap and ``QUOTA_GAIN_PER_S`` for each second of ``T``:
    presses cannot buy credit."""
    quota = LagQuota()
    now = given_total = 0.0
    for asked, gap in presses:
        now += gap
        given = min(asked, quota.available(now))
        quota.spend(given, now)
        given_total += given
        assert 0.0 <= quota.available(now) <= QUOTA_MAX_MS
    assert given_total <= QUOTA_MAX_MS + now / 1000.0 * QUOTA_GAIN_PER_S + 1e-6


def test_a_line_that_stops_answering_pings_is_credited_nothing() -> None:
    sync = ClockSync()
    for i in range(8):
        s0 = 1000.0 * i
        sync.asked(s0)
        sync.add(s0, s0 + 20, s0 + 20, s0 + 40)
    assert sync.one_way(7040.0) == 20.0
    sync.asked(8000.0)  # never answered
    assert sync.one_way(8000.0 + STALE_MS) == 20.0
    assert sync.one_way(8000.0 + STALE_MS + 1) == 0.0
    assert ClockSync().one_way(0.0) == 0.0  # never answered: never credited


def test_a_line_not_asked_is_credited_only_within_the_silence() -> None:
    """Between settled pings the estimate holds; with no answer at all for
    ``SILENCE_MS`` (a ping the server never noted) it reads 0 all the same."""
    sync = ClockSync()
    sync.asked(0.0)
    sync.add(0.0, 20.0, 20.0, 40.0)
    assert sync.asked_at is None
    assert sync.one_way(40.0 + SILENCE_MS) == 20.0
    assert sync.one_way(40.0 + SILENCE_MS + 1) == 0.0


def test_answering_an_older_ping_leaves_a_newer_one_waiting() -> None:
    sync = ClockSync()
    sync.asked(1000.0)
    sync.add(1000.0, 1010.0, 1010.0, 1020.0)
    sync.asked(2000.0)
    sync.add(500.0, 510.0, 510.0, 2100.0)  # a late answer to a ping before both
    assert sync.asked_at == 2000.0
    assert sync.one_way(2000.0 + STALE_MS + 1) == 0.0


def test_late_answers_raise_nothing_where_the_kernel_measured_the_line() -> None:
    """A client that answers pings 80 or 400 ms late and claims no think time: its
    pings show a long round trip, the kernel's figure (from its TCP acknowledgements)
    the real one, and the smaller is taken."""
    sync = ClockSync()
    for i in range(8):
        late = (80.0, 400.0)[i % 2]
        s0 = 1000.0 * i
        sync.add(s0, s0 + late, s0 + late, s0 + late + 0.3)
        sync.note_kernel(0.3)
    assert sync.ping_round_trip >= 80.0
    assert sync.one_way(7500.0) == 0.15


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
            s0 = now - 7000 + 1000 * i
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
        one_way = sync.one_way(now)
        found = credit(claimed, arrival, allowance=one_way, one_way=one_way, jitter=sync.jitter)
        credited.append(found.credited)
    return credited[0] < credited[1]


def test_with_fair_ordering_the_earlier_presser_wins_close_races() -> None:
    rng = random.Random(2026)
    gaps = [rng.uniform(10, 80.0) for _ in range(2000)]
    wins = sum(race(rng, fair=True, gap=gap) for gap in gaps)
    assert wins / len(gaps) >= 0.95


def test_with_arrival_order_the_short_connection_wins_them() -> None:
    rng = random.Random(2026)
    gaps = [rng.uniform(10, 80.0) for _ in range(2000)]
    wins = sum(race(rng, fair=False, gap=gap) for gap in gaps)
    assert wins / len(gaps) <= 0.05


def test_a_line_slower_one_way_than_the_other_costs_at_most_half_the_difference() -> None:
    """Pings cannot tell a line's two directions apart (NTP's limit): with 120 ms up and
    60 ms down the offset is off by 30 ms. Races decided by more than that still go to
    the earlier presser."""
    rng = random.Random(7)
    gaps = [rng.uniform(30 + 10, 80.0) for _ in range(2000)]
    wins = sum(race(rng, fair=True, gap=gap, slow_down=60.0) for gap in gaps)
    assert wins / len(gaps) >= 0.95
