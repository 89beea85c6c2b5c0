"""Draws in the statistics: a game that nobody won is stored (``winner`` NULL), counted
apart from wins and losses, and rated as openskill's tie; and the database of the last
release before draws migrates to them with every row kept."""

from __future__ import annotations

import dataclasses
import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from spit.core.replay.fields import PlayerInfo
from spit.stats import SCHEMA_VERSION, GameSummary, Mode, Rating, StatsDB, summarize
from spit.stats import db as stats_db
from spit.stats.rating import new_model, rate_pair

from .games import HUMAN, bot, play, seals

RELEASE = Path(__file__).parent / "data" / "release-8.sqlite3"
"""Made by the release of schema version 8 (``make_release_db``), kept as made."""
TABLES = ("games", "players", "ratings", "files")
BOB = PlayerInfo("human", "Bob")


def rows(path: Path) -> dict[str, list[tuple[object, ...]]]:
    """Every row of every table, in a stable order."""
    conn = sqlite3.connect(path)
    try:
        return {
            table: sorted((tuple(row) for row in conn.execute(f"SELECT * FROM {table}")), key=repr)
            for table in TABLES
        }
    finally:
        conn.close()


def test_the_last_release_s_database_migrates_with_every_row_kept(tmp_path: Path) -> None:
    """Every game, player and rating stays as it was. Of the ``files`` rows, which say
    which replays were read, those of unfinished games go, to be read again (step 10:
    the day's deal), here none since the files are gone; the others gain the new
    columns, empty."""
    path = tmp_path / "stats.sqlite3"
    shutil.copyfile(RELEASE, path)
    before = rows(path)
    assert before["games"] and before["players"] and before["ratings"] and before["files"]
    assert {row[2] for row in before["files"]} == {"game", "unfinished", "invalid"}
    replays = tmp_path / "replays"
    replays.mkdir()  # the games' files are gone: the rows alone hold them
    with StatsDB.open(path, replays=replays) as db:
        assert db.notice is None  # migrated, not rebuilt
        games = db.recent_games(-1)
    after = rows(path)
    files = [(*row, None, None) for row in before["files"] if row[2] != "unfinished"]
    assert after == {**before, "files": files}
    assert len(games) == len(before["games"]) and all(g.winner in (0, 1) for g in games)
    assert not list(tmp_path.glob("stats.sqlite3.damaged-*"))
    conn = sqlite3.connect(path)
    try:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 11
        nullable = {r[1]: not r[3] for r in conn.execute("PRAGMA table_info(games)")}
        assert nullable["winner"]
        indexes = {r[1] for r in conn.execute("PRAGMA index_list(games)")}
        assert {"games_by_start", "games_by_deal", "games_by_challenge"} <= indexes
        assert conn.execute("PRAGMA foreign_keys").fetchone()[0] == 0  # this connection's own
    finally:
        conn.close()


def test_a_glance_at_the_last_release_s_database_migrates_it_in_memory(tmp_path: Path) -> None:
    """The menu's glance (``peek``) migrates a copy in memory and leaves the file be."""
    path = tmp_path / "stats.sqlite3"
    shutil.copyfile(RELEASE, path)
    db = StatsDB.peek(path)
    assert db is not None
    with db:
        assert len(db.recent_games(-1)) == len(rows(RELEASE)["games"])
    assert path.read_bytes() == RELEASE.read_bytes()


def test_the_migration_keeps_the_foreign_keys_of_the_connection(tmp_path: Path) -> None:
    """Switched off for the step that makes ``games`` again, on again afterwards: a
    deleted game still takes its players and ratings with it."""
    path = tmp_path / "stats.sqlite3"
    shutil.copyfile(RELEASE, path)
    with StatsDB.open(path, replays=tmp_path) as db, db._write() as conn:
        assert conn.execute("PRAGMA foreign_keys").fetchone()[0] == 1
        conn.execute("DELETE FROM games")
        assert conn.execute("SELECT COUNT(*) FROM players").fetchone()[0] == 0
        assert conn.execute("SELECT COUNT(*) FROM ratings").fetchone()[0] == 0


def drawn(game: GameSummary) -> GameSummary:
    """``game`` as if nobody had won it."""
    players = tuple(dataclasses.replace(p, won=False) for p in game.players)
    return dataclasses.replace(game, winner=None, players=(players[0], players[1]))


@pytest.fixture
def draws(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every game the statistics read is a draw: no game of ours can draw yet."""
    monkeypatch.setattr(stats_db, "summarize", lambda path: drawn(summarize(path)))
    with seals():
        yield


@pytest.mark.usefixtures("draws")
def test_a_draw_is_stored_and_counted_apart_from_wins_and_losses(tmp_path: Path) -> None:
    replays = tmp_path / "replays"
    play(replays, 1, (HUMAN, bot("easy")))
    play(replays, 2, (HUMAN, bot("easy")))
    with StatsDB.open(tmp_path / "stats.sqlite3", replays=replays) as db:
        games = db.recent_games()
        [results] = db.results_by_mode()
    assert [g.winner for g in games] == [None, None] and all(g.draw for g in games)
    assert (results.mode, results.games, results.wins, results.draws) == (Mode.VS_BOT, 2, 0, 2)
    assert results.losses == 0


@pytest.mark.usefixtures("draws")
def test_a_draw_between_two_people_is_a_tie_for_both(tmp_path: Path) -> None:
    replays = tmp_path / "replays"
    play(replays, 1, (HUMAN, BOB))
    with StatsDB.open(tmp_path / "stats.sqlite3", replays=replays) as db:
        [game] = db.recent_games()
        [rivalry] = db.head_to_head()
        changes = db.rating_changes(game)
    assert (rivalry.wins, rivalry.draws, rivalry.games) == ((0, 0), 1, 1)
    assert rivalry.describe() == "Ann and Bob are level at 0-0, 1 drawn"
    start = Rating(25.0, 25 / 3)
    tie = rate_pair(new_model(), start, start, draw=True)
    assert [(c.before, c.after) for c in changes] == [(start, tie[0]), (start, tie[1])]
    assert tie[0].mu == pytest.approx(25.0) and tie[0].sigma < start.sigma  # no one gains
    win = rate_pair(new_model(), start, start)
    assert win[0].mu > 25.0 > win[1].mu  # a win moves them apart; a draw does not


def test_a_draw_against_a_stronger_player_raises_the_weaker() -> None:
    weak, strong = Rating(20.0, 5.0), Rating(30.0, 5.0)
    after_weak, after_strong = rate_pair(new_model(), weak, strong, draw=True)
    assert after_weak.mu > weak.mu and after_strong.mu < strong.mu
