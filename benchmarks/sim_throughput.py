"""Simulator throughput: complete bot-against-bot games per second on one core.

Run from the repository root::

    python benchmarks/sim_throughput.py --games 1000 --seed 1

Plays ``--games`` games of ``--p1`` against ``--p2`` (both ``normal`` by default) with
``spit.sim.run_games`` and Spit's simulator in this process (``jobs=1``): the session
on a virtual clock, with paired deals and seat swaps, exactly what ``spit-tui sim`` runs.
The same games are played ``--repeat`` times and the fastest run is reported, by wall
clock and by CPU time (the steadier figure on a shared machine). Target: at least 200
games per second with two ``normal`` bots. ``--profile`` prints a cProfile summary.

``--minimal PATH`` measures against the shared minimal Spit loop (issue 13's
yardstick; target: the simulator at 0.10 of it or more) in the same run::

    python benchmarks/sim_throughput.py --minimal ../shared/bench/minimal_spit_loop.py \
        --games 300 --minimal-games 1000 --repeat 5

Each repeat plays ``--minimal-games`` games of the minimal loop and then the
simulator's games, both in this process and timed by CPU time, so that a change of
load falls on both; it prints each repeat's ratio and the median.

To compare two versions on a shared machine, measure both in the same session, in turns:
copy the old package aside (``cp -r spit /tmp/baseline/``) and alternate runs with
``PYTHONPATH=/tmp/baseline`` and without it. Load changes from minute to minute, so
figures taken at different times do not compare. ``docs/performance.md`` ("Simulator")
records the figures.
"""

from __future__ import annotations

import argparse
import cProfile
import importlib.util
import os
import platform
import pstats
import statistics
import sys
import time
from pathlib import Path
from types import ModuleType

from spit.games.simulation import total
from spit.games.spit.sim import SIMULATOR
from spit.sim import Result, run_games
from spit.sim.report import mean_length_s, mean_rounds


def timed_run(games: int, seed: int, p1: str, p2: str) -> tuple[float, float, Result]:
    """(wall seconds, CPU seconds, result) for one run."""
    wall, cpu = time.perf_counter(), time.process_time()
    result = run_games(SIMULATOR, games, seed, p1, p2)
    return time.perf_counter() - wall, time.process_time() - cpu, result


def load_minimal(path: Path) -> ModuleType:
    """The minimal loop's module, loaded from its file (it is not a package)."""
    spec = importlib.util.spec_from_file_location("minimal_spit_loop", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def against_minimal(args: argparse.Namespace) -> int:
    """Minimal loop, then the simulator, ``--repeat`` times: CPU-time rates and ratios."""
    minimal = load_minimal(args.minimal)
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    ratios = []
    for index in range(args.repeat):
        counts = [0, 0]
        cpu = time.process_time()
        for game in range(args.minimal_games):
            minimal.play_game(game, counts)
        mini = args.minimal_games / (time.process_time() - cpu)
        _, sim_cpu, result = timed_run(args.games, args.seed, args.p1, args.p2)
        sim = result.games / sim_cpu
        ratios.append(sim / mini)
        print(
            f"run {index + 1}: minimal {mini:.0f} games/s, sim {sim:.0f} games/s, {sim / mini:.3f}"
        )
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(
        f"sim / minimal: median {statistics.median(ratios):.3f}"
        f" (range {min(ratios):.3f}-{max(ratios):.3f}); target 0.10 or more"
    )
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000, help="games per run (default 1000)")
    parser.add_argument("--seed", type=int, default=1, help="run seed (default 1)")
    parser.add_argument("--p1", default="normal", help="first bot (default normal)")
    parser.add_argument("--p2", default="normal", help="second bot (default normal)")
    parser.add_argument("--repeat", type=int, default=3, help="runs; the fastest counts")
    parser.add_argument("--profile", action="store_true", help="print a cProfile summary")
    parser.add_argument("--minimal", type=Path, help="the minimal loop, to measure against")
    parser.add_argument("--minimal-games", type=int, default=1000, help="its games per run")
    args = parser.parse_args(argv)

    if args.minimal is not None:
        return against_minimal(args)

    if args.profile:
        profiler = cProfile.Profile()
        profiler.runcall(run_games, SIMULATOR, args.games, args.seed, args.p1, args.p2)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(20)
        return 0

    runs = [timed_run(args.games, args.seed, args.p1, args.p2) for _ in range(args.repeat)]
    wall = min(r[0] for r in runs)
    cpu = min(r[1] for r in runs)
    result = runs[0][2]
    played = total(result.records, "plays", 0) + total(result.records, "plays", 1)
    print(f"python {platform.python_version()} on {platform.machine()}")
    print(f"{args.p1} vs {args.p2}: {result.games} games, best of {args.repeat} runs")
    print(f"{result.games / wall:.0f} games/s by wall clock ({wall:.2f} s)")
    print(f"{result.games / cpu:.0f} games/s by CPU time ({cpu:.2f} s)")
    print(
        f"{mean_rounds(result):.2f} rounds, {mean_length_s(result):.0f} game-seconds and "
        f"{played / result.games:.0f} cards played a game; {result.unfinished} unfinished"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
