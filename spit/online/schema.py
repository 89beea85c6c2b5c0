"""The tables, and the numbered steps that bring a database of any older version up to
date, for SQLite and for PostgreSQL.

``MIGRATIONS[i]`` takes a database from version ``i`` to ``i + 1``. Each step has a
text for each backend; the two differ only in their types (SQLite's ``INTEGER PRIMARY
KEY`` and ``REAL`` are PostgreSQL's identity column and ``DOUBLE PRECISION``), so most
steps are written once (``_same``) with those two spelled ``{id}`` and ``{real}``.
The version is the highest row of ``schema_migrations``; ``spit.online.database``
applies the missing steps at open, in one transaction (so two servers opening an old
database at once migrate it once, and a failed step leaves it as it was). Steps are
never edited once released: a change is a new step at the end.

Times are integers, milliseconds since the epoch in UTC (``*_ms``), and truth values
0 or 1, the same in both backends, so the store's SQL is one text for both.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

Dialect = Literal["sqlite", "postgresql"]


@dataclass(frozen=True, slots=True)
class Migration:
    description: str
    sqlite: str
    postgresql: str

    def sql(self, dialect: Dialect) -> str:
        return self.sqlite if dialect == "sqlite" else self.postgresql


def _same(description: str, template: str) -> Migration:
    """A step whose two texts differ only in the types ``{id}`` and ``{real}``."""
    return Migration(
        description,
        template.format(id="INTEGER PRIMARY KEY", real="REAL"),
        template.format(
            id="BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY", real="DOUBLE PRECISION"
        ),
    )


MIGRATIONS: Final = (
    _same(
        "accounts and link codes",
        """
        CREATE TABLE accounts (
            id TEXT PRIMARY KEY,           -- random, 32 hex digits; not a secret
            name TEXT,                     -- as typed; NULL until one is chosen
            token_generation INTEGER NOT NULL DEFAULT 0,  -- older tokens are revoked
            created_ms BIGINT NOT NULL,
            renamed_ms BIGINT
        );
        CREATE TABLE name_keys (           -- each name's keys: spit.online.names.NameKeys
            key TEXT PRIMARY KEY,          -- unique across every key of every name
            account_id TEXT NOT NULL REFERENCES accounts (id)
        );
        CREATE INDEX name_keys_by_account ON name_keys (account_id);
        CREATE TABLE link_codes (
            code_hash TEXT PRIMARY KEY,    -- SHA-256 of the code
            account_id TEXT NOT NULL REFERENCES accounts (id),
            expires_ms BIGINT NOT NULL,
            used_ms BIGINT
        );
        CREATE INDEX link_codes_by_account ON link_codes (account_id);
        """,
    ),
    _same(
        "results, ratings, their history, the three boards, the bots' ratings",
        """
        CREATE TABLE results (
            id {id},
            game_key TEXT NOT NULL UNIQUE,
            game TEXT NOT NULL,
            variant TEXT NOT NULL,
            reason TEXT NOT NULL,          -- spit.online.results.Reason
            draw SMALLINT NOT NULL,
            finished_ms BIGINT NOT NULL,
            replay TEXT NOT NULL,
            final_hash TEXT NOT NULL,
            unrated TEXT,                  -- why it rated no one; NULL if it rated
            recorded_ms BIGINT NOT NULL
        );
        CREATE TABLE result_seats (
            result_id BIGINT NOT NULL REFERENCES results (id),
            seat INTEGER NOT NULL,
            account_id TEXT REFERENCES accounts (id),
            bot TEXT,                      -- a bot's level, where no account sat
            won SMALLINT NOT NULL,
            score INTEGER,
            PRIMARY KEY (result_id, seat)
        );
        CREATE INDEX result_seats_by_account ON result_seats (account_id, result_id);
        CREATE TABLE ratings (
            game TEXT NOT NULL,
            variant TEXT NOT NULL,
            account_id TEXT NOT NULL REFERENCES accounts (id),
            mu {real} NOT NULL,
            sigma {real} NOT NULL,
            games INTEGER NOT NULL,
            wins INTEGER NOT NULL,
            draws INTEGER NOT NULL,
            updated_ms BIGINT NOT NULL,
            PRIMARY KEY (game, variant, account_id)
        );
        CREATE TABLE rating_changes (
            result_id BIGINT NOT NULL REFERENCES results (id),
            account_id TEXT NOT NULL REFERENCES accounts (id),
            game TEXT NOT NULL,
            variant TEXT NOT NULL,
            finished_ms BIGINT NOT NULL,
            mu_before {real} NOT NULL,
            sigma_before {real} NOT NULL,
            mu_after {real} NOT NULL,
            sigma_after {real} NOT NULL,
            PRIMARY KEY (result_id, account_id)
        );
        CREATE INDEX rating_changes_by_account
            ON rating_changes (account_id, game, variant, result_id);
        CREATE TABLE weekly (
            game TEXT NOT NULL,
            variant TEXT NOT NULL,
            week TEXT NOT NULL,            -- ISO week in UTC, 2026-W49
            account_id TEXT NOT NULL REFERENCES accounts (id),
            gain {real} NOT NULL,          -- mu gained
            games INTEGER NOT NULL,
            wins INTEGER NOT NULL,
            PRIMARY KEY (game, variant, week, account_id)
        );
        CREATE TABLE daily (
            id {id},
            game TEXT NOT NULL,
            variant TEXT NOT NULL,
            day TEXT NOT NULL,             -- the deal's UTC day, 2026-12-05
            account_id TEXT NOT NULL REFERENCES accounts (id),
            started_ms BIGINT NOT NULL,
            result_id BIGINT REFERENCES results (id),  -- NULL while it is played
            won SMALLINT,
            points INTEGER,
            time_ms INTEGER,
            UNIQUE (game, variant, day, account_id)   -- one counted attempt a day
        );
        CREATE TABLE standings (           -- every board's places: spit.online.boards
            board TEXT NOT NULL,
            game TEXT NOT NULL,
            variant TEXT NOT NULL,
            period TEXT NOT NULL,
            account_id TEXT NOT NULL REFERENCES accounts (id),
            score BIGINT NOT NULL,
            bucket BIGINT NOT NULL,
            PRIMARY KEY (board, game, variant, period, account_id)
        );
        CREATE INDEX standings_in_order
            ON standings (board, game, variant, period, score DESC, account_id);
        CREATE TABLE standing_buckets (    -- places a bucket of scores
            board TEXT NOT NULL,
            game TEXT NOT NULL,
            variant TEXT NOT NULL,
            period TEXT NOT NULL,
            bucket BIGINT NOT NULL,
            places INTEGER NOT NULL,
            PRIMARY KEY (board, game, variant, period, bucket)
        );
        CREATE TABLE bots (
            game TEXT NOT NULL,
            level TEXT NOT NULL,
            mu {real} NOT NULL,
            sigma {real} NOT NULL,
            PRIMARY KEY (game, level)
        );
        """,
    ),
)

SCHEMA_VERSION: Final = len(MIGRATIONS)

BOOKKEEPING: Final = """
    CREATE TABLE IF NOT EXISTS schema_migrations (
        version INTEGER PRIMARY KEY,
        description TEXT NOT NULL,
        applied_ms BIGINT NOT NULL
    )
"""
"""The table of applied steps, made before the first step."""


def statements(script: str) -> list[str]:
    """A step's statements: it holds no string literal with a semicolon (nor a
    comment with one), so splitting on them is safe."""
    kept = "\n".join(line.split("--", 1)[0] for line in script.splitlines())
    return [part.strip() for part in kept.split(";") if part.strip()]
