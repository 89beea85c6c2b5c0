"""The same deals and the same timed inputs give the same game, however often the
front end calls in between: what makes replays exact."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from spit.core.clock import FakeClock
from spit.engine import state_hash
from spit.game import TimedEvent
from spit.games.spit.game import Session, new_session
from spit.play.events import InputRecord

from .helpers import FakeRecorder, FirstLegalAgent

SEED = 0
END = 200_000
"""Well after the recorded game ends."""


def recorded_game() -> tuple[list[InputRecord], list[TimedEvent], str]:
    """Every input of a game between two agents, its events, and its final hash."""
    rec = FakeRecorder()
    agents = [FirstLegalAgent(0, 200), FirstLegalAgent(1, 300)]
    m = new_session(seed=SEED, agents=agents, recorders=[rec])
    m.run_to_end(limit_ms=END)
    assert m.state.winner is not None
    m.advance_to(END)  # agents may still press keys after the game is over
    return rec.inputs, m.drain(), state_hash(m.state)


def one_step_per_input(m: Session, inputs: list[InputRecord], _: random.Random) -> None:
    for r in inputs:
        m.submit_at(r.t, r.player, r.action)
    m.advance_to(END)


def every_millisecond(m: Session, inputs: list[InputRecord], _: random.Random) -> None:
    pending = iter(inputs)
    nxt = next(pending, None)
    for t in range(END + 1):
        m.advance_to(t)
        while nxt is not None and nxt.t == t:
            m.submit_at(t, nxt.player, nxt.action)
            nxt = next(pending, None)


def random_times(m: Session, inputs: list[InputRecord], rng: random.Random) -> None:
    for r in inputs:
        while (t := m.time + rng.randint(0, 900)) < r.t:
            m.advance_to(t)
        m.submit_at(r.t, r.player, r.action)
    m.advance_to(END)


Driver = Callable[[Session, list[InputRecord], random.Random], None]


@pytest.mark.parametrize("drive", [one_step_per_input, every_millisecond, random_times])
def test_same_inputs_same_game_whatever_the_call_pattern(drive: Driver) -> None:
    inputs, events, final = recorded_game()
    rec = FakeRecorder()
    m = new_session(seed=SEED, recorders=[rec])
    drive(m, inputs, random.Random(7))
    assert state_hash(m.state) == final
    assert m.drain() == events
    assert rec.inputs == inputs


def test_same_inputs_same_game_on_a_clock_updated_at_random() -> None:
    inputs, events, final = recorded_game()
    clock = FakeClock()
    m = new_session(seed=SEED, clock=clock)
    rng = random.Random(11)
    seen: list[TimedEvent] = []
    for r in inputs:
        while clock.now_ms() < r.t:
            clock.set(min(clock.now_ms() + rng.randint(1, 700), r.t))
            seen.extend(m.update())
        assert m.submit(r.player, r.action) == r
    clock.set(END)
    seen.extend(m.update())
    assert state_hash(m.state) == final
    assert seen == events


@pytest.mark.parametrize("step", [1, 7, 333])
def test_agents_play_the_same_game_whatever_the_call_pattern(step: int) -> None:
    _, events, final = recorded_game()
    agents = [FirstLegalAgent(0, 200), FirstLegalAgent(1, 300)]
    m = new_session(seed=SEED, agents=agents)
    for t in range(0, END + 1, step):
        m.advance_to(t)
    assert state_hash(m.state) == final
    assert m.drain() == events
