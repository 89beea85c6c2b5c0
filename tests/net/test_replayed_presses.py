"""Replays refused (issue 25, item 7): an intent's ``seq`` must rise on its connection,
and a press stamped outside the plausible window of its arrival is not applied; both
are counted, and shown in ``GET /health``."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from spit.net.client import NetClient
from spit.net.fairness import PLAUSIBLE_AFTER_MS, PLAUSIBLE_BEFORE_MS
from spit.net.server import GameServer

from .frames import frame as raw
from .hostile_clients import RaceTable
from .loopback import http_get, wait_until


def _race_server() -> tuple[GameServer, list[RaceTable], NetClient, NetClient]:
    """A server of race tables (each game's kept in the list), and two clients."""
    tables: list[RaceTable] = []

    def make(names: tuple[str, str]) -> RaceTable:
        tables.append(RaceTable())
        return tables[-1]

    return GameServer(make), tables, NetClient(), NetClient()


def test_a_repeated_or_older_seq_is_dropped_and_counted(tmp_path: Path) -> None:
    async def run() -> tuple[list[str], dict[str, int], dict[str, object]]:
        server, tables, ann, bob = _race_server()
        async with server.listening("127.0.0.1", 0) as listening:
            port = next(iter(listening.sockets)).getsockname()[1]
            uri = f"ws://127.0.0.1:{port}"
            room = server.open_room()
            await ann.connect(uri, "Ann", room=room.code)
            await bob.connect(uri, "Bob", room=room.code)
            frame = raw("intent", seq=7, t=ann.now_ms(), intent="once")
            for _ in range(5):  # the same frame, sent five times
                await ann._send(frame)
            await ann._send(raw("intent", seq=3, t=ann.now_ms(), intent="older"))
            await ann._send(raw("intent", seq=8, t=ann.now_ms(), intent="next"))
            await wait_until(lambda: "next" in tables[0].order, 5)
            health = json.loads((await http_get(uri, "/health"))[2])
            await ann.close()
            await bob.close()
            return tables[0].order, dict(server.presses), health

    order, presses, health = asyncio.run(asyncio.wait_for(run(), 30))
    assert order == ["once", "next"]
    assert presses == {"repeated seq": 5}
    assert health["presses_not_taken"] == {"repeated seq": 5}


@pytest.mark.slow
def test_a_press_stamped_outside_the_plausible_window_is_refused_and_counted(
    tmp_path: Path,
) -> None:
    """Once the server knows the client's clock (a ping answered), a press stamped a
    minute ago, or seconds ahead, is no press: not applied, counted."""

    async def run() -> tuple[list[str], dict[str, int]]:
        server, tables, ann, bob = _race_server()
        async with server.listening("127.0.0.1", 0) as listening:
            port = next(iter(listening.sockets)).getsockname()[1]
            uri = f"ws://127.0.0.1:{port}"
            room = server.open_room()
            await ann.connect(uri, "Ann", room=room.code)
            await bob.connect(uri, "Bob", room=room.code)
            await wait_until(lambda: room.chairs[0].sync.ready, 5)
            now = ann.now_ms()
            stamps = {
                "a minute old": now - 60_000,
                "too old": now - PLAUSIBLE_BEFORE_MS - 500,
                "ahead": now + PLAUSIBLE_AFTER_MS + 500,
                "fresh": now,
            }
            for seq, (text, stamp) in enumerate(stamps.items(), 1):
                await ann._send(raw("intent", seq=seq, t=stamp, intent=text))
            await wait_until(lambda: "fresh" in tables[0].order, 5)
            await asyncio.sleep(0.05)
            await ann.close()
            await bob.close()
            return tables[0].order, dict(server.presses)

    order, presses = asyncio.run(asyncio.wait_for(run(), 30))
    assert order == ["fresh"]
    assert presses == {"stamp outside the plausible window": 3}
