"""Spit's own figures for the statistics written once (``spit.games.summary.GameStats``):
what a card played is, when cards can be played, what each player holds, and its runs
of stalls, which the statistics take at once."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from spit.engine import Action, Play, PlayStarted, RoundEnded, Stalled, State, Variant, stall_spits
from spit.engine.timers import CountdownKind, Stage, StallRun
from spit.games.spit.replay import Header
from spit.games.summary import GameStats, Held, PlayStats


def _playing(event: object) -> bool | None:
    if isinstance(event, PlayStarted):
        return True
    return False if isinstance(event, Stalled | RoundEnded) else None


def _held(state: State) -> Held:
    return (state.cards_held(0), state.cards_held(1))


def _held_within(before: State, t: int, event: object) -> Iterable[tuple[int, Held]]:
    """After each stall of a run, every player with spit cards left has turned one up."""
    if not isinstance(event, StallRun):
        return ()
    (a, b), spat = _held(before), (len(event.spat[0]), len(event.spat[1]))
    return [
        (t + step * event.every, (a - min(step + 1, spat[0]), b - min(step + 1, spat[1])))
        for step in range(event.steps)
    ]


def _skip_to(header: Header, state: State, stage: Stage, due: int, before: int) -> int:
    """``due``, or if a run of stalls starts then, its last step before ``before`` that
    leaves the table stalled (the step after it starts play or ends the round)."""
    stall = header.timing.stall_countdown_ms
    if stage.countdown is not CountdownKind.STALL or due != stage.deadline or not stall:
        return due  # (with no wait at all, the timers take a run at once by themselves)
    _, steps = stall_spits(state, (before - 1 - due) // stall + 1)
    return due + max(0, steps - 1) * stall


def _plays(action: Action) -> bool:
    return isinstance(action, Play)


STATS: Final[GameStats[Header, State, Stage, Action, object]] = GameStats(
    play=PlayStats(_plays, _playing, _held, _held_within, _skip_to),
    keeps_score=lambda header: header.variant is Variant.POINTS,
)
