"""spit.core.dates: every time from outside becomes a datetime all of whose conversions
work, or None; never an exception."""

from __future__ import annotations

import os
from datetime import UTC, datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spit.core.dates import EARLIEST, LATEST, clamped_timestamp, from_iso, from_timestamp


def usable(moment: datetime) -> None:
    """Every conversion the program makes of a time works on ``moment``."""
    moment.timestamp()
    moment.astimezone(UTC).isoformat()
    f"{moment.astimezone():%Y-%m-%d %H:%M}"


@pytest.mark.parametrize(
    "seconds", [1e20, -1e20, 253_402_300_800, -62_135_596_800, float("nan"), float("inf")]
)
def test_a_timestamp_out_of_range_is_none(seconds: float) -> None:
    assert from_timestamp(seconds) is None
    usable(clamped_timestamp(seconds))


def test_a_timestamp_in_range_is_local_time() -> None:
    moment = from_timestamp(1_700_000_000)
    assert moment is not None and moment == datetime.fromtimestamp(1_700_000_000, UTC)
    assert moment.utcoffset() == datetime.fromtimestamp(1_700_000_000).astimezone().utcoffset()


def test_the_far_future_is_clamped_to_the_latest_time() -> None:
    assert clamped_timestamp(1e20) == LATEST
    assert clamped_timestamp(-1e20) == EARLIEST
    assert clamped_timestamp(float("nan")) == LATEST


@pytest.mark.parametrize(
    "text",
    [
        "0001-01-01T00:00:00+01:00",  # UTC cannot hold it
        "9999-12-31T23:59:59-01:00",
        "0001-01-01T00:00:00",
        "not a time",
        "",
        "2026-13-01T00:00:00",
    ],
)
def test_an_iso_time_that_cannot_be_placed_is_none(text: str) -> None:
    assert from_iso(text) is None


def test_an_iso_time_is_kept_as_written() -> None:
    moment = from_iso("2026-03-01T12:00:00+01:00")
    assert moment is not None and moment.isoformat() == "2026-03-01T12:00:00+01:00"


@given(st.text(max_size=40))
def test_any_text_is_a_usable_time_or_none(text: str) -> None:
    moment = from_iso(text)
    if moment is not None:
        usable(moment)


@given(st.floats(allow_nan=True, allow_infinity=True))
def test_any_number_is_a_usable_time_or_none(seconds: float) -> None:
    moment = from_timestamp(seconds)
    if moment is not None:
        usable(moment)
    usable(clamped_timestamp(seconds))


def test_a_file_time_past_the_year_9999() -> None:
    from tests.stats.games import FAR_FUTURE_NS, far_future_folder

    with far_future_folder() as folder:
        path = folder / "f"
        path.write_text("")
        os.utime(path, ns=(FAR_FUTURE_NS, FAR_FUTURE_NS))
        seconds = path.stat().st_mtime
    assert from_timestamp(seconds) is None
    assert clamped_timestamp(seconds) == LATEST
