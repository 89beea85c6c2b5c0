"""Before and after, side by side in one run: two checkouts measured in turns.

    nice -n 10 python benchmarks/compare_trees.py --before ../before --after . --rounds 3 \
        --minimal ../shared/bench/minimal_spit_loop.py

Each round measures both trees, in alternating order (before first in odd rounds,
after first in even ones), so that a change of load on a shared machine falls on both
alike. Per tree and round:

- **simulator**: one process with ``PYTHONPATH`` set to the tree plays ``--mini-games``
  games of the minimal Spit loop (``../shared/bench/minimal_spit_loop.py``, the
  yardstick of issue 13) and then ``--sim-games`` games of ``normal`` against
  ``normal`` with the tree's ``spit.sim.run_games``, each timed by CPU time; the
  ratio of the two rates is the figure that load affects least;
- **first frame**: the tree's own ``benchmarks/tui_startup.py`` (``spit-tui play``
  and the menu against the bare Textual app, in ptys);
- **key press to frame**: the tree's own ``benchmarks/tui_keypress.py``.

Each tree runs its own copy of the benchmarks, because the modules they follow a
game with moved between the two. Nothing is written into either tree: bytecode goes
to a temporary folder. The table gives the median over the rounds of each figure,
its range, and the load average before and after. Each TUI figure is a median over
the runs of a round (``--startup-runs`` starts of each program, ``--keypress-games``
games of at most 8 presses); a 99th percentile needs a hundred presses or more to be
more than the one slowest press, hence the defaults of 9 starts and 12 games.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
MINIMAL_LOOP = HERE.parent.parent / "shared" / "bench" / "minimal_spit_loop.py"
"""Where ``../shared`` is beside a main checkout; a worktree elsewhere passes ``--minimal``."""

_SIM = """
import importlib.util, json, sys, time
spec = importlib.util.spec_from_file_location("minimal", sys.argv[1])
minimal = importlib.util.module_from_spec(spec)
spec.loader.exec_module(minimal)
import inspect
from spit.games.spit.sim import SIMULATOR
from spit.sim import run_games
# a tree whose simulator is written once takes the game's simulator first
lead = (SIMULATOR,) if "simulator" in inspect.signature(run_games).parameters else ()
counts = [0, 0]
cpu = time.process_time()
for game in range(int(sys.argv[2])):
    minimal.play_game(game, counts)
mini = int(sys.argv[2]) / (time.process_time() - cpu)
cpu = time.process_time()
run_games(*lead, int(sys.argv[3]), 1, "normal", "normal")
sim = int(sys.argv[3]) / (time.process_time() - cpu)
print(json.dumps({"minimal games/s": mini, "sim games/s": sim, "sim / minimal": sim / mini}))
"""

Figures = dict[str, float]


def _run(tree: Path, argv: list[str], cache: str) -> str:
    env = {
        **os.environ,
        "PYTHONPATH": str(tree),
        "PYTHONPYCACHEPREFIX": cache,
        "PYTHONDONTWRITEBYTECODE": "1",
    }
    done = subprocess.run(argv, cwd=tree, env=env, capture_output=True, text=True, check=False)
    if done.returncode:
        raise SystemExit(f"{' '.join(argv)} in {tree} failed:\n{done.stderr[-2000:]}")
    return done.stdout


def simulator(tree: Path, args: argparse.Namespace, cache: str) -> Figures:
    argv = [sys.executable, "-c", _SIM, str(args.minimal), str(args.mini_games)]
    out = _run(tree, [*argv, str(args.sim_games)], cache)
    figures: Figures = json.loads(out.strip().splitlines()[-1])
    return figures


def _medians(out: str) -> dict[str, tuple[float, float]]:
    """``name median X ms ... p99 Y ms`` (or ``min Y ms``) lines of a TUI benchmark."""
    found = {}
    for line in out.splitlines():
        match = re.match(r"(.+?)\s+median\s+([\d.]+) ms\s+(?:p99|min)\s+([\d.]+) ms", line)
        if match:
            found[match.group(1).strip()] = (float(match.group(2)), float(match.group(3)))
    return found


def startup(tree: Path, args: argparse.Namespace, cache: str) -> Figures:
    script = str(tree / "benchmarks" / "tui_startup.py")
    got = _medians(_run(tree, [sys.executable, script, "--runs", str(args.startup_runs)], cache))
    bare, play, menu = got["bare app"][0], got["spit-tui play"][0], got["spit-tui (menu)"][0]
    return {
        "first frame, bare app ms": bare,
        "first frame, play ms": play,
        "first frame, play / bare": play / bare,
        "first frame, menu / bare": menu / bare,
    }


def keypress(tree: Path, args: argparse.Namespace, cache: str) -> Figures:
    script = str(tree / "benchmarks" / "tui_keypress.py")
    got = _medians(_run(tree, [sys.executable, script, "--games", str(args.keypress_games)], cache))
    (bare, bare99), (spit, spit99) = got["bare app"], got["spit-tui"]
    return {
        "key press, bare app median ms": bare,
        "key press, spit-tui median ms": spit,
        "key press, median / bare": spit / bare,
        "key press, p99 / bare p99": spit99 / bare99,
    }


def _number(value: float) -> str:
    return f"{value:.0f}" if value >= 100 else f"{value:.3g}"


def _spread(values: list[float]) -> str:
    """The lowest and highest round: on a shared machine one round says little."""
    return f"{_number(min(values))}-{_number(max(values))}"


def _load() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", type=Path, required=True, help="the tree before")
    parser.add_argument("--after", type=Path, default=HERE.parent, help="the tree after")
    parser.add_argument("--minimal", type=Path, default=MINIMAL_LOOP, help="the minimal loop")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--mini-games", type=int, default=1000)
    parser.add_argument("--sim-games", type=int, default=300)
    parser.add_argument("--startup-runs", type=int, default=9)
    parser.add_argument("--keypress-games", type=int, default=12)
    parser.add_argument(
        "--only", choices=("sim", "startup", "keypress"), action="append", help="repeatable"
    )
    args = parser.parse_args()
    benchmarks: dict[str, Callable[[Path, argparse.Namespace, str], Figures]] = {
        "sim": simulator,
        "startup": startup,
        "keypress": keypress,
    }
    chosen = args.only or list(benchmarks)
    trees = {"before": args.before.resolve(), "after": args.after.resolve()}
    results: dict[str, dict[str, list[float]]] = {name: {} for name in trees}
    print(f"load average before: {_load()}", flush=True)
    with tempfile.TemporaryDirectory(prefix="compare-trees-pyc-") as cache:
        for round_no in range(args.rounds):
            order = list(trees) if round_no % 2 == 0 else list(reversed(trees))
            for bench in chosen:
                for name in order:
                    figures = benchmarks[bench](trees[name], args, cache)
                    for key, value in figures.items():
                        results[name].setdefault(key, []).append(value)
                    shown = ", ".join(f"{k} {v:.3g}" for k, v in figures.items())
                    print(f"round {round_no + 1} {name:6} {shown}  (load {_load()})", flush=True)
    print(f"load average after: {_load()}")
    print()
    print(f"| median of {args.rounds} rounds (range) | before | after | after / before |")
    print("| --- | --- | --- | --- |")
    for key, values in results["before"].items():
        before = statistics.median(values)
        after = statistics.median(results["after"][key])
        print(
            f"| {key} | {_number(before)} ({_spread(values)}) "
            f"| {_number(after)} ({_spread(results['after'][key])}) | {after / before:.2f} |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
