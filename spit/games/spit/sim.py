"""One simulated game: two bots, one seeded deal, the real match controller.

Everything a game depends on is derived from the run's seed and the game's index, never
from which worker process plays it or what it played before, so a run gives the same
results whatever the number of jobs.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from spit.core.seeds import derive_seed
from spit.engine import Play, State, Variant
from spit.games.spit.bots import LEVELS, POLICIES, BotAgent, make_bot
from spit.games.spit.session import InputRecord, Orders, Timing, seeded_match
from spit.games.spit.session.recorder import Recorder

if TYPE_CHECKING:
    from spit.games.spit.replay.writer import ReplayWriter

__all__ = ["BotSpec", "GameRecord", "GameSetup", "derive_seed", "play_game"]


@dataclass(frozen=True, slots=True)
class BotSpec:
    """A bot as named on the command line: ``LEVEL`` or ``LEVEL/POLICY``.

    The policy suffix gives a level's speed another policy's decisions, which is how
    policies are compared at identical timing (``normal/naive`` against ``normal``).
    """

    level: str
    policy: str | None = None

    @classmethod
    def parse(cls, text: str) -> BotSpec:
        """Read ``LEVEL`` or ``LEVEL/POLICY``; ``ValueError`` says what is valid."""
        level, slash, policy = text.strip().partition("/")
        if level not in LEVELS:
            raise ValueError(f"unknown bot level {level!r}: choose from {', '.join(LEVELS)}")
        if slash and policy not in POLICIES:
            raise ValueError(f"unknown bot policy {policy!r}: choose from {', '.join(POLICIES)}")
        return cls(level, policy if slash else None)

    def make(self, player: int, seed: int) -> BotAgent:
        return make_bot(self.level, player, seed, policy=self.policy)

    def __str__(self) -> str:
        return self.level if self.policy is None else f"{self.level}/{self.policy}"


@dataclass(frozen=True, slots=True)
class GameRecord:
    """What the statistics need from one game. Seats are 0 and 1; "p1" is the bot given
    first, whichever seat it had."""

    index: int
    deal_seed: int
    """``SeededDeals(deal_seed)`` deals this game again (shared by the pair)."""
    p1_seat: int
    winner: int | None
    """The winning seat, or ``None`` if the game hit the time limit."""
    rounds: int
    length_ms: int
    plays: tuple[int, int]
    """Cards played onto the spit piles, per seat."""
    refused: tuple[int, int]
    """Inputs the match refused, per seat (races lost, stale decisions)."""

    def plays_by(self, role: int) -> int:
        """Cards played by the bot given first (``role`` 0) or second (1)."""
        return self.plays[self.p1_seat ^ role]

    def won_by(self, role: int) -> bool:
        return self.winner is not None and self.winner == self.p1_seat ^ role


class _Tally:
    """A recorder that only counts: cheaper than collecting every event."""

    def __init__(self) -> None:
        self.plays = [0, 0]
        self.refused = [0, 0]

    def on_deal(self, t: int, round_no: int, orders: Orders) -> None:
        pass

    def on_input(self, record: InputRecord, state: State) -> None:
        if not record.accepted:
            self.refused[record.player] += 1
        elif type(record.action) is Play:
            self.plays[record.player] += 1

    def on_round_over(self, t: int, state: State) -> None:
        pass

    def on_game_over(self, t: int, state: State) -> None:
        pass


@dataclass(frozen=True, slots=True)
class GameSetup:
    """Everything shared by the games of one run (sent once to each worker)."""

    seed: int
    p1: BotSpec
    p2: BotSpec
    variant: Variant
    target: int
    timing: Timing
    limit_ms: int
    replay_dir: Path | None = None


def play_game(setup: GameSetup, index: int) -> GameRecord:
    """Play game ``index`` of the run to its end or to the time limit.

    Games ``2k`` and ``2k+1`` are a pair: the same deal, with the bots' seats swapped,
    so that neither bot profits from a lucky deal or from the seat it sits in. Each bot
    keeps its own seed across the pair.
    """
    pair, p1_seat = divmod(index, 2)
    deal_seed = derive_seed(setup.seed, "deal", pair)
    p1 = setup.p1.make(p1_seat, derive_seed(setup.seed, "bot", pair, 1))
    p2 = setup.p2.make(1 - p1_seat, derive_seed(setup.seed, "bot", pair, 2))
    agents = [p1, p2] if p1_seat == 0 else [p2, p1]
    tally = _Tally()
    recorders: list[Recorder] = [tally]
    writer = None
    if setup.replay_dir is not None:
        writer = _replay_writer(setup, agents, deal_seed)
        recorders.append(writer)
    match = seeded_match(
        seed=deal_seed,
        variant=setup.variant,
        target=setup.target,
        timing=setup.timing,
        agents=agents,
        recorders=recorders,
        collect_events=False,
        # Bots need no "3, 2, 1": a tick changes nothing on the table, and a bot only
        # acts on changes; without them a game has a fifth fewer steps.
        countdown_ticks=False,
    )
    try:
        match.run_to_end(setup.limit_ms)
    finally:
        if writer is not None:
            writer.close()
    return GameRecord(
        index=index,
        deal_seed=deal_seed,
        p1_seat=p1_seat,
        winner=match.state.winner,
        rounds=match.state.round,
        length_ms=match.time,
        plays=(tally.plays[0], tally.plays[1]),
        refused=(tally.refused[0], tally.refused[1]),
    )


def _replay_writer(setup: GameSetup, agents: list[BotAgent], deal_seed: int) -> ReplayWriter:
    """Imported here: only runs that save replays need the replay module."""
    from spit.core.replay.fields import PlayerInfo
    from spit.games.spit.replay.writer import ReplayWriter

    assert setup.replay_dir is not None
    players = tuple(
        PlayerInfo(
            kind="bot",
            name=f"{agent.level} bot",
            level=agent.level,
            policy=agent.policy.name,
            seed=agent.seed,
        )
        for agent in agents
    )
    return ReplayWriter.create(
        setup.replay_dir,
        players=(players[0], players[1]),
        variant=setup.variant,
        target=setup.target,
        timing=setup.timing,
        seed=deal_seed,
    )
