"""Real-time play: the match controller between the pure rules and any front end.

The TUI, the simulator, replays and tests all drive ``Match``; nothing here draws,
sleeps or reads the wall clock except through the ``Clock`` it is given.
"""

from spit.core.clock import Clock, FakeClock, MonotonicClock
from spit.games.spit.session.agents import Agent
from spit.games.spit.session.controller import Match, MatchPhase
from spit.games.spit.session.deals import DealSource, Orders, ScriptedDeals, SeededDeals
from spit.games.spit.session.events import (
    CountdownKind,
    CountdownStarted,
    CountdownTick,
    InputHandled,
    InputRecord,
    MatchEvent,
    NextRoundAt,
    PauseChanged,
    SlapWindowClosed,
    SlapWindowOpened,
    StallRun,
    TimedEvent,
)
from spit.games.spit.session.recorder import Recorder
from spit.games.spit.session.timing import Timing

__all__ = [
    "Agent",
    "Clock",
    "CountdownKind",
    "CountdownStarted",
    "CountdownTick",
    "DealSource",
    "FakeClock",
    "InputHandled",
    "InputRecord",
    "Match",
    "MatchEvent",
    "MatchPhase",
    "MonotonicClock",
    "NextRoundAt",
    "Orders",
    "PauseChanged",
    "Recorder",
    "ScriptedDeals",
    "SeededDeals",
    "SlapWindowClosed",
    "SlapWindowOpened",
    "StallRun",
    "TimedEvent",
    "Timing",
]
