"""Bot decision time: how long one policy decision takes, as a distribution.

Run from the repository root::

    python benchmarks/bot_decision.py --games 40 --seed 1

First plays ``--games`` simulated games between two ``normal`` bots and keeps every
table a bot decided on (with the player who decided). Then times, for each policy, the
whole decision as a bot makes it: ``legal_actions`` of that table, ``observe`` for the
player and ``Policy.choose`` (tables with a single legal action skip the last two in the
bot, but are timed in full here, so the figures are an upper bound). Prints p50, p90,
p99 and the maximum per policy. Target: p99 under 0.5 ms.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from collections.abc import Callable

from spit.engine import Action, Phase, State, legal_actions, observe
from spit.games.spit.bots import POLICIES, BotAgent, Policy
from spit.games.spit.sim import SIMULATOR
from spit.sim import run_games


def collect_tables(games: int, seed: int) -> list[tuple[State, int]]:
    """Every (table, player) a bot decided on in ``games`` simulated games."""
    tables: list[tuple[State, int]] = []
    original: Callable[[BotAgent, State], tuple[Action | None, bool]] = BotAgent._decide

    def spy(bot: BotAgent, table: State) -> tuple[Action | None, bool]:
        if table.phase in (Phase.PLAYING, Phase.SLAP) and legal_actions(table, bot.player):
            tables.append((table, bot.player))
        return original(bot, table)

    BotAgent._decide = spy  # type: ignore[method-assign]
    try:
        run_games(SIMULATOR, games, seed, "normal", "normal")
    finally:
        BotAgent._decide = original  # type: ignore[method-assign]
    return tables


def time_decisions(policy: Policy, tables: list[tuple[State, int]]) -> list[int]:
    """Nanoseconds per decision, one figure per table."""
    clock = time.perf_counter_ns
    out = []
    for table, player in tables:
        start = clock()
        policy.choose(observe(table, player), legal_actions(table, player))
        out.append(clock() - start)
    return out


def percentile(sorted_ns: list[int], q: float) -> float:
    """Nearest-rank percentile, in milliseconds."""
    index = min(len(sorted_ns) - 1, max(0, round(q / 100 * len(sorted_ns)) - 1))
    return sorted_ns[index] / 1e6


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40, help="games to collect tables from")
    parser.add_argument("--seed", type=int, default=1, help="run seed (default 1)")
    args = parser.parse_args(argv)

    tables = collect_tables(args.games, args.seed)
    print(f"python {platform.python_version()} on {platform.machine()}")
    print(f"{len(tables)} decision tables from {args.games} normal-vs-normal games")
    print(f"{'policy':<8} {'p50 ms':>8} {'p90 ms':>8} {'p99 ms':>8} {'max ms':>8}")
    for name, policy in POLICIES.items():
        time_decisions(policy, tables[:200])  # warm up
        times = sorted(time_decisions(policy, tables))
        p50, p90, p99 = (percentile(times, q) for q in (50, 90, 99))
        print(f"{name:<8} {p50:8.4f} {p90:8.4f} {p99:8.4f} {times[-1] / 1e6:8.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
