"""Migrations on both backends: a database at each older version upgrades in place
with nothing lost; a newer one, or another program's, is refused; and the two
backends end with the same tables."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import TypeVar

import pytest

from spit.online.database import Database, open_database
from spit.online.errors import NameTaken, StoreError
from spit.online.schema import MIGRATIONS, SCHEMA_VERSION
from spit.online.store import OnlineStore
from spit.online.tokens import TokenSigner
from tests.online.conftest import KEYS, run

T = TypeVar("T")


def with_db(where: str, body: Callable[[Database], Awaitable[T]]) -> T:
    async def go() -> T:
        db = await open_database(where)
        try:
            return await body(db)
        finally:
            await db.close()

    return asyncio.run(go())


async def fill_version_1(db: Database) -> str:
    """What a server at version 1 held: a named account (its token) and a link code."""
    async with db.write() as tx:
        await tx.execute(
            "INSERT INTO accounts (id, name, token_generation, created_ms) "
            "VALUES ('a1', 'Ann', 2, 1000)"
        )
        await tx.execute("INSERT INTO name_keys (key, account_id) VALUES ('ann', 'a1')")
        await tx.execute(
            "INSERT INTO link_codes (code_hash, account_id, expires_ms) VALUES ('h', 'a1', 5)"
        )
    return TokenSigner(KEYS).issue("a1", 2)


FILL = {1: fill_version_1}
"""For each older version, what a database of it holds: a new step adds its own."""


def test_every_older_version_has_its_filling() -> None:
    assert sorted(FILL) == list(range(1, SCHEMA_VERSION))


@pytest.mark.parametrize("version", range(1, SCHEMA_VERSION))
def test_an_older_database_upgrades_with_nothing_lost(where: str, version: int) -> None:
    async def old(db: Database) -> str:
        assert await db.migrate(target=version) == 0
        assert await db.version() == version
        return await FILL[version](db)

    token = with_db(where, old)

    async def after(store: OnlineStore) -> None:
        assert await store.db.version() == SCHEMA_VERSION
        account = (await store.authenticate(token)).account
        assert (account.id, account.name) == ("a1", "Ann")
        async with store.db.read() as tx:
            assert await tx.one("SELECT account_id FROM link_codes") == ("a1",)
            rows = await tx.all("SELECT version FROM schema_migrations ORDER BY version")
        assert [row[0] for row in rows] == list(range(1, SCHEMA_VERSION + 1))
        second = (await store.create_guest("192.0.2.1")).account.id
        with pytest.raises(NameTaken):
            await store.rename(second, "ANN")
        await store.rename(second, "Bob")

    run(where, after)


def test_opening_again_changes_nothing(where: str) -> None:
    run(where, lambda store: store.db.version())
    assert with_db(where, lambda db: db.migrate()) == SCHEMA_VERSION


def test_a_newer_database_is_refused(where: str) -> None:
    async def newer(db: Database) -> None:
        await db.migrate()
        async with db.write() as tx:
            await tx.execute(
                "INSERT INTO schema_migrations (version, description, applied_ms) "
                "VALUES (?, 'from the future', 0)",
                (SCHEMA_VERSION + 1,),
            )

    with_db(where, newer)
    with pytest.raises(StoreError, match="newer"):
        run(where, lambda store: store.db.version())


def test_another_programs_tables_are_refused(where: str) -> None:
    async def foreign(db: Database) -> None:
        async with db.write() as tx:
            await tx.execute("CREATE TABLE accounts (login TEXT)")

    with_db(where, foreign)
    with pytest.raises(StoreError, match="other program"):
        run(where, lambda store: store.db.version())


def test_a_step_that_fails_leaves_the_database_as_it_was(
    where: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with_db(where, lambda db: db.migrate(target=1))
    broken = MIGRATIONS[1].__class__(
        "broken", "CREATE TABLE x (a INT); NOT SQL", "CREATE TABLE x (a INT); NOT SQL"
    )
    monkeypatch.setattr("spit.online.database.MIGRATIONS", (MIGRATIONS[0], broken))
    with pytest.raises(StoreError, match="cannot be migrated to version 2"):
        with_db(where, lambda db: db.migrate(target=2))
    monkeypatch.undo()
    assert with_db(where, lambda db: db.version()) == 1
    with_db(where, lambda db: db.migrate())


def test_the_two_backends_make_the_same_tables() -> None:
    """Each step's two texts name the same tables and columns, in the same order."""
    for step in MIGRATIONS:
        assert _shape(step.sqlite) == _shape(step.postgresql), step.description


def _shape(sql: str) -> list[str]:
    """The words of a step's text but its types."""
    types = {"INTEGER", "PRIMARY", "KEY", "REAL", "DOUBLE", "PRECISION", "BIGINT"}
    types |= {"GENERATED", "ALWAYS", "AS", "IDENTITY"}
    words = sql.replace(",", " ").replace("(", " ").replace(")", " ").split()
    return [w for w in words if w not in types]
