"""Hostile clients cannot buy races (issue 25): each strategy of
``tests/net/hostile_clients.py`` races an honest player through a real server with
fair ordering on loopback.

- At the same real press time, the cheater wins at most 55% of the races.
- Against an honest player who presses 10 ms earlier, it wins at most 5%.

Each strategy races 200 times per lead (a slow test), on a server that
pings every 0.25 s rather than every second (the strategies' times are counted in ping
intervals), so the clock estimates settle four times as fast, and takes intents fifty
times as fast, so the races need only 5 ms between them rather than 50 (a race waits
for both presses to reach the table before the next one, so the gap only keeps each
player's presses, some 150 a second, far under the server's limit). The figures
in ``docs/protocol.md`` come from ``benchmarks/net_cheaters.py``, with the server's own
limits. No timing is asserted here: press-to-view times belong to the benchmark.
"""

from __future__ import annotations

import asyncio
from typing import Final

import pytest

from spit.net.limits import Limits

from .hostile_clients import CHEATERS, INFLATE, Strategy, duel

EQUAL, LEAD = 0.0, 10.0


QUICK: Final = Limits(ping_interval_s=0.25, intents_per_s=1000.0)


def _verdict(strategy: Strategy, races: int) -> None:
    match = duel(strategy, races, (EQUAL, LEAD), limits=QUICK, race_gap_s=0.005)
    tallies, server = asyncio.run(asyncio.wait_for(match, 30 + races * 0.6))
    equal, lead = tallies[EQUAL], tallies[LEAD]
    assert equal.races == lead.races == races
    assert equal.cheater_won <= 0.55 * races, (strategy.name, equal.cheater_won)
    assert lead.cheater_won <= 0.05 * races, (strategy.name, lead.cheater_won)
    if strategy is INFLATE:  # its presses stamped 5 s early were refused, and counted
        assert server.presses["stamp outside the plausible window"] >= races


@pytest.mark.slow
@pytest.mark.parametrize("strategy", CHEATERS, ids=[s.name for s in CHEATERS])
def test_a_cheater_wins_no_more_than_its_share_in_200_races(strategy: Strategy) -> None:
    _verdict(strategy, 200)
