"""The online store's tests run against both backends: SQLite in a temporary file,
and PostgreSQL in a throwaway server of the test session's own (``postgres.py``).

A test that takes ``where`` runs once for each; the PostgreSQL run is marked slow (it
starts a server, once a worker), so the everyday subset keeps the SQLite run. Where
PostgreSQL is not installed, its runs are skipped with the reason (CI installs it:
``.ci/run``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TypeVar

import pytest

from spit.games.spit.bots.ratings import RATINGS
from spit.online.rates import Limiter, NoLimits
from spit.online.rating import BotRatings
from spit.online.store import OnlineStore
from tests.online.postgres import ThrowawayPostgres, missing_reason, throwaway_postgres

T = TypeVar("T")

KEYS = [b"the server's key for the tests, 32"]

BOTS: BotRatings = {"spit": RATINGS}
"""The bots' ratings a server seeds its store with: each game's measured ones (Spit's
ladder; Spades has none yet)."""


class Clock:
    """A clock the test moves: aware UTC, starting on a Wednesday."""

    def __init__(self) -> None:
        self.now = datetime(2026, 12, 2, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture(scope="session")
def postgres() -> Iterator[ThrowawayPostgres]:
    reason = missing_reason()
    if reason is not None:
        pytest.skip(reason)
    with throwaway_postgres() as server:
        yield server


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.slow)])
def where(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A new, empty database of each backend: a SQLite file's path, or a URL."""
    if request.param == "sqlite":
        return str(tmp_path / "online.db")
    server: ThrowawayPostgres = request.getfixturevalue("postgres")
    return server.new_database()


def run(
    where: str,
    body: Callable[[OnlineStore], Awaitable[T]],
    *,
    clock: Callable[[], datetime] | None = None,
    limiter: Limiter | None = None,
    keys: list[bytes] = KEYS,
) -> T:
    """Open the store at ``where``, run ``body`` with it, close it."""

    async def go() -> T:
        store = await OnlineStore.open(
            where, keys, limiter=limiter or NoLimits(), clock=clock, bots=BOTS
        )
        try:
            return await body(store)
        finally:
            await store.close()

    return asyncio.run(asyncio.wait_for(go(), 120))
