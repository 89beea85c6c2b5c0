"""Schema versions: a database of an older version is brought up to date, its records
kept; one this program cannot use is moved aside and rebuilt."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from spit.stats import MIGRATIONS, SCHEMA_VERSION, StatsDB, summarize
from spit.stats.schema import SchemaError, migrate

from .games import hand_game

VERSION_1 = """
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    game_key TEXT NOT NULL UNIQUE,
    final_hash TEXT NOT NULL,
    replay_path TEXT NOT NULL,
    started TEXT NOT NULL,
    mode TEXT NOT NULL,
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
PRAGMA user_version = 1;
"""
"""Schema version 1 as released, written out here so that it cannot change with the code."""


def version_1_database(path: Path, replay: Path) -> None:
    """A version-1 database holding the game in ``replay``, as that version stored it."""
    game = summarize(replay)
    conn = sqlite3.connect(path)
    conn.executescript(VERSION_1)
    conn.execute(
        "INSERT INTO games VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            game.game_key,
            game.final_hash,
            str(game.replay_path),
            game.started.isoformat(),
            game.mode.value,
            game.human_seat,
            game.opponent_level,
            game.variant.value,
            game.winner,
            game.rounds,
            game.duration_ms,
            game.playing_ms,
        ),
    )
    for p in game.players:
        conn.execute(
            "INSERT INTO players VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                p.seat,
                p.kind,
                p.name,
                p.level,
                p.won,
                p.cards_played,
                p.cards_per_minute,
                p.reaction_ms,
                p.reactions,
                p.rejected,
                p.fastest_run,
            ),
        )
    conn.commit()
    conn.close()


def user_version(path: Path) -> int:
    conn = sqlite3.connect(path)
    try:
        return int(conn.execute("PRAGMA user_version").fetchone()[0])
    finally:
        conn.close()


def test_a_new_database_has_the_latest_version(tmp_path: Path) -> None:
    StatsDB.open(tmp_path / "stats.sqlite3", replays=tmp_path).close()
    assert user_version(tmp_path / "stats.sqlite3") == SCHEMA_VERSION == len(MIGRATIONS) == 2


def test_version_1_is_migrated_and_its_records_kept(tmp_path: Path) -> None:
    path = tmp_path / "stats.sqlite3"
    replay = hand_game(tmp_path / "replays")
    version_1_database(path, replay)
    with StatsDB.open(path, replays=tmp_path / "replays") as db:
        assert db.notice is None  # nothing was rebuilt
        [game] = db.recent_games()
    assert user_version(path) == SCHEMA_VERSION
    now = summarize(replay)
    assert game.game_key == now.game_key and game.started == now.started
    assert [p.too_slow for p in game.players] == [None, None]  # not known in version 1
    assert [p.cards_played for p in game.players] == [p.cards_played for p in now.players]
    with StatsDB.open(path, replays=tmp_path / "replays") as db:
        assert db.record_game(replay) is not None
        assert len(db.recent_games()) == 1  # the game was already there
        assert db.personal_bests().longest_run is not None


def test_a_failed_step_leaves_the_database_as_it_was(tmp_path: Path) -> None:
    conn = sqlite3.connect(tmp_path / "stats.sqlite3", isolation_level=None)
    # Step 2 adds a column to players (fine), then an index whose name is taken.
    conn.executescript(VERSION_1 + "CREATE TABLE games_by_start (x);")
    with pytest.raises(SchemaError, match="cannot be migrated to version 2"):
        migrate(conn)
    assert int(conn.execute("PRAGMA user_version").fetchone()[0]) == 1
    columns = [row[0] for row in conn.execute("SELECT name FROM pragma_table_info('players')")]
    assert "too_slow" not in columns and "fastest_run" in columns
    conn.close()


def test_a_database_that_cannot_be_migrated_is_rebuilt(tmp_path: Path) -> None:
    path = tmp_path / "stats.sqlite3"
    conn = sqlite3.connect(path)
    conn.executescript(VERSION_1 + "DROP TABLE players;")
    conn.close()
    hand_game(tmp_path / "replays")
    with StatsDB.open(path, replays=tmp_path / "replays") as db:
        assert db.notice is not None and "cannot be migrated to version 2" in db.notice
        assert len(db.recent_games()) == 1
    [aside] = tmp_path.glob("stats.sqlite3.damaged-*")
    assert user_version(aside) == 1  # moved aside untouched


@pytest.mark.parametrize(
    ("setup", "reason"),
    [
        ("PRAGMA user_version = 99;", "schema version 99, made by a newer spit-tui"),
        ("CREATE TABLE notes (text TEXT);", "tables of some other program"),
        (
            f"CREATE TABLE games (id INTEGER); PRAGMA user_version = {SCHEMA_VERSION};",
            f"its tables are not those of schema version {SCHEMA_VERSION}",
        ),
    ],
    ids=["newer", "foreign", "wrong-tables"],
)
def test_a_schema_this_program_cannot_use_is_moved_aside(
    tmp_path: Path, setup: str, reason: str
) -> None:
    path = tmp_path / "stats.sqlite3"
    conn = sqlite3.connect(path)
    conn.executescript(setup)
    conn.close()
    hand_game(tmp_path / "replays")
    with StatsDB.open(path, replays=tmp_path / "replays") as db:
        assert db.notice is not None and reason in db.notice
        assert len(db.recent_games()) == 1
    assert len(list(tmp_path.glob("stats.sqlite3.damaged-*"))) == 1
    assert user_version(path) == SCHEMA_VERSION
