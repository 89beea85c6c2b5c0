"""The statistics of the day's deal and the ladder, from recorded games: which attempt
of a day counts, the streak of days won, the ladder's step and best; only sealed games
count, and a deal played again counts once."""

from __future__ import annotations

from datetime import date, timedelta
from pathlib import Path

import pytest

from spit.core.replay.challenge import Challenge
from spit.core.replay.seal import Seal
from spit.stats import StatsDB, challenge_result
from tests.stats.games import seals

from .games import challenge_game, noon

DAY = date(2026, 12, 2)


def daily(
    folder: Path,
    day: date,
    won: bool,
    *,
    on: date | None = None,
    minutes: int = 0,
    seed: int = 3,
    agents_seed: int = 1,
) -> Path:
    return challenge_game(
        folder,
        Challenge.daily(day),
        noon(on or day, minutes),
        won=won,
        seed=seed,
        agents_seed=agents_seed,
    )


def ladder(folder: Path, step: int, won: bool, minutes: int, seed: int | None = None) -> Path:
    return challenge_game(
        folder,
        Challenge.ladder(step),
        noon(DAY, minutes),
        won=won,
        seed=minutes if seed is None else seed,
        agents_seed=minutes,
    )


def opened(tmp_path: Path) -> StatsDB:
    return StatsDB.open(tmp_path / "stats.sqlite3", replays=tmp_path / "replays")


def test_a_challenge_survives_the_trip_through_the_database(tmp_path: Path) -> None:
    path = daily(tmp_path / "replays", DAY, True)
    with opened(tmp_path) as db:
        [game] = db.recent_games()
    assert game.challenge == Challenge.daily(DAY) and game.deal_key is not None
    assert game.replay_path == path.resolve()


@pytest.mark.slow
def test_the_first_game_of_the_day_counts_and_the_others_are_practice(tmp_path: Path) -> None:
    folder = tmp_path / "replays"
    first = daily(folder, DAY, False, minutes=0, agents_seed=1)
    second = daily(folder, DAY, True, minutes=5, agents_seed=7)
    with opened(tmp_path) as db:
        status = db.daily_status(DAY)
        games = {g.replay_path: g for g in db.recent_games()}
    assert status.games == 2 and status.counted is not None and not status.counted.won
    assert status.counts(games[first.resolve()].game_key)
    assert not status.counts(games[second.resolve()].game_key)
    assert status.streak == 0


def left(folder: Path, day: date, minutes: int, *, on: date | None = None) -> Path:
    """A game of the deal of ``day``, started ``minutes`` after noon (on ``on``) and left
    after 5 s of play."""
    return challenge_game(
        folder, Challenge.daily(day), noon(on or day, minutes), won=True, left_at_ms=5_000
    )


@pytest.mark.slow
def test_the_first_game_started_counts_and_a_left_one_is_a_loss(tmp_path: Path) -> None:
    """Looking at the deal, leaving, and playing it again is practice: the game left
    was the day's attempt, lost, and it ends the streak."""
    folder = tmp_path / "replays"
    daily(folder, DAY - timedelta(days=1), True, agents_seed=7)
    left(folder, DAY, 0)
    won = daily(folder, DAY, True, minutes=5)
    with opened(tmp_path) as db:
        status = db.daily_status(DAY)
        [game] = [g for g in db.recent_games() if g.replay_path == won.resolve()]
    assert status.counted is not None and status.counted.left and not status.counted.won
    assert not status.counts(game.game_key)
    assert not status.next_counts(DAY) and status.streak == 0


@pytest.mark.slow
def test_a_game_left_after_the_counted_one_changes_nothing(tmp_path: Path) -> None:
    folder = tmp_path / "replays"
    won = daily(folder, DAY, True)
    left(folder, DAY, 5)
    with opened(tmp_path) as db:
        status = db.daily_status(DAY)
        [game] = db.recent_games()
    assert status.counted is not None and status.counted.won and not status.counted.left
    assert status.counts(game.game_key) and game.replay_path == won.resolve()
    assert status.streak == 1


def test_a_game_left_is_counted_once_its_file_is_read(tmp_path: Path) -> None:
    """Read at the next open, whatever the order of the files: a database that held
    the day's finished game learns of an earlier game left unfinished."""
    folder = tmp_path / "replays"
    daily(folder, DAY, True, minutes=5)
    with opened(tmp_path) as db:
        assert (counted := db.daily_status(DAY).counted) is not None and counted.won
    left(folder, DAY, 0)
    with opened(tmp_path) as db:
        assert (counted := db.daily_status(DAY).counted) is not None and counted.left


def test_a_past_day_left_later_is_no_attempt(tmp_path: Path) -> None:
    left(tmp_path / "replays", DAY - timedelta(days=1), 0, on=DAY)
    with opened(tmp_path) as db:
        status = db.daily_status(DAY - timedelta(days=1))
    assert status.counted is None


def test_a_past_day_played_later_is_practice(tmp_path: Path) -> None:
    daily(tmp_path / "replays", DAY - timedelta(days=1), True, on=DAY)
    with opened(tmp_path) as db:
        yesterday = db.daily_status(DAY - timedelta(days=1))
        assert yesterday.games == 1 and yesterday.counted is None
        assert db.daily_status(DAY).streak == 0


@pytest.mark.slow
def test_the_streak_counts_days_won_ending_today_or_yesterday(tmp_path: Path) -> None:
    folder = tmp_path / "replays"
    for back, won in ((5, True), (4, False), (3, True), (2, True), (1, True)):
        day = DAY - timedelta(days=back)
        daily(folder, day, won, agents_seed=back)
    with opened(tmp_path) as db:
        assert db.daily_status(DAY).streak == 3  # today not played yet: yesterday's stands
        assert db.daily_status(DAY + timedelta(days=1)).streak == 0  # a day missed
    daily(folder, DAY, True, agents_seed=9)
    with opened(tmp_path) as db:
        assert db.daily_status(DAY).streak == 4
    daily(folder, DAY + timedelta(days=1), False, agents_seed=10)
    with opened(tmp_path) as db:
        assert db.daily_status(DAY + timedelta(days=1)).streak == 0


@pytest.mark.slow
def test_only_sealed_games_count(tmp_path: Path) -> None:
    folder = tmp_path / "replays"
    edited = daily(folder, DAY, True, minutes=0, agents_seed=1)
    sealed = daily(folder, DAY, False, minutes=5, agents_seed=7)
    with seals(**{edited.name.split(".")[0]: Seal.EDITED}), opened(tmp_path) as db:
        status = db.daily_status(DAY)
        games = {g.replay_path: g for g in db.recent_games()}
    assert status.counts(games[sealed.resolve()].game_key)
    assert status.games == 2 and status.streak == 0


@pytest.mark.slow
def test_the_ladder_steps_up_for_a_win_and_down_for_a_loss(tmp_path: Path) -> None:
    folder = tmp_path / "replays"
    with opened(tmp_path) as db:
        assert (db.ladder_status().step, db.ladder_status().highest) == (0, 0)
    for minutes, (step, won) in enumerate(
        [(0, True), (1, True), (2, True), (3, False), (2, False)]
    ):
        ladder(folder, step, won, minutes + 1)
    with opened(tmp_path) as db:
        status = db.ladder_status()
    assert (status.step, status.highest, status.games) == (1, 3, 5)


def test_a_ladder_deal_played_again_counts_once(tmp_path: Path) -> None:
    folder = tmp_path / "replays"
    ladder(folder, 0, True, 1, seed=40)
    ladder(folder, 0, True, 2, seed=40)  # the same deal and bot, other play: not counted
    with opened(tmp_path) as db:
        status = db.ladder_status()
    assert (status.step, status.games) == (1, 1)
    ladder(folder, 1, True, 3, seed=40)  # the same cards against a faster bot: a new game
    with opened(tmp_path) as db:
        status = db.ladder_status()
    assert (status.step, status.games) == (2, 2)


def test_the_result_of_a_game_records_it_first(tmp_path: Path) -> None:
    path = daily(tmp_path / "replays", DAY, True)
    found = challenge_result(path, DAY)
    assert found is not None and found.daily is not None and found.ladder is None
    assert found.daily.counts(found.game.game_key) and found.daily.streak == 1
