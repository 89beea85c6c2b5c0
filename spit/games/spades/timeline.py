"""How a Spades replay plays back in the viewer (``spit.replay.timeline``, written once,
keeps the game after every step).

Playback is paced by step, not by the recorded times (a bot's moves are recorded
within milliseconds, a person's after minutes): each step stays on screen for
``dwell`` milliseconds at 1×, longer where there is more to take in (a finished
trick, a scored hand), shorter in the draw, where each step shows one card. Spades'
own marks are the moments between tricks.
"""

from __future__ import annotations

from pathlib import Path
from typing import Final, TypeAlias

from spit.games.spades.engine import Action, HandOrders, Phase, State
from spit.games.spades.replay import FORMAT, Replay
from spit.replay import timeline
from spit.replay.records import Deal

PACE_MS: Final = 600
"""How long a bid or a card stays on screen at 1× before the next step."""
DRAW_MS: Final = 300
"""A step of the draw (or the blind-nil question): 26 of them start each hand."""
TRICK_MS: Final = 1200
"""The card that completes a trick (both cards and the winner stay a while), and the
start of a hand."""
HAND_MS: Final = 2400
"""A scored hand: its result."""

Frame: TypeAlias = timeline.Frame[State, HandOrders, Action]
Timeline: TypeAlias = timeline.Timeline[State, HandOrders, Action]


def trick_done(frame: Frame) -> bool:
    """This step completed a trick."""
    return frame.before is not None and len(frame.state.tricks) > len(frame.before.tricks)


class Pacing:
    """Spades' ``spit.replay.timeline.Pacing``."""

    def dwell(self, frame: Frame) -> int:
        if frame.state.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
            return HAND_MS
        if trick_done(frame) or isinstance(frame.record, Deal):
            return TRICK_MS
        if frame.before is not None and frame.before.phase in (Phase.BLIND, Phase.DRAW):
            return DRAW_MS
        return PACE_MS

    def mark(self, frame: Frame) -> bool:
        """Before each lead (the bidding just over, or the last trick just taken), and
        after each hand's last trick."""
        if not frame.accepted:
            return False
        state = frame.state
        if state.phase is Phase.PLAY:
            return not state.trick
        return state.phase in (Phase.HAND_OVER, Phase.GAME_OVER)


PACING: Final = Pacing()


def open_spades_timeline(path: Path) -> Timeline:
    """Read, verify and work out the Spades replay at ``path``. Raises ``NotViewable``
    (``unreadable`` when the file cannot be read as a Spades replay at all)."""
    return timeline.open_timeline(FORMAT, path, PACING)


def build_timeline(replay: Replay, *, finished: bool) -> Timeline:
    """Step through ``replay``, valid and holding at least one hand."""
    return timeline.build_timeline(FORMAT, replay, PACING, finished=finished)
