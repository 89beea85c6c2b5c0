"""A run of stalls kept as one entry reads, seeks and draws as its spits one at a time.

The viewer keeps a run of automatic spits as one ``StallRun`` (so a file of nothing
but stalls costs a few entries a round); the same replay worked out with every spit
an entry of its own (``stall_runs=False``, as a match spitting one card at a time) must
give the same events, positions, marks, captions, tables and bar, for the hostile
golden file, the other goldens and recorded games with runs in them (short stall
countdowns, none at all, and slow players).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from spit.engine.timers import StallRun
from spit.games.spit.replay import Replay, load_replay, verify
from spit.games.spit.timeline import Position, Timeline, build_timeline
from spit.tui.shared.cards import CardPainter
from spit.tui.spit.viewer.playback import Playback
from spit.tui.spit.viewer.timeline_bar import TimelineBar
from tests.replay.games import slow_game
from tests.replay.goldens import GOLDEN

GOLDENS = ("hostile_stalls", "standard_finished", "points_finished", "unfinished", "hand_written")
RECORDED = {
    "stall-100ms-seed-3": (3, 100),
    "stall-100ms-seed-8": (8, 100),
    "stall-1ms-seed-5": (5, 1),
    "stall-0ms-seed-6": (6, 0),
    "stall-2s-seed-4": (4, 2000),
}
"""Seed and stall countdown of recorded games between slow random players."""


@cache
def _recorded(directory: Path, seed: int, stall: int) -> Path:
    return slow_game(directory / f"seed-{seed}-stall-{stall}", seed, stall)


@pytest.fixture(params=[*GOLDENS, *RECORDED])
def replay(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Replay:
    name = request.param
    if name in RECORDED:
        return load_replay(_recorded(tmp_path_factory.getbasetemp(), *RECORDED[name]))
    return load_replay(GOLDEN / f"{name}.spit.jsonl")


def both(replay: Replay) -> tuple[Timeline, Timeline]:
    finished = verify(replay).finished
    runs = build_timeline(replay, finished=finished, every=10, every_events=40)
    each = build_timeline(replay, finished=finished, every=10, every_events=40, stall_runs=False)
    return runs, each


def positions(timeline: Timeline) -> list[Position]:
    """Every event's and mark's position, a millisecond either side, and every second."""
    seen = {p for p, _ in timeline.marks} | set(timeline.event_ends)
    around = {Position(p.inputs, p.t + d) for p in seen for d in (-1, 1) if p.t + d >= 0}
    seconds = {timeline.at_time(t) for t in range(0, timeline.end.t, 1000)}
    return sorted(p for p in seen | around | seconds if _possible(timeline, p))


def _possible(timeline: Timeline, p: Position) -> bool:
    """Not before the latest input handled, nor after the next one."""
    inputs = timeline.inputs
    after = p.inputs == 0 or inputs[p.inputs - 1].t <= p.t
    return after and (p.inputs == len(inputs) or p.t <= inputs[p.inputs].t) and p <= timeline.end


@pytest.mark.slow
def test_the_games_have_runs_of_stalls(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Or the comparisons below would compare little."""
    base = tmp_path_factory.getbasetemp()
    paths = [GOLDEN / "hostile_stalls.spit.jsonl"]
    paths += [_recorded(base, *RECORDED[name]) for name in RECORDED]
    kept = [both(load_replay(path))[0].events.kept for path in paths]
    runs = [sum(isinstance(e.event, StallRun) for e in entries) for entries in kept]
    assert runs[0] >= 5 and min(runs[1:]) >= 1 and sum(runs[1:]) >= 20, runs


def test_a_run_reads_as_its_spits_one_at_a_time(replay: Replay) -> None:
    runs, each = both(replay)
    assert len(runs.events) == len(each.events)
    assert list(runs.events) == list(each.events)
    assert list(runs.event_ends) == list(each.event_ends)
    assert list(runs.marks) == list(each.marks)
    assert runs.rounds == each.rounds
    assert runs.tried == each.tried
    assert (runs.end, runs.inputs) == (each.end, each.inputs)


@pytest.mark.slow
def test_positions_and_jumps_are_those_of_one_spit_at_a_time(replay: Replay) -> None:
    runs, each = both(replay)
    for p in positions(each):
        assert runs.events_before(p) == each.events_before(p), p
        assert runs.first_event_at(p.t) == each.first_event_at(p.t), p
        assert runs.mark_after(p) == each.mark_after(p), p
        assert runs.mark_before(p) == each.mark_before(p), p
        assert runs.round_start(p) == each.round_start(p), p


@pytest.mark.slow
def test_the_table_and_caption_are_those_of_one_spit_at_a_time(replay: Replay) -> None:
    runs, each = both(replay)
    fast, slow = Playback(runs, CardPainter()), Playback(each, CardPainter())
    targets = positions(each)
    for p in [*targets[::7], *reversed(targets[::11])]:  # forward, then jumping back
        fast.go_to(p)
        slow.go_to(p)
        assert fast.match.state == slow.match.state, p
        assert fast.view() == slow.view(), p


class _Bar(TimelineBar):
    """The bar at a width of its own, without a screen."""

    def __init__(self, timeline: Timeline, width: int) -> None:
        super().__init__(timeline, "")
        self.width_now = width

    @property
    def _width(self) -> int:
        return self.width_now


@pytest.mark.parametrize("width", [10, 78, 400, 5000])
def test_the_bar_draws_a_run_as_its_spits(replay: Replay, width: int) -> None:
    runs, each = both(replay)
    assert _Bar(runs, width)._draw_marks(width) == _Bar(each, width)._draw_marks(width)
