"""A replay worked out once, when it is opened, so that watching it never waits.

Opening a replay re-simulates the whole game a single time and keeps three things:

- every event the match emitted that the table or a caption shows, in order, each with
  the ``Position`` right after it, so that what happened up to any moment is a prefix
  of one list;
- the moments worth jumping to: round starts, card plays and moves, spits, slaps and
  round ends (``marks``);
- a copy of the match every ``SNAPSHOT_EVERY`` inputs, and after every
  ``SNAPSHOT_EVENTS`` events of the match's own timers (a file may hold no input at
  all, and rounds of nothing but stalls). The replay's own checkpoints only hold state
  hashes; a snapshot holds the match itself, so the table at any moment is the nearest
  snapshot before it plus at most that many inputs or timer events.

The countdowns' seconds are not events here: a file may claim countdowns of ten
minutes, and the viewer works the seconds out from the match's deadline when it draws
(``spit.tui.spit.viewer.playback``). So what is kept grows with the file, never with the
game time it claims.

Refused inputs are kept with what the player tried (the card, and the match phase at
the time), so the viewer can say "P2 too slow: 7♣ on left pile" long after the table
has changed.
"""

from __future__ import annotations

import copy
import gc
from bisect import bisect_left, bisect_right
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Final, NamedTuple, Self

from spit.core.replay.viewable import NotViewable, read_checked
from spit.engine import (
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
    State,
)
from spit.games.spit.replay.reader import Replay, load_replay
from spit.games.spit.replay.records import Input
from spit.games.spit.replay.verify import verify
from spit.games.spit.session import (
    CountdownStarted,
    InputHandled,
    Match,
    MatchPhase,
    NextRoundAt,
    Orders,
    SlapWindowOpened,
    TimedEvent,
)

SNAPSHOT_EVERY: Final = 100
"""Inputs between two snapshots: a seek re-simulates at most this many."""
SNAPSHOT_EVENTS: Final = 2000
"""Events of the match's timers (spits, stalls, deals) after which a snapshot is taken
even without an input, so that a seek re-simulates at most this many of them."""


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
"""Events that neither the table nor a caption shows (the match's own deadlines say
when they run out), so the timeline does not keep them: a stall would cost four events
a spit instead of two."""


@dataclass(frozen=True, slots=True)
class Tried:
    """What a refused input tried: the card on the stockpile it named (``None`` for a
    slap or a spit, or an empty stockpile) and the match phase it came in."""

    card: Card | None
    phase: MatchPhase


class RecordedDeals:
    """The replay's deals, as a ``spit.games.spit.session.DealSource`` that is cheap to copy.

    A snapshot is a deep copy of the match; the recorded orders never change, so the
    copies share them instead of copying every card of every round.
    """

    def __init__(self, orders: Sequence[Orders]) -> None:
        self._orders = tuple(orders)
        self._dealt = 0

    def first(self) -> Orders:
        self._dealt = 1
        return self._orders[0]

    def next(self, collected: tuple[Sequence[Card], Sequence[Card]]) -> Orders:
        if self._dealt >= len(self._orders):
            raise LookupError("no more recorded deals")
        self._dealt += 1
        return self._orders[self._dealt - 1]

    def __deepcopy__(self, memo: dict[int, object]) -> Self:
        twin = copy.copy(self)
        memo[id(self)] = twin
        return twin


@dataclass(frozen=True, slots=True)
class Snapshot:
    at: Position
    match: Match
    """Never advanced itself: ``restore`` hands out copies."""

    def restore(self) -> Match:
        return copy.deepcopy(self.match)


@dataclass(frozen=True, slots=True)
class Timeline:
    """Everything the viewer needs from a valid replay (see the module docstring)."""

    replay: Replay
    inputs: tuple[Input, ...]
    events: tuple[TimedEvent, ...]
    event_ends: tuple[Position, ...]
    """For each event, the position right after it (never decreasing)."""
    marks: tuple[tuple[Position, Mark], ...]
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
        return START if count == 0 else Position(count, self.inputs[count - 1].t)

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
        index = bisect_right(self.marks, position, key=_first)
        return self.marks[index][0] if index < len(self.marks) else self.end

    def mark_before(self, position: Position) -> Position:
        """The latest moment worth jumping to before ``position`` (or the start)."""
        index = bisect_left(self.marks, position, key=_first)
        return self.marks[index - 1][0] if index else START

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
        return bisect_right(self.event_ends, position)

    def first_event_at(self, t: int) -> int:
        """Index in ``events`` of the first event at game time ``t`` or later."""
        return bisect_left(self.event_ends, t, key=_time_of)

    def round_start(self, position: Position) -> int:
        """Index in ``events`` of the ``RoundDealt`` of the round on at ``position``."""
        seen = self.events_before(position)
        return self.rounds[max(0, bisect_right(self.rounds, seen - 1) - 1)]

    def snapshot_for(self, position: Position) -> Snapshot:
        """The latest snapshot at or before ``position``."""
        index = bisect_right(self.snapshots, position, key=_snapshot_at) - 1
        return self.snapshots[max(0, index)]


def _first(mark: tuple[Position, Mark]) -> Position:
    return mark[0]


def _time_of(position: Position) -> int:
    return position.t


def _time(record: Input) -> int:
    return record.t


def _snapshot_at(snapshot: Snapshot) -> Position:
    return snapshot.at


def open_timeline(path: Path) -> Timeline:
    """Read, verify and work out the replay at ``path``. Raises ``NotViewable``."""
    with _collector_paused():  # reading and checking keep a table per line too
        replay, result = read_checked(path, load_replay, verify)
    if not replay.deals:
        raise NotViewable("the recording stops before the first deal: there is nothing to watch")
    return build_timeline(replay, finished=result.finished)


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cycle collector off for a while, then back as it was.

    The first pass allocates two objects or more for every event it keeps and keeps
    them all, so the collector's full passes, started by allocations alone, rescan a
    list that only grows: about 40% of opening a 1 MiB file of nothing but stalls
    (benchmarks/replay_hostile.py). Nothing the pass keeps forms a cycle that needs
    collecting meanwhile; whatever does is collected once the collector is back.
    """
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def build_timeline(
    replay: Replay,
    *,
    finished: bool,
    every: int = SNAPSHOT_EVERY,
    every_events: int = SNAPSHOT_EVENTS,
) -> Timeline:
    """``_build_timeline`` with the cycle collector paused (``_collector_paused``)."""
    with _collector_paused():
        return _build_timeline(replay, finished=finished, every=every, every_events=every_events)


def _build_timeline(
    replay: Replay,
    *,
    finished: bool,
    every: int = SNAPSHOT_EVERY,
    every_events: int = SNAPSHOT_EVENTS,
) -> Timeline:
    """Re-simulate ``replay`` once and keep what watching it needs.

    The replay must be valid (``spit.core.replay.verification``) and hold at least one deal:
    the inputs are fed to a fresh match at their times, and the match deals each
    round itself, from the recorded orders, when it falls due. The match is moved on
    to every line's time, inputs or not, so that a snapshot can be taken after
    ``every_events`` events even in a file without inputs.
    """
    header = replay.header
    match = Match(
        RecordedDeals([d.orders for d in replay.deals]),
        variant=header.variant,
        target=header.target,
        timing=header.timing,
        countdown_ticks=False,
    )
    builder = _Builder(match)
    snapshots = [Snapshot(START, copy.deepcopy(match))]
    taken = 0
    """Events when the latest snapshot was taken."""

    def run_timers(count: int, t: int) -> None:
        """The timers up to ``t``, with ``count`` inputs handled. Between two lines of
        a valid file they hold at most the rest of a round and the next deal."""
        nonlocal taken
        match.advance_to(t)
        builder.take(count)
        if len(builder.events) - taken >= every_events:
            snapshots.append(Snapshot(Position(count, t), copy.deepcopy(match)))
            taken = len(builder.events)

    inputs = tuple(replay.inputs)
    count = 0
    for record in replay.records[1:]:
        run_timers(count, record.t)
        if not isinstance(record, Input):
            continue
        before, phase = match.state, match.phase
        match.submit_at(record.t, record.player, record.action)
        count += 1
        builder.take(count, _Before(record, before, phase))
        if count % every == 0:
            snapshots.append(Snapshot(Position(count, record.t), copy.deepcopy(match)))
            taken = len(builder.events)
    end = Position(len(inputs), max(replay.records[-1].t, match.time))
    run_timers(len(inputs), end.t)
    builder.take(len(inputs))
    return Timeline(
        replay=replay,
        inputs=inputs,
        events=tuple(builder.events),
        event_ends=tuple(builder.ends),
        marks=tuple(builder.marks),
        rounds=tuple(builder.rounds),
        tried=builder.tried,
        snapshots=tuple(snapshots),
        end=end,
        finished=finished,
    )


@dataclass(frozen=True, slots=True)
class _Before:
    """The table an input came to, kept until it is known whether it was refused."""

    record: Input
    state: State
    phase: MatchPhase

    def tried(self) -> Tried:
        action = self.record.action
        card = None
        if isinstance(action, Play | Move) and 0 <= action.stock < 5:
            stock = self.state.stocks[self.record.player][action.stock]
            card = stock[-1] if stock else None  # its face-up card
        return Tried(card, self.phase)


class _Builder:
    """Collects the match's events as the first pass goes."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self.events: list[TimedEvent] = []
        self.ends: list[Position] = []
        self.marks: list[tuple[Position, Mark]] = []
        self.rounds: list[int] = []
        self.tried: dict[int, Tried] = {}
        self.take(0)

    def take(self, inputs: int, before: _Before | None = None) -> None:
        """The events since the last call, which happened with ``inputs`` inputs
        handled; ``before`` is the table the input among them came to."""
        for timed in self.match.drain():
            event = timed.event
            if type(event) in _UNSHOWN:
                continue
            at = Position(inputs, timed.t)
            index = len(self.events)
            self.events.append(timed)
            self.ends.append(at)
            if isinstance(event, InputHandled) and not event.record.accepted:
                assert before is not None
                self.tried[index] = before.tried()
            if isinstance(event, RoundDealt):
                self.rounds.append(index)
            mark = _MARKS.get(type(event))
            if mark is None:
                continue
            if self.marks and self.marks[-1][0] == at:
                if self.marks[-1][1] is Mark.CARD:  # a card that ends a round: keep the end
                    self.marks[-1] = (at, mark)
            else:
                self.marks.append((at, mark))
