"""The Spades ladder: each level against the one below it and against the reference
players of ``spit.games.spades.bots.baselines``, with confidence intervals (``docs/bots.md``).

Run from the repository root::

    python benchmarks/spades_ladder.py --games 500 --jobs 2

Each pairing plays ``--games`` games to 500 points through the simulator written once
(``spit.sim``, ``spit-tui sim --game spades``): games 2k and 2k+1 dealt alike, seats
swapped, the same deals for every pairing. Prints a Markdown table: wins, the win rate
with its 95% Wilson interval, how often each side made a bid of one or more, and the
hard player's decision time (p50, p99, maximum) over its decisions in
``TIMED_GAMES`` games against scripted played in this process. Targets: hard beats easy and
scripted in at least 70% of games, easy beats random in at least 90%, and a decision
takes under 200 ms.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from collections.abc import Sequence
from typing import Any

from spit.games.simulation import total
from spit.games.spades.bots import Bot
from spit.games.spades.engine import Action, PlayerView
from spit.games.spades.sim import SIMULATOR
from spit.sim import RunResult, run_games
from spit.sim.stats import wilson

PAIRINGS = (("hard", "easy"), ("hard", "scripted"), ("easy", "random"))
TARGETS = {("hard", "easy"): 0.70, ("hard", "scripted"): 0.70, ("easy", "random"): 0.90}
TIMED_GAMES = 20
"""Games of hard against scripted played in this process to time hard's decisions."""


def _timed(games: int, seed: int) -> list[int]:
    """Every ``Bot.choose`` of a hard player over ``games`` games against scripted,
    played in this process, in nanoseconds, sorted."""
    times: list[int] = []
    original = Bot.choose

    def choose(bot: Bot, view: PlayerView, legal: Sequence[Action]) -> Action:
        start = time.perf_counter_ns()
        action = original(bot, view, legal)
        if bot.level == "hard":
            times.append(time.perf_counter_ns() - start)
        return action

    Bot.choose = choose  # type: ignore[method-assign]
    try:
        run_games(SIMULATOR, games, seed, "hard", "scripted")
    finally:
        Bot.choose = original  # type: ignore[method-assign]
    return sorted(times)


def _made(run: RunResult[Any, Any], role: int) -> float:
    bids = total(run.records, "bids", role)
    return total(run.records, "made", role) / bids if bids else 0.0


def _ms(sorted_ns: list[int], q: float) -> str:
    if not sorted_ns:
        return "-"
    index = min(len(sorted_ns) - 1, max(0, round(q / 100 * len(sorted_ns)) - 1))
    return f"{sorted_ns[index] / 1e6:.1f}"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    print(f"python {platform.python_version()}, {args.games} games a pairing, seed {args.seed}")
    print()
    print("| pairing | wins | win rate (95% CI) | target | bids made | hands | unfinished |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    failed = False
    for levels in PAIRINGS:
        start = time.perf_counter()
        run = run_games(SIMULATOR, args.games, args.seed, *levels, jobs=args.jobs)
        low, high = wilson(run.wins(0), run.decisive)
        target = TARGETS[levels]
        failed |= run.p1_win_rate < target
        hands = sum(record.rounds for record in run.records)
        print(
            f"| {levels[0]} v {levels[1]} | {run.wins(0)}-{run.wins(1)} "
            f"| {run.p1_win_rate:.1%} ({low:.1%}-{high:.1%}) | {target:.0%} "
            f"| {_made(run, 0):.0%} / {_made(run, 1):.0%} | {hands} "
            f"| {run.unfinished} |",
            flush=True,
        )
        print(f"  ({time.perf_counter() - start:.0f} s)", file=sys.stderr)
    hard_times = _timed(TIMED_GAMES, args.seed)
    print()
    print(
        f"hard's decision time over {len(hard_times)} decisions: p50 {_ms(hard_times, 50)} ms, "
        f"p99 {_ms(hard_times, 99)} ms, max {_ms(hard_times, 100)} ms (target: under 200 ms)"
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
