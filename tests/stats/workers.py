"""What each process does in ``test_concurrency`` (a module of its own, so that a
process started with "spawn" can import it; importing it installs the games, as
``spit.cli`` does, for a spawned process starts with an empty registry)."""

from __future__ import annotations

from multiprocessing.queues import Queue
from multiprocessing.synchronize import Barrier
from pathlib import Path

from spit import composition
from spit.stats import StatsDB

composition.install()


def open_and_record(
    database: Path, replays: Path, files: list[Path], start: Barrier, results: Queue[object]
) -> None:
    """Open the database (all processes at once) and record every file twice; report
    how many of them were finished games, or the error."""
    try:
        start.wait(timeout=60)
        with StatsDB.open(database, replays=replays) as db:
            recorded = [db.record_game(path) for path in files for _ in range(2)]
        results.put(sum(summary is not None for summary in recorded) // 2)
    except Exception as err:
        results.put(repr(err))


def open_new_databases(
    databases: list[Path], replays: Path, start: Barrier, results: Queue[object]
) -> None:
    """Open each of ``databases`` (missing files) at the same moment as the other
    processes; report how many opened, or the first error."""
    try:
        for database in databases:
            start.wait(timeout=60)
            StatsDB.open(database, replays=replays).close()
        results.put(len(databases))
    except Exception as err:
        results.put(repr(err))
