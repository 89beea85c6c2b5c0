"""Real-time play: the match controller between the pure rules and any front end.

The TUI, the simulator, replays and tests all drive ``Match``: front ends with the
players' intents (``intents``), bots and replays with actions; nothing here draws,
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
from spit.games.spit.session.factory import seeded_match
from spit.games.spit.session.intents import (
    PLAYER_INTENTS,
    Intent,
    IntentRefusal,
    IntentRefused,
    MoveIntent,
    PlayIntent,
    Side,
    SpitIntent,
    intent_text,
    parse_intent,
)
from spit.games.spit.session.recorder import Recorder
from spit.games.spit.session.timing import Timing

__all__ = [
    "PLAYER_INTENTS",
    "Agent",
    "Clock",
    "CountdownKind",
    "CountdownStarted",
    "CountdownTick",
    "DealSource",
    "FakeClock",
    "InputHandled",
    "InputRecord",
    "Intent",
    "IntentRefusal",
    "IntentRefused",
    "Match",
    "MatchEvent",
    "MatchPhase",
    "MonotonicClock",
    "MoveIntent",
    "NextRoundAt",
    "Orders",
    "PauseChanged",
    "PlayIntent",
    "Recorder",
    "ScriptedDeals",
    "SeededDeals",
    "Side",
    "SlapWindowClosed",
    "SlapWindowOpened",
    "SpitIntent",
    "StallRun",
    "TimedEvent",
    "Timing",
    "intent_text",
    "parse_intent",
    "seeded_match",
]
