"""A damaged database is never a dead end: it is moved aside and rebuilt from the
replays, and the user is told."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from spit.stats import StatsDB, StatsUnavailable
from spit.stats.db import _move_aside

from .games import hand_game, play


@pytest.fixture(scope="module")
def replays(tmp_path_factory: pytest.TempPathFactory) -> Path:
    directory = tmp_path_factory.mktemp("replays")
    play(directory, 1)
    play(directory, 2)
    hand_game(directory, finished=False)
    return directory


def good_database(path: Path, replays: Path) -> bytes:
    StatsDB.open(path, replays=replays).close()
    return path.read_bytes()


def open_damaged(path: Path, replays: Path, reason: str) -> StatsDB:
    db = StatsDB.open(path, replays=replays)
    [aside] = path.parent.glob(f"{path.name}.damaged-*[0-9]")
    assert db.notice == (
        f"The statistics database could not be used ({reason}). It was rebuilt from "
        f"2 saved games (1 unfinished skipped); the damaged file was kept as {aside.name}."
    )
    assert len(db.recent_games()) == 2
    return db


def test_a_file_that_is_no_database(tmp_path: Path, replays: Path) -> None:
    path = tmp_path / "stats.sqlite3"
    path.write_text("my shopping list\n")
    open_damaged(path, replays, "it is not a SQLite database").close()
    [aside] = tmp_path.glob("stats.sqlite3.damaged-*")
    assert aside.read_text() == "my shopping list\n"  # kept as it was


def test_a_corrupt_database(tmp_path: Path, replays: Path) -> None:
    path = tmp_path / "stats.sqlite3"
    data = bytearray(good_database(path, replays))
    data[4096:] = b"\x5a" * (len(data) - 4096)  # every page after the first
    path.write_bytes(data)
    open_damaged(path, replays, "it is corrupt").close()


def test_a_damaged_record(tmp_path: Path, replays: Path) -> None:
    path = tmp_path / "stats.sqlite3"
    good_database(path, replays)
    conn = sqlite3.connect(path)
    conn.execute("UPDATE games SET started = 'yesterday' WHERE id = 1")
    conn.commit()
    conn.close()
    open_damaged(path, replays, "some of its records are damaged").close()


def test_its_write_ahead_log_goes_with_it(tmp_path: Path) -> None:
    # SQLite usually removes the log of a file it cannot use when the connection
    # closes; one it leaves must not be applied to the new database.
    path = tmp_path / "stats.sqlite3"
    for suffix, content in (("", "db"), ("-wal", "log"), ("-shm", "index")):
        Path(f"{path}{suffix}").write_text(content)
    aside = _move_aside(path)
    assert aside is not None and aside.name.startswith("stats.sqlite3.damaged-")
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        aside.name,
        f"{aside.name}-shm",
        f"{aside.name}-wal",
    ]
    assert Path(f"{aside}-wal").read_text() == "log"
    assert _move_aside(path) is None  # already moved (by another program)


def test_each_damaged_file_is_kept(tmp_path: Path, replays: Path) -> None:
    path = tmp_path / "stats.sqlite3"
    for text in ("first", "second"):
        path.write_text(text)
        StatsDB.open(path, replays=replays).close()
    kept = sorted(p.read_text() for p in tmp_path.glob("stats.sqlite3.damaged-*"))
    assert kept == ["first", "second"]


def test_a_missing_database_is_rebuilt_quietly_when_nothing_is_lost(tmp_path: Path) -> None:
    with StatsDB.open(tmp_path / "stats.sqlite3", replays=tmp_path / "no-replays") as db:
        assert db.notice is None


@pytest.mark.parametrize("where", ["directory", "under-a-file"])
def test_no_database_at_all_is_a_clear_error(tmp_path: Path, where: str) -> None:
    if where == "directory":
        path = tmp_path / "stats.sqlite3"
        path.mkdir()
    else:
        (tmp_path / "data").write_text("a file where the directory should be")
        path = tmp_path / "data" / "stats.sqlite3"
    with pytest.raises(StatsUnavailable, match=r"The statistics database .* cannot be opened"):
        StatsDB.open(path, replays=tmp_path)
    assert not list(tmp_path.glob("**/*.damaged-*"))  # nothing is moved for that
