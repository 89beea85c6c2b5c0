"""A Spit match from a seed: the session factory the game registry names for Spit
(``spit.games.registry.SessionFactory``), and the one way headless code starts one."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from spit.games.spit.session.agents import Agent
from spit.games.spit.session.controller import Match
from spit.games.spit.session.deals import SeededDeals
from spit.games.spit.session.recorder import Recorder


def seeded_match(
    *, seed: int, agents: Sequence[Agent], recorders: Sequence[Recorder] = (), **options: Any
) -> Match:
    """A match dealt from ``seed``; ``options`` are ``Match``'s own (variant, target,
    timing, clock, collect_events, countdown_ticks), each with its default if left out."""
    return Match(SeededDeals(seed), agents=agents, recorders=recorders, **options)
