"""``StatsDB.peek``: the menu's glance at the statistics writes nothing, makes nothing.

Only the Statistics screen (``StatsDB.open``) makes, migrates or rebuilds the database
and says so; a glance that made the file first would leave it nothing to say.
"""

from __future__ import annotations

from pathlib import Path

from spit.stats import StatsDB


def test_no_database_is_made_by_a_glance(tmp_path: Path) -> None:
    path = tmp_path / "stats.sqlite3"
    assert StatsDB.peek(path) is None
    assert list(tmp_path.iterdir()) == []


def test_a_glance_reads_the_database_as_it_is(tmp_path: Path) -> None:
    path, replays = tmp_path / "stats.sqlite3", tmp_path / "replays"
    replays.mkdir()
    with StatsDB.open(path, replays=replays):
        pass
    before = path.read_bytes()
    db = StatsDB.peek(path)
    assert db is not None
    with db:
        assert not db.writable and db.recent_games(-1) == []
    assert path.read_bytes() == before


def test_a_damaged_database_is_glanced_at_as_empty(tmp_path: Path) -> None:
    path = tmp_path / "stats.sqlite3"
    path.write_bytes(b"not a database" * 100)
    db = StatsDB.peek(path)
    assert db is not None
    with db:
        assert db.recent_games(-1) == []
    assert path.read_bytes() == b"not a database" * 100
