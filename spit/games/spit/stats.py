"""Spit's own figures for the statistics written once (``spit.games.summary.GameStats``)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from spit.engine import Action, Play, PlayStarted, RoundEnded, Stalled, State, Variant, stall_spits
from spit.engine.timers import CountdownKind, Stage, StallRun
from spit.games.spit.replay import Header
from spit.games.summary import GameStats, Held, PlayStats

_PLAYING: Final[dict[type, bool]] = {PlayStarted: True, Stalled: False, RoundEnded: False}
"""The events after which cards can be played (``True``) or cannot (``False``)."""


def _held(state: State) -> Held:
    return (state.cards_held(0), state.cards_held(1))


def _held_within(before: State, t: int, run: object) -> Iterable[tuple[int, Held]]:
    if not isinstance(run, StallRun):
        return ()
    (a, b), (x, y) = _held(before), (len(run.spat[0]), len(run.spat[1]))
    return [(t + i * run.every, (a - min(i + 1, x), b - min(i + 1, y))) for i in range(run.steps)]


def _skip_to(header: Header, state: State, stage: Stage, due: int, before: int) -> int:
    """The last step before ``before`` of a run of stalls starting at ``due`` that leaves
    the table stalled (the step after it starts play or ends the round), or ``due``."""
    stall = header.timing.stall_countdown_ms
    if stage.countdown is not CountdownKind.STALL or due != stage.deadline or not stall:
        return due  # (with no wait at all, the timers take a run at once by themselves)
    return due + max(0, stall_spits(state, (before - 1 - due) // stall + 1)[1] - 1) * stall


STATS: Final[GameStats[Header, State, Stage, Action, object]] = GameStats(
    play=PlayStats(
        plays=lambda action: isinstance(action, Play),
        playing=lambda event: _PLAYING.get(type(event)),
        held=_held,
        held_within=_held_within,
        skip_to=_skip_to,
    ),
    keeps_score=lambda header: header.variant is Variant.POINTS,
)
