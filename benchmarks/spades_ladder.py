"""The Spades ladder: each level against the one below it and against the reference
players of ``spit.games.spades.bots.baselines``, with confidence intervals (``docs/bots.md``).

Run from the repository root::

    python benchmarks/spades_ladder.py --games 500 --jobs 2

Each pairing plays ``--games`` games to 500 points, seats swapped every game, on the
same deals (game ``g`` of every pairing is dealt from seed ``--seed + g``). Prints a
Markdown table: wins, the win rate with its 95% Wilson interval, how often each side
made a bid of one or more, and the hard player's decision time (p50, p99, maximum) over
all its decisions in the hard-against-scripted games. Targets: hard beats easy and
scripted in at least 70% of games, easy beats random in at least 90%, and a decision
takes under 200 ms.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from functools import partial

from spit.games.spades.bots import Bot
from spit.games.spades.duel import DuelResult, duel
from spit.games.spades.engine import Action, PlayerView
from spit.sim.stats import wilson

PAIRINGS = (("hard", "easy"), ("hard", "scripted"), ("easy", "random"))
TARGETS = {("hard", "easy"): 0.70, ("hard", "scripted"): 0.70, ("easy", "random"): 0.90}


def _timed_duel(levels: tuple[str, str], games: int, seed: int) -> tuple[DuelResult, list[int]]:
    """``duel``, timing every ``Bot.choose`` of a hard player (in this process)."""
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
        return duel(levels, games, seed), times
    finally:
        Bot.choose = original  # type: ignore[method-assign]


def _merge(parts: list[DuelResult]) -> DuelResult:
    def add(name: str) -> tuple[int, int]:
        pairs = [getattr(p, name) for p in parts]
        return (sum(a for a, _ in pairs), sum(b for _, b in pairs))

    return DuelResult(
        parts[0].levels,
        add("wins"),
        sum(p.unfinished for p in parts),
        sum(p.hands for p in parts),
        add("bids"),
        add("made"),
        add("points"),
    )


def run_pairing(
    levels: tuple[str, str], games: int, seed: int, jobs: int
) -> tuple[DuelResult, list[int]]:
    """``games`` games split into ``jobs`` even-sized batches (seat order kept)."""
    size = max(2, -(-games // jobs) // 2 * 2)
    starts = list(range(0, games, size))
    counts = [min(size, games - s) for s in starts]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        results = list(pool.map(partial(_timed_duel, levels), counts, [seed + s for s in starts]))
    return _merge([r for r, _ in results]), sorted(t for _, ts in results for t in ts)


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
    hard_times: list[int] = []
    failed = False
    for levels in PAIRINGS:
        start = time.perf_counter()
        result, times = run_pairing(levels, args.games, args.seed, args.jobs)
        if levels == ("hard", "scripted"):
            hard_times = times
        finished = result.wins[0] + result.wins[1]
        low, high = wilson(result.wins[0], finished)
        target = TARGETS[levels]
        failed |= result.rate(0) < target
        print(
            f"| {levels[0]} v {levels[1]} | {result.wins[0]}-{result.wins[1]} "
            f"| {result.rate(0):.1%} ({low:.1%}-{high:.1%}) | {target:.0%} "
            f"| {result.made_rate(0):.0%} / {result.made_rate(1):.0%} | {result.hands} "
            f"| {result.unfinished} |",
            flush=True,
        )
        print(f"  ({time.perf_counter() - start:.0f} s)", file=sys.stderr)
    print()
    print(
        f"hard's decision time over {len(hard_times)} decisions: p50 {_ms(hard_times, 50)} ms, "
        f"p99 {_ms(hard_times, 99)} ms, max {_ms(hard_times, 100)} ms (target: under 200 ms)"
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
