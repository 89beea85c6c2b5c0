"""The statistics walk takes a run of stalls as one moment; the figures do not change.

``spit.stats.walk`` finds a run of automatic spits in which nobody can play with
Spit's ``spit.games.spit.stats`` (``spit.engine.stall_spits``) and moves the match
over it in one step. Walking one timer
at a time instead (``stall_spits`` finding no run) must give the same figures, the
same summary and the same story (the cards held after each spit, worked out from the
run), for the hostile golden file, the other goldens and recorded games with runs.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from spit.engine import State
from spit.engine.timers import StallRun
from spit.games.spit import stats as spit_stats
from spit.games.spit.replay import load_replay
from spit.stats.figures import game_figures
from spit.stats.story import story_of
from spit.stats.summary import summarize
from spit.stats.walk import moments
from tests.replay.games import slow_game
from tests.replay.goldens import GOLDEN

GOLDENS = ("hostile_stalls", "standard_finished", "points_finished", "unfinished", "hand_written")
RECORDED = {
    "stall-100ms-seed-5": (5, 100),
    "stall-100ms-seed-7": (7, 100),
    "stall-1ms-seed-4": (4, 1),
    "stall-500ms-seed-6": (6, 500),
    "stall-2s-seed-3": (3, 2000),
}
"""Seed and stall countdown of games between slow random players (each has runs)."""


@pytest.fixture(params=[*GOLDENS, *RECORDED])
def path(request: pytest.FixtureRequest, tmp_path: Path) -> Path:
    name = request.param
    if name in RECORDED:
        return slow_game(tmp_path, *RECORDED[name])
    return GOLDEN / f"{name}.spit.jsonl"


def _no_runs(state: State, limit: int) -> tuple[State, int]:
    return state, 0


def test_the_batched_walk_gives_the_figures_of_one_timer_at_a_time(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    replay = load_replay(path)
    batched = (game_figures(replay), story_of(replay), len(list(moments(replay))))
    finished = batched[0].winner is not None
    summary = summarize(path) if finished else None
    monkeypatch.setattr(spit_stats, "stall_spits", _no_runs)
    one_by_one = (game_figures(replay), story_of(replay), len(list(moments(replay))))
    assert batched[0] == one_by_one[0]
    assert batched[1] == one_by_one[1]
    assert summary == (summarize(path) if finished else None)
    if path.name.startswith("hostile") or path.parent != GOLDEN:
        assert batched[2] < one_by_one[2]  # the runs were walked as one moment each


def test_the_walk_finds_runs_in_the_recorded_games(tmp_path: Path) -> None:
    """Or the comparison above would compare little."""
    for seed, stall in RECORDED.values():
        replay = load_replay(slow_game(tmp_path / f"{seed}", seed, stall))
        runs = [e.event for m in moments(replay) for e in m.events if isinstance(e.event, StallRun)]
        assert runs and all(run.steps >= 1 for run in runs), (seed, stall)
