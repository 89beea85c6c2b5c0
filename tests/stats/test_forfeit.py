"""A network game that ended by forfeit (the loser left, or did not come back in
time) is a finished game, won by forfeit: in the statistics, in the saved-games list
and in either game's replay viewer. Both games."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from spit import saved_games
from spit.games.spit.wire import Table
from spit.stats import StatsDB, summarize
from spit.stats.schema import MIGRATIONS

from .games import forfeited


@pytest.mark.parametrize("game", ["spit", "spades"])
@pytest.mark.parametrize("loser", [0, 1])
def test_the_statistics_count_it_as_won_by_forfeit(tmp_path: Path, game: str, loser: int) -> None:
    path = forfeited(tmp_path / "replays", game, loser)
    summary = summarize(path)
    assert summary.forfeit and summary.winner == 1 - loser
    assert [p.won for p in summary.players] == [loser == 1, loser == 0]
    with StatsDB.open(tmp_path / "stats.sqlite3", replays=tmp_path / "replays") as db:
        report = db.rebuild_from_replays()
        assert (report.recorded, report.unfinished) == (1, 0)
        [stored] = db.recent_games()
    assert stored == summary


def test_files_skipped_as_unfinished_before_are_read_again(tmp_path: Path) -> None:
    """A database of the version before knew these games as unfinished files; the
    step to this version has them read again."""
    replays = tmp_path / "replays"
    path = forfeited(replays, "spit", 1)
    database = tmp_path / "stats.sqlite3"
    conn = sqlite3.connect(database, isolation_level=None)
    before = next(i for i, step in enumerate(MIGRATIONS) if "forfeit" in step.description)
    for step in MIGRATIONS[:before]:
        conn.executescript(step.sql)
    conn.execute(f"PRAGMA user_version = {before}")
    info = path.stat()
    conn.execute(
        "INSERT INTO files (path, stamp, outcome, problem) VALUES (?, ?, 'unfinished', ?)",
        (os.fsencode(path.resolve()), f"{info.st_size}:{info.st_mtime_ns}", "unfinished"),
    )
    conn.close()
    with StatsDB.open(database, replays=replays) as db:
        [game] = db.recent_games()
    assert game.forfeit and game.winner == 0


@pytest.mark.parametrize("game", ["spit", "spades"])
def test_the_saved_games_list_says_by_forfeit(tmp_path: Path, game: str) -> None:
    path = forfeited(tmp_path, game, 0)
    listed = saved_games.summarize(path, path.stat())
    assert listed.finished
    assert listed.result == "Bob won by forfeit"
    plain = Table(("Ann", "Bob"), 5, tmp_path)
    plain.close()  # an unfinished game, whose last line is no forfeit
    assert plain.replay_path is not None
    assert saved_games.summarize(plain.replay_path, plain.replay_path.stat()).result == (
        "unfinished"
    )
