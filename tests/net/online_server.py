"""Loopback helpers for online play: a server for many rooms with accounts (an
``OnlineService`` over a SQLite store in the test's folder), its games short."""

from __future__ import annotations

import contextlib
import time
from collections.abc import AsyncIterator, Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from spit.commands.serve import server_bot_ratings
from spit.games.spit.wire import Table as SpitTable
from spit.net.addresses import Address, parse_address
from spit.net.credentials import AccountTokens
from spit.net.fairness import Ordering
from spit.net.limits import Limits
from spit.net.lobby import Lobby
from spit.net.online import DailyDeals, OnlineService
from spit.net.online_client import OnlineClient, sign_in
from spit.net.room import TableFactory
from spit.net.server import GameServer
from spit.net.tables import table_factory
from spit.online.rates import Limiter, NoLimits
from spit.online.store import OnlineStore
from tests.net.loopback import FAST, fast_tables

KEYS = [b"the online server's key for tests"]

QUICK: Limits = Limits(
    max_per_address=200,
    queue_tick_s=0.05,
    bot_offer_s=20.0,
    rejoin_grace_ms=1_000,
    claim_ms=500,
    close_timeout_s=0.2,
)
"""A server whose queue ticks twenty times a second, and whose grace is short."""


def short_tables(
    game: str, options: Mapping[str, Any], seed: int | None, replay_dir: Path | None
) -> TableFactory:
    """A match's tables with Spit's games of one round (the points game to 1) and short
    waits; other games as the registry makes them."""
    if game != "spit":
        return table_factory(game, options, replay_dir=replay_dir, seed=seed)
    level = str(options.get("bot_level", "normal"))
    first = 7 if seed is None else seed

    def new_table(names: tuple[str, str]) -> SpitTable:
        return SpitTable(
            names, first, replay_dir, variant="points", target=1, timing=FAST, bot_level=level
        )

    return new_table


class Wall:
    """A wall clock the test moves: aware UTC."""

    def __init__(self, now: datetime | None = None) -> None:
        self.now = now or datetime(2026, 12, 2, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


@dataclass
class OnlineServer:
    server: GameServer
    service: OnlineService
    store: OnlineStore
    uri: str
    address: Address
    folder: Path

    def tokens(self, who: str) -> AccountTokens:
        """A player's own token file (each test player is a machine of its own)."""
        return AccountTokens(self.folder / f"{who}-tokens.json")

    async def player(self, who: str, name: str | None = None) -> OnlineClient:
        """``who``'s online session (a new guest, or the account their file keeps),
        renamed ``name`` if given."""
        client = await sign_in(self.address, self.tokens(who))
        if name is not None:
            await client.rename(name)
        return client


@contextlib.asynccontextmanager
async def online_server(
    folder: Path,
    *,
    limits: Limits = QUICK,
    clock: Callable[[], float] = time.monotonic,
    queue_clock: Callable[[], float] | None = None,
    wall: Callable[[], datetime] | None = None,
    limiter: Limiter | None = None,
    dailies: DailyDeals | None = None,
    tables: Any = short_tables,
    ordering: Ordering = Ordering.FAIR,
) -> AsyncIterator[OnlineServer]:
    """A server with accounts on a free loopback port, its store a SQLite file in
    ``folder`` (``limiter``: the store's rate limits; none by default); ``clock`` the
    rooms', ``queue_clock`` the queue's (by default the same), ``wall`` the store's and
    the results' time of day. A ``clock`` faster than the real one (``faster_clock``)
    needs ``Ordering.ARRIVAL``: the clients' stamps drift from it."""
    replays = folder / "replays"
    replays.mkdir(parents=True, exist_ok=True)
    store = await OnlineStore.open(
        str(folder / "online.db"),
        KEYS,
        limiter=limiter or NoLimits(),
        clock=wall,
        bots=server_bot_ratings(),
    )
    service = OnlineService(
        store,
        limits=limits,
        clock=queue_clock or clock,
        wall=wall,
        dailies=dailies,
        daily_secret=b"test secret",
        tables=tables,
    )
    lobby_tables = fast_tables(replays)
    server = GameServer(
        lobby_tables(None, {})[1],
        lobby=Lobby(lobby_tables),
        limits=limits,
        clock=clock,
        ordering=ordering,
        replay_dir=replays,
        online=service,
    )
    try:
        async with server.listening("127.0.0.1", 0) as listening:
            port = next(iter(listening.sockets)).getsockname()[1]
            uri = f"ws://127.0.0.1:{port}"
            yield OnlineServer(
                server, service, store, uri, parse_address(f"127.0.0.1:{port}"), folder
            )
    finally:
        await store.close()
