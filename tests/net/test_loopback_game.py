"""Two clients play a whole game through a real server on loopback.

A whole game of the standard variant lasts from a few seconds to most of a minute (its
rounds depend on the race of the two players), so the everyday run plays a game of one
round (the points variant to 1 point) with fair ordering, and the ``slow`` run a whole
standard one on a server clock four times as fast (its countdowns and stall timers
take a quarter of the time; intents then go by arrival, ``faster_clock``)."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect

from spit.games.spit.replay import load_replay, verify
from spit.net.client import NetClient
from spit.net.fairness import Ordering
from spit.net.protocol import PROTOCOL_VERSION, Close, Over, ProtocolError

from .loopback import (
    ONE_ROUND,
    WatchedTable,
    assert_nothing_hidden,
    faster_clock,
    play_greedily,
    running_server,
    wait_until,
)


async def _game(tmp_path: Path, options: dict[str, Any]) -> tuple[NetClient, NetClient, Path, str]:
    WatchedTable.seen = []
    fast = {"clock": faster_clock(4), "ordering": Ordering.ARRIVAL} if not options else {}
    server_at = running_server(tmp_path, table=WatchedTable, options=options, **fast)
    async with server_at as (server, uri):
        room = server.open_room()
        a, b = NetClient(), NetClient()
        await a.connect(uri, "Ann", room=room.code)
        await b.connect(uri, "Bob", room=room.code)
        await asyncio.wait_for(
            asyncio.gather(play_greedily(a, random.Random(1)), play_greedily(b, random.Random(2))),
            90,
        )
        table = room.table
        assert table is not None and table.finished
        final = table.state_hash()
        path = table.replay_path
        await a.close()
        await b.close()
    assert path is not None
    return a, b, path, final


@pytest.mark.parametrize(
    "options",
    [
        pytest.param(ONE_ROUND, id="one round"),
        pytest.param({}, id="standard", marks=pytest.mark.slow),
    ],
)
@pytest.mark.slow
def test_a_game_over_loopback_ends_and_its_replay_verifies(
    tmp_path: Path, options: dict[str, Any]
) -> None:
    a, b, path, final = asyncio.run(_game(tmp_path, options))
    assert a.finished and b.finished
    result = verify(load_replay(path))
    assert result.valid and result.finished
    assert result.final_hash == final
    # the last view each player saw is the end of the game, and they agree on who won
    assert a.view is not None and b.view is not None
    assert a.view["winner"] == b.view["winner"] is not None

    # nothing hidden ever left the server
    assert_nothing_hidden((a, b))


def test_a_wrong_room_code_and_an_old_client_are_refused_clearly(tmp_path: Path) -> None:
    async def run() -> tuple[str, str]:
        async with running_server(tmp_path) as (server, uri):
            server.open_room()
            with pytest.raises(ProtocolError) as wrong_room:
                await NetClient().connect(uri, "Eve", room="N0P-E00-000")
            with pytest.raises(ProtocolError) as old:
                await NetClient().connect(uri, "Eve", version=PROTOCOL_VERSION - 1)
            return wrong_room.value.reason, old.value.reason

    wrong_room, old = asyncio.run(run())
    assert "no room" in wrong_room
    assert "update spit-tui" in old


def test_a_version_1_client_with_a_version_1_room_code_is_told_to_update(
    tmp_path: Path,
) -> None:
    """Version 1's codes (``KITE-42``) do not fit version 2's hello: the client is still
    told to update, not that its code is malformed."""

    async def run() -> dict[str, object]:
        async with running_server(tmp_path) as (_, uri), connect(uri) as ws:
            await ws.send(json.dumps({"type": "hello", "v": 1, "name": "Old", "room": "KITE-42"}))
            return dict(json.loads(await ws.recv()))

    refused = asyncio.run(asyncio.wait_for(run(), 10))
    assert refused["code"] == Close.VERSION and "update spit-tui" in str(refused["reason"])


def test_a_player_who_leaves_ends_the_game_at_once_as_left(tmp_path: Path) -> None:
    """Bob sends ``leave`` during the game: Ann and a spectator are told at once that
    he left (not that he did not come back), and the replay's forfeit line says so."""

    async def run() -> tuple[Over | None, Over | None, Path]:
        async with running_server(tmp_path) as (server, uri):
            room = server.open_room()
            ann, bob, fan = NetClient(), NetClient(), NetClient()
            await ann.connect(uri, "Ann", room=room.code)
            await bob.connect(uri, "Bob", room=room.code)
            await fan.connect(uri, "Fan", room=room.watch_code, watch=True)
            await wait_until(lambda: ann.view is not None, 5)
            await bob.close(leave=True)
            await wait_until(lambda: ann.over is not None and fan.over is not None, 5)
            assert room.table is not None and room.table.replay_path is not None
            path = room.table.replay_path
            over, seen = ann.over, fan.over
            await ann.close()
            await fan.close()
            return over, seen, path

    over, seen, path = asyncio.run(asyncio.wait_for(run(), 30))
    assert over is not None and seen is not None
    assert over.reason == seen.reason == "left" and over.winner == 0
    replay = load_replay(path)
    assert verify(replay).valid
    assert any(getattr(r, "left", False) for r in replay.records)
