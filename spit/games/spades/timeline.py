"""A Spades replay worked out once, when it is opened, so that every seek is instant.

Spades is turn-based and a game is a few hundred inputs, so the viewer keeps the game
after every step (``Frame``): the start of each hand, and each input, refused ones
included (a refused input leaves the game as it was, but the viewer says what was
tried). The states are immutable values that share most of their parts, so keeping
them all costs little, and moving to any step is a list index.

The file is first verified by ``spit.replay.verify_spades`` (so the viewer and
``spit-tui replay --check`` agree on what is wrong with a file, in the same words),
then stepped through once with the same ``Resimulation``: there is one
re-simulator for Spades.

Playback is paced by step, not by the recorded times (a bot's moves are recorded
within milliseconds, a person's after minutes): each step stays on screen for
``dwell`` milliseconds at 1×, longer where there is more to take in (a finished
trick, a scored hand), shorter in the draw, where each step shows one card.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from itertools import accumulate
from pathlib import Path
from typing import Final

from spit.core.replay.viewable import NotViewable, read_checked
from spit.games.spades.engine import Action, HandOrders, Phase, Rejected, State, apply
from spit.games.spades.replay import Replay, load_spades_replay, resimulation, verify_spades
from spit.replay.records import Deal, Input

PACE_MS: Final = 600
"""How long a bid or a card stays on screen at 1× before the next step."""
DRAW_MS: Final = 300
"""A step of the draw (or the blind-nil question): 26 of them start each hand."""
TRICK_MS: Final = 1200
"""The card that completes a trick (both cards and the winner stay a while), and the
start of a hand."""
HAND_MS: Final = 2400
"""A scored hand: its result."""


@dataclass(frozen=True, slots=True)
class Frame:
    """The game right after one step of the replay: a hand's cards, or an input."""

    record: Deal[HandOrders] | Input[Action]
    before: State | None
    """The game the step came to (``None`` before hand 1)."""
    state: State
    """The game after it; the same object as ``before`` for a refused input."""
    inputs: int
    """Inputs handled so far, this one included."""
    refusal: str | None = None
    """Why the engine refused the input, if it did."""

    @property
    def accepted(self) -> bool:
        return self.refusal is None

    @property
    def trick_done(self) -> bool:
        """This step completed a trick."""
        return self.before is not None and len(self.state.tricks) > len(self.before.tricks)

    @property
    def dwell(self) -> int:
        """Milliseconds on screen at 1×, before the next step."""
        if self.state.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
            return HAND_MS
        if self.trick_done or isinstance(self.record, Deal):
            return TRICK_MS
        if self.before is not None and self.before.phase in (Phase.BLIND, Phase.DRAW):
            return DRAW_MS
        return PACE_MS


class Timeline:
    """Every step of ``replay``, and where the tricks and hands start."""

    def __init__(self, replay: Replay, frames: list[Frame], *, finished: bool) -> None:
        self.replay = replay
        self.frames: tuple[Frame, ...] = tuple(frames)
        self.finished = finished
        """The game reached its end; otherwise the recording stops at the last frame."""
        self.inputs = frames[-1].inputs
        self.hands = frames[-1].state.hand
        self.times: tuple[int, ...] = tuple(accumulate((f.dwell for f in frames[:-1]), initial=0))
        """When each frame is reached, in milliseconds at 1× from the start."""
        self.hand_marks: tuple[int, ...] = tuple(
            i for i, f in enumerate(frames) if isinstance(f.record, Deal)
        )
        self.trick_marks: tuple[int, ...] = tuple(
            i for i, f in enumerate(frames) if f.accepted and _between_tricks(f.state)
        )
        """The frames before each lead (the bidding just over, or the last trick just
        taken), and after each hand's last trick."""

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


def _between_tricks(state: State) -> bool:
    if state.phase is Phase.PLAY:
        return not state.trick
    return state.phase in (Phase.HAND_OVER, Phase.GAME_OVER)


def open_spades_timeline(path: Path) -> Timeline:
    """Read, verify and work out the Spades replay at ``path``. Raises ``NotViewable``
    (``unreadable`` when the file cannot be read as a Spades replay at all)."""
    replay, result = read_checked(path, load_spades_replay, verify_spades)
    if not replay.deals:
        raise NotViewable("the recording stops before the first hand: there is nothing to watch")
    return build_timeline(replay, finished=result.finished)


def build_timeline(replay: Replay, *, finished: bool) -> Timeline:
    """Step through ``replay``, which must be valid (``verify_spades``) and hold at
    least one hand, and keep the game after each hand's start and each input."""
    sim = resimulation(replay)
    frames: list[Frame] = []
    while True:
        before = sim.state
        record = sim.step()
        if record is None:
            break
        if not isinstance(record, Deal | Input):
            continue  # checkpoints and the closing line change nothing
        state = sim.state
        assert state is not None  # the first line after the header is hand 1's
        refusal = None
        if isinstance(record, Input) and state is before:
            rejected = apply(state, record.player, record.action)
            assert isinstance(rejected, Rejected)
            refusal = rejected.message
        frames.append(Frame(record, before, state, sim.inputs, refusal))
    return Timeline(replay, frames, finished=finished)
