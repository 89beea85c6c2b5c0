"""A replay re-simulated as a series of moments: the table after every change.

Statistics need more than the replay package's line-by-line ``Resimulation``: the
automatic spits and slap defaults happen between two lines, on the game's timers, and
the figures (how long a play was possible, how many cards each player held) depend on
the table at those moments too. So the walk moves the session forward one due timer at
a time up to each line, as a viewer would for smooth playback, and reports the table
after each step (timers due at a line's own time run with the line, before it, as in
the session). The re-simulation itself, with all its checks, stays the replay package's;
a file it cannot use raises ``UnusableReplay`` here, with the reason.

A run of stalls in which nobody can play, one automatic spit after another, is one
moment, not one a spit: a file may claim rounds of nothing but stalls, and the tables
in between differ only in the spit cards turned up (no figure counts them; a chart of
the cards held works them out from the ``StallRun`` among the moment's events). The
run is found with ``spit.engine.stall_spits`` and taken by the game's timers in one
step, the same table as spit by spit.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date, datetime

from spit.core.replay.mismatch import ReplayMismatch
from spit.core.replay.reading import UnreadableReplay
from spit.engine import State, stall_spits
from spit.engine.timers import CountdownKind
from spit.game import TimedEvent
from spit.games.descriptor import GameReplay
from spit.games.replays import game_of, load_any_replay
from spit.games.spit.events import Event
from spit.games.spit.game import Session
from spit.games.spit.replay import Replay, resimulation, spit_replay


@dataclass(frozen=True, slots=True)
class LeftDaily:
    """An unfinished game of a day's deal that could have been its counted attempt
    (sealed, against a bot): the first game of the day *started* counts, so one left
    unfinished counts as a loss (``spit.stats.challenges``)."""

    day: date
    """The day of the deal."""
    started: datetime
    """When the game started, in UTC."""


class UnusableReplay(Exception):
    """A replay the statistics cannot use; the message says why, for the user."""

    def __init__(
        self, message: str, *, unfinished: bool = False, left_daily: LeftDaily | None = None
    ) -> None:
        super().__init__(message)
        self.unfinished = unfinished
        """Nothing is wrong with it, the game just stops before its end (or its start)."""
        self.left_daily = left_daily
        """For an unfinished game of a day's deal that may count: its day and start."""


@dataclass(frozen=True, slots=True)
class Moment:
    """The table at game time ``t`` and the events that led to it since the previous
    moment. Moments come in time order; several may share a time (two lines at the
    same time, such as an input and the checkpoint after it)."""

    t: int
    state: State
    events: tuple[TimedEvent[Event], ...]


def read_any_replay(path: str | os.PathLike[str]) -> GameReplay:
    """The replay of either game at ``path``, if it can be read without a problem
    (like ``spit.core.replay.verification``, a single bad line makes the file invalid)."""
    try:
        replay = load_any_replay(path)
    except UnreadableReplay as err:
        raise UnusableReplay(f"unreadable: {err}") from None
    if replay.problems:
        raise UnusableReplay(f"invalid: {replay.problems[0]}")
    return replay


def read_replay(path: str | os.PathLike[str]) -> Replay:
    """``read_any_replay`` for a game of Spit only."""
    replay = read_any_replay(path)
    own = spit_replay(replay)
    if own is None:
        raise UnusableReplay(f"unreadable: a game of {game_of(replay).title}, not of Spit")
    return own


def moments(replay: Replay) -> Iterator[Moment]:
    """Every moment of the replayed game, from the first deal at ``t`` = 0 to the file's
    last line; ``UnusableReplay`` if the file holds no deal or differs from the game."""
    # A moment whose ``state`` is the previous one's object changed nothing on the table
    # (a countdown tick, a refused input); one that ends a run of stalls holds a
    # ``StallRun`` event: the steps of the run before its last one.
    try:
        yield from _moments(replay)
    except ReplayMismatch as err:  # possibly after some moments were yielded
        raise UnusableReplay(f"invalid: {err}") from None


def _moments(replay: Replay) -> Iterator[Moment]:
    sim = resimulation(replay, collect_events=True)
    session = sim.session
    if session is None:  # no deal: the game never started
        raise UnusableReplay(
            "unfinished: nothing to replay: the file holds no deal", unfinished=True
        )
    stall = replay.header.timing.stall_countdown_ms
    yield _moment(session)
    while (record := sim.peek()) is not None:
        t = session.time if record.t is None else record.t  # Spit's lines all have one
        while (due := session.next_due()) is not None and due < t:
            try:
                session.advance_to(_run_end(session, stall, due, t))
            except ValueError as err:  # the engine refused the next recorded deal
                line = sim.position(sim.index)
                raise UnusableReplay(
                    f"invalid: line {line}: a round was due at t={due}, before this "
                    f"line, and cannot be dealt from the next deal line ({err})"
                ) from None
            yield _moment(session)
        sim.step()  # the line itself, with the timers due at its time
        yield _moment(session)


def _run_end(session: Session, stall: int, due: int, before: int) -> int:
    """When to move ``session`` to for its next moment: ``due``, or, if a run of stalls
    (a step each ``stall`` ms) starts then, its last step before ``before`` that leaves
    the table stalled (the step after it starts play or ends the round: a moment of its
    own)."""
    stage = session.stage
    if stage.countdown is not CountdownKind.STALL or due != stage.deadline or not stall:
        return due  # (with no wait at all, the timers take a run at once by themselves)
    _, steps = stall_spits(session.state, (before - 1 - due) // stall + 1)
    return due + max(0, steps - 1) * stall


def _moment(session: Session) -> Moment:
    return Moment(session.time, session.state, tuple(session.drain()))
