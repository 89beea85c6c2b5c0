"""Spit's side of ``spit-tui sim`` (``SIMULATOR``): its bots by name, its options (the
variant, the time limit), what it counts (cards played, inputs refused) and the words
of its report. The simulator itself is written once, in ``spit.sim``."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Final

from spit.core.replay.fields import MAX_TIME_MS
from spit.core.seats import Seat
from spit.engine import Action, Orders, Play, Reason, State, Variant
from spit.engine.timers import Timers, Timing
from spit.games.simulation import (
    Counts,
    Description,
    NoTally,
    Run,
    SimOption,
    SimRequest,
    Simulator,
    player_option,
    total,
)
from spit.games.spit.bots import LEVELS, POLICIES, BotAgent, BotLevel, make_bot
from spit.games.spit.game import Game
from spit.play.events import InputRecord

if TYPE_CHECKING:
    from spit.games.spit.replay import ReplayWriter

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


class _Tally(NoTally[State, Action, Orders, Reason]):
    """Cards played onto the spit piles and inputs the rules refused (races lost, stale
    decisions), per seat: a recorder that only counts."""

    def __init__(self) -> None:
        self.plays = [0, 0]
        self.refused = [0, 0]

    def on_input(self, record: InputRecord[Action, Reason], state: State) -> None:
        if not record.accepted:
            self.refused[record.player] += 1
        elif type(record.action) is Play:
            self.plays[record.player] += 1

    def counts(self, state: State) -> Counts:
        plays, refused = self.plays, self.refused
        return {"plays": (plays[0], plays[1]), "refused": (refused[0], refused[1])}


@dataclass(frozen=True, slots=True)
class Table:
    """Spit's games of one run (``spit.games.simulation.Table``)."""

    variant: Variant = Variant.STANDARD
    target: int = 100
    timing: Timing = field(default_factory=Timing)
    limit_ms: int | None = DEFAULT_LIMIT_MS
    max_rounds: int | None = None

    def game(self) -> Game:
        # Bots need no "3, 2, 1": a tick changes nothing on the table, and a bot only
        # acts on changes; without them a game has a fifth fewer steps.
        return Game(self.variant, self.target, Timers(self.timing, ticks=False))

    def agent(self, player: str, seat: Seat, seed: int) -> BotAgent:
        return BotSpec.parse(player).make(seat, seed)

    def tally(self) -> _Tally:
        return _Tally()

    def writer(
        self, directory: Path, players: tuple[str, str], seeds: tuple[int, int], deal_seed: int
    ) -> ReplayWriter:
        """Imported here: only runs that save replays need the replay module."""
        from spit.core.replay.fields import PlayerInfo
        from spit.games.spit.replay import ReplayWriter

        bots = [self.agent(players[seat], Seat(seat), seeds[seat]) for seat in (0, 1)]
        info = tuple(
            PlayerInfo(
                kind="bot",
                name=f"{bot.level} bot",
                level=bot.level,
                policy=bot.policy.name,
                seed=bot.seed,
            )
            for bot in bots
        )
        return ReplayWriter.create(
            directory,
            players=(info[0], info[1]),
            variant=self.variant,
            target=self.target,
            timing=self.timing,
            seed=deal_seed,
        )


def cards_per_minute(run: Run, role: int) -> float:
    """Cards the first (0) or second (1) bot played per game minute."""
    minutes = sum(r.length_ms for r in run.records) / 60_000
    return total(run.records, "plays", role) / minutes if minutes else 0.0


def refused_share(run: Run, role: int) -> float:
    """Share of that bot's inputs the rules refused (races lost, stale plays)."""
    refused = total(run.records, "refused", role)
    played = total(run.records, "plays", role)
    return refused / (refused + played) if refused + played else 0.0


def describe(run: Run) -> Description:
    setup = run.setup
    table: Table = setup.table
    limit_ms = table.limit_ms or DEFAULT_LIMIT_MS
    return Description(
        heading=f"{setup.p1} vs {setup.p2}: {run.games} games, seed {setup.seed}, "
        f"{table.variant.value} variant (games 2k, 2k+1: same deal, seats swapped)",
        columns=(
            f"{cards_per_minute(run, 0):5.1f} cards/min",
            f"{cards_per_minute(run, 1):5.1f} cards/min",
        ),
        limit=f"{limit_ms / 60_000:g} game-minutes",
        head={"variant": table.variant.value},
        tail={
            "p1_cards_per_minute": round(cards_per_minute(run, 0), 3),
            "p2_cards_per_minute": round(cards_per_minute(run, 1), 3),
            "p1_refused_share": round(refused_share(run, 0), 4),
            "p2_refused_share": round(refused_share(run, 1), 4),
            "limit_s": limit_ms / 1000,
        },
    )


def _players_help() -> str:
    return (
        f"Spit levels: {', '.join(LEVELS)}. A level may be given another policy at the "
        f"same speed as LEVEL/POLICY (policies: {', '.join(POLICIES)}), e.g. --p1 "
        "normal/naive."
    )


def _table(request: SimRequest) -> Table:
    player_option("--p1", request.p1, BotSpec.parse)
    player_option("--p2", request.p2, BotSpec.parse)
    minutes = request.options.get("limit_minutes", DEFAULT_LIMIT_MS / 60_000)
    return Table(
        variant=Variant(request.options.get("variant", Variant.STANDARD.value)),
        target=request.target,
        limit_ms=max(1, round(minutes * 60_000)),
    )


SIMULATOR: Final = Simulator(
    default_player="normal",
    default_target=100,
    target_help="Spit's points variant (default 100)",
    players_help=_players_help,
    table=_table,
    describe=describe,
    options=(
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
    ),
)
