"""A replay worked out once, when a viewer opens it, so that every seek is instant.

The file is first verified (``spit.replay.verify``, so the viewer and ``spit-tui
replay --check`` agree on what is wrong with a file, in the same words), then stepped
through once with the same ``Resimulation``. Two kinds of timeline:

- ``Timeline``, for a game whose states a viewer can keep one after each step (a game
  in turns): the game after each deal and each input (``Frame``), refused ones
  included. The states are immutable values that share most of their parts, so
  keeping them all costs little and moving to any step is a list index. Playback is
  paced by step: the game says how long each frame stays on screen at 1×
  (``Pacing.dwell``) and which frames are its own marks (``Pacing.mark``); the
  rounds' starts are marks for every game.
- ``LiveTimeline``, for a game in real time, whose rounds may hold thousands of
  steps: every event the table or a caption shows, each with the ``Position`` right
  after it (``Events``), the moments worth jumping to (``Marks``), what each refused
  input tried, and a copy of the session every ``SNAPSHOT_EVERY`` inputs and after
  every ``SNAPSHOT_EVENTS`` entries kept, so the table at any moment is the nearest
  snapshot plus at most that many inputs or entries. The game says which events are
  shown and marked (``Moments``). An event that stands for a run of others (Spit's
  ``StallRun``) is one entry and one mark, read as its events one at a time; so what
  is kept grows with the file, never with the game time it claims.
"""

from __future__ import annotations

import copy
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import accumulate
from pathlib import Path
from typing import Any, Final, Generic, NamedTuple, Protocol, TypeVar, overload

from msgspec import Struct

from spit.core.outcome import Refusal
from spit.core.replay.fields import MAX_TIME_MS
from spit.core.replay.viewable import NotViewable, read_checked
from spit.game import Stage, TimedEvent
from spit.play.events import InputHandled, SessionEvent
from spit.play.session import Session
from spit.replay.format import Header, ReplayFormat
from spit.replay.reader import Replay, load_replay
from spit.replay.records import Deal, Input
from spit.replay.verify import Resimulation, verify

S = TypeVar("S")
C = TypeVar("C")
A = TypeVar("A")
H = TypeVar("H", bound=Header)
G = TypeVar("G", bound=Stage)
I = TypeVar("I")  # noqa: E741
E = TypeVar("E")
R = TypeVar("R", bound=Refusal)
O = TypeVar("O")  # noqa: E741
Ev = TypeVar("Ev")
K = TypeVar("K")
T = TypeVar("T")
X = TypeVar("X")


@dataclass(frozen=True, slots=True)
class Frame(Generic[S, C, A]):
    """The game right after one step of the replay: a round's deal, or an input."""

    record: Deal[C] | Input[A]
    before: S | None
    """The game the step came to (``None`` before the first deal, in a game in turns)."""
    state: S
    """The game after it; the same object as ``before`` for a refused input."""
    inputs: int
    """Inputs handled so far, this one included."""
    refusal: str | None = None
    """Why the rules refused the input, if they did."""

    @property
    def accepted(self) -> bool:
        return self.refusal is None


class Pacing(Protocol[S, C, A]):
    """How a game's frames are played back (see the module docstring)."""

    def dwell(self, frame: Frame[S, C, A]) -> int:
        """Milliseconds on screen at 1×, before the next step."""
        ...

    def mark(self, frame: Frame[S, C, A]) -> bool:
        """The frame is one of the game's own marks."""
        ...


class Timeline(Generic[S, C, A]):
    """Every step of ``replay``, when each is reached, and the marks."""

    def __init__(
        self,
        replay: Replay[Any, C, A],
        frames: list[Frame[S, C, A]],
        pacing: Pacing[S, C, A],
        *,
        rounds: int,
        finished: bool,
    ) -> None:
        self.replay = replay
        self.frames: tuple[Frame[S, C, A], ...] = tuple(frames)
        self.finished = finished
        """The game reached its end; otherwise the recording stops at the last frame."""
        self.inputs = frames[-1].inputs
        self.rounds = rounds
        dwells = (pacing.dwell(f) for f in frames[:-1])
        self.times: tuple[int, ...] = tuple(accumulate(dwells, initial=0))
        """When each frame is reached, in milliseconds at 1× from the start."""
        self.round_marks: tuple[int, ...] = tuple(
            i for i, f in enumerate(frames) if isinstance(f.record, Deal)
        )
        self.marks: tuple[int, ...] = tuple(i for i, f in enumerate(frames) if pacing.mark(f))
        """The game's own marks (``Pacing.mark``)."""

    @property
    def last(self) -> int:
        return len(self.frames) - 1

    def at_time(self, ms: int) -> int:
        """The frame on screen ``ms`` milliseconds (at 1×) after the start."""
        return max(0, bisect_right(self.times, ms) - 1)

    def mark_after(self, marks: tuple[int, ...], index: int) -> int:
        """The first of ``marks`` after frame ``index`` (the last frame if none)."""
        at = bisect_right(marks, index)
        return marks[at] if at < len(marks) else self.last

    def mark_before(self, marks: tuple[int, ...], index: int) -> int:
        """The latest of ``marks`` before frame ``index`` (the first frame if none)."""
        at = bisect_right(marks, index - 1)
        return marks[at - 1] if at else 0


def open_timeline(
    fmt: ReplayFormat[Any, S, Any, A, Any, C, Any, Any, Any],
    path: Path,
    pacing: Pacing[S, C, A],
) -> Timeline[S, C, A]:
    """Read, verify and work out the replay of ``fmt``'s game at ``path``. Raises
    ``NotViewable`` (``unreadable`` when the file cannot be read as one at all)."""
    replay, result = read_checked(path, lambda p: load_replay(fmt, p), lambda r: verify(fmt, r))
    if not replay.deals:
        word = fmt.round_key
        raise NotViewable(f"the recording stops before the first {word}: there is nothing to watch")
    return build_timeline(fmt, replay, pacing, finished=result.finished)


def build_timeline(
    fmt: ReplayFormat[Any, S, Any, A, Any, C, Any, Any, Any],
    replay: Replay[Any, C, A],
    pacing: Pacing[S, C, A],
    *,
    finished: bool,
) -> Timeline[S, C, A]:
    """Step through ``replay``, which must be valid and hold a deal, and keep the game
    after each deal and each input."""
    sim: Resimulation[Any, S, Any, A, Any, C, Any, Any, Any] = Resimulation(fmt, replay)
    frames: list[Frame[S, C, A]] = []
    if sim.session is not None:  # in real time, the first deal is dealt at once
        first = replay.deals[0]
        frames.append(Frame(first, None, sim.session.state, 0))
    while True:
        before = sim.state
        record = sim.step()
        if record is None:
            break
        if not isinstance(record, Deal | Input):
            continue  # checkpoints, closing and seat lines change nothing
        state = sim.started.state
        refusal = sim.refusal if isinstance(record, Input) else None
        frames.append(Frame(record, before, state, sim.inputs, refusal))
    return Timeline(replay, frames, pacing, rounds=sim.rounds, finished=finished)


# -- in real time

SNAPSHOT_EVERY: Final = 100
"""Inputs between two snapshots: a seek re-simulates at most this many."""
SNAPSHOT_EVENTS: Final = 2000
"""Entries kept (events of the game's timers; a run is one) after which a snapshot is
taken even without an input, so that a seek re-simulates at most this many of them."""


class Position(NamedTuple):
    """A moment of the replay: the first ``inputs`` inputs handled and every timer due
    by game time ``t`` run. Several inputs may share a millisecond, so the time alone
    is not enough to step through them one at a time. Positions compare in time order."""

    inputs: int
    t: int


START: Final = Position(0, 0)


class RunSpan(Struct, frozen=True, gc=False):
    """An event that stands for a run: ``steps`` moments ``every`` ms apart, the first
    at the event's time, and ``shown`` events shown in all."""

    steps: int
    every: int
    shown: int


@dataclass(frozen=True, eq=False)
class Moments(Generic[X, A, Ev, K, T]):
    """What a game in real time tells a ``LiveTimeline``: which of its session's
    events (``Ev``) are shown and which are marks (``K``), the event of a run, and what
    a refused input tried (``T``), worked out on the session (``X``) it was refused on."""

    unshown: frozenset[type]
    """Events neither the table nor a caption shows: not kept."""
    marks: Mapping[type, K]
    """The events that are moments worth jumping to, by their type."""
    dealt: type
    """The event that starts a round."""
    gives_way: frozenset[K]
    """Marks that a later mark at the same moment replaces."""
    tried: Callable[[Input[A], X], T]
    run: type | None = None
    """The type of an event that stands for a run of others, if the game has one."""
    run_mark: K | None = None
    """The mark of each moment of a run."""
    run_span: Callable[[Ev], RunSpan] | None = None
    run_events: Callable[[TimedEvent[Ev]], Sequence[TimedEvent[Ev]]] | None = None
    """A run's events, one at a time (shown or not)."""


@lru_cache(maxsize=16)
def _shown(
    moments: Moments[Any, Any, Ev, Any, Any], run: TimedEvent[Ev]
) -> tuple[TimedEvent[Ev], ...]:
    """The events of a run that the timeline shows (the latest few runs are kept: a
    viewer asks for those of its round at every move)."""
    assert moments.run_events is not None
    unshown = moments.unshown
    return tuple(e for e in moments.run_events(run) if type(e.event) not in unshown)


_SPAN: Final = 1 << 40
"""``Events`` and ``Marks`` keep each position as one number, ``inputs * _SPAN + t``
(``_key``), in the same order as the positions: no object to make for each of the
hundreds of thousands an hour of runs may keep, nor for the collector to scan, and a
search compares numbers. Every time in a file is below it (``MAX_TIME_MS``)."""
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


def _event_time(timed: TimedEvent[object]) -> int:
    return timed.t


class Events(Sequence[TimedEvent[Ev]]):
    """The events shown, in order, one at a time when read; a run is kept as one
    entry. Built once, by ``add``, in time order."""

    def __init__(self, moments: Moments[Any, Any, Ev, Any, Any]) -> None:
        self._moments = moments
        self._run = moments.run
        self.kept: list[TimedEvent[Ev]] = []
        """What is kept: each event, or a run's event for the run."""
        self._ends: list[int] = []
        """The position right after each kept entry (its last event, for a run), as
        ``_key`` makes it."""
        self._starts: list[int] = []
        """For each kept entry, the index of its (first) event."""
        self._count = 0

    def add(self, timed: TimedEvent[Ev], at: int) -> int:
        """Keep ``timed``, which happened at ``at`` (a ``_key``); returns its index."""
        index = self._count
        self.kept.append(timed)
        self._starts.append(index)
        event = timed.event
        if type(event) is self._run:
            assert self._moments.run_span is not None
            span = self._moments.run_span(event)
            self._count = index + span.shown
            self._ends.append(at + (span.steps - 1) * span.every)
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
    def __getitem__(self, index: int) -> TimedEvent[Ev]: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[TimedEvent[Ev]]: ...
    def __getitem__(self, index: int | slice) -> TimedEvent[Ev] | Sequence[TimedEvent[Ev]]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._count))]
        entry, within = self._find(index)
        timed = self.kept[entry]
        return _shown(self._moments, timed)[within] if type(timed.event) is self._run else timed

    def end_of(self, index: int) -> Position:
        """The position right after the event at ``index``."""
        entry, within = self._find(index)
        timed, end = self.kept[entry], self._ends[entry]
        if type(timed.event) is self._run:
            return Position(end // _SPAN, _shown(self._moments, timed)[within].t)
        return _position(end)

    def before(self, position: Position) -> int:
        """How many events had happened at ``position``."""
        entry = bisect_right(self._ends, _key(position))
        if entry == len(self.kept):
            return self._count
        timed, count = self.kept[entry], self._starts[entry]
        if (
            type(timed.event) is self._run
            and self._ends[entry] // _SPAN == position.inputs
            and timed.t <= position.t
        ):  # in the middle of a run
            count += bisect_right(_shown(self._moments, timed), position.t, key=_event_time)
        return count

    def first_at(self, t: int) -> int:
        """The index of the first event at game time ``t`` or later."""
        entry = bisect_left(self._ends, t, key=_key_time)
        if entry == len(self.kept):
            return self._count
        timed, count = self.kept[entry], self._starts[entry]
        if type(timed.event) is self._run and timed.t < t:
            count += bisect_left(_shown(self._moments, timed), t, key=_event_time)
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

    def __init__(self, events: Events[Any]) -> None:
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


class Marks(Sequence[tuple[Position, K]]):
    """The moments worth jumping to, in order, one per position when read; a run's
    moments, one every ``every`` ms, kept as one entry."""

    def __init__(self, gives_way: frozenset[K]) -> None:
        self._gives_way = gives_way
        self._first: list[int] = []
        self._last: list[int] = []
        """The first and the last mark of each entry kept (as ``_key`` makes them)."""
        self._kinds: list[K] = []
        self._every: list[int] = []
        """0 for an entry of one mark."""
        self._starts: list[int] = []
        self._count = 0

    def add(self, at: int, mark: K) -> None:
        """A mark at ``at`` (a ``_key``), or none if there is one already, unless that
        one gives way (Spit: a card that ends a round gives way to the round's end)."""
        last = self._last
        if last and last[-1] == at:
            if self._kinds[-1] in self._gives_way and not self._every[-1]:
                self._kinds[-1] = mark
            return
        self._starts.append(self._count)
        self._count += 1
        self._first.append(at)
        last.append(at)
        self._kinds.append(mark)
        self._every.append(0)

    def add_run(self, at: int, every: int, steps: int, mark: K) -> None:
        """The moments of a run: ``steps`` of them, ``every`` ms apart from ``at`` (a
        ``_key``)."""
        if not every or steps == 1 or (self._last and self._last[-1] == at):
            self.add(at, mark)  # the first (or all, at one moment), as any mark
            at, steps = at + every, steps - 1
        if every and steps > 0:
            self._starts.append(self._count)
            self._count += steps
            self._first.append(at)
            self._last.append(at + (steps - 1) * every)
            self._kinds.append(mark)
            self._every.append(every)

    @property
    def entries(self) -> int:
        """How many entries are kept."""
        return len(self._first)

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, index: int) -> tuple[Position, K]: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[tuple[Position, K]]: ...
    def __getitem__(self, index: int | slice) -> tuple[Position, K] | Sequence[tuple[Position, K]]:
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

    def spans(self, kind: K) -> Iterator[tuple[int, int, int]]:
        """The times of the marks of ``kind``, an entry at a time: (the first, the
        time between two, how many)."""
        for first, last, mark, every in zip(
            self._first, self._last, self._kinds, self._every, strict=True
        ):
            if mark == kind:
                yield first % _SPAN, every, (last - first) // every + 1 if every else 1


@dataclass(frozen=True, slots=True)
class Snapshot(Generic[X]):
    at: Position
    session: X
    """Never advanced itself: ``restore`` hands out copies."""

    def restore(self) -> X:
        return copy.deepcopy(self.session)


@dataclass(frozen=True, slots=True)
class LiveTimeline(Generic[H, C, A, X, Ev, K, T]):
    """Everything a viewer needs from a valid replay of a game in real time (see the
    module docstring)."""

    replay: Replay[H, C, A]
    inputs: tuple[Input[A], ...]
    events: Events[Ev]
    event_ends: EventEnds
    """For each event, the position right after it (never decreasing)."""
    marks: Marks[K]
    """The moments worth jumping to, in order, one per position."""
    rounds: tuple[int, ...]
    """Index in ``events`` of each round's first event."""
    tried: dict[int, T]
    """Index in ``events`` of each refused input's ``InputHandled`` -> what it tried."""
    snapshots: tuple[Snapshot[X], ...]
    end: Position
    """The last line of the file: the end of the game, or where the recording stops."""
    finished: bool

    def at_time(self, t: int) -> Position:
        """The position at game time ``t`` (clamped to the replay), every input made
        by then handled."""
        t = max(0, min(t, self.end.t))
        return Position(bisect_right(self.inputs, t, key=_input_time), t)

    def after_input(self, count: int) -> Position:
        """Right after the ``count``-th input (the start for 0)."""
        return START if count == 0 else Position(count, _input_time(self.inputs[count - 1]))

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
        """Index in ``events`` of the first event of the round on at ``position``."""
        seen = self.events_before(position)
        return self.rounds[max(0, bisect_right(self.rounds, seen - 1) - 1)]

    def snapshot_for(self, position: Position) -> Snapshot[X]:
        """The latest snapshot at or before ``position``."""
        index = bisect_right(self.snapshots, position, key=_snapshot_at) - 1
        return self.snapshots[max(0, index)]


def _input_time(record: Input[Any]) -> int:
    return record.t or 0  # a game in real time has a time on every line


def _snapshot_at(snapshot: Snapshot[Any]) -> Position:
    return snapshot.at


def open_live_timeline(
    fmt: ReplayFormat[H, S, G, A, I, C, E, R, O],
    path: Path,
    moments: Moments[Session[S, G, A, I, C, E, R, O], A, SessionEvent[E, A, R], K, T],
) -> LiveTimeline[H, C, A, Session[S, G, A, I, C, E, R, O], SessionEvent[E, A, R], K, T]:
    """Read, verify and work out the replay of ``fmt``'s real-time game at ``path``,
    the last two in one pass. Raises ``NotViewable``."""
    builder: _LiveBuilder[H, S, G, A, I, C, E, R, O, K, T] = _LiveBuilder(moments)
    replay, result = read_checked(
        path, lambda p: load_replay(fmt, p), lambda r: verify(fmt, r, builder.follow)
    )
    if not replay.deals:
        word = fmt.round_key
        raise NotViewable(f"the recording stops before the first {word}: there is nothing to watch")
    return builder.timeline(replay, finished=result.finished)


def build_live_timeline(
    fmt: ReplayFormat[H, S, G, A, I, C, E, R, O],
    replay: Replay[H, C, A],
    moments: Moments[Session[S, G, A, I, C, E, R, O], A, SessionEvent[E, A, R], K, T],
    *,
    finished: bool,
    every: int = SNAPSHOT_EVERY,
    every_events: int = SNAPSHOT_EVENTS,
    runs: bool = True,
) -> LiveTimeline[H, C, A, Session[S, G, A, I, C, E, R, O], SessionEvent[E, A, R], K, T]:
    """Work out ``replay``, valid and holding a deal. ``runs=False`` keeps each event
    of a run an entry of its own: what the tests hold runs against."""
    builder: _LiveBuilder[H, S, G, A, I, C, E, R, O, K, T]
    builder = _LiveBuilder(moments, every, every_events, runs=runs)
    builder.follow(Resimulation(fmt, replay, collect_events=True))
    return builder.timeline(replay, finished=finished)


class _LiveBuilder(Generic[H, S, G, A, I, C, E, R, O, K, T]):
    """Keeps what the viewer needs as the re-simulation goes (``follow``).

    The session deals each round itself, from the recorded deals, when it falls due,
    and is moved on to every line's time, inputs or not, so that a snapshot can be
    taken after ``every_events`` entries even in a file without inputs.
    """

    def __init__(
        self,
        moments: Moments[Session[S, G, A, I, C, E, R, O], A, SessionEvent[E, A, R], K, T],
        every: int = SNAPSHOT_EVERY,
        every_events: int = SNAPSHOT_EVENTS,
        *,
        runs: bool = True,
    ) -> None:
        self.moments = moments
        self.every = every
        self.every_events = every_events
        self.runs = runs
        self.events: Events[SessionEvent[E, A, R]] = Events(moments)
        self.marks: Marks[K] = Marks(moments.gives_way)
        self.rounds: list[int] = []
        self.tried: dict[int, T] = {}
        self.snapshots: list[Snapshot[Session[S, G, A, I, C, E, R, O]]] = []
        self.taken = 0
        """Entries kept when the latest snapshot was taken."""
        self.end = START

    def follow(self, sim: Resimulation[H, S, G, A, I, C, E, R, O]) -> None:
        """Step ``sim`` through to the end of the file (a ``verify`` follow)."""
        if sim.session is None:
            return  # no deal: nothing to watch (``open_live_timeline`` says so)
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

    def timeline(
        self, replay: Replay[H, C, A], *, finished: bool
    ) -> LiveTimeline[H, C, A, Session[S, G, A, I, C, E, R, O], SessionEvent[E, A, R], K, T]:
        return LiveTimeline(
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

    def _snapshot(self, sim: Resimulation[H, S, G, A, I, C, E, R, O], at: Position) -> None:
        self.snapshots.append(Snapshot(at, sim.fork()))
        self.taken = len(self.events.kept)

    def _take(
        self,
        events: Sequence[TimedEvent[SessionEvent[E, A, R]]],
        inputs: int,
        record: Input[A] | None = None,
        session: Session[S, G, A, I, C, E, R, O] | None = None,
    ) -> None:
        """``events``, which happened with ``inputs`` inputs handled; ``record`` is the
        input among them, handled on the table ``session`` is at (if it was refused, it
        changed nothing there)."""
        moments = self.moments
        add, marks, unshown, kinds = self.events.add, self.marks, moments.unshown, moments.marks
        run, dealt = moments.run, moments.dealt
        base = inputs * _SPAN
        for timed in events:
            event = timed.event
            kind = type(event)  # events are never subclassed: ``is`` is enough
            if kind in unshown:
                continue
            if kind is run:
                assert moments.run_span is not None and moments.run_events is not None
                if not self.runs:
                    self._take(moments.run_events(timed), inputs)
                    continue
                at = base + timed.t
                add(timed, at)
                span = moments.run_span(event)
                assert moments.run_mark is not None
                marks.add_run(at, span.every, span.steps, moments.run_mark)
                continue
            at = base + timed.t
            index = add(timed, at)
            mark = kinds.get(kind)
            if mark is not None:
                marks.add(at, mark)
            if kind is dealt:
                self.rounds.append(index)
            elif isinstance(event, InputHandled) and not event.record.accepted:
                assert record is not None and session is not None
                self.tried[index] = moments.tried(record, session)
