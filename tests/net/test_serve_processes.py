"""Two real ``spit-tui serve`` processes on loopback behind a small routing rule (a
proxy that routes by room code, ``tests/net/routing_proxy.py``): rooms are opened on
both, joined by code through the proxy, played by scripted clients, left; each
process keeps its own rooms' replays, which verify and can be fetched by code through
the proxy. Then both processes stop on SIGTERM with status 0."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import signal
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from spit.games.spit.replay import load_replay, verify
from spit.net.client import NetClient
from spit.net.lobby_client import list_rooms, replay_by_code, room_uri

from .loopback import http_get, play_greedily, serve_command, served_port
from .routing_proxy import routing_proxy

LETTERS = ("ABCDEFGHIJKLM", "NOPQRSTUVWXYZ")


@dataclass
class Served:
    """A ``spit-tui serve`` process, its port, and (once it ended) what it wrote on stderr."""

    process: asyncio.subprocess.Process
    port: int
    stderr: str = ""


@contextlib.asynccontextmanager
async def serve_started(
    data: Path, letters: str, *, extra: Sequence[str] = (), scheme: str = "ws"
) -> AsyncIterator[Served]:
    """A ``spit-tui serve`` process on a free loopback port. At the end, one still
    running is stopped with SIGTERM (killed if it does not end); how it ended is the
    caller's to check."""
    env = {**os.environ, "SPIT_TUI_HOME": str(data / "home")}
    process = await asyncio.create_subprocess_exec(
        *serve_command(
            data, "--codes", f"{letters[0]}-{letters[-1]}", "--trust-proxy", "127.0.0.1", *extra
        ),
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env=env,
    )
    try:
        assert process.stdout is not None
        line = (await asyncio.wait_for(process.stdout.readline(), 30)).decode()
        served = Served(process, served_port(line, scheme))
        yield served
    finally:
        if process.returncode is None:
            process.send_signal(signal.SIGTERM)
        try:
            _, err = await asyncio.wait_for(process.communicate(), 30)
        except TimeoutError:
            process.kill()
            raise
    served.stderr = err.decode()


@contextlib.asynccontextmanager
async def serve_process(
    data: Path, letters: str, *, extra: Sequence[str] = (), scheme: str = "ws"
) -> AsyncIterator[int]:
    """``serve_started``'s port; the process must exit cleanly (status 0) on SIGTERM."""
    async with serve_started(data, letters, extra=extra, scheme=scheme) as served:
        yield served.port
    assert served.process.returncode == 0, served.stderr


async def _room(proxy: str, rng: random.Random) -> tuple[str, NetClient, NetClient]:
    """A room opened through the proxy and joined by its code, played for a while."""
    a, b = NetClient(), NetClient()
    code = (await a.connect(proxy, "Ann", create={"game": "spit", "public": True})).room
    await b.connect(room_uri(proxy, code), "Bob", room=code)
    await asyncio.gather(
        play_greedily(a, random.Random(rng.random()), limit_s=6),
        play_greedily(b, random.Random(rng.random()), limit_s=6),
    )
    return code, a, b


def test_two_serve_processes_behind_a_proxy_routing_by_code_play_rooms_on_both(
    tmp_path: Path,
) -> None:
    folders = [tmp_path / "one", tmp_path / "two"]

    async def run() -> dict[str, tuple[str, str]]:
        async with (
            serve_process(folders[0], LETTERS[0]) as one,
            serve_process(folders[1], LETTERS[1]) as two,
            routing_proxy([(LETTERS[0], one), (LETTERS[1], two)]) as port,
        ):
            proxy = f"ws://127.0.0.1:{port}"
            rooms = await asyncio.wait_for(
                asyncio.gather(*(_room(proxy, random.Random(i)) for i in range(4))), 90
            )
            codes = [code for code, _, _ in rooms]
            assert {code[0] in LETTERS[0] for code in codes} == {True, False}  # both used
            for _, a, b in rooms:
                assert a.view is not None and b.view is not None
                assert any(e.get("kind") == "input" and e["accepted"] for e in a.events)
            for _, a, b in rooms:
                await a.close()
                await b.close()
            for backend in (one, two):  # both players gone: each room closes
                uri = f"ws://127.0.0.1:{backend}"

                async def empty(uri: str = uri) -> bool:
                    return json.loads((await http_get(uri, "/health"))[2])["rooms"] == 0

                async with asyncio.timeout(30):
                    while not await empty():
                        await asyncio.sleep(0.1)
            assert await list_rooms(proxy) == []
            return {code: await replay_by_code(room_uri(proxy, code), code) for code in codes}

    replays = asyncio.run(asyncio.wait_for(run(), 180))
    for code, (name, text) in replays.items():
        folder = folders[0 if code[0] in LETTERS[0] else 1]
        path = folder / "replays" / name
        assert path.read_text(encoding="utf-8") == text  # kept by the process that ran it
        result = verify(load_replay(path))
        assert result.valid
