"""The database's tables, and the numbered steps that bring any older database up to date.

The schema version lives in SQLite's ``PRAGMA user_version`` (0 in a new, empty file).
``MIGRATIONS[i]`` takes a database from version ``i`` to ``i + 1``; ``migrate`` applies
the missing steps in order inside one write transaction, so two programs opening the
same old database at once migrate it once, and a failed step leaves it as it was.
Steps are never edited once released: a change to the schema is a new step at the end.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from functools import cache
from typing import Final


@dataclass(frozen=True, slots=True)
class Migration:
    description: str
    sql: str
    rebuilds: bool = False
    """The step makes a table again (SQLite cannot drop a column's ``NOT NULL``): it runs
    with foreign keys off, so that dropping the old table takes no rows of the others
    with it (the new table keeps every ``id``, so their keys still point home)."""


MIGRATIONS: Final = (
    Migration(
        "games and their players",
        """
        CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            game_key TEXT NOT NULL UNIQUE,
            final_hash TEXT NOT NULL,
            replay_path TEXT NOT NULL,
            started TEXT NOT NULL,       -- ISO 8601, UTC: sorts as text
            mode TEXT NOT NULL,          -- spit.stats.Mode
            human_seat INTEGER,
            opponent_level TEXT,
            variant TEXT NOT NULL,
            winner INTEGER NOT NULL,
            rounds INTEGER NOT NULL,
            duration_ms INTEGER NOT NULL,
            playing_ms INTEGER NOT NULL
        );
        CREATE TABLE players (
            game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            kind TEXT NOT NULL,
            name TEXT NOT NULL,
            level TEXT,
            won INTEGER NOT NULL,
            cards_played INTEGER NOT NULL,
            cards_per_minute REAL NOT NULL,
            reaction_ms REAL,
            reactions INTEGER NOT NULL,
            rejected INTEGER NOT NULL,
            fastest_run INTEGER NOT NULL,
            PRIMARY KEY (game_id, seat)
        );
        """,
    ),
    Migration(
        "races lost; games by start time",
        """
        ALTER TABLE players ADD COLUMN too_slow INTEGER;
        CREATE INDEX games_by_start ON games (started);
        """,
    ),
    Migration(
        "every game (Spades too), its seal, its active time; the replay files read",
        # The figures and the game key changed: the rows are worked out again from the
        # replays at the next open (``files`` starts empty, so every file is read).
        """
        DROP TABLE players;
        DROP TABLE games;
        CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            game_key TEXT NOT NULL UNIQUE, -- spit.stats.summary.game_key: deals and inputs
            game TEXT NOT NULL,            -- 'spit' or 'spades'
            seal TEXT NOT NULL,            -- spit.replay.Seal
            final_hash TEXT NOT NULL,
            replay_path TEXT NOT NULL,
            started TEXT NOT NULL,         -- ISO 8601, UTC: sorts as text
            mode TEXT NOT NULL,            -- spit.stats.Mode
            human_seat INTEGER,
            opponent_level TEXT,
            variant TEXT,                  -- Spit's variant, NULL for Spades
            winner INTEGER NOT NULL,       -- neither game has a draw
            rounds INTEGER NOT NULL,       -- hands, in Spades
            duration_ms INTEGER NOT NULL,
            playing_ms INTEGER NOT NULL,
            active_ms INTEGER NOT NULL
        );
        CREATE INDEX games_by_start ON games (started);
        CREATE TABLE players (
            game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            kind TEXT NOT NULL,
            name TEXT NOT NULL,
            level TEXT,
            won INTEGER NOT NULL,
            cards_played INTEGER NOT NULL,
            cards_per_minute REAL NOT NULL,
            reaction_ms REAL,
            reactions INTEGER NOT NULL,
            rejected INTEGER NOT NULL,
            fastest_run INTEGER NOT NULL,
            too_slow INTEGER NOT NULL,
            score INTEGER,                 -- Spades, and Spit's points variant
            PRIMARY KEY (game_id, seat)
        );
        CREATE TABLE files (
            path BLOB PRIMARY KEY,         -- os.fsencode of the resolved path
            stamp TEXT NOT NULL,           -- size and modification time (ns), as read
            outcome TEXT NOT NULL,         -- spit.stats.db.Outcome
            game_key TEXT,                 -- the game it holds
            problem TEXT                   -- why it is not a game, for the user
        );
        """,
    ),
    Migration(
        "Spades players' bids and nils; Spades games read again to fill them",
        # The Spades rows and the files they came from go: the next open reads those
        # replays again (their files rows are gone) and stores them with the new figures.
        """
        ALTER TABLE players ADD COLUMN bids INTEGER;
        ALTER TABLE players ADD COLUMN bids_made INTEGER;
        ALTER TABLE players ADD COLUMN nils INTEGER;
        ALTER TABLE players ADD COLUMN nils_made INTEGER;
        DELETE FROM files WHERE game_key IN (SELECT game_key FROM games WHERE game = 'spades');
        DELETE FROM players WHERE game_id IN (SELECT id FROM games WHERE game = 'spades');
        DELETE FROM games WHERE game = 'spades';
        """,
    ),
    Migration(
        "games won by forfeit; the files skipped as unfinished read again",
        # Network games that ended by forfeit were skipped as unfinished; they are
        # finished games now (``GameSummary.forfeit``), so those files are read again.
        """
        ALTER TABLE games ADD COLUMN forfeit INTEGER NOT NULL DEFAULT 0;
        DELETE FROM files WHERE outcome = 'unfinished';
        """,
    ),
    Migration(
        "each game's deal; the rating after each counted game; Spit games read again",
        # The deal key is worked out from the replay: the Spit games whose file is still
        # known go, with their files rows, and the next open reads them again (a game
        # whose file is gone stays, without a deal: it is its own deal). ``ratings`` is
        # derived from the games (``spit.stats.rating``), refolded after that reading.
        """
        ALTER TABLE games ADD COLUMN deal_key TEXT;   -- GameSummary.deal_key
        CREATE INDEX games_by_deal ON games (deal_key, started);
        CREATE TABLE ratings (
            game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            player TEXT NOT NULL,      -- spit.stats.rating.player_key: the name, folded
            seat INTEGER NOT NULL,
            name TEXT NOT NULL,        -- as written in that game
            mu_before REAL NOT NULL,
            sigma_before REAL NOT NULL,
            mu_after REAL NOT NULL,
            sigma_after REAL NOT NULL,
            PRIMARY KEY (game_id, player)
        );
        CREATE INDEX ratings_by_player ON ratings (player);
        DELETE FROM players WHERE game_id IN (
            SELECT id FROM games WHERE game = 'spit' AND game_key IN (SELECT game_key FROM files)
        );
        DELETE FROM games WHERE game = 'spit' AND game_key IN (SELECT game_key FROM files);
        DELETE FROM files WHERE outcome = 'game' AND game_key NOT IN (SELECT game_key FROM games);
        """,
    ),
    Migration(
        "the day's deal and the ladder: each game's challenge, and its deal",
        # Games written before the challenge have none (each game's deal came a step before).
        """
        ALTER TABLE games ADD COLUMN challenge_kind TEXT;  -- spit.core.replay.challenge
        ALTER TABLE games ADD COLUMN challenge_day TEXT;   -- YYYY-MM-DD, a daily game's
        ALTER TABLE games ADD COLUMN challenge_step INTEGER;
        CREATE INDEX games_by_challenge ON games (challenge_kind, challenge_day);
        """,
    ),
    Migration(
        "games over the network apart from those on one keyboard; two-player games read again",
        # Network games were filed as two players on one keyboard, and rated by the
        # names typed. The two-player games whose file is still known go, with their
        # ratings and files rows, and the next open reads them again: those played over
        # the network (``Mode.NETWORK``) are filed apart, rated by nobody, and the
        # ratings are folded again. A game whose file is gone stays as it was.
        """
        DELETE FROM ratings WHERE game_id IN (
            SELECT id FROM games
            WHERE mode = 'two_players' AND game_key IN (SELECT game_key FROM files)
        );
        DELETE FROM players WHERE game_id IN (
            SELECT id FROM games
            WHERE mode = 'two_players' AND game_key IN (SELECT game_key FROM files)
        );
        DELETE FROM games WHERE mode = 'two_players' AND game_key IN (SELECT game_key FROM files);
        DELETE FROM files WHERE outcome = 'game' AND game_key NOT IN (SELECT game_key FROM games);
        """,
    ),
    Migration(
        "draws: a game's winner may be nobody; the games table made again, every row kept",
        # A row of ``games`` is a finished game (an unfinished one has a ``files`` row
        # only, its outcome 'unfinished'): ``winner`` NULL is a draw.
        """
        CREATE TABLE games_new (
            id INTEGER PRIMARY KEY,
            game_key TEXT NOT NULL UNIQUE,
            game TEXT NOT NULL,
            seal TEXT NOT NULL,
            final_hash TEXT NOT NULL,
            replay_path TEXT NOT NULL,
            started TEXT NOT NULL,
            mode TEXT NOT NULL,
            human_seat INTEGER,
            opponent_level TEXT,
            variant TEXT,
            winner INTEGER,                -- NULL: a draw
            rounds INTEGER NOT NULL,
            duration_ms INTEGER NOT NULL,
            playing_ms INTEGER NOT NULL,
            active_ms INTEGER NOT NULL,
            forfeit INTEGER NOT NULL DEFAULT 0,
            deal_key TEXT,
            challenge_kind TEXT,
            challenge_day TEXT,
            challenge_step INTEGER
        );
        INSERT INTO games_new (
            id, game_key, game, seal, final_hash, replay_path, started, mode, human_seat,
            opponent_level, variant, winner, rounds, duration_ms, playing_ms, active_ms,
            forfeit, deal_key, challenge_kind, challenge_day, challenge_step
        ) SELECT
            id, game_key, game, seal, final_hash, replay_path, started, mode, human_seat,
            opponent_level, variant, winner, rounds, duration_ms, playing_ms, active_ms,
            forfeit, deal_key, challenge_kind, challenge_day, challenge_step
        FROM games;
        DROP TABLE games;
        ALTER TABLE games_new RENAME TO games;
        CREATE INDEX games_by_start ON games (started);
        CREATE INDEX games_by_deal ON games (deal_key, started);
        CREATE INDEX games_by_challenge ON games (challenge_kind, challenge_day);
        """,
        rebuilds=True,
    ),
    Migration(
        "the day's deal counts its first game started: unfinished daily games remembered",
        # A daily game left unfinished is its day's counted attempt (a loss) when it was
        # the first started: its ``files`` row keeps its day and start. The files read as
        # unfinished are read again to fill them.
        """
        ALTER TABLE files ADD COLUMN daily_day TEXT;  -- YYYY-MM-DD: walk.LeftDaily.day
        ALTER TABLE files ADD COLUMN started TEXT;    -- ISO 8601, UTC: LeftDaily.started
        DELETE FROM files WHERE outcome = 'unfinished';
        """,
    ),
    Migration(
        "a rating in each game: every game's ratings folded again",
        # Ratings were Spit's only; each game's are folded from its own games now. The
        # next open finds no rating and folds them all (``spit.stats.rating.unrated``).
        """
        DELETE FROM ratings;
        """,
    ),
)

SCHEMA_VERSION: Final = len(MIGRATIONS)


class SchemaError(Exception):
    """The database is not one this program can use; the message says why."""


def version(conn: sqlite3.Connection) -> int:
    row = conn.execute("PRAGMA user_version").fetchone()
    return int(row[0])


def migrate(conn: sqlite3.Connection) -> int:
    """Bring the database to ``SCHEMA_VERSION`` and return the version it had (0: it
    was new, and this call made it). ``conn`` must be in autocommit mode
    (``isolation_level=None``). Raises ``SchemaError`` for a database of a newer
    version or one that is not ours, and ``sqlite3.Error`` if a step fails."""
    found = version(conn)
    if found == SCHEMA_VERSION:
        return SCHEMA_VERSION
    # Foreign keys can only be switched outside a transaction: off for the whole
    # migration when a step to come makes a table again (``Migration.rebuilds``).
    keys = bool(conn.execute("PRAGMA foreign_keys").fetchone()[0])
    rebuilds = any(step.rebuilds for step in MIGRATIONS[found:])
    if rebuilds:
        conn.execute("PRAGMA foreign_keys = OFF")
    try:
        return _migrate(conn)
    finally:
        if rebuilds and keys:
            conn.execute("PRAGMA foreign_keys = ON")


def _migrate(conn: sqlite3.Connection) -> int:
    conn.execute("BEGIN IMMEDIATE")
    try:
        current = version(conn)  # another program may have migrated meanwhile
        if current > SCHEMA_VERSION:
            raise SchemaError(
                f"it has schema version {current}, made by a newer spit-tui "
                f"(this one knows up to {SCHEMA_VERSION})"
            )
        if current == 0 and _tables(conn):
            raise SchemaError("it holds tables of some other program")
        for number, step in enumerate(MIGRATIONS[current:], start=current + 1):
            _apply(conn, number, step)
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    return current


def _apply(conn: sqlite3.Connection, number: int, step: Migration) -> None:
    for statement in _statements(step.sql):
        try:
            conn.execute(statement)
        except sqlite3.OperationalError as err:
            if getattr(err, "sqlite_errorname", None) != "SQLITE_ERROR":
                raise  # not the schema's fault: a full disk, an I/O error...
            raise SchemaError(f"it cannot be migrated to version {number} ({err})") from None


def check(conn: sqlite3.Connection) -> None:
    """Raise ``SchemaError`` unless the tables are those a new database gets: a file
    may claim the current version and hold something else."""
    if _layout(conn) != _expected_layout():
        raise SchemaError(f"its tables are not those of schema version {SCHEMA_VERSION}")


@cache
def _expected_layout() -> dict[str, list[str]]:
    fresh = sqlite3.connect(":memory:", isolation_level=None)
    try:
        migrate(fresh)
        return _layout(fresh)
    finally:
        fresh.close()


def _layout(conn: sqlite3.Connection) -> dict[str, list[str]]:
    """Each table's column names, in order."""
    return {
        table: [
            str(row[0]) for row in conn.execute("SELECT name FROM pragma_table_info(?)", (table,))
        ]
        for table in _tables(conn)
    }


def _tables(conn: sqlite3.Connection) -> list[str]:
    rows = conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    return [str(row[0]) for row in rows]


def _statements(script: str) -> list[str]:
    """``executescript`` would commit the open transaction; the steps hold no string
    literals with semicolons, so splitting on them is safe."""
    return [s.strip() for s in script.split(";") if s.strip()]
