"""Spades in real time: the session between the pure rules and every front end.

The Spades screen, the headless duels, the simulator and the replay checker all drive
``SpadesSession``; nothing here draws, sleeps or reads the wall clock except through
the ``Clock`` it is given.
"""

from spit.games.spades.session.controller import (
    BotPace,
    Handling,
    Player,
    SpadesSession,
    Step,
)
from spit.games.spades.session.hands import HandSource, ScriptedHands, SeededHands
from spit.games.spades.session.intents import (
    KEY_LETTERS,
    Confirm,
    Intent,
    Key,
    NextHand,
    Refusal,
    intent_text,
    parse_intent,
)
from spit.games.spades.session.keys import HAND_KEYS, card_of, display_order, hand_letters
from spit.games.spades.session.recorder import SpadesRecorder

__all__ = [
    "HAND_KEYS",
    "KEY_LETTERS",
    "BotPace",
    "Confirm",
    "HandSource",
    "Handling",
    "Intent",
    "Key",
    "NextHand",
    "Player",
    "Refusal",
    "ScriptedHands",
    "SeededHands",
    "SpadesRecorder",
    "SpadesSession",
    "Step",
    "card_of",
    "display_order",
    "hand_letters",
    "intent_text",
    "parse_intent",
]
