"""How Spit's replays are worked out for the viewer: what is Spit's in the real-time
timeline written once (``spit.replay.timeline.LiveTimeline``).

The marks are round starts, card plays and moves, spits, slaps and round ends. A run
of stalls in which nobody can play, one automatic spit after another, is one entry and
one mark: the game takes it in one step (``spit.engine.stall_spits``) and tells it as
one ``StallRun``, read as each spit and its stall. The countdowns' seconds are no
events here: the viewer works them out from the stage's deadline
(``spit.tui.spit.viewer.playback``). A refused input is kept with what the player
tried (the card, and the stage's phase at the time), so the viewer can say "P2 too
slow: 7♣ on left pile" long after the table has changed.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Final, TypeAlias

from spit.core.replay.viewable import NotViewable
from spit.engine import (
    Action,
    Card,
    CardMoved,
    CardPlayed,
    CardSpat,
    Move,
    Orders,
    Play,
    PlayStarted,
    RoundDealt,
    RoundEnded,
    Slapped,
)
from spit.engine.timers import CountdownStarted, NextRoundAt, SlapWindowOpened, StagePhase, StallRun
from spit.game import TimedEvent
from spit.games.spit.events import Event
from spit.games.spit.game import Session
from spit.games.spit.replay import FORMAT, Header, Input, Replay
from spit.replay import timeline
from spit.replay.timeline import SNAPSHOT_EVENTS, SNAPSHOT_EVERY, START, Position, RunSpan

__all__ = ["START", "Mark", "NotViewable", "Position", "Timeline", "Tried"]


class Mark(StrEnum):
    """A moment worth jumping to (the previous / next event keys)."""

    ROUND = "round"
    CARD = "card"
    """A card played onto a pile, or moved into an empty space."""
    SPIT = "spit"
    SLAP = "slap"
    """A player's slap, or the default when nobody slapped."""
    ROUND_END = "round_end"


@dataclass(frozen=True, slots=True)
class Tried:
    """What a refused input tried: the card on the stockpile it named (``None`` for a
    slap or a spit, or an empty stockpile) and the stage's phase it came in."""

    card: Card | None
    phase: StagePhase


def _tried(record: Input[Action], session: Session) -> Tried:
    """What ``record`` tried, on the table ``session`` is at."""
    action, card = record.action, None
    if isinstance(action, Play | Move) and 0 <= action.stock < 5:
        stock = session.state.stocks[record.player][action.stock]
        card = stock[-1] if stock else None  # its face-up card
    return Tried(card, session.stage.phase)


def _span(event: Event) -> RunSpan:
    """A stall each step, and a spit for each card spat."""
    assert isinstance(event, StallRun)
    return RunSpan(event.steps, event.every, event.steps + len(event.spat[0]) + len(event.spat[1]))


def _run_events(run: TimedEvent[Event]) -> list[TimedEvent[Event]]:
    assert isinstance(run.event, StallRun)
    return list(run.event.timed_events(run.t))


Timeline: TypeAlias = timeline.LiveTimeline[Header, Orders, Action, Session, Event, Mark, Tried]

MOMENTS: Final = timeline.Moments[Session, Action, Event, Mark, Tried](
    # Neither the table nor a caption shows these (the stage's deadlines say when they
    # run out): a stall would cost four events a spit instead of two.
    unshown=frozenset({CountdownStarted, PlayStarted, SlapWindowOpened, NextRoundAt}),
    marks={
        RoundDealt: Mark.ROUND,
        CardPlayed: Mark.CARD,
        CardMoved: Mark.CARD,
        CardSpat: Mark.SPIT,
        Slapped: Mark.SLAP,
        RoundEnded: Mark.ROUND_END,
    },
    dealt=RoundDealt,
    gives_way=frozenset({Mark.CARD}),  # a card that ends a round: the round's end
    tried=_tried,
    run=StallRun,
    run_mark=Mark.SPIT,
    run_span=_span,
    run_events=_run_events,
)


def open_timeline(path: Path) -> Timeline:
    """Read, verify and work out the replay at ``path``. Raises ``NotViewable``."""
    return timeline.open_live_timeline(FORMAT, path, MOMENTS)


def build_timeline(
    replay: Replay,
    *,
    finished: bool,
    every: int = SNAPSHOT_EVERY,
    every_events: int = SNAPSHOT_EVENTS,
    stall_runs: bool = True,
) -> Timeline:
    """Work out ``replay``, valid and holding a deal; ``stall_runs=False`` keeps each
    automatic spit an entry of its own (what the tests hold runs against)."""
    return timeline.build_live_timeline(
        FORMAT,
        replay,
        MOMENTS,
        finished=finished,
        every=every,
        every_events=every_events,
        runs=stall_runs,
    )
