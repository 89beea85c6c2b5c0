"""An honest player's press-to-view time while another address floods the server with
half-open connections (issue 25, item 5), side by side with the same presses without
the flood, on loopback.

    nice -n 10 python benchmarks/net_half_open.py --presses 200 --flood 2000

One ``GameServer`` (default limits) on 127.0.0.1 with a room of a race table; two
honest clients sit in it from 127.0.0.1. Ann presses ``--presses`` times, 60 ms apart,
and each press is timed to the view frame that shows it taken; then the same again
while a flood from 127.0.0.2 (another loopback address) opens ``--flood`` raw TCP
connections, each sending the start of an upgrade request and nothing more, as fast as
it can, and holds them to the end. Also reported: the server's refusals, and the memory
Python traced (the server and the clients share the process): what the quiet presses
added, the flood's height, and what the presses during the flood added once the flood
has gone. Figures to read, not verdicts: ``tests/net/test_half_open.py`` asserts the
behaviour.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from spit.net.client import NetClient
from spit.net.server import GameServer
from tests.net.hostile_clients import RaceTable

PARTIAL = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"


def now_ms() -> float:
    return time.monotonic() * 1000.0


async def presses(ann: NetClient, count: int, tag: str) -> list[float]:
    """Ann's press-to-view times, ms."""
    times = []
    for n in range(count):
        text = f"{tag}{n}"
        began = now_ms()
        await ann.intent(text)
        async with asyncio.timeout(5):
            while text not in ((ann.view or {}).get("recent") or ()):
                ann.changed.clear()
                await ann.changed.wait()
        times.append(now_ms() - began)
        await asyncio.sleep(0.06)  # under the server's 20 intents a second
    return times


async def flood(port: int, count: int, held: list[asyncio.StreamWriter]) -> None:
    """``count`` half-open connections from 127.0.0.2, held in ``held``."""
    for _ in range(count):
        with contextlib.suppress(OSError):
            _, writer = await asyncio.open_connection(
                "127.0.0.1", port, local_addr=("127.0.0.2", 0)
            )
            writer.write(PARTIAL)
            held.append(writer)
        await asyncio.sleep(0)


def summary(times: list[float]) -> str:
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return f"p50 {statistics.median(ordered):.2f} ms, p99 {p99:.2f} ms, max {ordered[-1]:.2f} ms"


async def measure(count: int, flooding: int) -> None:
    server = GameServer(lambda names: RaceTable())
    async with server.listening("127.0.0.1", 0) as listening:
        port = next(iter(listening.sockets)).getsockname()[1]
        uri = f"ws://127.0.0.1:{port}"
        room = server.open_room()
        ann, bob = NetClient(), NetClient()
        await ann.connect(uri, "Ann", room=room.code)
        await bob.connect(uri, "Bob", room=room.code)
        await asyncio.sleep(1.5)  # a ping or two: the lines measured
        gc.collect()
        baseline = tracemalloc.get_traced_memory()[0]
        quiet = await presses(ann, count, "q")
        gc.collect()
        before = tracemalloc.get_traced_memory()[0]
        snapshot = tracemalloc.take_snapshot()
        held: list[asyncio.StreamWriter] = []
        flooder = asyncio.get_running_loop().create_task(flood(port, flooding, held))
        flooded = await presses(ann, count, "f")
        await flooder
        height = tracemalloc.get_traced_memory()[0]
        for writer in held:
            writer.close()
        for writer in held:
            with contextlib.suppress(OSError):
                await writer.wait_closed()
        held.clear()  # the flood's own objects, in this process too
        async with asyncio.timeout(10):
            while any(address != "127.0.0.1" for address in server._per_address):
                await asyncio.sleep(0.05)
        await asyncio.sleep(0.5)
        gc.collect()
        after = tracemalloc.get_traced_memory()[0]
        grown = tracemalloc.take_snapshot().compare_to(snapshot, "lineno")
        await ann.close()
        await bob.close()
    print(f"without the flood: {summary(quiet)}")
    print(f"during the flood:  {summary(flooded)}")
    print(
        f"the flood: {flooding} connections opened from 127.0.0.2; refused {dict(server.refused)}"
    )
    kib = 1024
    print(
        f"traced memory: {baseline / kib:.0f} KiB; after the quiet presses"
        f" +{(before - baseline) / kib:.0f} KiB; at the flood's height {height / kib:.0f} KiB;"
        f" after the presses during the flood, the flood gone, +{(after - before) / kib:.0f}"
        " KiB; what grew most over the flood's phase:"
    )
    for stat in grown[:4]:
        print(f"  {stat}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--presses", type=int, default=200)
    parser.add_argument("--flood", type=int, default=2000, help="half-open connections")
    args = parser.parse_args()
    tracemalloc.start()
    asyncio.run(asyncio.wait_for(measure(args.presses, args.flood), 300))


if __name__ == "__main__":
    main()
