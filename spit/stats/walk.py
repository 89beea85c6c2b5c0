"""A replay of any game re-simulated as a series of moments: the table after every change.

Statistics need more than the replay package's line-by-line ``Resimulation``: in a
game played in real time the game's own timers act between two lines (Spit's automatic
spits and slap default), and the figures (how long a play was possible, how much each
seat held) depend on the table at those moments too. So the walk moves the session
forward one due timer at a time up to each line, as a viewer would for smooth
playback, and reports the table after each step (timers due at a line's own time run
with the line, before it, as in the session). The re-simulation itself, with all its
checks, stays the replay package's; a file it cannot use raises ``UnusableReplay``
here, with the reason.

A run of timers that changes nothing a figure counts may be one moment: the game says
where such a run ends (``spit.games.summary.PlayStats.skip_to``: Spit's runs of
stalls, in which nobody can play, one automatic spit after another, which a file may
claim for whole rounds).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any, Final, Generic, TypeAlias, TypeVar

from spit.core.replay.mismatch import ReplayMismatch
from spit.core.replay.reading import UnreadableReplay
from spit.game import TimedEvent
from spit.games.descriptor import GameReplay
from spit.games.replays import game_of, load_any_replay
from spit.games.summary import GameStats, PlayStats
from spit.play.session import Session
from spit.replay import reader
from spit.replay.format import ReplayFormat
from spit.replay.verify import Resimulation

S = TypeVar("S")
Format: TypeAlias = ReplayFormat[Any, Any, Any, Any, Any, Any, Any, Any, Any]
"""A registered game's replay format: each game's types are its own."""
Played: TypeAlias = reader.Replay[Any, Any, Any]
"""A replay as ``spit.replay.reader`` reads it, of a game of ``Format``."""


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
class Moment(Generic[S]):
    """The table at game time ``t`` (the rules' state and the game's stage) and the
    events that led to it since the previous moment. Moments come in time order;
    several may share a time (two lines at the same time, such as an input and the
    checkpoint after it)."""

    t: int
    state: S
    stage: Any
    events: tuple[TimedEvent[object], ...]
    rounds: int
    """Rounds dealt so far."""


@dataclass(frozen=True, slots=True)
class Walkable:
    """A replay of a registered game with what the statistics need to re-play it."""

    replay: Played
    format: Format
    stats: GameStats[Any, Any, Any, Any, Any]
    title: str

    @property
    def play(self) -> PlayStats[Any, Any, Any, Any, Any] | None:
        return self.stats.play


NO_STATS: Final[GameStats[Any, Any, Any, Any, Any]] = GameStats()
"""A game's own figures when it declares none."""


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


def walkable(replay: GameReplay) -> Walkable:
    """``replay`` with its game's format and figures (``GameDescriptor``). Raises
    ``UnusableReplay`` for a game whose replays the statistics cannot re-play."""
    game = game_of(replay)
    fmt = game.replays.format
    if fmt is None or not isinstance(replay, reader.Replay):
        raise UnusableReplay(f"unreadable: the statistics keep no game of {game.title}")
    stats = NO_STATS if game.stats is None else game.stats()
    return Walkable(replay, fmt(), stats, game.title)


def read_replay(path: str | os.PathLike[str]) -> Walkable:
    """``read_any_replay`` with what the walk needs (``walkable``)."""
    return walkable(read_any_replay(path))


def moments(walk: Walkable | GameReplay) -> Iterator[Moment[Any]]:
    """Every moment of the replayed game, from the first deal at ``t`` = 0 to the file's
    last line; ``UnusableReplay`` if the file holds no deal or differs from the game."""
    if not isinstance(walk, Walkable):
        walk = walkable(walk)
    # A moment whose ``state`` is the previous one's object changed nothing on the table
    # (a countdown tick, a refused input).
    try:
        yield from _moments(walk)
    except ReplayMismatch as err:  # possibly after some moments were yielded
        raise UnusableReplay(f"invalid: {err}") from None


def _moments(walk: Walkable) -> Iterator[Moment[Any]]:
    sim: Resimulation[Any, Any, Any, Any, Any, Any, Any, Any, Any]
    sim = Resimulation(walk.format, walk.replay, collect_events=True)
    if sim.session is None and sim.peek() is not None:
        sim.step()  # in turns, the first deal line starts the game
    session = sim.session
    if session is None:  # no deal: the game never started
        raise UnusableReplay(
            "unfinished: nothing to replay: the file holds no deal", unfinished=True
        )
    play = walk.play
    header = walk.replay.header
    yield _moment(session)
    while (record := sim.peek()) is not None:
        t = session.time if record.t is None else record.t
        while (due := session.next_due()) is not None and due < t:
            to = due if play is None else play.skip_to(header, session.state, session.stage, due, t)
            try:
                session.advance_to(to)
            except ValueError as err:  # the rules refused the next recorded deal
                line = sim.position(sim.index)
                raise UnusableReplay(
                    f"invalid: line {line}: a round was due at t={due}, before this "
                    f"line, and cannot be dealt from the next deal line ({err})"
                ) from None
            yield _moment(session)
        sim.step()  # the line itself, with the timers due at its time
        yield _moment(session)


def _moment(session: Session[Any, Any, Any, Any, Any, Any, Any, Any]) -> Moment[Any]:
    events = tuple(session.drain())
    return Moment(session.time, session.state, session.stage, events, session.rounds)
