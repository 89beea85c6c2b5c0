"""Opening a replay leaves Python's cycle collector as it found it, on or off, and
when opening fails: the viewer does no collector tuning of its own (only the
simulator's and the server's entry points do)."""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator
from pathlib import Path

import pytest

from spit.games.spit.timeline import NotViewable, open_timeline

GOLDEN = Path(__file__).resolve().parents[2] / "replay" / "golden"


@pytest.fixture
def collector_restored() -> Iterator[None]:
    was_on = gc.isenabled()
    yield
    if was_on:
        gc.enable()
    else:
        gc.disable()


@pytest.mark.parametrize("on", [True, False])
@pytest.mark.parametrize(
    "name",
    [
        "hostile_stalls.spit.jsonl",
        "standard_finished.spit.jsonl",
        "spades_finished.spades.jsonl",
        "missing.spit.jsonl",
    ],
)
def test_opening_leaves_the_collector_as_it_was(
    collector_restored: None, on: bool, name: str
) -> None:
    if on:
        gc.enable()
    else:
        gc.disable()
    with contextlib.suppress(NotViewable):
        open_timeline(GOLDEN / name)
    assert gc.isenabled() is on
