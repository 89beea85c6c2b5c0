"""Two running games share one database: records made at the same moment by several
processes, of the same games, all end up there exactly once."""

from __future__ import annotations

import multiprocessing
import sqlite3
from pathlib import Path

import pytest

from spit.stats import StatsDB

from .games import play
from .workers import open_and_record, open_new_databases

pytestmark = pytest.mark.slow  # processes started and raced against each other

PROCESSES = 3
RACES = 40


def test_processes_making_the_same_new_database_at_once(tmp_path: Path) -> None:
    """Each process switches the new file to WAL; SQLite refuses that at once, without
    waiting, to all but one of them, and ``StatsDB.open`` must wait its turn. It did
    not, in about one race in five: hence many races."""
    databases = [tmp_path / f"stats-{n}.sqlite3" for n in range(RACES)]
    context = multiprocessing.get_context("spawn")
    start = context.Barrier(PROCESSES)
    results = context.Queue()
    processes = [
        context.Process(
            target=open_new_databases, args=(databases, tmp_path / "replays", start, results)
        )
        for _ in range(PROCESSES)
    ]
    for process in processes:
        process.start()
    try:
        assert [results.get(timeout=120) for _ in processes] == [RACES] * PROCESSES
    finally:
        for process in processes:
            process.join(timeout=60)


def test_processes_recording_the_same_games_at_once(tmp_path: Path) -> None:
    replays = tmp_path / "replays"
    files = [play(replays, seed) for seed in range(8)]
    files.append(play(replays, 99, limit_ms=10_000))  # unfinished: never recorded
    database = tmp_path / "stats.sqlite3"  # missing: every process wants to make it
    context = multiprocessing.get_context("spawn")
    start = context.Barrier(PROCESSES)
    results = context.Queue()
    orders = [files, files[::-1], files[3:] + files[:3]]
    processes = [
        context.Process(target=open_and_record, args=(database, replays, order, start, results))
        for order in orders
    ]
    for process in processes:
        process.start()
    try:
        assert [results.get(timeout=120) for _ in processes] == [8] * PROCESSES
    finally:
        for process in processes:
            process.join(timeout=60)
    assert [process.exitcode for process in processes] == [0] * PROCESSES
    conn = sqlite3.connect(database)
    games = conn.execute("SELECT COUNT(*), COUNT(DISTINCT game_key) FROM games").fetchone()
    players = conn.execute("SELECT COUNT(*) FROM players").fetchone()
    journal = conn.execute("PRAGMA journal_mode").fetchone()
    conn.close()
    assert games == (8, 8) and players == (16,)
    assert journal == ("wal",)
    with StatsDB.open(database, replays=replays) as db:
        assert db.notice is None
        assert len(db.recent_games(100)) == 8
