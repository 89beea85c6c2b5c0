"""The clock offset and latency estimate (``spit.net.clock_sync``)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spit.net.clock_sync import SETTLED_SAMPLES, ClockSync, sample


def exchange(s0: float, offset: float, up: float, down: float, think: float = 0.2):
    """The four stamps of one ping with the given one-way delays and client offset."""
    c1 = s0 + up + offset
    c2 = c1 + think
    s3 = c2 - offset + down
    return s0, c1, c2, s3


def test_a_symmetric_exchange_gives_the_exact_offset_and_delay() -> None:
    found = sample(*exchange(1000.0, offset=-5_000.0, up=20.0, down=20.0))
    assert found is not None
    assert found.offset == -5_000.0
    assert found.delay == 40.0


def test_the_smallest_delay_among_recent_samples_is_trusted() -> None:
    sync = ClockSync()
    for s0, extra in [(0, 30.0), (1000, 0.0), (2000, 55.0), (3000, 12.0)]:
        sync.add(*exchange(float(s0), offset=250.0, up=10.0 + extra, down=10.0))
    assert sync.round_trip == pytest.approx(20.2)  # the server's whole round trip
    assert sync.offset == 250.0
    assert sync.one_way(3100.0) == pytest.approx(10.1)
    assert sync.jitter == pytest.approx(55.0 / 2)
    assert sync.to_server(1250.0) == 1000.0


def test_the_latency_is_the_servers_whole_round_trip_not_less_the_claimed_think() -> None:
    """A client that answers 400 ms late and claims it thought for no time: the NTP
    delay would say 2 ms; the server timed 402 ms, and that is what counts."""
    sync = ClockSync()
    sync.add(0.0, 401.0, 401.0, 402.0)
    assert sync.round_trip == 402.0
    sync.note_kernel(2.0)  # the kernel saw the real line
    assert sync.round_trip == 2.0


def test_old_samples_leave_the_window() -> None:
    sync = ClockSync(window=3)
    sync.add(*exchange(0.0, offset=0.0, up=1.0, down=1.0))
    for i in range(1, 4):
        sync.add(*exchange(1000.0 * i, offset=0.0, up=40.0, down=40.0))
    assert sync.round_trip == pytest.approx(80.2)  # the fast one has gone: the line got slower


def test_impossible_stamps_are_refused() -> None:
    sync = ClockSync()
    assert not sync.add(0.0, 10.0, 5.0, 20.0)  # answered before it was asked
    assert not sync.add(100.0, 10.0, 11.0, 50.0)  # came back before it left
    assert not sync.add(0.0, 0.0, 100.0, 20.0)  # thought longer than the round trip
    assert not sync.ready
    assert sync.offset == 0.0 and sync.round_trip == 0.0 and sync.jitter == 0.0


@given(
    offset=st.floats(-1e9, 1e9),
    up=st.floats(0, 500),
    down=st.floats(0, 500),
    think=st.floats(0, 50),
)
def test_the_offset_error_is_at_most_half_the_delay(
    offset: float, up: float, down: float, think: float
) -> None:
    found = sample(*exchange(10_000.0, offset, up, down, think))
    assert found is not None
    assert abs(found.offset - offset) <= found.delay / 2 + 1e-3
    assert abs(found.delay - (up + down)) <= 1e-3


def test_a_line_is_settled_after_a_few_pings_and_stays_so_through_slow_answers() -> None:
    """Slow answers (a busy server reads its pongs late itself) do not make the pings
    dense again; the slower line is credited its old, shorter round trip meanwhile."""
    sync = ClockSync()
    for i in range(SETTLED_SAMPLES):
        assert not sync.settled
        sync.add(*exchange(1000.0 * i, offset=0.0, up=10.0, down=10.0))
    assert sync.settled
    for i in range(3):
        sync.add(*exchange(9000.0 + 4000 * i, offset=0.0, up=50.0, down=50.0))
    assert sync.settled
    assert sync.round_trip == pytest.approx(20.2)
