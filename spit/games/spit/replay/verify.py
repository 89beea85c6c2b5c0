"""Strict verification of a Spit replay: is this file exactly the game it claims to be?

A file is valid when it re-simulates without a single difference (see
``spit.games.spit.replay.resimulate``) and has no malformed line. A file that simply
stops (a game interrupted by a crash) is valid too, and not ``finished``; a game that
ended by forfeit is ``finished``, the other player its winner.
"""

from __future__ import annotations

from collections.abc import Callable

from spit.core.replay.mismatch import ReplayMismatch, engine_note
from spit.core.replay.verification import Verification, with_seal
from spit.engine import ENGINE_VERSION, state_hash
from spit.games.spit.replay.reader import Replay
from spit.games.spit.replay.resimulate import Resimulation, usable_records

Follow = Callable[[Resimulation], object]
"""Steps a re-simulation to the end of the file, keeping what it needs on the way."""


def verify(replay: Replay, follow: Follow | None = None) -> Verification:
    """Re-simulate ``replay`` strictly and report the first difference or problem, and
    whether the file was edited.

    ``follow``, if given, steps the re-simulation through (before ``seek``), which
    then collects its events, a run of stalls as one event (``StallRun``): a viewer
    works a replay out in the very pass that checks it.
    """
    return with_seal(_rules(replay, follow), replay)


def _rules(replay: Replay, follow: Follow | None) -> Verification:
    problem = replay.problems[0] if replay.problems else None
    sim: Resimulation | None = None
    try:
        if usable_records(replay):
            if follow is None:
                sim = Resimulation(replay)
                sim.seek()
            else:
                sim = Resimulation(replay, collect_events=True)
                follow(sim)
                sim.seek()  # whatever ``follow`` left
    except ReplayMismatch as err:
        note = engine_note(replay.header.engine, ENGINE_VERSION)
        return _invalid(sim, err.line, err.message + note)
    if problem is not None:
        return _invalid(sim, problem.line, problem.message)
    if sim is None:  # just a header: the game was interrupted before the first deal
        return Verification(True, False, 0, None, 0, 0)
    session = sim.session
    return Verification(
        valid=True,
        finished=sim.over,
        rounds=session.state.round,
        winner=sim.winner,
        inputs=sim.inputs,
        duration_ms=session.time,
        final_hash=state_hash(session.state),
    )


def _invalid(sim: Resimulation | None, line: int, message: str) -> Verification:
    if sim is None:
        return Verification(False, False, 0, None, 0, 0, error=message, line=line)
    return Verification(
        False, False, sim.state.round, None, sim.inputs, sim.session.time, error=message, line=line
    )
