"""Recording test games: two ``RandomAgent`` players (or the agents given), a
``ReplayWriter``, a match."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from pathlib import Path

from spit.core.replay.fields import PlayerInfo
from spit.engine import Orders, State, Variant
from spit.engine.timers import Timing
from spit.games.spit.game import Agent, Session, new_session
from spit.games.spit.replay import ReplayWriter
from spit.play.events import InputRecord

from .agents import RandomAgent

BOTS = (
    PlayerInfo("bot", "Lefty", level="test", policy="random", seed=1),
    PlayerInfo("bot", "Righty", level="test", policy="random", seed=2),
)


class StatesAfterInputs:
    """A recorder keeping the table after every input, to compare re-simulations with."""

    def __init__(self) -> None:
        self.states: list[State] = []

    def on_deal(self, t: int, round_no: int, orders: Orders) -> None:
        pass

    def on_input(self, record: InputRecord, state: State) -> None:
        self.states.append(state)

    def on_round_over(self, t: int, state: State) -> None:
        pass

    def on_game_over(self, t: int, state: State) -> None:
        pass


def recorded_match(
    directory: Path,
    seed: int,
    variant: Variant = Variant.STANDARD,
    *,
    players: tuple[PlayerInfo, PlayerInfo] = BOTS,
    agents: Sequence[Agent] | None = None,
    timing: Timing | None = None,
    target: int = 100,
    created: datetime | None = None,
    extra: StatesAfterInputs | None = None,
    network: bool = False,
) -> tuple[ReplayWriter, Session]:
    """A match on the deals of ``seed``, not started, recorded by a new writer in
    ``directory`` (and by ``extra``); two ``RandomAgent`` players unless ``agents``;
    ``network``: the header says it was played over the network, as a server's does."""
    timing = timing or Timing()
    writer = ReplayWriter.create(
        directory,
        players=players,
        variant=variant,
        target=target,
        timing=timing,
        seed=seed,
        created=created,
        network=network,
    )
    match = new_session(
        seed=seed,
        variant=variant,
        target=target,
        timing=timing,
        agents=[RandomAgent(0, seed), RandomAgent(1, seed)] if agents is None else agents,
        recorders=[writer] if extra is None else [writer, extra],
        collect_events=False,
    )
    return writer, match


def record_game(
    directory: Path,
    seed: int,
    variant: Variant = Variant.STANDARD,
    *,
    timing: Timing | None = None,
    target: int = 100,
    limit_ms: int = 3_600_000,
    created: datetime | None = None,
    extra: StatesAfterInputs | None = None,
) -> tuple[Path, Session]:
    """Play a whole game (or up to ``limit_ms``) and record it; the writer is closed
    only by the end of the game, as in a real session."""
    writer, match = recorded_match(
        directory, seed, variant, timing=timing, target=target, created=created, extra=extra
    )
    match.run_to_end(limit_ms)
    return writer.path, match


def slow_game(directory: Path, seed: int, stall_ms: int, limit_ms: int = 900_000) -> Path:
    """Record a game between slow random players who seldom slip, with a stall
    countdown of ``stall_ms``: a game with runs of stalls in which nobody presses a key
    (most games have one or two), closed at its end or at ``limit_ms``."""
    agents = [RandomAgent(p, seed, pace=(400, 2500), slips=0.02) for p in (0, 1)]
    timing = Timing(stall_countdown_ms=stall_ms)
    writer, match = recorded_match(directory, seed, timing=timing, agents=agents)
    match.run_to_end(limit_ms)
    writer.close()
    return writer.path
