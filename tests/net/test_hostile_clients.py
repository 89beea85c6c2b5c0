"""A server never dies from a client's input, and one client never disturbs another's
game: random and mutated frames, oversized ones, floods, a late hello."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from spit.net.client import NetClient, ReplayUnavailable
from spit.net.protocol import PROTOCOL_VERSION, Welcome

from .frames import frame as raw
from .loopback import QUICK_CLOSE, running_server, wait_until


def _mutations(rng: random.Random, room: str) -> list[str | bytes]:
    good = [
        raw("hello", v=PROTOCOL_VERSION, name="Eve", room=room),
        raw("intent", seq=1, t=5.0, intent="play 0 left"),
        raw("pong", id=1, c1=1.0, c2=2.0),
        raw("take_win"),
        raw("play_bot"),
        raw("rematch"),
        raw("fetch_replay"),
    ]
    frames: list[str | bytes] = []
    for _ in range(120):
        base = rng.choice(good)
        kind = rng.randrange(6)
        if kind == 0:  # random bytes
            frames.append(bytes(rng.randrange(256) for _ in range(rng.randrange(1, 60))))
        elif kind == 1:  # a character changed
            i = rng.randrange(len(base))
            frames.append(base[:i] + chr(rng.randrange(32, 127)) + base[i + 1 :])
        elif kind == 2:  # cut short
            frames.append(base[: rng.randrange(len(base))])
        elif kind == 3:  # a field's value replaced
            data = json.loads(base)
            key = rng.choice(list(data))
            data[key] = rng.choice([None, -1, 2**70, "x" * 40, [], {}, 1.5, True])
            frames.append(json.dumps(data))
        elif kind == 4:  # an unknown field
            data = json.loads(base)
            data[rng.choice(["admin", "seat", "state"])] = 1
            frames.append(json.dumps(data))
        else:
            frames.append(base)
    return frames


async def _attack(uri: str, frames: list[str | bytes]) -> int:
    closed = 0
    for frame in frames:
        try:
            async with connect(uri, open_timeout=5, close_timeout=2) as ws:
                await ws.send(frame)
                if isinstance(frame, str) and '"hello"' in frame:
                    await ws.send(frame)  # a second hello, or whatever follows
                await asyncio.wait_for(ws.recv(), 5)
                await asyncio.wait_for(ws.recv(), 5)
        except (ConnectionClosed, TimeoutError):
            closed += 1
    return closed


def test_hostile_frames_close_only_their_own_connection(tmp_path: Path) -> None:
    async def run() -> None:
        async with running_server(tmp_path) as (server, uri):
            room = server.open_room()
            a, b = NetClient(), NetClient()
            await a.connect(uri, "Ann", room=room.code)
            await b.connect(uri, "Bob", room=room.code)
            other = server.open_room()
            closed = await _attack(uri, _mutations(random.Random(3), other.code))
            assert closed > 100  # nearly all are refused (a good hello then waits)
            # a frame over the size limit is refused by the library itself
            async with connect(uri) as ws:
                await ws.send("x" * 5000)
                try:
                    await asyncio.wait_for(ws.recv(), 5)
                except ConnectionClosed as gone:
                    assert gone.rcvd is not None and gone.rcvd.code == 1009
            # the game in the first room goes on untouched, and the server still serves
            assert room.table is not None and room.table.session.input_count == 0
            assert not room.paused
            await a.intent("play 0 left")
            late = NetClient()
            welcome = await late.connect(uri, "Cat", room=server.open_room().code)
            assert isinstance(welcome, Welcome)
            for client in (a, b, late):
                await client.close()

    asyncio.run(asyncio.wait_for(run(), 120))


def test_an_intent_flood_is_dropped_and_then_closed(tmp_path: Path) -> None:
    async def run() -> None:
        async with running_server(tmp_path, limits=QUICK_CLOSE) as (server, uri):
            room = server.open_room()
            a, b = NetClient(), NetClient()
            await a.connect(uri, "Ann", room=room.code)
            await b.connect(uri, "Bob", room=room.code)
            try:
                for _ in range(2000):
                    await a.intent("move 0")
            except ConnectionClosed:
                pass
            await wait_until(lambda: "too many messages" in server.refused, 5)
            table = room.table
            assert table is not None
            assert table.session.input_count < 200  # the flood never reached the game
            await b.close()

    asyncio.run(asyncio.wait_for(run(), 60))


def test_a_burst_of_keys_never_costs_the_player_an_answer(tmp_path: Path) -> None:
    """Intents have a bucket of their own: a player who has just pressed keys faster
    than the limit still gets an answer to a replay request (here: not over yet)."""

    async def run() -> None:
        async with running_server(tmp_path) as (server, uri):
            room = server.open_room()
            a, b = NetClient(), NetClient()
            await a.connect(uri, "Ann", room=room.code)
            await b.connect(uri, "Bob", room=room.code)
            for _ in range(120):
                await a.intent("move 0")
            with pytest.raises(ReplayUnavailable, match="not over"):
                await a.fetch_replay(timeout_s=10)
            assert a.connected
            await a.close()
            await b.close()

    asyncio.run(asyncio.wait_for(run(), 60))
