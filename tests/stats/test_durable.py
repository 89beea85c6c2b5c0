"""No finished game is ever missing: a game recorded while another program holds the
database, a replay the database never heard of, a file no one can read, a database
that cannot be written."""

from __future__ import annotations

import os
import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from spit.core.replay.seal import Seal
from spit.stats import StatsBusy, StatsDB, StatsUnavailable, summarize
from spit.stats import db as stats_db

from .games import FAR_FUTURE_NS, HUMAN, bot, far_future_folder, hand_game, play, seals


@pytest.fixture
def quick_busy(monkeypatch: pytest.MonkeyPatch) -> None:
    """Give up on a held database in a fraction of a second, not ten."""
    monkeypatch.setattr(stats_db, "BUSY_TIMEOUT_S", 0.05)
    monkeypatch.setattr(stats_db, "RETRY_PAUSE_S", 0.01)


@pytest.fixture
def held(tmp_path: Path) -> Iterator[sqlite3.Connection]:
    """Another program holding the write lock of ``tmp_path / "stats.sqlite3"``."""
    StatsDB.open(tmp_path / "stats.sqlite3", replays=tmp_path / "replays").close()
    other = sqlite3.connect(tmp_path / "stats.sqlite3", isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    yield other
    other.close()


@pytest.mark.slow
@pytest.mark.parametrize("games", [1, 3])
def test_a_game_recorded_while_the_database_is_held_is_added_at_the_next_open(
    tmp_path: Path, quick_busy: None, held: sqlite3.Connection, games: int
) -> None:
    replays = tmp_path / "replays"
    paths = [play(replays, seed, (HUMAN, bot("hard"))) for seed in range(games)]
    with StatsDB.open(tmp_path / "stats.sqlite3", replays=replays) as db:
        assert db.notice is not None and "busy" in db.notice  # it could not catch up
        for path in paths:
            with pytest.raises(StatsBusy, match="added the next time"):
                db.record_game(path)
    held.execute("ROLLBACK")  # the other program lets go
    with StatsDB.open(tmp_path / "stats.sqlite3", replays=replays) as db:
        assert db.notice is None
        assert sorted(g.game_key for g in db.recent_games()) == sorted(
            summarize(p).game_key for p in paths
        )


def test_recording_retries_and_succeeds_once_the_lock_is_released(
    tmp_path: Path, quick_busy: None, held: sqlite3.Connection, monkeypatch: pytest.MonkeyPatch
) -> None:
    replays = tmp_path / "elsewhere"
    path = play(replays, 1)
    pauses: list[float] = []

    def sleep(seconds: float) -> None:  # the other program lets go during the first pause
        pauses.append(seconds)
        if held.in_transaction:
            held.execute("ROLLBACK")

    with StatsDB.open(tmp_path / "stats.sqlite3", replays=replays / "none") as db:
        monkeypatch.setattr(stats_db.time, "sleep", sleep)
        assert db.record_game(path) is not None
        assert len(db.recent_games()) == 1
    assert len(pauses) == 1


def test_every_finished_replay_in_the_folder_is_in_the_database_after_an_open(
    tmp_path: Path,
) -> None:
    replays = tmp_path / "replays"
    path = tmp_path / "stats.sqlite3"
    StatsDB.open(path, replays=replays).close()
    first = [play(replays, seed) for seed in (1, 2)]
    hand_game(replays, "cut", finished=False)
    with StatsDB.open(path, replays=replays) as db:
        assert len(db.recent_games()) == 2
        assert (db.report.recorded, db.report.unfinished) == (2, 1)
    # A game that goes on (the unfinished file now finished) and a new one.
    hand_game(replays, "cut")
    later = play(replays, 3)
    with StatsDB.open(path, replays=replays) as db:
        assert db.report.recorded == 2 and db.report.unfinished == 0  # only what changed
        keys = {g.game_key for g in db.recent_games(-1)}
    assert keys == {summarize(p).game_key for p in (*first, later, replays / "cut.spit.jsonl")}


def test_an_open_reads_only_the_files_that_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    replays = tmp_path / "replays"
    for seed in (1, 2, 3):
        play(replays, seed)
    StatsDB.open(tmp_path / "stats.sqlite3", replays=replays).close()
    read: list[Path] = []
    real = stats_db.summarize

    def counting(path: Path) -> object:
        read.append(Path(path))
        return real(path)

    monkeypatch.setattr(stats_db, "summarize", counting)
    StatsDB.open(tmp_path / "stats.sqlite3", replays=replays).close()
    assert read == []
    touched = sorted(replays.iterdir())[1]
    os.utime(touched, ns=(1, 1))
    StatsDB.open(tmp_path / "stats.sqlite3", replays=replays).close()
    assert read == [touched]


@pytest.mark.slow
@pytest.mark.parametrize("mtime_ns", [FAR_FUTURE_NS, -FAR_FUTURE_NS, 0])
def test_one_bad_file_never_stops_a_rebuild(tmp_path: Path, mtime_ns: int) -> None:
    """The middle of three games has no start time in its header and a modification
    time ``datetime`` may not hold: all three are counted, and a broken file named."""
    with far_future_folder() as replays:
        paths = [play(replays, seed) for seed in (1, 2, 3)]
        header, rest = paths[1].read_text(encoding="utf-8").split("\n", 1)
        paths[1].write_text(header.replace('"created"', '"made"') + "\n" + rest, encoding="utf-8")
        os.utime(paths[1], ns=(mtime_ns, mtime_ns))
        (replays / "zz-broken.spit.jsonl").write_bytes(b"\xff\xfe not json\n")
        with StatsDB.open(tmp_path / "stats.sqlite3", replays=replays) as db:
            assert len(db.recent_games()) == 3
            assert db.report.invalid == 1
            assert db.report.errors[0].startswith("zz-broken.spit.jsonl: ")
            assert db.unusable()[0][0] == "zz-broken.spit.jsonl"
            report = db.rebuild_from_replays()
            assert (report.recorded, report.invalid) == (3, 1)


def test_a_hostile_file_name_is_named_safely(tmp_path: Path) -> None:
    replays = tmp_path / "replays"
    replays.mkdir()
    (replays / "\x1b]2;owned\x07.spit.jsonl").write_text("nonsense\n")
    with StatsDB.open(tmp_path / "stats.sqlite3", replays=replays) as db:
        [error] = db.report.errors
        [(name, _)] = db.unusable()
    for text in (error, name):
        assert "\x1b" not in text and "\x07" not in text and "\\e]2;owned" in text


def test_a_copy_counts_once_and_the_sealed_copy_is_kept(tmp_path: Path) -> None:
    replays = tmp_path / "replays"
    original = play(replays, 1, (HUMAN, bot("easy")))
    edited = replays / "a-edited.spit.jsonl"  # read first: its name sorts first
    edited.write_text(original.read_text().replace('"Ann"', '"Me"'))
    shutil.copy(original, replays / "b-unsealed.spit.jsonl")
    by_name = {"a-edited": Seal.EDITED, "b-unsealed": Seal.UNSEALED}
    with seals(Seal.SEALED, **by_name), StatsDB.open(tmp_path / "s.sqlite3", replays=replays) as db:
        [game] = db.recent_games()
        assert (db.report.recorded, db.report.duplicates) == (1, 2)
    assert game.seal is Seal.SEALED and game.replay_path == original.resolve()
    assert game.players[0].name == "Ann"


def test_a_database_that_cannot_be_written_is_read_from_memory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    replays = tmp_path / "replays"
    path = tmp_path / "stats.sqlite3"
    play(replays, 1)
    StatsDB.open(path, replays=replays).close()
    play(replays, 2)  # saved since
    before = path.read_bytes()
    monkeypatch.setattr(stats_db, "_connect", read_only_connect)
    with StatsDB.open(path, replays=replays) as db:
        assert not db.writable
        assert db.notice is not None and "new games cannot be recorded" in db.notice
        assert len(db.recent_games()) == 2
        with pytest.raises(StatsUnavailable, match="cannot be written"):
            db.record_game(play(replays, 3))
    assert path.read_bytes() == before
    assert not path.with_name("stats.sqlite3-wal").exists()


def read_only_connect(path: Path) -> tuple[sqlite3.Connection, bool]:
    raise stats_db._ReadOnly("Read-only file system")


@pytest.mark.parametrize("kind", ["missing", "damaged", "newer"])
def test_without_a_usable_database_the_replays_are_still_counted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    replays = tmp_path / "replays"
    path = tmp_path / "stats.sqlite3"
    play(replays, 1)
    if kind == "damaged":
        path.write_bytes(b"not a database" * 100)
    elif kind == "newer":
        conn = sqlite3.connect(path)
        conn.execute("PRAGMA user_version = 99")
        conn.close()
    monkeypatch.setattr(stats_db, "_connect", read_only_connect)
    with StatsDB.open(path, replays=replays) as db:
        assert len(db.recent_games()) == 1
    assert path.exists() == (kind != "missing")


def test_an_error_sqlite_gives_for_a_read_only_file_means_read_only(tmp_path: Path) -> None:
    path = tmp_path / "stats.sqlite3"
    StatsDB.open(path, replays=tmp_path).close()
    conn = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
    with pytest.raises(sqlite3.OperationalError) as caught:
        conn.execute("PRAGMA user_version = 1")
    conn.close()
    assert stats_db._read_only(caught.value, path)
    assert not stats_db._read_only(caught.value, tmp_path)  # a folder in its place


@pytest.mark.slow
def test_the_head_to_head_line_of_a_two_player_game(home: Path) -> None:
    from spit.core.replay.fields import PlayerInfo
    from spit.paths import replays_dir
    from spit.stats import head_to_head_line

    ann, bob = PlayerInfo("human", "Ann"), PlayerInfo("human", "Bob")
    games = [
        play(replays_dir(), seed, (ann, bob) if seed % 2 else (bob, ann)) for seed in (1, 2, 3)
    ]
    winners = [summarize(p).players[summarize(p).winner].name for p in games]
    lines = [head_to_head_line(p) for p in games]  # each game counted as its result shows
    a, b = winners.count("Ann"), winners.count("Bob")
    leader, other = ("Ann", "Bob") if a > b else ("Bob", "Ann")
    assert lines[2] == f"{leader} leads {other} {max(a, b)}-{min(a, b)}"
    assert head_to_head_line(play(replays_dir(), 4, (HUMAN, bot("easy")))) is None
    assert head_to_head_line(replays_dir() / "missing.spit.jsonl") is None


def test_recording_a_game_the_open_has_read_reads_it_no_more(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    replays = tmp_path / "replays"
    path = play(replays, 1)
    with StatsDB.open(tmp_path / "stats.sqlite3", replays=replays) as db:  # reads it
        monkeypatch.setattr(stats_db, "summarize", lambda path: pytest.fail("read again"))
        game = db.record_game(path)
        assert game is not None and db.recent_games() == [game]
        os.utime(path, ns=(1, 1))  # changed since: read again
        monkeypatch.setattr(stats_db, "summarize", summarize)
        assert db.record_game(path) == game
