"""The day's deal is the same everywhere for a date and differs between dates: pinned
values, so that a change of the derivation (which would deal friends on different
versions different cards) fails here, and a second process to show that nothing of
the process (``hash`` randomisation) enters it."""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import UTC, date, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spit.core.dates import playable_day, utc_today
from spit.engine import Variant
from spit.games.spit.daily import DAILY_LEVEL, daily_deal, share_line

PINNED = {
    date(2026, 12, 2): (414960918217404724, 5797324288805318488, Variant.STANDARD),
    date(2026, 12, 3): (1569051692240891066, 2871126574202973705, Variant.POINTS),
}


@pytest.mark.parametrize("day", PINNED)
def test_pinned_days_deal_what_they_always_dealt(day: date) -> None:
    deal = daily_deal(day)
    assert (deal.deal_seed, deal.bot_seed, deal.variant) == PINNED[day]
    assert deal.level == DAILY_LEVEL == "normal"
    assert deal.challenge.to_json() == {"kind": "daily", "date": day.isoformat()}


def test_another_process_deals_the_same() -> None:
    script = (
        "import json, datetime; from spit.games.spit.daily import daily_deal; "
        "d = daily_deal(datetime.date(2026, 12, 2)); "
        "print(json.dumps([d.deal_seed, d.bot_seed, d.variant.value]))"
    )
    out = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONHASHSEED": "12345", "PATH": "", "PYTHONPATH": ":".join(sys.path)},
    )
    deal = daily_deal(date(2026, 12, 2))
    assert json.loads(out.stdout) == [deal.deal_seed, deal.bot_seed, deal.variant.value]


@given(st.dates(min_value=date(2000, 1, 1), max_value=date(2200, 1, 1)))
def test_the_next_day_deals_other_cards_and_another_bot(day: date) -> None:
    today, tomorrow = daily_deal(day), daily_deal(day + timedelta(days=1))
    assert today.deal_seed != tomorrow.deal_seed and today.bot_seed != tomorrow.bot_seed
    assert today.deal_seed != today.bot_seed


def test_the_utc_date_decides_not_the_local_one() -> None:
    late = datetime(2026, 12, 2, 23, 30, tzinfo=UTC).astimezone()
    assert utc_today(late) == date(2026, 12, 2)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("bad", "YYYY-MM-DD"),
        ("20261202", "YYYY-MM-DD"),
        ("2026-02-30", "no such day"),
        ("٢٠٢٦-12-01", "YYYY-MM-DD"),
        ("2026-12-03", "not out yet"),
    ],
)
def test_a_day_that_cannot_be_played_is_refused(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        playable_day(text, date(2026, 12, 2))


def test_past_days_and_today_can_be_played() -> None:
    assert playable_day("2026-12-02", date(2026, 12, 2)) == date(2026, 12, 2)
    assert playable_day("2020-01-01", date(2026, 12, 2)) == date(2020, 1, 1)


def test_the_share_line_says_the_result_and_nothing_of_the_cards() -> None:
    day = date(2026, 12, 2)
    line = share_line(day, True, 221_400, 4, 5)
    assert line == "spit-tui daily 2026-12-02: won in 3:41, 4 rounds (streak 5)"
    assert (
        share_line(day, False, 59_999, 1, 0) == "spit-tui daily 2026-12-02: lost in 0:59, 1 round"
    )
