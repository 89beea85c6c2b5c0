"""The server's latency probe (``spit.net.latency``): off by default, and when on, one
count per intent applied, served at ``GET /stats``; the histogram arithmetic the
capacity benchmark relies on."""

from __future__ import annotations

import asyncio
import gc
import json
import math
import random
import subprocess
import sys
from pathlib import Path

import pytest

from spit.net.client import NetClient
from spit.net.latency import EDGES_MS, SERIES, Histogram, LatencyProbe, between, percentile
from spit.net.server import GameServer

from .loopback import FAST, http_get, play_greedily


@pytest.mark.parametrize(
    ("values", "q", "expected"),
    [
        ([1.0] * 99 + [100.0], 0.5, 1.0),
        ([1.0] * 99 + [100.0], 0.99, 1.0),
        ([1.0] * 98 + [100.0] * 2, 0.99, 100.0),
        ([0.0, 0.001], 1.0, EDGES_MS[0]),
        ([3.0, 20_000.0], 1.0, math.inf),
    ],
)
def test_a_percentile_is_its_bucket_upper_edge(
    values: list[float], q: float, expected: float
) -> None:
    histogram = Histogram()
    for value in values:
        histogram.add(value)
    assert percentile(histogram.counts, q) == expected
    assert math.isnan(percentile([0] * len(histogram.counts), 0.5))


def test_between_counts_only_what_came_after_the_first_snapshot() -> None:
    probe = LatencyProbe()
    probe.released([(0.0, 0.0, 5.0)], 6.0, 0.5)
    before = json.loads(json.dumps(probe.snapshot()))["series"]
    probe.released([(0.0, 0.0, 2.0), (1.0, 0.5, 0.0)], 4.0, 0.25)
    added = between(before, probe.snapshot()["series"])  # type: ignore[arg-type]
    assert {name: sum(counts) for name, counts in added.items()} == dict.fromkeys(SERIES, 2)
    assert percentile(added["stamp"], 1.0) == pytest.approx(3.5, rel=0.06)  # 4 - max(0.5, 0)
    assert percentile(added["handler"], 1.0) == pytest.approx(3.0, rel=0.06)  # 4 - max(1, 0)
    assert percentile(added["hold"], 1.0) == pytest.approx(2.0, rel=0.06)  # 2 - 0
    assert percentile(added["work"], 0.5) == pytest.approx(0.25, rel=0.06)


@pytest.mark.slow
def test_a_server_with_a_probe_counts_each_intent_and_one_without_serves_no_stats(
    tmp_path: Path,
) -> None:
    async def stats(
        server: GameServer, play_s: float
    ) -> tuple[str, dict[str, list[int]] | None, int]:
        async with server.listening("127.0.0.1", 0) as listening:
            uri = f"ws://127.0.0.1:{next(iter(listening.sockets)).getsockname()[1]}"
            room = server.open_room()
            a, b = NetClient(), NetClient()
            await a.connect(uri, "Ann", room=room.code)
            await b.connect(uri, "Bob", room=room.code)
            await asyncio.gather(
                *(play_greedily(c, random.Random(i), limit_s=play_s) for i, c in enumerate((a, b)))
            )
            inputs = sum(e.get("kind") == "input" for e in a.events)
            status, _, body = await http_get(uri, "/stats")
            await a.close()
            await b.close()
            return status, json.loads(body)["series"] if "200" in status else None, inputs

    options = {"timing": FAST, "variant": "points"}
    measured = GameServer(options=options, seed=3, probe=LatencyProbe())
    status, series, inputs = asyncio.run(asyncio.wait_for(stats(measured, 1.0), 60))
    assert status.startswith("HTTP/1.1 200") and series is not None and inputs > 0
    # each applied intent once (a's events hold every accepted input, its own refused ones)
    assert inputs <= sum(series["stamp"]) == sum(series["hold"]) == sum(series["work"])
    plain = GameServer(options=options, seed=3)
    status, series, _ = asyncio.run(asyncio.wait_for(stats(plain, 0.0), 60))
    assert not status.startswith("HTTP/1.1 200") and series is None


@pytest.mark.slow
def test_the_probe_times_the_collectors_passes_only_while_it_watches() -> None:
    probe = LatencyProbe()
    was_enabled = gc.isenabled()
    gc.disable()  # only the passes asked for here, none started by allocations
    probe.watch_collector()
    probe.watch_collector()  # once is enough: a second call adds no second hook
    try:
        gc.collect()
        gc.collect(0)
    finally:
        probe.stop_watching()
        if was_enabled:
            gc.enable()
    gc.collect()
    collector = probe.snapshot()["collector"]
    assert isinstance(collector, dict)
    assert sum(collector["passes"]) == 2 and sum(collector["full"]) == 1
    assert collector["ms"] >= 0.0


_SERVING = """
import asyncio, gc
from spit.commands.serve_collector import BACKSTOP, MIDDLE, OLD, TICK_S, Collecting

async def main():
    collecting = Collecting()
    young = []
    gc.callbacks.append(lambda phase, info: phase == "stop" and young.append(info["generation"]))
    await asyncio.sleep(TICK_S * 10)
    collecting.stop()
    print(gc.isenabled(), gc.get_freeze_count() > 0, gc.get_threshold() == (BACKSTOP, MIDDLE, OLD))
    print(len(young) >= 5, set(young) == {0})

asyncio.run(main())
"""


_FREEZING = """
import asyncio, gc, weakref
from spit.commands import serve_collector
from spit.commands.serve_collector import TICK_S, Collecting

serve_collector.MIDDLE, serve_collector.OLD = 4, 2  # a freeze every 4 ticks, full every 8

class Node:
    pass

async def main():
    passes = []
    gc.callbacks.append(lambda phase, info: phase == "stop" and passes.append(info["generation"]))
    collecting = Collecting()
    start_up = gc.get_freeze_count()
    node = Node()
    node.me = node  # a cycle, alive until it is frozen
    ref = weakref.ref(node)
    froze = False
    for _ in range(200):
        await asyncio.sleep(TICK_S)
        if gc.get_freeze_count() > start_up:
            froze = True
            break
    del node  # garbage now, among the frozen: no young pass finds it
    await asyncio.sleep(TICK_S * 2)
    alive_after_young_passes = ref() is not None
    for _ in range(400):
        if ref() is None:
            break
        await asyncio.sleep(TICK_S)
    collecting.stop()
    print(froze, alive_after_young_passes, ref() is None)
    print(2 in passes, passes.count(0) > passes.count(1) > 0)

asyncio.run(main())
"""


@pytest.mark.slow
def test_serving_freezes_what_the_young_passes_left_and_a_full_pass_finds_its_cycles() -> None:
    """What lives past the young passes is frozen every ``MIDDLE`` ticks (no middle
    pass scans it); a cycle that became garbage among the frozen objects is found by
    the full pass, every ``OLD`` times ``MIDDLE`` ticks. In a process of its own, the
    constants made small."""
    out = subprocess.run(
        [sys.executable, "-c", _FREEZING], capture_output=True, text=True, check=True, timeout=60
    )
    assert out.stdout.split() == ["True"] * 5


@pytest.mark.slow
def test_serving_freezes_start_up_and_runs_young_passes_on_a_clock() -> None:
    """In a process of its own: the settings are the process's (the serve command's).

    See ``spit.commands.serve_collector``."""
    out = subprocess.run(
        [sys.executable, "-c", _SERVING], capture_output=True, text=True, check=True, timeout=60
    )
    assert out.stdout.split() == ["True"] * 5
