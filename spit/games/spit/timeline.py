"""A replay worked out once, when it is opened, so that watching it never waits.

Opening a replay checks it and re-simulates the whole game in one and the same pass
(``spit.games.spit.replay.verify`` with a ``follow``), keeping three things:

- every event the session told that the table or a caption shows, in order, each with
  the ``Position`` right after it, so that what happened up to any moment is a prefix
  of one list (``Events``);
- the moments worth jumping to: round starts, card plays and moves, spits, slaps and
  round ends (``Marks``);
- a copy of the session every ``SNAPSHOT_EVERY`` inputs, and after every
  ``SNAPSHOT_EVENTS`` entries kept (a file may hold no input at all, and rounds of
  nothing but stalls). The replay's own checkpoints only hold state hashes; a snapshot
  holds the session itself, so the table at any moment is the nearest snapshot before it
  plus at most that many inputs or entries.

A run of stalls in which nobody can play, one automatic spit after another, is one
entry and one mark: the game takes it in one step (``spit.engine.stall_spits``, the
same table as spit by spit) and tells it as one ``StallRun``. Read as a sequence,
``Events`` and ``Marks`` still hold each spit and its stall, as a game spitting one
card at a time would give them; those of a run are worked out from it when asked for
(the latest few runs are kept: the table asks for those of its round at every move),
and a seek into a run re-simulates it in one step from the nearest snapshot. Nor are
the countdowns' seconds events here: a file may claim countdowns of ten minutes, and
the viewer works the seconds out from the stage's deadline when it draws
(``spit.tui.spit.viewer.playback``). So what is kept grows with the file, never with the
game time it claims.

Refused inputs are kept with what the player tried (the card, and the stage's phase at
the time), so the viewer can say "P2 too slow: 7♣ on left pile" long after the table
has changed.
"""

from __future__ import annotations

import copy
from bisect import bisect_left, bisect_right
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from pathlib import Path
from typing import Final, NamedTuple, overload

from spit.core.replay.fields import MAX_TIME_MS
from spit.core.replay.viewable import NotViewable, read_checked
from spit.engine import (
    Action,
    Card,
    CardMoved,
    CardPlayed,
    CardSpat,
    Move,
    Play,
    PlayStarted,
    RoundDealt,
    RoundEnded,
    Slapped,
)
from spit.engine.timers import (
    CountdownStarted,
    NextRoundAt,
    SlapWindowOpened,
    StagePhase,
    StallRun,
)
from spit.game import TimedEvent
from spit.games.spit.events import Event
from spit.games.spit.game import Session
from spit.games.spit.replay import Input, Replay, Resimulation, load_replay, resimulation, verify
from spit.play.events import InputHandled

SNAPSHOT_EVERY: Final = 100
"""Inputs between two snapshots: a seek re-simulates at most this many."""
SNAPSHOT_EVENTS: Final = 2000
"""Entries kept (events of the game's timers: spits, stalls, deals; a run of stalls is
one) after which a snapshot is taken even without an input, so that a seek
re-simulates at most this many of them."""


class Position(NamedTuple):
    """A moment of the replay: the first ``inputs`` inputs handled and every timer due
    by game time ``t`` run. Several inputs may share a millisecond, so the time alone
    is not enough to step through them one at a time. Positions compare in time order."""

    inputs: int
    t: int


START: Final = Position(0, 0)


class Mark(StrEnum):
    """A moment worth jumping to (the previous / next event keys)."""

    ROUND = "round"
    CARD = "card"
    """A card played onto a pile, or moved into an empty space."""
    SPIT = "spit"
    SLAP = "slap"
    """A player's slap, or the default when nobody slapped."""
    ROUND_END = "round_end"


_MARKS: Final[dict[type, Mark]] = {
    RoundDealt: Mark.ROUND,
    CardPlayed: Mark.CARD,
    CardMoved: Mark.CARD,
    CardSpat: Mark.SPIT,
    Slapped: Mark.SLAP,
    RoundEnded: Mark.ROUND_END,
}


_UNSHOWN: Final = frozenset({CountdownStarted, PlayStarted, SlapWindowOpened, NextRoundAt})
"""Events that neither the table nor a caption shows (the stage's own deadlines say
when they run out), so the timeline does not keep them: a stall would cost four events
a spit instead of two."""


@lru_cache(maxsize=16)
def _shown(run: TimedEvent[Event]) -> tuple[TimedEvent[Event], ...]:
    """The events of a run of stalls (a ``StallRun`` at ``run.t``) that the timeline
    shows: each spit and its stall."""
    assert isinstance(run.event, StallRun)
    return tuple(e for e in run.event.timed_events(run.t) if type(e.event) not in _UNSHOWN)


def _shown_count(run: StallRun) -> int:
    """``len(_shown(...))`` without working the events out: a stall each step, and a
    spit for each card spat."""
    return run.steps + len(run.spat[0]) + len(run.spat[1])


_SPAN: Final = 1 << 40
"""``Events`` and ``Marks`` keep each position as one number, ``inputs * _SPAN + t``
(``_key``), in the same order as the positions: no object to make for each of the
hundreds of thousands an hour of stalls may keep, nor for the collector to scan, and
a search compares numbers. Every time in a file is below it (``MAX_TIME_MS``)."""
assert MAX_TIME_MS < _SPAN


def _key(position: Position) -> int:
    """``position`` as ``Events`` and ``Marks`` keep it; a time outside a file's (below
    0, past ``MAX_TIME_MS``) as the nearest one that orders the same way."""
    return position.inputs * _SPAN + min(max(position.t, -1), _SPAN - 1)


def _position(key: int) -> Position:
    inputs, t = divmod(key, _SPAN)
    return Position(inputs, t)


def _key_time(key: int) -> int:
    return key % _SPAN


class Events(Sequence[TimedEvent[Event]]):
    """The events shown, in order, one per spit when read; kept with a run of stalls as
    one entry (see the module docstring). Built once, by ``add``, in time order."""

    def __init__(self) -> None:
        self.kept: list[TimedEvent[Event]] = []
        """What is kept: each event, or a ``StallRun`` for a run of them."""
        self._ends: list[int] = []
        """The position right after each kept entry (its last spit, for a run), as
        ``_key`` makes it."""
        self._starts: list[int] = []
        """For each kept entry, the index of its (first) event."""
        self._count = 0

    def add(self, timed: TimedEvent[Event], at: int) -> int:
        """Keep ``timed``, which happened at ``at`` (a ``_key``); returns its index."""
        index = self._count
        self.kept.append(timed)
        self._starts.append(index)
        run = timed.event
        if type(run) is StallRun:
            self._count = index + _shown_count(run)
            self._ends.append(at + (run.steps - 1) * run.every)
        else:
            self._count = index + 1
            self._ends.append(at)
        return index

    @property
    def kept_ends(self) -> list[Position]:
        """The position right after each kept entry."""
        return [_position(key) for key in self._ends]

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, index: int) -> TimedEvent[Event]: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[TimedEvent[Event]]: ...
    def __getitem__(self, index: int | slice) -> TimedEvent[Event] | Sequence[TimedEvent[Event]]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._count))]
        entry, within = self._find(index)
        timed = self.kept[entry]
        return _shown(timed)[within] if isinstance(timed.event, StallRun) else timed

    def end_of(self, index: int) -> Position:
        """The position right after the event at ``index``."""
        entry, within = self._find(index)
        timed, end = self.kept[entry], self._ends[entry]
        if isinstance(timed.event, StallRun):
            return Position(end // _SPAN, _shown(timed)[within].t)
        return _position(end)

    def before(self, position: Position) -> int:
        """How many events had happened at ``position``."""
        entry = bisect_right(self._ends, _key(position))
        if entry == len(self.kept):
            return self._count
        timed, count = self.kept[entry], self._starts[entry]
        if (
            isinstance(timed.event, StallRun)
            and self._ends[entry] // _SPAN == position.inputs
            and timed.t <= position.t
        ):  # in the middle of a run
            count += bisect_right(_shown(timed), position.t, key=_event_time)
        return count

    def first_at(self, t: int) -> int:
        """The index of the first event at game time ``t`` or later."""
        entry = bisect_left(self._ends, t, key=_key_time)
        if entry == len(self.kept):
            return self._count
        timed, count = self.kept[entry], self._starts[entry]
        if isinstance(timed.event, StallRun) and timed.t < t:
            count += bisect_left(_shown(timed), t, key=_event_time)
        return count

    def _find(self, index: int) -> tuple[int, int]:
        """The kept entry that holds the event at ``index``, and where in it."""
        if index < 0:
            index += self._count
        if not 0 <= index < self._count:
            raise IndexError(index)
        entry = bisect_right(self._starts, index) - 1
        return entry, index - self._starts[entry]


class EventEnds(Sequence[Position]):
    """For each event, the position right after it (never decreasing)."""

    def __init__(self, events: Events) -> None:
        self._events = events

    def __len__(self) -> int:
        return len(self._events)

    @overload
    def __getitem__(self, index: int) -> Position: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Position]: ...
    def __getitem__(self, index: int | slice) -> Position | Sequence[Position]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        return self._events.end_of(index)


class Marks(Sequence[tuple[Position, Mark]]):
    """The moments worth jumping to, in order, one per position when read; kept with the
    spits of a run of stalls, one every ``every`` ms, as one entry."""

    def __init__(self) -> None:
        self._first: list[int] = []
        self._last: list[int] = []
        """The first and the last mark of each entry kept (as ``_key`` makes them)."""
        self._kinds: list[Mark] = []
        self._every: list[int] = []
        """0 for an entry of one mark."""
        self._starts: list[int] = []
        self._count = 0

    def add(self, at: int, mark: Mark) -> None:
        """A mark at ``at`` (a ``_key``), or none if there is one already: a card that
        ends a round gives way to the round's end."""
        last = self._last
        if last and last[-1] == at:
            if self._kinds[-1] is Mark.CARD and not self._every[-1]:
                self._kinds[-1] = mark
            return
        self._starts.append(self._count)
        self._count += 1
        self._first.append(at)
        last.append(at)
        self._kinds.append(mark)
        self._every.append(0)

    def add_run(self, at: int, every: int, steps: int) -> None:
        """The spits of a run of stalls: ``steps`` of them, ``every`` ms apart from ``at``
        (a ``_key``)."""
        if not every or steps == 1 or (self._last and self._last[-1] == at):
            self.add(at, Mark.SPIT)  # the first (or all, at one moment), as any spit
            at, steps = at + every, steps - 1
        if every and steps > 0:  # each a full countdown after the one before
            self._starts.append(self._count)
            self._count += steps
            self._first.append(at)
            self._last.append(at + (steps - 1) * every)
            self._kinds.append(Mark.SPIT)
            self._every.append(every)

    @property
    def entries(self) -> int:
        """How many entries are kept."""
        return len(self._first)

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, index: int) -> tuple[Position, Mark]: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[tuple[Position, Mark]]: ...
    def __getitem__(
        self, index: int | slice
    ) -> tuple[Position, Mark] | Sequence[tuple[Position, Mark]]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._count))]
        if index < 0:
            index += self._count
        if not 0 <= index < self._count:
            raise IndexError(index)
        entry = bisect_right(self._starts, index) - 1
        step = (index - self._starts[entry]) * self._every[entry]
        return _position(self._first[entry] + step), self._kinds[entry]

    def after(self, position: Position) -> Position | None:
        """The first mark after ``position``, if any."""
        at = _key(position)
        entry = bisect_right(self._last, at)
        if entry == len(self._first):
            return None
        first = self._first[entry]
        if first > at:
            return _position(first)
        every = self._every[entry]  # inside a run: ``every`` > 0, and the same inputs
        return _position(first + ((position.t - first % _SPAN) // every + 1) * every)

    def before(self, position: Position) -> Position | None:
        """The latest mark before ``position``, if any."""
        at = _key(position)
        entry = bisect_left(self._first, at) - 1
        if entry < 0:
            return None
        last = self._last[entry]
        if last < at:
            return _position(last)
        first, every = self._first[entry], self._every[entry]  # inside a run, as above
        return _position(first + (position.t - first % _SPAN - 1) // every * every)

    def spans(self, kind: Mark) -> Iterator[tuple[int, int, int]]:
        """The times of the marks of ``kind``, an entry at a time: (the first, the
        time between two, how many)."""
        for first, last, mark, every in zip(
            self._first, self._last, self._kinds, self._every, strict=True
        ):
            if mark is kind:
                yield first % _SPAN, every, (last - first) // every + 1 if every else 1


@dataclass(frozen=True, slots=True)
class Tried:
    """What a refused input tried: the card on the stockpile it named (``None`` for a
    slap or a spit, or an empty stockpile) and the stage's phase it came in."""

    card: Card | None
    phase: StagePhase


@dataclass(frozen=True, slots=True)
class Snapshot:
    at: Position
    session: Session
    """Never advanced itself: ``restore`` hands out copies."""

    def restore(self) -> Session:
        return copy.deepcopy(self.session)


@dataclass(frozen=True, slots=True)
class Timeline:
    """Everything the viewer needs from a valid replay (see the module docstring)."""

    replay: Replay
    inputs: tuple[Input[Action], ...]
    events: Events
    event_ends: EventEnds
    """For each event, the position right after it (never decreasing)."""
    marks: Marks
    """The moments worth jumping to, in order, one per position."""
    rounds: tuple[int, ...]
    """Index in ``events`` of each round's ``RoundDealt``."""
    tried: dict[int, Tried]
    """Index in ``events`` of each refused input's ``InputHandled`` -> what it tried."""
    snapshots: tuple[Snapshot, ...]
    end: Position
    """The last line of the file: the end of the game, or where the recording stops."""
    finished: bool

    def at_time(self, t: int) -> Position:
        """The position at game time ``t`` (clamped to the replay), every input made
        by then handled."""
        t = max(0, min(t, self.end.t))
        return Position(bisect_right(self.inputs, t, key=_time), t)

    def after_input(self, count: int) -> Position:
        """Right after the ``count``-th input (the start for 0)."""
        return START if count == 0 else Position(count, _time(self.inputs[count - 1]))

    def input_after(self, position: Position) -> Position:
        """Right after the next input (the end if there is none)."""
        if position.inputs >= len(self.inputs):
            return self.end
        return self.after_input(position.inputs + 1)

    def input_before(self, position: Position) -> Position:
        """Right after the latest input before ``position`` (the start if none)."""
        last = self.after_input(position.inputs)
        return last if last < position else self.after_input(max(0, position.inputs - 1))

    def mark_after(self, position: Position) -> Position:
        """The next moment worth jumping to (the end if there is none)."""
        after = self.marks.after(position)
        return self.end if after is None else after

    def mark_before(self, position: Position) -> Position:
        """The latest moment worth jumping to before ``position`` (or the start)."""
        before = self.marks.before(position)
        return START if before is None else before

    def round_after(self, position: Position) -> Position:
        """When the next round is dealt (the end if there is none)."""
        later = [p for p in self.round_positions() if p > position]
        return later[0] if later else self.end

    def round_before(self, position: Position) -> Position:
        """When the latest round before ``position`` was dealt (the start of the
        current round, unless ``position`` is that very moment)."""
        earlier = [p for p in self.round_positions() if p < position]
        return earlier[-1] if earlier else START

    def round_positions(self) -> list[Position]:
        return [self.event_ends[i] for i in self.rounds]

    def events_before(self, position: Position) -> int:
        """How many events had happened at ``position`` (a prefix of ``events``)."""
        return self.events.before(position)

    def first_event_at(self, t: int) -> int:
        """Index in ``events`` of the first event at game time ``t`` or later."""
        return self.events.first_at(t)

    def round_start(self, position: Position) -> int:
        """Index in ``events`` of the ``RoundDealt`` of the round on at ``position``."""
        seen = self.events_before(position)
        return self.rounds[max(0, bisect_right(self.rounds, seen - 1) - 1)]

    def snapshot_for(self, position: Position) -> Snapshot:
        """The latest snapshot at or before ``position``."""
        index = bisect_right(self.snapshots, position, key=_snapshot_at) - 1
        return self.snapshots[max(0, index)]


def _event_time(timed: TimedEvent[Event]) -> int:
    return timed.t


def _time(record: Input[Action]) -> int:
    return record.t or 0  # a Spit line always has its time


def _snapshot_at(snapshot: Snapshot) -> Position:
    return snapshot.at


def open_timeline(path: Path) -> Timeline:
    """Read, verify and work out the replay at ``path``, the last two in one pass.
    Raises ``NotViewable``."""
    builder = _Builder()
    replay, result = read_checked(path, load_replay, lambda r: verify(r, builder.follow))
    if not replay.deals:
        raise NotViewable("the recording stops before the first deal: there is nothing to watch")
    return builder.timeline(replay, finished=result.finished)


def build_timeline(
    replay: Replay,
    *,
    finished: bool,
    every: int = SNAPSHOT_EVERY,
    every_events: int = SNAPSHOT_EVENTS,
    stall_runs: bool = True,
) -> Timeline:
    """Work out ``replay``, valid and holding a deal. ``stall_runs=False`` keeps each
    automatic spit an entry of its own (each ``StallRun`` told spit by spit): what the
    tests hold runs against."""
    builder = _Builder(every, every_events, stall_runs=stall_runs)
    builder.follow(resimulation(replay, collect_events=True))
    return builder.timeline(replay, finished=finished)


class _Builder:
    """Keeps what the viewer needs as the re-simulation goes (``follow``).

    The session deals each round itself, from the recorded orders, when it falls due,
    and is moved on to every line's time, inputs or not, so that a snapshot can be
    taken after ``every_events`` entries even in a file without inputs. ``stall_runs``:
    keep a run of stalls as one entry (otherwise spit by spit).
    """

    def __init__(
        self,
        every: int = SNAPSHOT_EVERY,
        every_events: int = SNAPSHOT_EVENTS,
        *,
        stall_runs: bool = True,
    ) -> None:
        self.every = every
        self.every_events = every_events
        self.stall_runs = stall_runs
        self.events = Events()
        self.marks = Marks()
        self.rounds: list[int] = []
        self.tried: dict[int, Tried] = {}
        self.snapshots: list[Snapshot] = []
        self.taken = 0
        """Entries kept when the latest snapshot was taken."""
        self.end = START

    def follow(self, sim: Resimulation) -> None:
        """Step ``sim`` through to the end of the file (a ``verify`` follow)."""
        if sim.session is None:
            return  # no deal: nothing to watch (``open_timeline`` says so)
        session = sim.started
        self._take(session.drain(), 0)
        self.snapshots.append(Snapshot(START, sim.fork()))
        count = 0
        while (record := sim.step()) is not None:
            events = session.drain()
            if isinstance(record, Input):
                # The timers due by the input's time ran first, with ``count`` inputs.
                split = next(
                    (i for i, e in enumerate(events) if isinstance(e.event, InputHandled)),
                    len(events),
                )
                self._take(events[:split], count)
                count += 1
                self._take(events[split:], count, record, session)
                if count % self.every == 0:
                    self._snapshot(sim, Position(count, session.time))
            else:
                self._take(events, count)
            if len(self.events.kept) - self.taken >= self.every_events:
                self._snapshot(sim, Position(count, session.time))
        self.end = Position(count, session.time)

    def timeline(self, replay: Replay, *, finished: bool) -> Timeline:
        return Timeline(
            replay=replay,
            inputs=tuple(replay.inputs),
            events=self.events,
            event_ends=EventEnds(self.events),
            marks=self.marks,
            rounds=tuple(self.rounds),
            tried=self.tried,
            snapshots=tuple(self.snapshots),
            end=self.end,
            finished=finished,
        )

    def _snapshot(self, sim: Resimulation, at: Position) -> None:
        self.snapshots.append(Snapshot(at, sim.fork()))
        self.taken = len(self.events.kept)

    def _take(
        self,
        events: Sequence[TimedEvent[Event]],
        inputs: int,
        record: Input[Action] | None = None,
        session: Session | None = None,
    ) -> None:
        """``events``, which happened with ``inputs`` inputs handled; ``record`` is the
        input among them, handled on the table ``session`` is at (if it was refused, it
        changed nothing there)."""
        add, marks = self.events.add, self.marks
        base = inputs * _SPAN
        for timed in events:
            event = timed.event
            kind = type(event)  # events are never subclassed: ``is`` is enough
            if kind in _UNSHOWN:
                continue
            if isinstance(event, StallRun) and not self.stall_runs:
                self._take(event.timed_events(timed.t), inputs)
                continue
            at = base + timed.t
            index = add(timed, at)
            if isinstance(event, StallRun):
                marks.add_run(at, event.every, event.steps)
                continue
            mark = _MARKS.get(kind)
            if mark is not None:
                marks.add(at, mark)
            if kind is RoundDealt:
                self.rounds.append(index)
            elif isinstance(event, InputHandled) and not event.record.accepted:
                assert record is not None and session is not None
                self.tried[index] = _tried(record, session)


def _tried(record: Input[Action], session: Session) -> Tried:
    """What ``record`` tried, on the table ``session`` is at."""
    action, card = record.action, None
    if isinstance(action, Play | Move) and 0 <= action.stock < 5:
        stock = session.state.stocks[record.player][action.stock]
        card = stock[-1] if stock else None  # its face-up card
    return Tried(card, session.stage.phase)
