"""The story of a game for a chart: both players' cards over time.

The series is worked out from the replay whenever it is asked for, never stored: it is
as long as the game and only a chart of one game needs it.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass

from spit.core.replay.fields import PlayerInfo
from spit.engine import RoundDealt, State
from spit.engine.timers import StallRun
from spit.games.spit.replay import Replay
from spit.stats.walk import moments, read_replay


@dataclass(frozen=True, slots=True)
class StoryPoint:
    t: int
    """Game milliseconds since the first deal."""
    cards: tuple[int, int]
    """Cards each player still has to get rid of (``State.cards_held``: stockpiles,
    spit cards and, between rounds, the cards gathered for the next deal)."""


@dataclass(frozen=True, slots=True)
class Story:
    players: tuple[PlayerInfo, PlayerInfo]
    points: tuple[StoryPoint, ...]
    """The first at ``t`` = 0 holds the dealt cards; then one point at each time the
    cards held changed (the table after everything at that time); times never
    decrease.
    An unfinished game ends with a point at the time of its last line."""
    round_starts: tuple[int, ...]
    """When each round was dealt (round 1 at 0), for markers on the chart."""
    finished: bool
    winner: int | None
    duration_ms: int


def story_of(replay: Replay) -> Story:
    """Re-simulate ``replay`` and collect its story. Raises ``UnusableReplay`` if the
    file holds no deal or is not the game it claims to be."""
    points: list[StoryPoint] = []
    round_starts: list[int] = []
    state: State | None = None
    t = 0
    for moment in moments(replay):
        t = moment.t
        for timed in moment.events:
            event = timed.event
            if isinstance(event, RoundDealt):
                round_starts.append(timed.t)
            elif isinstance(event, StallRun) and state is not None:
                for point in _run_points(state, timed.t, event):
                    _add(points, point)
        if moment.state is state:
            continue
        state = moment.state
        _add(points, StoryPoint(t, (state.cards_held(0), state.cards_held(1))))
    assert state is not None  # the walk starts with the first deal
    if points[-1].t != t:
        points.append(StoryPoint(t, points[-1].cards))
    return Story(
        players=replay.header.players,
        points=tuple(points),
        round_starts=tuple(round_starts),
        finished=state.winner is not None,
        winner=state.winner,
        duration_ms=t,
    )


def _add(points: list[StoryPoint], point: StoryPoint) -> None:
    if len(points) > 1 and points[-1].t == point.t:
        points.pop()  # only the table after everything at this time counts
    if not points or points[-1].cards != point.cards:
        points.append(point)


def _run_points(before: State, t: int, run: StallRun) -> Iterator[StoryPoint]:
    """The cards held after each step of a run of stalls from the table ``before``
    it, at ``t``: each step, every player with spit cards left turns one up."""
    held = (before.cards_held(0), before.cards_held(1))
    spat = (len(run.spat[0]), len(run.spat[1]))
    for step in range(run.steps):
        done = step + 1
        yield StoryPoint(
            t + step * run.every, (held[0] - min(done, spat[0]), held[1] - min(done, spat[1]))
        )


def game_story(path: str | os.PathLike[str]) -> Story:
    """The story of the game in the replay at ``path``, finished or not. Raises
    ``UnusableReplay`` for a file that cannot be read or re-simulated."""
    return story_of(read_replay(path))
