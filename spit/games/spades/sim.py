"""Spades' side of ``spit-tui sim --game spades`` (``SIMULATOR``): its players by name
(the levels and the reference players of ``baselines``), what it counts (scores, bids
made, nils) and the words of its report. The simulator itself is written once, in
``spit.sim``; the tests and ``benchmarks/spades_ladder.py`` measure the levels with
it (``docs/bots.md``)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Final

from spit.core.replay.fields import PlayerInfo
from spit.core.seats import Seat
from spit.games.simulation import (
    Counts,
    Description,
    Run,
    SimRequest,
    Simulator,
    player_option,
    total,
)
from spit.games.spades.bots.agent import BotAgent, Player
from spit.games.spades.bots.baselines import RandomPlayer, ScriptedPlayer
from spit.games.spades.bots.bot import LEVELS, Bot
from spit.games.spades.engine import Action, HandOrders, State
from spit.games.spades.game import Game, Refused
from spit.games.spades.replay import ReplayWriter
from spit.games.spades.stats import bid_record
from spit.play.events import InputRecord

MAX_HANDS: Final = 200
"""The rules set no limit (SD12); a runaway game stops here, unfinished."""
OPPONENTS: Final = ("scripted", "random")
"""The reference players, never offered to people."""


def check_player(name: str) -> str:
    """``name`` if it is a level or a reference player; ``ValueError`` says what is."""
    if name not in (*LEVELS, *OPPONENTS):
        raise ValueError(
            f"unknown Spades player {name!r}: choose from {', '.join(LEVELS)} "
            f"(or the reference players {', '.join(OPPONENTS)})"
        )
    return name


def make_player(name: str, seat: Seat, seed: int) -> Player:
    """A level or a reference player for ``seat``. Raises ``ValueError``."""
    if name == "scripted":
        return ScriptedPlayer(seat, seed)
    if name == "random":
        return RandomPlayer(seat, seed)
    return Bot(check_player(name), seat, seed)


class _Tally:
    """The scores and bids of a finished game, read from its last state."""

    def on_deal(self, t: int, round_no: int, deal: HandOrders) -> None:
        pass

    def on_input(self, record: InputRecord[Action, Refused], state: State) -> None:
        pass

    def on_round_over(self, t: int, state: State) -> None:
        pass

    def on_game_over(self, t: int, state: State) -> None:
        pass

    def counts(self, state: State) -> Counts:
        bids = (bid_record(state.history, 0), bid_record(state.history, 1))
        return {
            "scores": (state.scores[0], state.scores[1]),
            "bids": (bids[0].bids, bids[1].bids),
            "made": (bids[0].bids_made, bids[1].bids_made),
            "nils": (bids[0].nils, bids[1].nils),
            "nils_made": (bids[0].nils_made, bids[1].nils_made),
        }


@dataclass(frozen=True, slots=True)
class Table:
    """Spades' games of one run (``spit.games.simulation.Table``)."""

    target: int = 500
    max_rounds: int | None = MAX_HANDS
    limit_ms: int | None = None

    def game(self) -> Game:
        return Game(self.target)

    def agent(self, player: str, seat: Seat, seed: int) -> BotAgent:
        return BotAgent(seat, make_player(player, seat, seed))

    def tally(self) -> _Tally:
        return _Tally()

    def writer(
        self, directory: Path, players: tuple[str, str], seeds: tuple[int, int], deal_seed: int
    ) -> ReplayWriter:
        info = tuple(
            PlayerInfo(kind="bot", name=f"{name} bot", level=name, seed=seeds[s])
            for s, name in enumerate(players)
        )
        return ReplayWriter.create(
            directory, players=(info[0], info[1]), seed=deal_seed, target=self.target
        )


def describe(run: Run) -> Description:
    """Beside each player's wins: points a game, bids made, nils made."""
    setup, records = run.setup, run.records
    games = run.games or 1
    mean_score = [total(records, "scores", role) / games for role in (0, 1)]
    bids = [total(records, "bids", role) for role in (0, 1)]
    made = [total(records, "made", role) / bids[role] if bids[role] else 0.0 for role in (0, 1)]
    nils = [total(records, "nils", role) for role in (0, 1)]
    nils_made = [total(records, "nils_made", role) for role in (0, 1)]
    columns = tuple(
        f"{mean_score[role]:6.1f} points a game  {made[role]:.0%} of bids made"
        f"  nils made {nils_made[role]}/{nils[role]}"
        for role in (0, 1)
    )
    tail: dict[str, object] = {}
    for role in (0, 1):
        p = f"p{role + 1}"
        tail[f"{p}_mean_score"] = round(mean_score[role], 3)
        tail[f"{p}_bids_made_share"] = round(made[role], 4)
        tail[f"{p}_nils"] = nils[role]
        tail[f"{p}_nils_made"] = nils_made[role]
    table: Table = setup.table
    tail["max_hands"] = table.max_rounds
    return Description(
        heading=f"Spades, {setup.p1} vs {setup.p2}: {run.games} games to {setup.target}, "
        f"seed {setup.seed} (games 2k, 2k+1: same hands, seats swapped)",
        columns=(columns[0], columns[1]),
        limit=f"{table.max_rounds} hands",
        head={"target": setup.target},
        tail=tail,
    )


def _players_help() -> str:
    return (
        f"Spades levels: {', '.join(LEVELS)}, and the reference players {' and '.join(OPPONENTS)}."
    )


def _table(request: SimRequest) -> Table:
    player_option("--p1", request.p1, check_player)
    player_option("--p2", request.p2, check_player)
    return Table(target=request.target)


SIMULATOR: Final = Simulator(
    default_player="hard",
    default_target=500,
    target_help="Spades (default 500)",
    players_help=_players_help,
    table=_table,
    describe=describe,
)
