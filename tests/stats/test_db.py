"""Recording games and asking for them back: idempotence, the screens' queries,
rebuilding from the replays."""

from __future__ import annotations

import json
import shutil
import threading
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from spit.core.replay.fields import PlayerInfo
from spit.paths import data_dir
from spit.stats import MIN_REACTIONS, GameSummary, Mode, PlayerSummary, StatsDB, summarize

from .games import HUMAN, bot, hand_game, play, seals

LEVEL_GAMES = [
    (10, "beginner", 0),
    (11, "beginner", 1),
    (12, "easy", 0),
    (13, "normal", 0),
    (14, "normal", 1),
    (15, "normal", 0),
    (16, "hard", 0),
    (17, "custom", 0),
    (18, None, 0),
]
"""(seed, bot level, the human's seat) of the games against a bot."""


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A replays directory: games against bots of each level, a two-player game, a
    bot-vs-bot game, an unfinished game, a broken file and a file of another kind."""
    directory = tmp_path_factory.mktemp("replays")
    for seed, level, seat in LEVEL_GAMES:
        opponent = bot(level) if level is not None else PlayerInfo("bot", "Mystery")
        pair = (HUMAN, opponent) if seat == 0 else (opponent, HUMAN)
        play(directory, seed, pair)
    play(directory, 20, (HUMAN, PlayerInfo("human", "Bo")))
    play(directory, 21, (bot("easy"), bot("hard")))
    play(directory, 22, limit_ms=20_000)
    (directory / "broken.spit.jsonl").write_text("not a replay\n")
    (directory / "notes.txt").write_text("not a replay either\n")
    return directory


def finished(directory: Path) -> list[GameSummary]:
    """Every finished game of ``library``, summarised straight from its file (each read
    as sealed, as the database ``db`` reads them)."""
    out = []
    with seals():
        for path in sorted(directory.glob("*.spit.jsonl")):
            try:
                out.append(summarize(path))
            except Exception:
                continue
    return out


@pytest.fixture(scope="module")
def expected(library: Path) -> list[GameSummary]:
    games = finished(library)
    assert len(games) == len(LEVEL_GAMES) + 2
    return games


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory, library: Path) -> Iterator[StatsDB]:
    """The database made from ``library``, for the tests that only read it."""
    path = tmp_path_factory.mktemp("db") / "stats.sqlite3"
    with seals(), StatsDB.open(path, replays=library) as opened:
        yield opened


@pytest.fixture
def own_db(tmp_path: Path, library: Path) -> Iterator[StatsDB]:
    """A database made from ``library`` for one test to change."""
    with StatsDB.open(tmp_path / "stats.sqlite3", replays=library) as opened:
        yield opened


def humans(games: list[GameSummary]) -> list[tuple[GameSummary, PlayerSummary]]:
    """Each game against a bot, with its human."""
    return [(g, g.human) for g in games if g.human is not None]


def test_recording_is_idempotent_and_copies_count_once(tmp_path: Path) -> None:
    with StatsDB.open(tmp_path / "stats.sqlite3", replays=tmp_path / "none") as db:
        path = play(tmp_path / "replays", 3)
        first = db.record_game(path)
        assert first is not None
        assert db.record_game(path) == first
        copy = tmp_path / "elsewhere.spit.jsonl"
        shutil.copy(path, copy)
        again = db.record_game(copy)
        assert again is not None and again.game_key == first.game_key
        assert db.recent_games() == [first]


def test_only_finished_valid_games_are_recorded(tmp_path: Path) -> None:
    with StatsDB.open(tmp_path / "stats.sqlite3", replays=tmp_path / "none") as db:
        broken = tmp_path / "broken.spit.jsonl"
        broken.write_text('{"format": "spit-replay", "version": "1.0"}\n{"type": "deal"}\n')
        for path in (
            hand_game(tmp_path, "unfinished", finished=False),
            broken,
            tmp_path / "missing.spit.jsonl",
            tmp_path,
        ):
            assert db.record_game(path) is None
        assert db.recent_games() == []


@pytest.mark.slow
def test_the_database_gives_back_what_was_recorded(
    db: StatsDB, expected: list[GameSummary]
) -> None:
    newest_first = sorted(expected, key=lambda g: g.started, reverse=True)
    assert db.recent_games(100) == newest_first
    assert db.recent_games(3) == newest_first[:3]
    assert db.recent_games(100, mode=Mode.TWO_PLAYERS) == [
        g for g in newest_first if g.mode is Mode.TWO_PLAYERS
    ]
    assert len(db.recent_games(100, mode=Mode.VS_BOT)) == len(LEVEL_GAMES)


def test_every_finished_game_is_counted_by_mode(db: StatsDB, expected: list[GameSummary]) -> None:
    results = {(r.game, r.mode, r.level): r for r in db.results_by_mode()}
    levels = ["beginner", "easy", "normal", "hard", "custom", None]
    assert set(results) == {
        *(("spit", Mode.VS_BOT, level) for level in levels),
        ("spit", Mode.TWO_PLAYERS, None),
        ("spit", Mode.BOT_VS_BOT, None),
    }
    for level in levels:
        result = results["spit", Mode.VS_BOT, level]
        games = [h for g, h in humans(expected) if g.opponent_level == level]
        wins = sum(h.won for h in games)
        assert (result.games, result.wins, result.losses) == (len(games), wins, len(games) - wins)
    two = results["spit", Mode.TWO_PLAYERS, None]
    assert (two.games, two.wins, two.losses) == (1, None, None)  # no "you" among two people
    assert sum(r.games for r in results.values()) == len(expected)
    assert sum(r.not_sealed for r in results.values()) == 0


def test_personal_bests(db: StatsDB, expected: list[GameSummary]) -> None:
    mine = humans(expected)
    wins = [g for g, h in mine if h.won]
    bests = db.personal_bests()
    assert wins and bests.fastest_win is not None and bests.fewest_rounds_win is not None
    assert bests.fastest_win.value == min(g.active_ms for g in wins)
    assert bests.fewest_rounds_win.value == min(g.rounds for g in wins)
    assert bests.most_cards_per_minute is not None
    top = max(mine, key=lambda gh: gh[1].cards_per_minute)
    assert bests.most_cards_per_minute.value == top[1].cards_per_minute
    assert bests.most_cards_per_minute.game_key == top[0].game_key
    assert bests.most_cards_per_minute.replay_path == top[0].replay_path
    assert bests.most_cards_per_minute.opponent_level == top[0].opponent_level
    assert bests.quickest_reaction is not None
    assert bests.quickest_reaction.value == min(
        h.reaction_ms for _, h in mine if h.reactions >= MIN_REACTIONS and h.reaction_ms
    )
    assert bests.longest_run is not None
    assert bests.longest_run.value == max(h.fastest_run for _, h in mine)


def test_personal_bests_against_one_level(db: StatsDB, expected: list[GameSummary]) -> None:
    normal = [(g, h) for g, h in humans(expected) if g.opponent_level == "normal"]
    bests = db.personal_bests("normal")
    assert bests.most_cards_per_minute is not None
    assert bests.most_cards_per_minute.value == max(h.cards_per_minute for _, h in normal)
    assert bests.most_cards_per_minute.opponent_level == "normal"
    nothing = db.personal_bests("expert")
    assert nothing.fastest_win is None and nothing.most_cards_per_minute is None


def test_cards_per_minute_trend(db: StatsDB, expected: list[GameSummary]) -> None:
    mine = sorted(humans(expected), key=lambda gh: gh[0].started)
    trend = db.cpm_trend(4)
    assert [p.cards_per_minute for p in trend] == [h.cards_per_minute for _, h in mine[-4:]]
    assert [p.started for p in trend] == [g.started for g, _ in mine[-4:]]
    assert [p.won for p in trend] == [h.won for _, h in mine[-4:]]
    assert len(db.cpm_trend(100)) == len(LEVEL_GAMES)


@pytest.mark.slow
def test_rebuild_from_replays(own_db: StatsDB, tmp_path: Path) -> None:
    db = own_db
    outside = db.record_game(hand_game(tmp_path / "other"))
    assert outside is not None
    report = db.rebuild_from_replays()
    assert (report.recorded, report.duplicates) == (len(LEVEL_GAMES) + 2, 0)
    assert (report.unfinished, report.invalid) == (1, 1)
    assert report.errors[0].startswith("broken.spit.jsonl: unreadable")
    assert outside not in db.recent_games(100)  # it is not among the replays
    assert len(db.recent_games(100)) == report.recorded


def test_rebuild_counts_copies_once(own_db: StatsDB, tmp_path: Path) -> None:
    db = own_db
    directory = tmp_path / "copies"
    path = hand_game(directory, "a")
    shutil.copy(path, directory / "b.spit.jsonl")
    report = db.rebuild_from_replays(directory)
    assert (report.recorded, report.duplicates, report.unfinished, report.invalid) == (1, 1, 0, 0)
    assert report.describe() == "1 saved game; 1 copy of a game counted once"


def test_open_uses_the_data_directory_and_fills_a_new_database(home: Path) -> None:
    replays = data_dir() / "replays"
    hand_game(replays, "a")
    hand_game(replays, "b", finished=False)
    with StatsDB.open() as db:
        assert db.path == home / "data" / "stats.sqlite3" and db.path.is_file()
        assert db.notice == (
            "Statistics made from the games in your replays folder: 1 saved game "
            "(1 unfinished skipped)."
        )
        assert len(db.recent_games()) == 1
    with StatsDB.open() as db:
        assert db.notice is None
        assert len(db.recent_games()) == 1


def test_a_first_run_says_nothing(tmp_path: Path) -> None:
    with StatsDB.open(tmp_path / "stats.sqlite3", replays=tmp_path / "none") as db:
        assert db.notice is None
        assert db.recent_games() == [] and db.results_by_mode() == [] and db.cpm_trend() == []
        assert db.personal_bests().fastest_win is None


def test_a_worker_thread_may_record(tmp_path: Path) -> None:
    with StatsDB.open(tmp_path / "stats.sqlite3", replays=tmp_path / "none") as db:
        results: list[GameSummary | None] = []
        worker = threading.Thread(
            target=lambda: results.append(db.record_game(hand_game(tmp_path)))
        )
        worker.start()
        worker.join()
        assert results[0] is not None and db.recent_games() == results


@pytest.mark.parametrize(
    "created",
    ["0001-01-01T00:00:00+01:00", "9999-12-31T23:59:59-01:00", "0001-01-01T00:00:00"],
)
def test_a_start_time_out_of_range_is_the_files_time(tmp_path: Path, created: str) -> None:
    replays = tmp_path / "replays"
    path = play(replays, 1)
    header, rest = path.read_text(encoding="utf-8").split("\n", 1)
    obj = json.loads(header)
    obj["created"] = created  # a hand-edited header: any text of 64 characters will do
    path.write_text(json.dumps(obj) + "\n" + rest, encoding="utf-8")
    modified = datetime.fromtimestamp(path.stat().st_mtime, UTC)
    assert summarize(path).started == modified
    with StatsDB.open(tmp_path / "stats.sqlite3", replays=replays) as db:
        [game] = db.recent_games()
    assert abs(game.started - modified) < timedelta(seconds=1)
