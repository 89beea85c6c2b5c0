"""Races through real sockets behind a latency-injecting proxy: with fair ordering the
earlier presser wins, with arrival order the shorter connection does.

The proxy delays the bytes in user space, where the kernel's round trip for the
server's socket (``spit.net.tcp_rtt``) cannot see it: that socket's line is the one to
the proxy, a few microseconds on loopback. So the server is told the proxy is a trusted
one (``Limits.trusted_proxies``), as a server behind a real reverse proxy is, and
measures each line by its own timed pings alone. The slow line's presses are credited
some 120 ms each, so the races are spaced for its lag-compensation quota to refill: a
real player on such a line pressing faster is compensated only in part, by design.

The server's times are shortened (``TEST_LIMITS``): it pings every 0.2 s rather than
every second, so the estimates settle in about a second, and the quota refills ten
times as fast, so a race need not wait 1.2 s for it. The lines' delays, and so the
races, are as they would be.

A race table (not a card game) keeps the order in which intents reach it, so the test
measures exactly the network path: the clock estimate from real pings, the credit, the
hold and the order. Both clients run in this process on one clock, so which one
pressed first is known from their own stamps, whatever the event loop's delays were.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from spit.net.client import NetClient
from spit.net.fairness import Ordering
from spit.net.limits import Limits
from spit.net.server import GameServer

from .proxy import delaying_proxy

TEST_LIMITS = Limits(
    trusted_proxies=frozenset({"127.0.0.1"}), ping_interval_s=0.2, quota_gain_per_s=1000.0
)

SETTLED = 5
"""Pings each line has answered before the races: the clock estimates have settled."""

COUNTED = 20
"""Races that must be told apart and believed for the verdict to mean something."""
MAX_RACES = 120
"""Races run at most to count that many: a busy machine spoils some (see ``_races``)."""


class RaceTable:
    """Every intent is taken; the table remembers the order it came in."""

    def __init__(self) -> None:
        self.order: list[tuple[int, str]] = []
        self.taken_at: dict[str, int] = {}
        self.time = 0

    def submit(self, seat: int, intent: str, at: int) -> None:
        self.order.append((seat, intent))
        self.taken_at[intent] = at
        self.time = max(self.time, at)

    def advance(self, at: int) -> None:
        self.time = max(self.time, at)

    def next_due(self) -> int | None:
        return None

    def now(self) -> int:
        return self.time

    def view(self, seat: int) -> dict[str, Any]:
        return {"taken": len(self.order)}

    def news(self) -> list[tuple[int | None, dict[str, Any]]]:
        return []

    def public_view(self) -> dict[str, Any]:
        return {"taken": len(self.order)}

    def public_news(self) -> list[dict[str, Any]]:
        return []

    def state_hash(self) -> str:
        return str(self.order)

    def close(self) -> None:
        pass

    def lag_from(self, source: Any) -> None:
        pass

    def forfeit(self, seat: int, *, left: bool = False) -> None:
        pass

    @property
    def finished(self) -> bool:
        return False


async def _races(ordering: Ordering) -> tuple[int, int]:
    """(races the earlier presser won, races counted).

    A race is not counted when the slow line's intent was credited later than it was
    sent: it came later than the line's measured latency and jitter allow (on a busy
    machine the event loop itself adds such delays), and the room, by design, does not
    believe a claim beyond that bound. Both clients and the server share this
    process's clock, so the credit can be compared with the send time directly."""
    tables: list[RaceTable] = []

    def make(names: tuple[str, str]) -> RaceTable:
        tables.append(RaceTable())
        return tables[-1]

    server = GameServer(make, ordering=ordering, limits=TEST_LIMITS)
    async with server.listening("127.0.0.1", 0) as listening:
        port = next(iter(listening.sockets)).getsockname()[1]
        async with (
            delaying_proxy(port, up_ms=5, down_ms=5, jitter_ms=2, seed=1) as fast_port,
            delaying_proxy(port, up_ms=120, down_ms=120, jitter_ms=2, seed=2) as slow_port,
        ):
            room = server.open_room()
            fast, slow = NetClient(), NetClient()
            await fast.connect(f"ws://127.0.0.1:{fast_port}", "Fast", room=room.code)
            await slow.connect(f"ws://127.0.0.1:{slow_port}", "Slow", room=room.code)
            await _settled(room)
            won = counted = 0
            for race in range(MAX_RACES):
                if counted >= COUNTED:
                    break
                gap_ms = 15 + (race * 7) % 45
                if ordering is Ordering.FAIR:  # the slow line's quota holds a press's credit
                    await _quota_refilled(server, room)
                before = len(tables[0].order)
                sent_slow = slow.now_ms()
                await slow.intent(f"slow {race}")
                await asyncio.sleep(gap_ms / 1000)
                sent_fast = fast.now_ms()
                await fast.intent(f"fast {race}")
                for _ in range(100):
                    if len(tables[0].order) >= before + 2:
                        break
                    await asyncio.sleep(0.02)
                first = tables[0].order[before][1]
                # a race that can be told apart: the presses differ by more than the
                # jitter the room measured (which a loaded machine makes larger)
                margin = 2.0 + max(chair.sync.jitter for chair in room.chairs)
                credit = tables[0].taken_at.get(f"slow {race}", 0) + room.origin
                believed = ordering is Ordering.ARRIVAL or credit - sent_slow <= 2
                if sent_fast - sent_slow > margin and believed:
                    counted += 1
                    won += first.startswith("slow")
                await asyncio.sleep(0.02)
            await fast.close()
            await slow.close()
    return won, counted


async def _settled(room: Any) -> None:
    """Wait (at most 10 s) until each line has answered ``SETTLED`` pings."""
    for _ in range(500):
        if all(chair.sync.samples >= SETTLED for chair in room.chairs):
            return
        await asyncio.sleep(0.02)


async def _quota_refilled(server: GameServer, room: Any) -> None:
    """Wait (at most 3 s) until the slow seat's allowance is its whole one-way time."""
    for _ in range(150):
        now = server.now_ms()
        chair = room.chairs[1]
        if room.allowance(1, now) >= chair.sync.one_way(now) > 0:
            return
        await asyncio.sleep(0.02)


@pytest.mark.slow
@pytest.mark.parametrize("ordering", [Ordering.FAIR, Ordering.ARRIVAL])
def test_who_wins_races_on_a_5_ms_and_a_120_ms_line(ordering: Ordering, tmp_path: Path) -> None:
    won, counted = asyncio.run(asyncio.wait_for(_races(ordering), 120))
    assert counted >= COUNTED
    if ordering is Ordering.FAIR:
        assert won / counted >= 0.95, (won, counted)
    else:
        assert won / counted <= 0.05, (won, counted)
