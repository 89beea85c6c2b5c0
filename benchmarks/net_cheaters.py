"""Hostile clients against an honest one through a real server on loopback: how many
races each wins, and the honest player's press-to-view time beside each, all in one
run (issue 25's figures, in ``docs/protocol.md`` and ``docs/performance.md``).

    nice -n 10 python benchmarks/net_cheaters.py --races 200

Each strategy of ``tests/net/hostile_clients.py`` (and, first, an honest player as the
control) sits down against an honest player in a fresh server with fair ordering, and
races ``--races`` times with both pressing at the same real time (each sending first in
turn) and ``--races`` times with the honest player ``--lead`` ms earlier. The honest
player's press-to-view time runs from its press to the view frame that shows its press
taken (one process, one clock: the server's, both clients'). Timings are figures to
read, not verdicts: ``tests/net/test_cheaters.py`` asserts the race counts.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.net.hostile_clients import CHEATERS, HONEST, duel


async def measure(races: int, lead: float) -> list[dict[str, object]]:
    rows = []
    for strategy in (HONEST, *CHEATERS):
        tallies, server = await duel(strategy, races, (0.0, lead))
        equal, ahead = tallies[0.0], tallies[lead]
        row = {
            "strategy": strategy.name,
            "won_at_equal_times": equal.cheater_won,
            "won_honest_ahead": ahead.cheater_won,
            "races": races,
            "honest_p50_ms_equal": round(equal.honest_p50, 2),
            "honest_p50_ms_ahead": round(ahead.honest_p50, 2),
            "presses_not_taken": dict(server.presses),
        }
        print(json.dumps(row), flush=True)
        rows.append(row)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--races", type=int, default=200, help="races per lead (default 200)")
    parser.add_argument("--lead", type=float, default=10.0, help="the honest lead, ms")
    args = parser.parse_args()
    rows = asyncio.run(measure(args.races, args.lead))
    print()
    print(f"| strategy | wins at equal times | wins, honest {args.lead:g} ms ahead | honest p50 |")
    print("| --- | --- | --- | --- |")
    for row in rows:
        print(
            f"| {row['strategy']} | {row['won_at_equal_times']}/{row['races']} "
            f"| {row['won_honest_ahead']}/{row['races']} | {row['honest_p50_ms_equal']} ms |"
        )


if __name__ == "__main__":
    main()
