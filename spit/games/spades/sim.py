"""One simulated game of Spades: two computer players, one seeded deal, the session.

Like Spit's (``spit.games.spit.sim``), everything a game depends on comes from the
run's seed and the game's index, so ``spit.sim.run_indexed`` gives the same games for
any number of jobs. Games ``2k`` and ``2k+1`` are dealt the same hands with the seats
swapped (seat 0 draws first in hand 1), so neither player profits from the deal.
``SIMULATOR`` is Spades' side of ``spit-tui sim --game spades``: its run and reports.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from spit.core.replay.fields import PlayerInfo
from spit.core.seats import SEATS
from spit.core.seeds import derive_seed
from spit.games.simulation import Run, SimPlan, SimRequest, player_option, rate_line, win_lines
from spit.games.spades.bots.agent import BotAgent
from spit.games.spades.bots.bot import LEVELS
from spit.games.spades.duel import MAX_HANDS, OPPONENTS, seat
from spit.games.spades.engine import State
from spit.games.spades.game import Recorder, new_session
from spit.games.spades.identity import NAME
from spit.games.spades.replay import ReplayWriter
from spit.games.spades.stats import bid_record

PLAYERS: Final = (*LEVELS, *OPPONENTS)
"""Who may sit at a simulated table: the levels, and the reference players."""


def check_player(name: str) -> str:
    """``name`` if it is one of ``PLAYERS``; ``ValueError`` says what is."""
    if name not in PLAYERS:
        raise ValueError(
            f"unknown Spades player {name!r}: choose from {', '.join(LEVELS)} "
            f"(or the reference players {', '.join(OPPONENTS)})"
        )
    return name


@dataclass(frozen=True, slots=True)
class GameSetup:
    """Everything shared by the games of one run (sent once to each worker)."""

    seed: int
    p1: str
    p2: str
    target: int = 500
    max_hands: int = MAX_HANDS
    replay_dir: Path | None = None


@dataclass(frozen=True, slots=True)
class GameRecord:
    """What the figures need from one game, per seat; "p1" is the player given first,
    whichever seat it had."""

    index: int
    deal_seed: int
    p1_seat: int
    winner: int | None
    """The winning seat, or ``None`` if the game stopped at ``max_hands``."""
    hands: int
    scores: tuple[int, int]
    bids: tuple[int, int]
    """Hands bid at one trick or more."""
    made: tuple[int, int]
    """Of those, the hands in which the seat took at least its bid."""
    nils: tuple[int, int]
    """Nil and blind-nil bids."""
    nils_made: tuple[int, int]

    @property
    def finished(self) -> bool:
        """Spades has no draw: a game without a winner stopped at ``max_hands``."""
        return self.winner is not None

    def won_by(self, role: int) -> bool:
        return self.winner is not None and self.winner == self.p1_seat ^ role

    def of(self, counts: tuple[int, int], role: int) -> int:
        """``counts`` (per seat) for the player given first (``role`` 0) or second."""
        return counts[self.p1_seat ^ role]


def play_game(setup: GameSetup, index: int) -> GameRecord:
    """Play game ``index`` of the run to its end (or to ``max_hands``)."""
    pair, p1_seat = divmod(index, 2)
    deal_seed = derive_seed(setup.seed, "deal", pair)
    seeds = (derive_seed(setup.seed, "bot", pair, 1), derive_seed(setup.seed, "bot", pair, 2))
    names = (setup.p1, setup.p2) if p1_seat == 0 else (setup.p2, setup.p1)
    bot_seeds = seeds if p1_seat == 0 else (seeds[1], seeds[0])
    agents = [BotAgent(s, seat(names[s], s, bot_seeds[s])) for s in SEATS]
    recorders: list[Recorder] = []
    writer = None
    if setup.replay_dir is not None:
        writer = _replay_writer(setup, names, bot_seeds, deal_seed)
        recorders.append(writer)
    session = new_session(
        seed=deal_seed,
        target=setup.target,
        agents=agents,
        recorders=recorders,
        max_hands=setup.max_hands,
        collect_events=False,
    )
    try:
        session.run_to_end()
    finally:
        if writer is not None:
            writer.close()
    return record_of(index, deal_seed, p1_seat, session.state)


def record_of(index: int, deal_seed: int, p1_seat: int, state: State) -> GameRecord:
    """The figures of a finished (or stopped) game, from its last state."""
    bids = (bid_record(state.history, 0), bid_record(state.history, 1))
    return GameRecord(
        index=index,
        deal_seed=deal_seed,
        p1_seat=p1_seat,
        winner=state.winner,
        hands=state.hand,
        scores=(state.scores[0], state.scores[1]),
        bids=(bids[0].bids, bids[1].bids),
        made=(bids[0].made, bids[1].made),
        nils=(bids[0].nils, bids[1].nils),
        nils_made=(bids[0].nils_made, bids[1].nils_made),
    )


@dataclass(frozen=True, slots=True)
class Figures:
    """A run's figures beyond its wins, per role (the player given first, then second)."""

    mean_hands: float
    mean_score: tuple[float, float]
    made_rate: tuple[float, float]
    """Share of the bids of one trick or more that were made."""
    nils: tuple[int, int]
    nils_made: tuple[int, int]


def figures(records: Sequence[GameRecord]) -> Figures:
    games = len(records) or 1

    def total(name: str, role: int) -> int:
        return sum(r.of(getattr(r, name), role) for r in records)

    def rate(role: int) -> float:
        bids = total("bids", role)
        return total("made", role) / bids if bids else 0.0

    return Figures(
        mean_hands=sum(r.hands for r in records) / games,
        mean_score=(total("scores", 0) / games, total("scores", 1) / games),
        made_rate=(rate(0), rate(1)),
        nils=(total("nils", 0), total("nils", 1)),
        nils_made=(total("nils_made", 0), total("nils_made", 1)),
    )


def _replay_writer(
    setup: GameSetup, names: tuple[str, str], seeds: tuple[int, int], deal_seed: int
) -> ReplayWriter:
    directory = setup.replay_dir
    assert directory is not None
    players = tuple(
        PlayerInfo(kind="bot", name=f"{name} bot", level=name, seed=seeds[s])
        for s, name in enumerate(names)
    )
    return ReplayWriter.create(
        setup.replay_dir or Path(),
        players=(players[0], players[1]),
        seed=deal_seed,
        target=setup.target,
    )


GameRun = Run[GameSetup, GameRecord]


def report(run: GameRun) -> str:
    """The text report of a Spades run: wins, then bids made and nils, hands a game."""
    setup = run.setup
    found = figures(run.records)

    def extra(role: int) -> str:
        made, nils = found.made_rate[role], found.nils[role]
        return (
            f"{found.mean_score[role]:6.1f} points a game  {made:.0%} of bids made"
            f"  nils made {found.nils_made[role]}/{nils}"
        )

    return "\n".join(
        [
            f"Spades, {setup.p1} vs {setup.p2}: {run.games} games to {setup.target}, "
            f"seed {setup.seed} (games 2k, 2k+1: same hands, seats swapped)",
            *win_lines(run, (setup.p1, setup.p2), extra),
            f"  draws: {run.draws}; unfinished after {setup.max_hands} hands: {run.unfinished}",
            f"  mean {found.mean_hands:.2f} hands a game",
            rate_line(run),
        ]
    )


def run_json(run: GameRun) -> dict[str, Any]:
    """The ``--json`` object of a Spades run."""
    setup = run.setup
    found = figures(run.records)
    low, high = run.p1_interval
    data: dict[str, Any] = {
        "game": NAME,
        "games": run.games,
        "seed": setup.seed,
        "p1": setup.p1,
        "p2": setup.p2,
        "target": setup.target,
        "p1_wins": run.wins(0),
        "p2_wins": run.wins(1),
        "draws": run.draws,
        "unfinished": run.unfinished,
        "p1_win_rate": round(run.p1_win_rate, 6),
        "p1_win_rate_ci95": [round(low, 6), round(high, 6)],
        "mean_hands": round(found.mean_hands, 4),
    }
    for role in (0, 1):
        p = f"p{role + 1}"
        data[f"{p}_mean_score"] = round(found.mean_score[role], 3)
        data[f"{p}_bids_made_share"] = round(found.made_rate[role], 4)
        data[f"{p}_nils"] = found.nils[role]
        data[f"{p}_nils_made"] = found.nils_made[role]
    data["max_hands"] = setup.max_hands
    data["elapsed_s"] = round(run.elapsed_s, 3)
    return data


class GameSimulator:
    """Spades' side of ``spit-tui sim`` (``spit.games.simulation.Simulator``): no
    options of its own."""

    default_player: Final = "hard"
    default_target: Final = 500
    target_help: Final = "Spades (default 500)"
    options: Final = ()

    @property
    def players_help(self) -> str:
        return (
            f"Spades levels: {', '.join(LEVELS)}, and the reference players "
            f"{' and '.join(OPPONENTS)}."
        )

    def plan(self, request: SimRequest) -> SimPlan[GameSetup, GameRecord]:
        p1 = player_option("--p1", request.p1, check_player)
        p2 = player_option("--p2", request.p2, check_player)
        setup = GameSetup(
            request.seed, p1, p2, target=request.target, replay_dir=request.replay_dir
        )
        return SimPlan(play_game, setup, report, run_json)


SIMULATOR: Final = GameSimulator()
