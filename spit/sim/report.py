"""A run of any game's simulator, and its report as text and as ``--json``.

The figures every game has are the simulator's: wins, win rates with their 95%
interval, draws, games left unfinished, rounds and (in real time) game time a game,
and the speed of the run. The game adds its own words and figures
(``spit.games.simulation.Description``).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from spit.core.wire import JsonObject
from spit.game import GameInfo
from spit.games.simulation import GameRecord, Run, Setup, SimRequest, Simulator
from spit.sim.runner import RunResult, play_game, run_indexed

Result = RunResult[Setup[Any], GameRecord]
"""A finished run of a game's simulator."""


def plan(simulator: Simulator, request: SimRequest) -> Setup[Any]:
    """The run ``request`` asks of a game: ``ValueError`` (worded as argparse's
    errors) for a request the game refuses."""
    table = simulator.table(request)
    return Setup(request.seed, request.p1, request.p2, request.target, table, request.replay_dir)


def run_games(
    simulator: Simulator,
    games: int,
    seed: int,
    p1: str | None = None,
    p2: str | None = None,
    *,
    target: int | None = None,
    jobs: int = 1,
    replay_dir: Path | None = None,
    progress: Callable[[int], None] | None = None,
    **options: object,
) -> Result:
    """Play ``games`` games of the game's bot ``p1`` against ``p2`` (its defaults
    unless given), ``options`` being the game's own (``SimOption.dest``). Raises
    ``ValueError`` for impossible arguments."""
    request = SimRequest(
        games,
        seed,
        p1 or simulator.default_player,
        p2 or simulator.default_player,
        target or simulator.default_target,
        jobs,
        replay_dir,
        options,
    )
    return run_indexed(play_game, plan(simulator, request), games, jobs=jobs, progress=progress)


def win_lines(run: Run, names: tuple[str, str], columns: tuple[str, str]) -> list[str]:
    """Each player's wins, win rate and its 95% interval, then the game's column."""
    width = max(len(n) for n in names)
    low, high = run.p1_interval
    rates = (
        (run.p1_win_rate, low, high),
        (1 - run.p1_win_rate, 1 - high, 1 - low),
    )
    lines = []
    for role in (0, 1):
        rate, lo, hi = rates[role]
        lines.append(
            f"  p{role + 1} {names[role]:<{width}}  {run.wins(role):>6} wins  {rate:6.1%}"
            f"  (95% CI {lo:.1%} to {hi:.1%})  {columns[role]}"
        )
    return lines


def mean_rounds(run: Run) -> float:
    return sum(r.rounds for r in run.records) / run.games


def mean_length_s(run: Run) -> float:
    """Mean game length in game seconds (unfinished games count at the limit)."""
    return sum(r.length_ms for r in run.records) / run.games / 1000


def text(info: GameInfo, simulator: Simulator, run: Run) -> str:
    """The text report: who won how often, draws and unfinished games, how long games
    took, how fast the run went."""
    setup = run.setup
    described = simulator.describe(run)
    rounds = f"  mean {mean_rounds(run):.2f} {info.round_word}s"
    length = f", {mean_length_s(run):.1f} game-seconds" if info.real_time else ""
    rate = run.games / max(run.elapsed_s, 1e-9)
    return "\n".join(
        [
            described.heading,
            *win_lines(run, (setup.p1, setup.p2), described.columns),
            f"  draws: {run.draws}; unfinished after {described.limit}: {run.unfinished}",
            f"{rounds}{length} a game",
            f"  {run.elapsed_s:.2f} s wall, {rate:.0f} games/s",
        ]
    )


def to_json(info: GameInfo, simulator: Simulator, run: Run) -> JsonObject:
    """The ``--json`` object of a run."""
    setup = run.setup
    described = simulator.describe(run)
    low, high = run.p1_interval
    data: JsonObject = {
        "game": info.key,
        "games": run.games,
        "seed": setup.seed,
        "p1": setup.p1,
        "p2": setup.p2,
        **described.head,
        "p1_wins": run.wins(0),
        "p2_wins": run.wins(1),
        "draws": run.draws,
        "unfinished": run.unfinished,
        "p1_win_rate": round(run.p1_win_rate, 6),
        "p1_win_rate_ci95": [round(low, 6), round(high, 6)],
        f"mean_{info.round_word}s": round(mean_rounds(run), 4),
    }
    if info.real_time:
        data["mean_game_s"] = round(mean_length_s(run), 3)
    return data | described.tail | {"elapsed_s": round(run.elapsed_s, 3)}
