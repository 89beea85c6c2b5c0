"""One simulated game: two bots, one seeded deal, the real session; and
Spit's side of ``spit-tui sim`` (``SIMULATOR``: its options, its run and its reports).

Everything a game depends on is derived from the run's seed and the game's index, never
from which worker process plays it or what it played before, so a run gives the same
results whatever the number of jobs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from spit.core.replay.fields import MAX_TIME_MS
from spit.core.seats import SEATS, Seat, other
from spit.core.seeds import derive_seed
from spit.engine import Action, Orders, Play, Reason, State, Variant
from spit.engine.timers import Timing
from spit.games.simulation import (
    Run,
    SimOption,
    SimPlan,
    SimRequest,
    player_option,
    rate_line,
    win_lines,
)
from spit.games.spit.bots import LEVELS, POLICIES, BotAgent, BotLevel, make_bot
from spit.games.spit.game import Recorder, new_session
from spit.play.events import InputRecord

if TYPE_CHECKING:
    from spit.games.spit.replay import ReplayWriter

__all__ = [
    "DEFAULT_LIMIT_MS",
    "SIMULATOR",
    "BotSpec",
    "GameRecord",
    "GameSetup",
    "derive_seed",
    "play_game",
]

DEFAULT_LIMIT_MS: Final = 30 * 60 * 1000
"""A game still running after 30 game-minutes is stopped and counted as unfinished."""


@dataclass(frozen=True, slots=True)
class BotSpec:
    """A bot as named on the command line: ``LEVEL`` or ``LEVEL/POLICY``.

    The policy suffix gives a level's speed another policy's decisions, which is how
    policies are compared at identical timing (``normal/naive`` against ``normal``).
    """

    level: BotLevel
    policy: str | None = None

    @classmethod
    def parse(cls, text: str) -> BotSpec:
        """Read ``LEVEL`` or ``LEVEL/POLICY``; ``ValueError`` says what is valid."""
        level, slash, policy = text.strip().partition("/")
        if level not in LEVELS:
            raise ValueError(f"unknown bot level {level!r}: choose from {', '.join(LEVELS)}")
        if slash and policy not in POLICIES:
            raise ValueError(f"unknown bot policy {policy!r}: choose from {', '.join(POLICIES)}")
        return cls(BotLevel(level), policy if slash else None)

    def make(self, player: Seat, seed: int) -> BotAgent:
        return make_bot(self.level, player, seed, policy=self.policy)

    def __str__(self) -> str:
        return self.level if self.policy is None else f"{self.level}/{self.policy}"


@dataclass(frozen=True, slots=True)
class GameRecord:
    """What the statistics need from one game. Seats are 0 and 1; "p1" is the bot given
    first, whichever seat it had."""

    index: int
    deal_seed: int
    """``new_session(seed=deal_seed)`` deals this game again (shared by the pair)."""
    p1_seat: int
    winner: int | None
    """The winning seat, or ``None`` if the game hit the time limit."""
    rounds: int
    length_ms: int
    plays: tuple[int, int]
    """Cards played onto the spit piles, per seat."""
    refused: tuple[int, int]
    """Inputs the rules refused, per seat (races lost, stale decisions)."""

    def plays_by(self, role: int) -> int:
        """Cards played by the bot given first (``role`` 0) or second (1)."""
        return self.plays[self.p1_seat ^ role]

    @property
    def finished(self) -> bool:
        """Spit has no draw: a game without a winner hit the time limit."""
        return self.winner is not None

    def won_by(self, role: int) -> bool:
        return self.winner is not None and self.winner == self.p1_seat ^ role


class _Tally:
    """A recorder that only counts: cheaper than collecting every event."""

    def __init__(self) -> None:
        self.plays = [0, 0]
        self.refused = [0, 0]

    def on_deal(self, t: int, round_no: int, orders: Orders) -> None:
        pass

    def on_input(self, record: InputRecord[Action, Reason], state: State) -> None:
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
    pair, p1_seat = index // 2, SEATS[index % 2]
    deal_seed = derive_seed(setup.seed, "deal", pair)
    p1 = setup.p1.make(p1_seat, derive_seed(setup.seed, "bot", pair, 1))
    p2 = setup.p2.make(other(p1_seat), derive_seed(setup.seed, "bot", pair, 2))
    agents = [p1, p2] if p1_seat == 0 else [p2, p1]
    tally = _Tally()
    recorders: list[Recorder] = [tally]
    writer = None
    if setup.replay_dir is not None:
        writer = _replay_writer(setup, agents, deal_seed)
        recorders.append(writer)
    session = new_session(
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
        session.run_to_end(setup.limit_ms)
    finally:
        if writer is not None:
            writer.close()
    return GameRecord(
        index=index,
        deal_seed=deal_seed,
        p1_seat=p1_seat,
        winner=session.state.winner,
        rounds=session.state.round,
        length_ms=session.time,
        plays=(tally.plays[0], tally.plays[1]),
        refused=(tally.refused[0], tally.refused[1]),
    )


def _replay_writer(setup: GameSetup, agents: list[BotAgent], deal_seed: int) -> ReplayWriter:
    """Imported here: only runs that save replays need the replay module."""
    from spit.core.replay.fields import PlayerInfo
    from spit.games.spit.replay import ReplayWriter

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


def mean_rounds(records: Sequence[GameRecord]) -> float:
    return sum(r.rounds for r in records) / len(records)


def mean_length_s(records: Sequence[GameRecord]) -> float:
    """Mean game length in game seconds (unfinished games count at the limit)."""
    return sum(r.length_ms for r in records) / len(records) / 1000


def cards_per_minute(records: Sequence[GameRecord], role: int) -> float:
    """Cards the first (0) or second (1) bot played per game minute."""
    minutes = sum(r.length_ms for r in records) / 60_000
    return sum(r.plays_by(role) for r in records) / minutes if minutes else 0.0


def refused_share(records: Sequence[GameRecord], role: int) -> float:
    """Share of that bot's inputs the rules refused (races lost, stale plays)."""
    refused = sum(r.refused[r.p1_seat ^ role] for r in records)
    played = sum(r.plays_by(role) for r in records)
    return refused / (refused + played) if refused + played else 0.0


GameRun = Run[GameSetup, GameRecord]


def report(run: GameRun) -> str:
    """The text report: who won how often, how long games took, how fast bots played."""
    setup, records = run.setup, run.records
    names = (str(setup.p1), str(setup.p2))
    lines = [
        f"{names[0]} vs {names[1]}: {run.games} games, seed {setup.seed}, "
        f"{setup.variant.value} variant (games 2k, 2k+1: same deal, seats swapped)",
        *win_lines(run, names, lambda role: f"{cards_per_minute(records, role):5.1f} cards/min"),
        f"  draws: {run.draws}; unfinished after {setup.limit_ms / 60_000:g} game-minutes: "
        f"{run.unfinished}",
        f"  mean {mean_rounds(records):.2f} rounds, "
        f"{mean_length_s(records):.1f} game-seconds a game",
        rate_line(run),
    ]
    return "\n".join(lines)


def run_json(run: GameRun) -> dict[str, Any]:
    """The ``--json`` object of a run (``spit.sim.SimResult.to_json``)."""
    setup, records = run.setup, run.records
    low, high = run.p1_interval
    return {
        "games": run.games,
        "seed": setup.seed,
        "p1": str(setup.p1),
        "p2": str(setup.p2),
        "variant": setup.variant.value,
        "p1_wins": run.wins(0),
        "p2_wins": run.wins(1),
        "draws": run.draws,
        "unfinished": run.unfinished,
        "p1_win_rate": round(run.p1_win_rate, 6),
        "p1_win_rate_ci95": [round(low, 6), round(high, 6)],
        "mean_rounds": round(mean_rounds(records), 4),
        "mean_game_s": round(mean_length_s(records), 3),
        "p1_cards_per_minute": round(cards_per_minute(records, 0), 3),
        "p2_cards_per_minute": round(cards_per_minute(records, 1), 3),
        "p1_refused_share": round(refused_share(records, 0), 4),
        "p2_refused_share": round(refused_share(records, 1), 4),
        "limit_s": setup.limit_ms / 1000,
        "elapsed_s": round(run.elapsed_s, 3),
    }


class GameSimulator:
    """Spit's side of ``spit-tui sim`` (``spit.games.simulation.Simulator``)."""

    default_player: Final = "normal"
    default_target: Final = 100
    target_help: Final = "Spit's points variant (default 100)"
    options: Final = (
        SimOption(
            "variant",
            "Spit: how the game is won (default standard)",
            choices=tuple(v.value for v in Variant),
        ),
        SimOption(
            "limit-minutes",
            "Spit: stop a game after M game-minutes and count it as unfinished (default 30)",
            maximum=MAX_TIME_MS // 60_000,
            metavar="M",
        ),
    )

    @property
    def players_help(self) -> str:
        return (
            f"Spit levels: {', '.join(LEVELS)}. A level may be given another policy at the "
            f"same speed as LEVEL/POLICY (policies: {', '.join(POLICIES)}), e.g. --p1 "
            "normal/naive."
        )

    def plan(self, request: SimRequest) -> SimPlan[GameSetup, GameRecord]:
        p1 = player_option("--p1", request.p1, BotSpec.parse)
        p2 = player_option("--p2", request.p2, BotSpec.parse)
        minutes = request.options.get("limit_minutes", DEFAULT_LIMIT_MS / 60_000)
        setup = GameSetup(
            seed=request.seed,
            p1=p1,
            p2=p2,
            variant=Variant(request.options.get("variant", Variant.STANDARD.value)),
            target=request.target,
            timing=Timing(),
            limit_ms=max(1, round(minutes * 60_000)),
            replay_dir=request.replay_dir,
        )
        return SimPlan(play_game, setup, report, run_json)


SIMULATOR: Final = GameSimulator()
