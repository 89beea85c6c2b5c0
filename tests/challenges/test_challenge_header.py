"""The header's ``challenge``: written and read back; old files read without one; a
kind of a newer version reads as an ordinary game; hostile values are refused with a
message naming what is wrong."""

from __future__ import annotations

import json
from datetime import date
from typing import Any

import pytest

from spit.core.replay.challenge import Challenge, read_challenge
from spit.core.replay.fields import FormatError


@pytest.mark.parametrize("challenge", [Challenge.daily(date(2026, 12, 2)), Challenge.ladder(12)])
def test_a_challenge_reads_back_as_written(challenge: Challenge) -> None:
    written = json.loads(json.dumps({"challenge": challenge.to_json()}))
    assert read_challenge(written) == challenge


def test_old_files_and_newer_kinds_read_as_ordinary_games() -> None:
    assert read_challenge({}) is None
    assert read_challenge({"challenge": {"kind": "weekly", "week": 3}}) is None


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("daily", "must be a JSON object"),
        ({}, "'kind' is missing"),
        ({"kind": 3}, "must be a string"),
        ({"kind": "daily"}, "'date' is missing"),
        ({"kind": "daily", "date": "2026-13-01"}, "no such day"),
        ({"kind": "daily", "date": "\x1b[2J"}, "YYYY-MM-DD"),
        ({"kind": "daily", "date": 20261202}, "YYYY-MM-DD"),
        ({"kind": "ladder", "step": -1}, "'step': Expected `int`"),
        ({"kind": "ladder", "step": 10**9}, "'step': Expected `int`"),
        ({"kind": "ladder", "step": True}, "'step': Expected `int`"),
        ({"kind": "ladder", "step": "3"}, "'step': Expected `int`"),
    ],
)
def test_hostile_challenges_are_refused(value: Any, message: str) -> None:
    with pytest.raises(FormatError, match=message) as refused:
        read_challenge({"challenge": value})
    assert "\x1b" not in str(refused.value)
