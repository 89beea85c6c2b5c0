"""A replay worked out once, when a viewer opens it, so that every seek is instant:
for any game whose states a viewer can keep, one after each step.

The file is first verified (``spit.replay.verify``, so the viewer and ``spit-tui
replay --check`` agree on what is wrong with a file, in the same words), then stepped
through once with the same ``Resimulation``, keeping the game after each deal and
each input (``Frame``), refused ones included (a refused input leaves the game as it
was, but the viewer says what was tried). The states are immutable values that share
most of their parts, so keeping them all costs little and moving to any step is a
list index. A game in real time whose rounds hold thousands of steps keeps
snapshots instead (Spit's ``spit.games.spit.timeline``).

Playback is paced by step, not by the recorded times: the game says how long each
frame stays on screen at 1× (``Pacing.dwell``) and which frames are its own marks to
jump between (``Pacing.mark``: Spades' tricks); the rounds' starts are marks for
every game.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from itertools import accumulate
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar

from spit.core.replay.viewable import NotViewable, read_checked
from spit.replay.format import ReplayFormat
from spit.replay.reader import Replay, load_replay
from spit.replay.records import Deal, Input
from spit.replay.verify import Resimulation, verify

S = TypeVar("S")
C = TypeVar("C")
A = TypeVar("A")


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
