"""Loopback helpers for the network tests: a server on 127.0.0.1, greedy clients."""

from __future__ import annotations

import asyncio
import contextlib
import random
import ssl
from collections.abc import AsyncIterator, Callable, Mapping
from pathlib import Path
from typing import Any

from spit.core.cards import RANK_SYMBOLS
from spit.games.spit.net_table import SpitNetTable
from spit.games.spit.session import Timing
from spit.net.client import NetClient
from spit.net.fairness import Ordering
from spit.net.limits import Limits
from spit.net.lobby import Lobby, TableFactory, Tables
from spit.net.server import GameServer

FAST = Timing(
    start_countdown_ms=200, stall_countdown_ms=100, slap_window_ms=300, round_pause_ms=100
)
"""Short waits, so a whole game fits in a few seconds of a test."""


@contextlib.asynccontextmanager
async def running_server(
    replay_dir: Path,
    *,
    seed: int = 7,
    ordering: Ordering = Ordering.FAIR,
    password: str | None = None,
    table: type[SpitNetTable] = SpitNetTable,
    tls: ssl.SSLContext | None = None,
) -> AsyncIterator[tuple[GameServer, str]]:
    """A server on a free loopback port: (server, uri); ``wss://`` given ``tls``."""
    server = GameServer(
        lambda names: table(names, seed, replay_dir, timing=FAST),
        ordering=ordering,
        password=password,
    )
    async with server.listening("127.0.0.1", 0, ssl=tls) as listening:
        port = next(iter(listening.sockets)).getsockname()[1]
        yield server, f"{'ws' if tls is None else 'wss'}://127.0.0.1:{port}"


def _rank(name: str) -> int:
    return RANK_SYMBOLS.index(name[0])


def greedy_intent(view: dict[str, Any], rng: random.Random) -> str | None:
    """A playable card onto a pile, or a slap, from what the seat sees; else nothing."""
    if view["phase"] == "slap":
        return f"slap {rng.randrange(2)}"
    if view["phase"] != "playing":
        return None
    tops = view["piles"]
    choices = []
    for i, (card, _) in enumerate(view["own"]):
        if card is None:
            continue
        for p, top in enumerate(tops):
            if (_rank(card) - _rank(top)) % 13 in (1, 12):
                choices.append(f"play {i} {('left', 'right')[p]}")
    if not choices and any(card is None for card, _ in view["own"]):
        # an empty space: move a card off a pile with cards under it, to turn one up
        choices = [f"move {i}" for i, (card, down) in enumerate(view["own"]) if card and down]
    return rng.choice(choices) if choices else None


async def play_greedily(
    client: NetClient, rng: random.Random, *, think_s: float = 0.02, limit_s: float = 60.0
) -> None:
    """Act on each view until the game ends (or ``limit_s`` passes)."""
    loop = asyncio.get_running_loop()
    stop = loop.time() + limit_s
    while loop.time() < stop:
        client.changed.clear()
        view = client.view
        if client.finished:
            return
        if view is not None:
            intent = greedy_intent(view, rng)
            if intent is not None:
                await asyncio.sleep(think_s * rng.uniform(0.5, 1.5))
                await client.intent(intent)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(client.changed.wait(), 0.25)


def fast_tables(replay_dir: Path, table: type[SpitNetTable] = SpitNetTable) -> Tables:
    """Rooms of Spit with short waits, options checked as a server checks them."""
    from spit.games.spit.descriptor import DESCRIPTOR

    check = DESCRIPTOR.net_options
    assert check is not None

    def tables(game: str | None, options: Mapping[str, Any]) -> tuple[str, TableFactory]:
        if game not in (None, "spit"):
            raise ValueError(f"this server has no game {game}; it has spit")
        kwargs = check(options)
        return "spit", lambda names: table(names, 7, replay_dir, timing=FAST, **kwargs)

    return tables


@contextlib.asynccontextmanager
async def running_lobby(
    replay_dir: Path, *, limits: Limits | None = None, tables: Tables | None = None
) -> AsyncIterator[tuple[GameServer, str]]:
    """A server for many rooms (as ``spit-tui serve`` runs one) on a free loopback
    port: (server, uri). Many connections from 127.0.0.1 are allowed by default."""
    tables = tables or fast_tables(replay_dir)
    server = GameServer(
        tables(None, {})[1],
        lobby=Lobby(tables),
        limits=limits or Limits(max_per_address=50),
    )
    async with server.listening("127.0.0.1", 0) as listening:
        port = next(iter(listening.sockets)).getsockname()[1]
        yield server, f"ws://127.0.0.1:{port}"


async def wait_until(condition: Callable[[], bool], limit_s: float = 20.0) -> None:
    """Poll ``condition`` every 20 ms until it holds; fail after ``limit_s``."""
    async with asyncio.timeout(limit_s):
        while not condition():
            await asyncio.sleep(0.02)


async def http_get(uri: str, path: str) -> tuple[str, dict[str, str], str]:
    """A plain HTTP GET to a server's ``ws://`` address: (status line, headers, body)."""
    host, port = uri.removeprefix("ws://").split(":")
    reader, writer = await asyncio.open_connection(host, int(port))
    writer.write(f"GET {path} HTTP/1.1\r\nHost: {host}\r\n\r\n".encode())
    await writer.drain()
    raw = (await asyncio.wait_for(reader.read(), 10)).decode()
    writer.close()
    head, _, body = raw.partition("\r\n\r\n")
    status, *lines = head.split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines)
    return status, headers, body
