"""The two backends behind one small async interface: transactions that run SQL.

- **SQLite** (the default: a file in the server's data folder, nothing to set up).
  Python's ``sqlite3`` blocks, so each connection lives on a thread of its own and the
  event loop awaits it: one connection writes (SQLite has one writer at a time), one
  reads, side by side thanks to WAL mode. ``synchronous=FULL``: a transaction is on
  disk when its commit returns, so an acknowledged result survives a crash of the
  process (``kill -9``) and of the machine.
- **PostgreSQL** (given a ``postgresql://`` URL), through psycopg 3's async
  connections, from a small pool (``psycopg_pool``). psycopg rather than asyncpg: it
  is PostgreSQL's maintained reference driver for Python, typed, and takes the same
  SQL text with ``%s`` placeholders (asyncpg's are ``$1``), and its pool is its own.

The store writes each SQL statement once, with ``?`` placeholders, and the PostgreSQL
backend turns them into ``%s`` (the statements hold no ``?`` or ``%`` of their own).
Parameters are always passed apart from the text: nothing from outside is ever
spliced into SQL.

A write transaction holds SQLite's write lock from its start (``BEGIN IMMEDIATE``);
in PostgreSQL it runs in READ COMMITTED, and the store takes the row locks it needs
(``lock_suffix``). A read transaction sees one snapshot (PostgreSQL: REPEATABLE READ,
READ ONLY, on connections of their own), so a page and a rank read together agree.
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path
from typing import Any, Final, TypeVar

from spit.online.errors import StoreError
from spit.online.schema import BOOKKEEPING, MIGRATIONS, SCHEMA_VERSION, Dialect, statements

Param = str | int | float | None
Row = tuple[Any, ...]
T = TypeVar("T")

POSTGRES_SCHEMES: Final = ("postgresql://", "postgres://")

MIGRATION_LOCK: Final = 0x5350_4954  # "SPIT": PostgreSQL's advisory lock for migrating


class Conflict(Exception):
    """A write broke a unique constraint (the transaction is rolled back)."""


class Retry(Exception):
    """The transaction lost a race with another (PostgreSQL found a deadlock) and was
    rolled back: running it again will do."""


class Transaction(ABC):
    """SQL run inside one transaction."""

    @abstractmethod
    async def execute(self, sql: str, params: Sequence[Param] = ()) -> int:
        """Run a statement; the number of rows it changed."""

    @abstractmethod
    async def one(self, sql: str, params: Sequence[Param] = ()) -> Row | None:
        """The first row of a query, if any."""

    @abstractmethod
    async def all(self, sql: str, params: Sequence[Param] = ()) -> list[Row]:
        """Every row of a query."""

    @abstractmethod
    async def together(self, statements: Sequence[tuple[str, Sequence[Param]]]) -> list[list[Row]]:
        """Every row of each of several queries that need nothing of each other, run
        in one go: one trip to SQLite's thread, one pipeline to PostgreSQL."""


class Database(ABC):
    """A backend: write and read transactions, and the migrations at open."""

    dialect: Dialect

    @abstractmethod
    def write(self) -> AbstractAsyncContextManager[Transaction]:
        """``async with db.write() as tx``: a write transaction, committed when the
        block ends (the commit has returned: the write is durable), rolled back if it
        raises. ``Conflict`` for a broken unique constraint."""

    @abstractmethod
    def read(self) -> AbstractAsyncContextManager[Transaction]:
        """``async with db.read() as tx``: a read-only transaction on one snapshot."""

    @abstractmethod
    async def close(self) -> None: ...

    @property
    def lock_suffix(self) -> str:
        """What makes a ``SELECT`` lock its rows until the transaction ends: nothing in
        SQLite (the write transaction holds the whole database)."""
        return " FOR UPDATE" if self.dialect == "postgresql" else ""

    async def version(self) -> int:
        """The schema version (0: a new, empty database)."""
        async with self.read() as tx:
            if not await self._has_table(tx, "schema_migrations"):
                return 0
            row = await tx.one("SELECT MAX(version) FROM schema_migrations")
            return 0 if row is None or row[0] is None else int(row[0])

    async def migrate(self, target: int = SCHEMA_VERSION) -> int:
        """Bring the schema to ``target`` (the latest by default); the version it had.
        Raises ``StoreError`` for a database of a newer version, or one that holds our
        tables without the record of their version."""
        async with self.write() as tx:
            if self.dialect == "postgresql":
                await tx.execute("SELECT pg_advisory_xact_lock(?)", (MIGRATION_LOCK,))
            if not await self._has_table(tx, "schema_migrations") and await self._has_table(
                tx, "accounts"
            ):
                raise StoreError("the database holds an accounts table of some other program")
            await tx.execute(BOOKKEEPING)
            row = await tx.one("SELECT MAX(version) FROM schema_migrations")
            current = 0 if row is None or row[0] is None else int(row[0])
            if current > SCHEMA_VERSION:
                raise StoreError(
                    f"the database has schema version {current}, made by a newer spit-tui "
                    f"(this one knows up to {SCHEMA_VERSION})"
                )
            for number in range(current + 1, target + 1):
                step = MIGRATIONS[number - 1]
                try:
                    for statement in statements(step.sql(self.dialect)):
                        await tx.execute(statement)
                except Exception as err:  # the driver's own error, whichever backend
                    raise StoreError(
                        f"the database cannot be migrated to version {number} ({err})"
                    ) from err
                await tx.execute(
                    "INSERT INTO schema_migrations (version, description, applied_ms) "
                    "VALUES (?, ?, ?)",
                    (number, step.description, int(time.time() * 1000)),
                )
            return current

    @abstractmethod
    async def _has_table(self, tx: Transaction, name: str) -> bool: ...


async def open_database(where: str | Path, *, pool_size: int = 4) -> Database:
    """The database at ``where``: a ``postgresql://`` URL, or the path of a SQLite
    file (made if missing). Not migrated: see ``Database.migrate``. Raises
    ``StoreError`` if it cannot be opened."""
    text = str(where)
    if text.startswith(POSTGRES_SCHEMES):
        return await PostgresDatabase.open(text, pool_size=pool_size)
    return await SqliteDatabase.open(Path(text))


# -- SQLite -------------------------------------------------------------------------


class _SqliteTransaction(Transaction):
    def __init__(self, owner: _SqliteConnection, conn: sqlite3.Connection) -> None:
        self._owner = owner
        self._conn = conn

    async def _run(
        self, sql: str, params: Sequence[Param], fetch: Callable[[sqlite3.Cursor], T]
    ) -> T:
        """Run the statement and fetch its rows on the connection's thread, at once."""

        def go() -> T:
            try:
                return fetch(self._conn.execute(sql, tuple(params)))
            except sqlite3.IntegrityError as err:
                if "UNIQUE" in str(err):
                    raise Conflict(str(err)) from None
                raise

        return await self._owner.run(go)

    async def execute(self, sql: str, params: Sequence[Param] = ()) -> int:
        return await self._run(sql, params, lambda cursor: cursor.rowcount)

    async def one(self, sql: str, params: Sequence[Param] = ()) -> Row | None:
        row: Row | None = await self._run(sql, params, sqlite3.Cursor.fetchone)
        return row

    async def all(self, sql: str, params: Sequence[Param] = ()) -> list[Row]:
        return await self._run(sql, params, sqlite3.Cursor.fetchall)

    async def together(self, statements: Sequence[tuple[str, Sequence[Param]]]) -> list[list[Row]]:
        def go() -> list[list[Row]]:
            return [self._conn.execute(sql, tuple(params)).fetchall() for sql, params in statements]

        return await self._owner.run(go)


class _SqliteConnection:
    """One ``sqlite3`` connection on a thread of its own, one transaction at a time."""

    def __init__(self, path: Path, *, writer: bool) -> None:
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="spit-online-db")
        self._lock = asyncio.Lock()
        self._path = path
        self._writer = writer
        self._conn: sqlite3.Connection | None = None

    async def run(self, work: Callable[[], T]) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._thread, work)

    async def open(self) -> None:
        def connect() -> sqlite3.Connection:
            conn = sqlite3.connect(self._path, isolation_level=None, check_same_thread=False)
            conn.execute("PRAGMA busy_timeout = 10000")
            if self._writer:
                conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("PRAGMA synchronous = FULL")
            conn.execute("PRAGMA foreign_keys = ON")
            return conn

        self._conn = await self.run(connect)

    @asynccontextmanager
    async def transaction(self, begin: str) -> AsyncIterator[Transaction]:
        conn = self._conn
        if conn is None:
            raise StoreError("the database is closed")
        async with self._lock:
            await self.run(lambda: conn.execute(begin))
            try:
                yield _SqliteTransaction(self, conn)
            except BaseException:
                await self.run(lambda: conn.execute("ROLLBACK"))
                raise
            await self.run(lambda: conn.execute("COMMIT"))

    async def close(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            async with self._lock:
                await self.run(conn.close)
        self._thread.shutdown(wait=True)


class SqliteDatabase(Database):
    dialect: Dialect = "sqlite"

    def __init__(self, path: Path) -> None:
        self.path = path
        self._writer = _SqliteConnection(path, writer=True)
        self._reader = _SqliteConnection(path, writer=False)

    @classmethod
    async def open(cls, path: Path) -> SqliteDatabase:
        db = cls(path)
        try:
            await db._writer.open()  # the writer first: it turns WAL on
            await db._reader.open()
        except sqlite3.Error as err:
            await db.close()
            raise StoreError(f"cannot open the database {path}: {err}") from None
        return db

    def write(self) -> AbstractAsyncContextManager[Transaction]:
        return self._writer.transaction("BEGIN IMMEDIATE")

    def read(self) -> AbstractAsyncContextManager[Transaction]:
        return self._reader.transaction("BEGIN")

    async def close(self) -> None:
        await self._reader.close()
        await self._writer.close()

    async def _has_table(self, tx: Transaction, name: str) -> bool:
        row = await tx.one("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (name,))
        return row is not None


# -- PostgreSQL ---------------------------------------------------------------------


def _postgres_sql(sql: str) -> str:
    """The statement with psycopg's placeholders."""
    if "%" in sql:
        raise ValueError("a statement for both backends holds no '%'")
    return sql.replace("?", "%s")


class _PostgresTransaction(Transaction):
    def __init__(self, conn: Any) -> None:
        self._conn = conn

    async def _run(self, sql: str, params: Sequence[Param]) -> Any:
        from psycopg import errors

        try:
            return await self._conn.execute(_postgres_sql(sql), tuple(params))
        except errors.UniqueViolation as err:
            raise Conflict(str(err)) from None
        except (errors.DeadlockDetected, errors.SerializationFailure) as err:
            raise Retry(str(err)) from None

    async def execute(self, sql: str, params: Sequence[Param] = ()) -> int:
        return int((await self._run(sql, params)).rowcount)

    async def one(self, sql: str, params: Sequence[Param] = ()) -> Row | None:
        row: Row | None = await (await self._run(sql, params)).fetchone()
        return row

    async def all(self, sql: str, params: Sequence[Param] = ()) -> list[Row]:
        rows: list[Row] = await (await self._run(sql, params)).fetchall()
        return rows

    async def together(self, statements: Sequence[tuple[str, Sequence[Param]]]) -> list[list[Row]]:
        async with self._conn.pipeline():
            cursors = [
                await self._conn.execute(_postgres_sql(sql), tuple(params))
                for sql, params in statements
            ]
        return [await cursor.fetchall() for cursor in cursors]


class PostgresDatabase(Database):
    """Two pools: connections that write, and connections that read, whose every
    transaction starts REPEATABLE READ, READ ONLY (in its ``BEGIN``: no round trip
    more)."""

    dialect: Dialect = "postgresql"

    def __init__(self, writers: Any, readers: Any) -> None:
        self._writers = writers
        self._readers = readers

    @classmethod
    async def open(cls, url: str, *, pool_size: int) -> PostgresDatabase:
        import psycopg
        from psycopg_pool import AsyncConnectionPool, PoolTimeout

        async def read_only(conn: psycopg.AsyncConnection[Any]) -> None:
            await conn.set_isolation_level(psycopg.IsolationLevel.REPEATABLE_READ)
            await conn.set_read_only(True)

        def pool(configure: Any = None) -> AsyncConnectionPool[Any]:
            return AsyncConnectionPool(
                url,
                min_size=1,
                max_size=max(1, pool_size),
                kwargs={"autocommit": True},
                configure=configure,
                open=False,
                timeout=10.0,
            )

        try:  # one connection first: a wrong address or password fails at once, clearly
            probe = await psycopg.AsyncConnection.connect(url, connect_timeout=10)
            await probe.close()
        except psycopg.Error as err:
            raise StoreError(f"cannot reach the database: {str(err).strip()}") from None
        writers, readers = pool(), pool(read_only)
        try:
            await writers.open(wait=True, timeout=10.0)
            await readers.open(wait=True, timeout=10.0)
        except (psycopg.Error, PoolTimeout) as err:
            await writers.close()
            await readers.close()
            raise StoreError(f"cannot reach the database: {err}") from None
        return cls(writers, readers)

    @staticmethod
    @asynccontextmanager
    async def _transaction(pool: Any) -> AsyncIterator[Transaction]:
        async with pool.connection() as conn, conn.transaction():
            yield _PostgresTransaction(conn)

    def write(self) -> AbstractAsyncContextManager[Transaction]:
        return self._transaction(self._writers)

    def read(self) -> AbstractAsyncContextManager[Transaction]:
        return self._transaction(self._readers)

    async def close(self) -> None:
        await self._readers.close()
        await self._writers.close()

    async def _has_table(self, tx: Transaction, name: str) -> bool:
        row = await tx.one("SELECT to_regclass(?) IS NOT NULL", (name,))
        return bool(row and row[0])
