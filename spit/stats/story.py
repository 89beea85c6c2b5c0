"""The story of a game for a chart: what both players hold over time (Spit's cards
left), for a game that tells it (``spit.games.summary.PlayStats``).

The series is worked out from the replay whenever it is asked for, never stored: it is
as long as the game and only a chart of one game needs it.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from spit.core.replay.fields import PlayerInfo
from spit.games.descriptor import GameReplay
from spit.games.summary import Held
from spit.stats.walk import UnusableReplay, Walkable, moments, read_replay, walkable


@dataclass(frozen=True, slots=True)
class StoryPoint:
    t: int
    """Game milliseconds since the first deal."""
    cards: Held
    """What each player still holds (``PlayStats.held``: in Spit the cards each has
    to get rid of: stockpiles, spit cards and, between rounds, those gathered)."""


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


def story_of(replay: GameReplay) -> Story:
    """Re-simulate ``replay`` and collect its story. Raises ``UnusableReplay`` if the
    file holds no deal or is not the game it claims to be, or if its game tells no
    story (``PlayStats``)."""
    return _story(walkable(replay))


def _story(walk: Walkable) -> Story:
    play = walk.play
    if play is None:
        raise UnusableReplay(f"unreadable: a game of {walk.title} has no story")
    points: list[StoryPoint] = []
    round_starts: list[int] = []
    state: object = None
    rounds = 0
    t = 0
    for moment in moments(walk):
        t = moment.t
        if moment.rounds > rounds:
            rounds = moment.rounds
            round_starts.append(t)
        for timed in moment.events:
            if state is not None:
                for at, held in play.held_within(state, timed.t, timed.event):
                    _add(points, StoryPoint(at, held))
        if moment.state is state:
            continue
        state = moment.state
        _add(points, StoryPoint(t, play.held(state)))
    assert state is not None  # the walk starts with the first deal
    if points[-1].t != t:
        points.append(StoryPoint(t, points[-1].cards))
    game = walk.format.game_for(walk.replay.header)
    outcome = game.outcome(state)
    return Story(
        players=walk.replay.header.players,
        points=tuple(points),
        round_starts=tuple(round_starts),
        finished=outcome is not None,
        winner=None if outcome is None else outcome.winner,
        duration_ms=t,
    )


def _add(points: list[StoryPoint], point: StoryPoint) -> None:
    if len(points) > 1 and points[-1].t == point.t:
        points.pop()  # only the table after everything at this time counts
    if not points or points[-1].cards != point.cards:
        points.append(point)


def game_story(path: str | os.PathLike[str]) -> Story:
    """The story of the game in the replay at ``path``, finished or not. Raises
    ``UnusableReplay`` for a file that cannot be read or re-simulated."""
    return _story(read_replay(path))
