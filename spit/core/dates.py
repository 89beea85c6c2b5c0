"""Times read from outside (file modification times, ``created`` in a replay header),
made into datetimes without ever raising.

A file system can hold a modification time ``datetime`` cannot (tmpfs, btrfs and XFS
store years past 9999), and a header's ``created`` is whatever its writer put there.
``datetime.fromtimestamp`` and ``fromisoformat`` raise ``ValueError``,
``OverflowError`` or ``OSError`` for such values, and a value that parses can still
fail later, when it is turned into UTC, local time or a timestamp (``0001-01-01`` with
a positive offset). So every place that makes a date from outside goes through here,
and gets either a time that all of these work on, or ``None`` (or, for a list that
must place every file, the nearest such time: ``clamped_timestamp``).
"""

from __future__ import annotations

import math
from datetime import UTC, date, datetime, timedelta
from typing import Final

_MARGIN: Final = timedelta(days=2)
"""Room for any UTC offset (at most a day) on either side, so that a time within the
limits can be shown in every time zone."""
EARLIEST: Final = datetime.min.replace(tzinfo=UTC) + _MARGIN
LATEST: Final = datetime.max.replace(tzinfo=UTC) - _MARGIN


def from_timestamp(seconds: float) -> datetime | None:
    """The POSIX time ``seconds`` as an aware datetime in local time; ``None`` when no
    datetime can hold it (or it is not a number)."""
    if not math.isfinite(seconds):
        return None
    try:
        return _placeable(datetime.fromtimestamp(seconds, UTC))
    except (ValueError, OverflowError, OSError):
        return None


def clamped_timestamp(seconds: float) -> datetime:
    """``from_timestamp``, with a time out of range moved to the nearest one in range
    (``LATEST`` for a time in the far future or not a number): for a list that sorts
    files by time and must show every file."""
    found = from_timestamp(seconds)
    if found is not None:
        return found
    return (EARLIEST if seconds < 0 else LATEST).astimezone()


def from_iso(text: str) -> datetime | None:
    """The ISO 8601 time in ``text`` as written (with its own UTC offset; local time if
    it has none), if a timestamp, UTC and local time can all be had of it; ``None``
    otherwise."""
    try:
        parsed = datetime.fromisoformat(text)
    except (ValueError, TypeError):
        return None
    try:
        _placeable(parsed)
    except (ValueError, OverflowError, OSError):
        return None
    return parsed


def _placeable(moment: datetime) -> datetime:
    """``moment`` in local time, after checking that it is within the limits. Raises
    ``ValueError``, ``OverflowError`` or ``OSError`` otherwise."""
    moment.timestamp()
    in_utc = moment.astimezone(UTC)
    if not EARLIEST <= in_utc <= LATEST:
        raise ValueError("out of range")
    return in_utc.astimezone()


def utc_today(now: datetime | None = None) -> date:
    """The UTC date at ``now`` (an aware time; default: this moment)."""
    return (now or datetime.now(UTC)).astimezone(UTC).date()


def playable_day(text: str, today: date) -> date:
    """The day ``text`` names (``YYYY-MM-DD``), if its deal may be played ``today``.
    Raises ``ValueError`` with a message fit for the user for a date that is not one,
    or one still to come (nobody may practise tomorrow's deal of a day)."""
    from spit.core.replay.challenge import parse_day

    day = parse_day(text)
    if day > today:
        raise ValueError(
            f"the deal of {day.isoformat()} is not out yet (today is {today.isoformat()} in UTC)"
        )
    return day
