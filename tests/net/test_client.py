"""The client trusts the server no more than the server trusts it: a bad frame closes
the connection with a reason a screen can show. And a replay is saved safely."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from spit.net.client import NetClient, save_replay
from spit.net.protocol import ProtocolError

from .frames import frame as raw

WELCOME = raw(
    "welcome", v=1, room="7KX-PM2-QDA", seat=0, token="ab" * 16, names=["Ann"], game="spit"
)

BAD_FRAMES = {
    "not JSON": "{",
    "binary": b"\x00\x01",
    "unknown type": raw("explode"),
    "a hidden field": raw("away", seat=1, seconds_left=5, hand=["AS"]),
    "a view without events": raw("view", t=1, view={}, rtt=[], finished=False),
    "an escape in a name": raw("new_game", names=["Ann", "B\x1b[31mob"]),
}


@contextlib.asynccontextmanager
async def fake_server(
    first: str | bytes, then: str | bytes | None
) -> AsyncIterator[tuple[str, list]]:
    """A server on loopback that answers a hello with ``first``, then sends ``then``;
    it notes how the client closed."""
    closes: list[tuple[int | None, str | None]] = []

    async def handle(ws: ServerConnection) -> None:
        await ws.recv()
        await ws.send(first)
        if then is not None:
            await ws.send(then)
        with contextlib.suppress(ConnectionClosed):
            await asyncio.wait_for(ws.recv(), 5)
        closes.append((ws.close_code, ws.close_reason))

    async with serve(handle, "127.0.0.1", 0) as server:
        port = next(iter(server.sockets)).getsockname()[1]
        yield f"ws://127.0.0.1:{port}", closes


@pytest.mark.parametrize("frame", BAD_FRAMES.values(), ids=BAD_FRAMES.keys())
def test_a_bad_frame_from_the_server_closes_the_connection_with_a_reason(
    frame: str | bytes,
) -> None:
    async def run() -> tuple[NetClient, list]:
        async with fake_server(WELCOME, frame) as (uri, closes):
            client = NetClient()
            await client.connect(uri, "Ann", room="7KX-PM2-QDA")
            for _ in range(100):
                if client.error is not None and not client.connected:
                    break
                await asyncio.sleep(0.02)
            await asyncio.sleep(0.1)
            await client.close()
            return client, closes

    client, closes = asyncio.run(asyncio.wait_for(run(), 30))
    assert client.error is not None and client.error.startswith("the server sent a bad message")
    assert client.view is None and client.names == ["Ann"]  # nothing of the bad frame used
    assert closes and closes[0][0] == 1008 and closes[0][1]


@pytest.mark.parametrize("frame", BAD_FRAMES.values(), ids=BAD_FRAMES.keys())
def test_a_bad_first_answer_is_refused_by_connect(frame: str | bytes) -> None:
    async def run() -> None:
        async with fake_server(frame, None) as (uri, _):
            with pytest.raises(ProtocolError):
                await NetClient().connect(uri, "Ann", room="7KX-PM2-QDA")

    asyncio.run(asyncio.wait_for(run(), 30))


def test_a_saved_replay_is_the_servers_bytes_under_a_safe_new_name(tmp_path: Path) -> None:
    text = '{"format": "spit-replay", "players": [{"kind": "human", "name": "Zoë"}]}\n'
    first = save_replay(tmp_path / "replays", "2026-12-02_p1-vs-p2.spit.jsonl", text)
    again = save_replay(tmp_path / "replays", "2026-12-02_p1-vs-p2.spit.jsonl", text)
    assert first.name == "2026-12-02_p1-vs-p2.spit.jsonl"
    assert again.name == "2026-12-02_p1-vs-p2_2.spit.jsonl"
    assert first.read_bytes() == again.read_bytes() == text.encode("utf-8")
    for name in ("../evil.jsonl", "/etc/passwd", ".hidden", "a/b.jsonl", "x\x1b.jsonl", ""):
        with pytest.raises(ValueError):
            save_replay(tmp_path, name, text)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["replays"]
