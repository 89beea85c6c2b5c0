"""Games over the network are network games in the statistics: not "two players on one
keyboard", no head to head, and rated by nobody (the names typed there are anyone's,
until players have server accounts). A database that filed them with the one-keyboard
games is put right in place, nothing lost."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from spit import saved_games
from spit.core.replay.fields import PlayerInfo
from spit.games.replays import load_any_replay
from spit.games.spades.identity import NAME as SPADES
from spit.games.spit.identity import NAME as SPIT
from spit.stats import Mode, StatsDB, rating, summarize

from .games import forfeited, play

ANN = PlayerInfo("human", "Ann")
BOB = PlayerInfo("human", "Bob")


def _counted(db: StatsDB) -> dict[tuple[str, Mode], int]:
    return {(r.game, r.mode): r.games for r in db.results_by_mode()}


def test_a_game_the_server_wrote_is_a_network_game(tmp_path: Path) -> None:
    path = play(tmp_path, 1, (ANN, BOB), network=True)
    replay = load_any_replay(path)
    assert replay.header.network and replay.over_the_network
    summary = summarize(path)
    assert summary.mode is Mode.NETWORK and summary.human_seat is None
    listed = saved_games.summarize(path, path.stat())
    assert listed.mode == "Network"


@pytest.mark.parametrize("game", [SPIT, SPADES])
def test_a_forfeit_or_a_bot_line_marks_an_older_file_as_a_network_game(
    tmp_path: Path, game: str
) -> None:
    """Files written before the header said so: a forfeit (or a bot taking a seat
    over) is a line only a network game has."""
    path = forfeited(tmp_path, game, 1)
    header, rest = path.read_bytes().split(b"\n", 1)
    assert b'"network": true, ' in header
    path.write_bytes(header.replace(b'"network": true, ', b"") + b"\n" + rest)
    replay = load_any_replay(path)
    assert not replay.header.network and replay.over_the_network
    assert summarize(path).mode is Mode.NETWORK


def test_network_games_are_counted_apart_and_rated_by_nobody(tmp_path: Path) -> None:
    replays = tmp_path / "replays"
    play(replays, 1, (ANN, BOB))  # on one keyboard
    play(replays, 2, (ANN, BOB), network=True)
    play(replays, 3, (ANN, BOB), network=True)
    with StatsDB.open(tmp_path / "stats.sqlite3", replays=replays) as db:
        assert _counted(db) == {(SPIT, Mode.TWO_PLAYERS): 1, (SPIT, Mode.NETWORK): 2}
        rated = {name: games for name, _rating, games in db.ratings()}
        assert rated == {"Ann": 1, "Bob": 1}  # the one-keyboard game only
        [rivalry] = db.head_to_head()
        assert rivalry.games == 1
        network = next(g for g in db.recent_games() if g.mode is Mode.NETWORK)
        assert db.rating_changes(network) == []
        assert db.why_not_counted(network) == "games over the network are not rated yet"


def test_a_database_that_filed_them_with_the_one_keyboard_games_is_put_right(
    tmp_path: Path,
) -> None:
    """Schema version 7 stored a network game as two players and rated the names it
    saw; the step to version 8 reads those games again, in place: the network game is
    filed apart, its ratings go, the one-keyboard game and its ratings stay."""
    replays = tmp_path / "replays"
    play(replays, 1, (ANN, BOB))
    play(replays, 2, (ANN, BOB), network=True)
    database = tmp_path / "stats.sqlite3"
    with StatsDB.open(database, replays=replays):
        pass
    conn = sqlite3.connect(database, isolation_level=None)  # back to version 7's way
    conn.row_factory = sqlite3.Row
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute("BEGIN IMMEDIATE")
    conn.execute("UPDATE games SET mode = 'two_players' WHERE mode = 'network'")
    rating.rebuild(conn)
    for column in ("daily_day", "started"):  # added by step 10
        conn.execute(f"ALTER TABLE files DROP COLUMN {column}")
    conn.execute("PRAGMA user_version = 7")
    conn.execute("COMMIT")
    rated = conn.execute("SELECT COUNT(*) FROM ratings WHERE name = 'Ann'").fetchone()[0]
    assert rated == 2
    conn.close()

    with StatsDB.open(database, replays=replays) as db:
        assert _counted(db) == {(SPIT, Mode.TWO_PLAYERS): 1, (SPIT, Mode.NETWORK): 1}
        assert {name: games for name, _rating, games in db.ratings()} == {"Ann": 1, "Bob": 1}
        assert [r.games for r in db.head_to_head()] == [1]
