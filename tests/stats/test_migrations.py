"""Schema versions: a database of an older version is brought up to date, its records
kept; one this program cannot use is moved aside and rebuilt."""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

import pytest

from spit.stats import MIGRATIONS, SCHEMA_VERSION, StatsDB, summarize
from spit.stats.schema import SchemaError, migrate

from .games import hand_game

VERSION_1 = MIGRATIONS[0].sql + "PRAGMA user_version = 1;"
"""Schema version 1 as released: the first step, which ``test_released_steps_never_change``
keeps as it was."""

RELEASED = {
    1: "fcb5b1471cf4781275f6ada1888f78cd7ea8acc285bf48d1c2f9767fcc9aefc9",
}
"""A fingerprint of each released step's SQL (whitespace aside): a step changed after
its release would migrate old databases differently from new ones."""


def fingerprint(sql: str) -> str:
    return hashlib.sha256(" ".join(sql.split()).encode()).hexdigest()


def test_released_steps_never_change() -> None:
    assert {n: fingerprint(MIGRATIONS[n - 1].sql) for n in RELEASED} == RELEASED


def version_1_database(path: Path, replay: Path) -> None:
    """A version-1 database holding the game in ``replay``, as that version stored it:
    the rows this version stores, cut down to version 1's columns."""
    current = path.with_name("current.sqlite3")
    with StatsDB.open(current, replays=path.parent / "no-replays") as db:
        assert db.record_game(replay) is not None
    conn = sqlite3.connect(path)
    conn.executescript(VERSION_1)
    conn.execute("ATTACH DATABASE ? AS current", (str(current),))
    for table in ("games", "players"):
        rows = conn.execute("SELECT name FROM pragma_table_info(?, 'main')", (table,))
        columns = ", ".join(row[0] for row in rows)
        conn.execute(f"INSERT INTO {table} SELECT {columns} FROM current.{table}")
    conn.commit()
    conn.execute("DETACH DATABASE current")
    conn.close()


def user_version(path: Path) -> int:
    conn = sqlite3.connect(path)
    try:
        return int(conn.execute("PRAGMA user_version").fetchone()[0])
    finally:
        conn.close()


def test_a_new_database_has_the_latest_version(tmp_path: Path) -> None:
    StatsDB.open(tmp_path / "stats.sqlite3", replays=tmp_path).close()
    assert user_version(tmp_path / "stats.sqlite3") == SCHEMA_VERSION == len(MIGRATIONS) == 11


@pytest.mark.parametrize("replays_there", [True, False])
def test_version_1_is_migrated_and_its_games_read_again(
    tmp_path: Path, replays_there: bool
) -> None:
    """Version 3 counts games differently (by deals and inputs, with their seal and
    active time): its step empties the tables, and the open reads every replay again."""
    path = tmp_path / "stats.sqlite3"
    replay = hand_game(tmp_path / "replays")
    version_1_database(path, replay)
    if not replays_there:
        replay.unlink()
    with StatsDB.open(path, replays=tmp_path / "replays") as db:
        assert db.notice is None  # nothing was damaged
        games = db.recent_games()
    assert user_version(path) == SCHEMA_VERSION
    if not replays_there:
        assert games == []  # nothing to work a game out from
        return
    [game] = games
    now = summarize(replay)
    assert game == now
    assert [p.too_slow for p in game.players] == [0, 0]  # now known
    with StatsDB.open(path, replays=tmp_path / "replays") as db:
        assert db.record_game(replay) is not None
        assert len(db.recent_games()) == 1  # the game was already there


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
