"""The work a replay costs grows with the file, never with the game time it claims.

The hostile files of ``benchmarks/replay_hostile.py`` hold nothing but deal lines, and
every round stalls at once: 37 timers a round, each as long as the file likes. The same
deals with countdowns of a second or of ten minutes must cost the same work to check,
to walk for the statistics and to work out for the viewer, counted in timers run,
moments, events and snapshots (never in seconds: tests are not timed). A run of stalls
is one step, one moment, one entry and one mark, so each costs a few a round, not a
few an automatic spit. One of them is in the golden set, ``hostile_stalls.spit.jsonl``.
"""

from __future__ import annotations

import importlib.util
import sys
from bisect import bisect_right
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from spit.engine.timers import CountdownTick, StallRun, Timing
from spit.games.spit.game import Session
from spit.games.spit.replay import load_replay, parse_replay, verify
from spit.games.spit.timeline import START, Position, build_timeline
from spit.stats.walk import moments
from spit.tui.shared.cards import CardPainter
from spit.tui.spit.viewer.playback import Playback

from .goldens import GOLDEN

BENCHMARK = Path(__file__).resolve().parents[2] / "benchmarks" / "replay_hostile.py"
TIMINGS = (1000, 15_000, 600_000)
"""Every countdown, slap window and round pause, in ms."""
ROUNDS = 4


def _benchmark() -> ModuleType:
    spec = importlib.util.spec_from_file_location("replay_hostile", BENCHMARK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("replay_hostile", module)
    spec.loader.exec_module(module)
    return module


hostile = _benchmark()


def hostile_file(each: int, rounds: int = ROUNDS) -> bytes:
    timing = Timing(each, each, each, each, 750)
    return "".join(line + "\n" for line in hostile.hostile_lines(rounds, timing)).encode()


@pytest.fixture
def timers(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """The times of every timer the matches run (``Session._run_due``)."""
    seen: list[int] = []
    run_due = Session._run_due

    def counted(self: Session, t: int, horizon: int) -> None:
        seen.append(t)
        run_due(self, t, horizon)

    monkeypatch.setattr(Session, "_run_due", counted)
    yield seen


def test_the_golden_hostile_file_is_the_generated_one() -> None:
    path = GOLDEN / "hostile_stalls.spit.jsonl"
    assert path.read_bytes() == "".join(f"{line}\n" for line in hostile.hostile_lines(6)).encode()
    result = verify(load_replay(path))
    assert result.valid and result.rounds == 6
    assert result.duration_ms == 5 * 37 * 600_000  # the last deal line


def test_checking_costs_the_same_timers_whatever_the_countdowns_last(timers: list[int]) -> None:
    counts = []
    for each in TIMINGS:
        data = hostile_file(each)  # (writing it runs a match too)
        timers.clear()
        result = verify(parse_replay(data))
        assert result.valid and result.rounds == ROUNDS
        counts.append(len(timers))
    assert counts[0] == counts[1] == counts[2]
    # Per round: the start countdown's spit, the 33 stalls after it as one step
    # (spit.engine.stall_spits), the last stall's spit and the next deal.
    assert counts[0] <= 4 * ROUNDS


@pytest.mark.parametrize("rounds", [2, 8, 32])
def test_checking_costs_timers_in_proportion_to_the_deal_lines(
    timers: list[int], rounds: int
) -> None:
    data = hostile_file(600_000, rounds=rounds)
    timers.clear()
    assert verify(parse_replay(data)).valid
    assert len(timers) <= 4 * (rounds - 1)  # the file stops at its last deal


def test_the_statistics_walk_has_as_many_moments_whatever_the_countdowns_last() -> None:
    counts = {each: sum(1 for _ in moments(parse_replay(hostile_file(each)))) for each in TIMINGS}
    assert len(set(counts.values())) == 1
    # A round: the deal, the first spit, the run of stalls, the last spit.
    assert counts[600_000] <= 4 * ROUNDS + 1


@pytest.mark.parametrize("rounds", [2, 8, 32])
def test_the_statistics_walk_takes_a_few_steps_a_round(timers: list[int], rounds: int) -> None:
    replay = parse_replay(hostile_file(600_000, rounds=rounds))
    timers.clear()
    walked = list(moments(replay))
    runs = [e.event for m in walked for e in m.events if isinstance(e.event, StallRun)]
    assert len(runs) == rounds - 1 and all(run.steps == 33 for run in runs)
    assert len(walked) <= 4 * rounds + 1
    assert len(timers) <= 5 * (rounds - 1)  # the file stops at its last deal


@pytest.mark.parametrize("rounds", [2, 8, 32])
def test_the_viewer_keeps_a_few_entries_and_marks_a_round(rounds: int) -> None:
    """A round of 36 automatic spits is 7 entries (deal, first spit and stall, the run,
    the last spit, the end of the round and its outcome) and 4 marks."""
    timeline = build_timeline(parse_replay(hostile_file(600_000, rounds=rounds)), finished=False)
    assert len(timeline.events.kept) <= 7 * rounds
    assert timeline.marks.entries <= 4 * rounds
    assert len(timeline.snapshots) == 1  # fewer than SNAPSHOT_EVENTS entries
    # Read one spit at a time, as before: every spit and its stall, every spit a mark.
    assert len(timeline.events) >= 70 * (rounds - 1)
    assert len(timeline.marks) >= 36 * (rounds - 1)


def test_the_viewer_keeps_as_many_events_whatever_the_countdowns_last() -> None:
    built = [build_timeline(parse_replay(hostile_file(each)), finished=False) for each in TIMINGS]
    assert len({len(timeline.events) for timeline in built}) == 1
    assert len({len(timeline.events.kept) for timeline in built}) == 1
    assert len({timeline.marks.entries for timeline in built}) == 1
    assert len(built[0].events) <= 4 * 37 * ROUNDS  # a few an automatic spit, when read
    assert not any(isinstance(e.event, CountdownTick) for t in built for e in t.events)


def test_the_viewer_snapshots_after_a_bounded_number_of_entries_without_inputs() -> None:
    replay = parse_replay(hostile_file(600_000, rounds=48))
    timeline = build_timeline(replay, finished=False, every_events=50)
    assert not timeline.inputs
    assert timeline.snapshots[0].at == START
    # Entries from each snapshot to the next (or to the end): what a seek re-simulates.
    ends = timeline.events.kept_ends
    starts = [bisect_right(ends, s.at) for s in timeline.snapshots]
    gaps = [b - a for a, b in zip(starts, [*starts[1:], len(ends)], strict=True)]
    assert len(timeline.snapshots) >= len(ends) // 60
    assert max(gaps) <= 50 + 7  # the limit, and at most what one line sets off


@pytest.mark.parametrize(
    ("t", "seconds"), [(0, "600"), (1, "600"), (999, "600"), (1000, "599"), (599_001, "1")]
)
def test_the_viewer_works_the_countdown_out_from_the_deadline(t: int, seconds: str) -> None:
    timeline = build_timeline(parse_replay(hostile_file(600_000)), finished=False)
    playback = Playback(timeline, CardPainter())
    playback.go_to(Position(0, t))
    assert playback.view().centre.big == seconds
    playback.go_to(START)
    assert playback.view().centre.big == "600"
