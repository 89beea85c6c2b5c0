"""A run of stalls taken in one step leaves the match as one spit at a time would.

Without an agent at the table and without countdown ticks, the match takes a run of
stalls at once (``spit.engine.stall_spits``) and, if it collects events, makes them
from the cards spat. Moving such a match to any time must give the same table,
timers and events as a match that takes every spit on its own (one with an agent at
the table, which must see every table), for the hostile deal of
``benchmarks/replay_hostile.py`` and for seeded deals, with any countdown length.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from spit.engine import Action, Dealer, State, parse_card
from spit.engine.timers import StallRun, Timing
from spit.game import TimedEvent
from spit.games.spit.game import Session, new_session, scripted_deals


class Onlooker:
    """An agent that never acts: with it at the table, the match takes spit by spit."""

    player = 1

    def next_wakeup(self) -> int | None:
        return None

    def on_events(self, t: int, state: State, events: Sequence[TimedEvent]) -> None:
        pass

    def wake(self, t: int, state: State) -> Action | None:
        return None


def hostile() -> tuple[list[int], list[int]]:
    names = "2D 3H 3S 4C 4D 2H 4H 4S AC 2S AD AH 3C AS 3D"
    head = [parse_card(c) for c in names.split()]
    rest = [c for c in range(52) if c not in head and c != parse_card("2C")]
    return [parse_card("2C")], head + rest


def seeded(seed: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    return Dealer(seed).first_deal()


def run(orders: object, timing: Timing, *, one_by_one: bool, until: int) -> Session:
    match = new_session(
        deals=scripted_deals([orders, orders]),  # type: ignore[list-item]
        timing=timing,
        countdown_ticks=False,
        agents=[Onlooker()] if one_by_one else [],
    )
    match.advance_to(until)
    return match


DEALS = {"hostile": hostile(), **{f"seed-{s}": seeded(s) for s in range(12)}}


@pytest.mark.parametrize("name", sorted(DEALS))
@pytest.mark.parametrize("stall", [0, 1, 1500, 600_000])
def test_a_run_of_stalls_at_once_is_the_same_game(name: str, stall: int) -> None:
    timing = Timing(stall_countdown_ms=stall)
    for until in (0, 3000, 3000 + stall * 5 + 1, 3000 + stall * 40 + 7, 10**9):
        fast = run(DEALS[name], timing, one_by_one=False, until=until)
        slow = run(DEALS[name], timing, one_by_one=True, until=until)
        assert fast.state == slow.state, until
        assert (fast.time, fast.stage.phase, fast.stage.deadline) == (
            slow.time,
            slow.stage.phase,
            slow.stage.deadline,
        )
        assert expanded(fast.drain()) == slow.drain(), until


def expanded(events: list[TimedEvent]) -> list[TimedEvent]:
    out: list[TimedEvent] = []
    for timed in events:
        run = timed.event
        out.extend(run.timed_events(timed.t) if isinstance(run, StallRun) else [timed])
    return out


@pytest.mark.parametrize("name", sorted(DEALS))
@pytest.mark.parametrize("stall", [0, 1, 1500, 600_000])
def test_a_run_told_as_one_event_stands_for_the_same_events(name: str, stall: int) -> None:
    """Taken at once, a run is told as one ``StallRun``, which expands to the events of
    its spits; the hostile deal has runs, and it is one event a run."""
    timing = Timing(stall_countdown_ms=stall)
    for until in (0, 3000, 3000 + stall * 5 + 1, 3000 + stall * 40 + 7, 10**9):
        runs = run(DEALS[name], timing, one_by_one=False, until=until)
        slow = run(DEALS[name], timing, one_by_one=True, until=until)
        assert runs.state == slow.state, until
        events = runs.drain()
        assert expanded(events) == slow.drain(), until
        if name == "hostile" and until == 10**9:
            told = [e.event for e in events if isinstance(e.event, StallRun)]
            assert told and sum(r.steps for r in told) >= 30 * len(told)
