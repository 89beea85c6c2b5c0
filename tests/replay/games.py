"""Recording test games: two ``RandomAgent`` players, a ``ReplayWriter``, a match."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from spit.engine import State, Variant
from spit.match import InputRecord, Match, Orders, SeededDeals, Timing
from spit.replay import PlayerInfo, ReplayWriter

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
) -> tuple[Path, Match]:
    """Play a whole game (or up to ``limit_ms``) and record it; the writer is closed
    only by the end of the game, as in a real session."""
    timing = timing or Timing()
    writer = ReplayWriter.create(
        directory,
        players=BOTS,
        variant=variant,
        target=target,
        timing=timing,
        seed=seed,
        created=created,
    )
    match = Match(
        SeededDeals(seed),
        variant=variant,
        target=target,
        timing=timing,
        agents=[RandomAgent(0, seed), RandomAgent(1, seed)],
        recorders=[writer] if extra is None else [writer, extra],
        collect_events=False,
    )
    match.run_to_end(limit_ms)
    return writer.path, match
