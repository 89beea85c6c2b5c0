"""Quick match with 1,000 players on loopback: is every one matched or offered a bot,
and how long do they wait? (Issue 28: report the wait's median and 99th percentile.)

    nice -n 10 python benchmarks/matchmaking.py --players 1000 --arrive-over 60 --speed 10

A real ``GameServer`` with an ``OnlineService`` over a SQLite store in a temporary
folder listens on 127.0.0.1; ``--players`` ``OnlineClient`` sessions (each a new
guest account, as a first-time player) connect to it over WebSocket, in the same
process and loop as the server. Then each joins the queue once, at a random moment in
the first ``--arrive-over`` seconds (uniformly: about 17 arrivals a second for 1,000
players over 60 s), in one of Spit's two variants, and waits until ``matched`` or
``bot_offer``; a player offered a bot takes it (leaves the queue, as ``accept_bot``
does) without playing it here, and a matched player's seat is not taken: the
benchmark measures the queue, not the games.

Ratings: each account is given a rating drawn from a normal distribution (mean 1500,
``--spread`` 300 by default), which the service's queue reads in place of the store's
(``OnlineService._rating`` replaced): making 1,000 rated histories is the leaderboard
benchmark's work, not this one's. The queue's window is the server's (100 either side,
widened by 25 a second), the bot offer after 20 s (``Limits.bot_offer_s``).

The queue's clock runs ``--speed`` times faster than the wall clock (its ticks too:
one every 1/``speed`` s), so that a run with the 20 s offer takes seconds rather than
minutes; every wait is measured on that clock, in the queue's seconds, from the
moment a client sends its ``queue`` to the moment it reads ``matched`` or
``bot_offer``. At ``--speed 10`` the line's own delays (loopback, the loop's work for
1,000 sessions) count ten times over; ``--speed 1`` runs in real time.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import platform
import random
import statistics
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from spit.commands.serve import registry_tables, server_bot_ratings
from spit.net.addresses import parse_address
from spit.net.limits import Limits
from spit.net.lobby import Lobby
from spit.net.online import OnlineService
from spit.net.online_client import OnlineClient
from spit.net.server import GameServer
from spit.net.variants import GameVariant
from spit.online.rates import NoLimits
from spit.online.store import OnlineStore

VARIANTS = ("standard", "points")
"""Spit's two variants: two pools of the queue."""


@dataclass
class Outcome:
    kind: str
    """``matched``, ``bot`` (offered a bot) or ``lost`` (neither in time)."""
    wait_s: float
    """Queue seconds from the join to the news."""


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


async def wait_in_queue(
    client: OnlineClient,
    variant: str,
    start_at: float,
    clock: QueueClock,
    limit_s: float,
) -> Outcome:
    """Join at ``start_at`` (queue seconds), then wait for a match or a bot offer."""
    await asyncio.sleep(max(0.0, (start_at - clock()) / clock.speed))
    joined = clock()
    await client.join_queue("spit", variant)
    deadline = asyncio.get_running_loop().time() + limit_s / clock.speed
    while True:
        if client.matched is not None:
            return Outcome("matched", clock() - joined)
        if client.offer is not None:
            wait = clock() - joined
            await client.cancel()  # takes the bot: out of the queue
            return Outcome("bot", wait)
        left = deadline - asyncio.get_running_loop().time()
        if left <= 0 or client.ended is not None:
            return Outcome("lost", clock() - joined)
        client.changed.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(client.changed.wait(), left)


class QueueClock:
    """The queue's clock: the monotonic clock, ``speed`` times as fast, from 0."""

    def __init__(self, speed: float) -> None:
        self.speed = speed
        self.zero = time.monotonic()

    def __call__(self) -> float:
        return (time.monotonic() - self.zero) * self.speed


async def run(args: argparse.Namespace) -> None:
    rng = random.Random(args.seed)
    clock = QueueClock(args.speed)
    limits = replace(
        Limits(),
        max_per_address=args.players + 10,
        connects_per_minute=100 * args.players,
        max_rooms=args.players,
        queue_tick_s=1.0 / args.speed,
        queue_joins=f"{10 * args.players}/minute",
    )
    with tempfile.TemporaryDirectory(prefix="spit-matchmaking-") as folder:
        data = Path(folder)
        store = await OnlineStore.open(
            str(data / "online.db"),
            [os.urandom(32)],
            limiter=NoLimits(),
            bots=server_bot_ratings(),
        )
        service = OnlineService(store, limits=limits, clock=clock)
        ratings: dict[str, int] = {}

        async def given_rating(account: str, chosen: GameVariant) -> int:
            if account not in ratings:
                ratings[account] = round(rng.gauss(1500, args.spread))
            return ratings[account]

        service._rating = given_rating  # type: ignore[method-assign]
        tables = registry_tables(data / "replays")
        server = GameServer(
            tables(None, {})[1],
            lobby=Lobby(tables),
            limits=limits,
            replay_dir=data / "replays",
            online=service,
        )
        try:
            async with server.listening("127.0.0.1", 0) as listening:
                port = next(iter(listening.sockets)).getsockname()[1]
                address = parse_address(f"127.0.0.1:{port}")
                began = time.perf_counter()
                clients: list[OnlineClient] = []
                for batch in range(0, args.players, 50):
                    made = [OnlineClient() for _ in range(min(50, args.players - batch))]
                    await asyncio.gather(*(c.connect(address.uri) for c in made))
                    clients += made
                connected_s = time.perf_counter() - began
                start = clock()
                outcomes = await asyncio.gather(
                    *(
                        wait_in_queue(
                            client,
                            rng.choice(VARIANTS),
                            start + rng.uniform(0, args.arrive_over),
                            clock,
                            args.limit,
                        )
                        for client in clients
                    )
                )
                ran_s = time.perf_counter() - began - connected_s
                await asyncio.gather(*(c.close() for c in clients))
        finally:
            await store.close()
    report(args, outcomes, connected_s, ran_s)


def report(
    args: argparse.Namespace, outcomes: list[Outcome], connected_s: float, ran_s: float
) -> None:
    kinds = Counter(o.kind for o in outcomes)
    waits = [o.wait_s for o in outcomes if o.kind != "lost"]
    matched = [o.wait_s for o in outcomes if o.kind == "matched"]
    print(f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores")
    print(
        f"{args.players} players, arriving over {args.arrive_over:g} s, ratings N(1500, "
        f"{args.spread:g}), queue clock x{args.speed:g}, seed {args.seed}"
    )
    print(f"connected (guest accounts made) in {connected_s:.1f} s; the queue run {ran_s:.1f} s")
    print(
        f"matched {kinds['matched']}, offered a bot {kinds['bot']}, "
        f"neither within {args.limit:g} s {kinds['lost']}"
    )
    if waits:
        print(
            f"wait, all: median {statistics.median(waits):.2f} s, "
            f"p99 {percentile(waits, 0.99):.2f} s, max {max(waits):.2f} s"
        )
    if matched:
        print(
            f"wait, matched: median {statistics.median(matched):.2f} s, "
            f"p99 {percentile(matched, 0.99):.2f} s"
        )
    if kinds["lost"]:
        sys.exit(1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--arrive-over", type=float, default=60.0, metavar="S")
    parser.add_argument("--spread", type=float, default=300.0, help="ratings' std deviation")
    parser.add_argument("--speed", type=float, default=10.0, help="the queue clock's speed-up")
    parser.add_argument("--limit", type=float, default=60.0, help="queue seconds to give up")
    parser.add_argument("--seed", type=int, default=1)
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
